#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A map from byte strings to immutable objects (or pointers into them) that any number of threads read without a lock
/// or a reference count: the hot path's caches (a preference list's lookup stack, a resolved
/// argument-free error), where a shared mutex or refcount per call would stop two threads
/// from scaling.
///
/// Insert-only: an entry, once published, stays until the cache is destroyed, so a reader
/// never sees it freed. That is what makes lock-free reads safe without hazard pointers, and
/// why the cache is bounded in BYTES (keys plus entry headers, plus what each value says it
/// costs), not entries: when the budget or the slots are used up, nothing more is stored and
/// callers take their uncached path, which is correct, only slower. A million distinct keys,
/// or one 1 MB key, cannot grow it past `byteBudget`.
///
/// Readers load a slot with acquire ordering; a writer (under a mutex, inserts are rare) fills
/// the entry and publishes its address with release ordering. The slot array itself is made by
/// the first insert and published the same way, so a cache that is never filled costs no slots;
/// a large array is mapped, so that only the pages its keys fall in are ever made. Freeing walks
/// the entries, not the slots.
///
/// Not generic on purpose: a generic class's methods called from another module run
/// unspecialized and look type metadata up on every call, and share an atomic in the runtime's
/// metadata cache.
package final class ConcurrentByteCache: @unchecked Sendable {
    // @unchecked: slots are atomics; an entry's memory is written before it is published and
    // never again; `state` is touched only under its lock.
    /// The slot array's address, 0 until the first insert: a memo nobody fills (a program that
    /// never calls the function it serves) costs no slots. Published with release ordering once,
    /// never changed until the cache is destroyed.
    private let slotsAddress = Atomic<UInt>(0)
    private let slotCount: Int
    private let state = Protected<State>(State())
    private let byteBudget: Int

    private struct State {
        var bytes = 0
        var entries = 0
        /// The last entry stored; each entry points at the one stored before it, so the cache
        /// frees what it holds without scanning its slots.
        var newest: UnsafeMutableRawPointer?
    }

    /// Entry layout: hash (8 bytes), key length (8), value (8: a retained `Value`, or a pointer
    /// the cache does not own), whether the cache owns it (8), the entry stored before it (8),
    /// key bytes.
    private static var headerSize: Int { 40 }

    /// - Parameters:
    ///   - slotCount: a power of two; at most three quarters are filled.
    ///   - byteBudget: the most the entries may cost, keys and values included.
    package init(slotCount: Int, byteBudget: Int) {
        var count = 8
        while count < slotCount, count < 1 << 24 { count <<= 1 }
        self.slotCount = count
        self.byteBudget = byteBudget
    }

    deinit {
        var entry = state.withLock { $0.newest }
        while let current = entry {
            if current.load(fromByteOffset: 24, as: Int.self) != 0,
               let value = current.load(fromByteOffset: 16, as: UnsafeRawPointer?.self) {
                Unmanaged<AnyObject>.fromOpaque(value).release()
            }
            entry = current.load(fromByteOffset: 32, as: UnsafeMutableRawPointer?.self)
            free(current)
        }
        if let slots = slots {
            Self.freeSlots(slots, count: slotCount)
        }
    }

    /// Slot arrays of at least this many bytes are mapped from the system rather than
    /// allocated: its pages are zero (every slot empty) until written, so a cache that serves a
    /// few keys holds the few pages they fall in, not the whole array (a catalog's lookup memo
    /// is 64 KiB of slots, and a pre-forked worker would hold every page of it).
    private static let mappedSlotBytes = 16_384

    /// `count` empty slots, or `nil` when the system has no memory for them.
    private static func makeSlots(count: Int) -> UnsafeMutablePointer<Atomic<UInt>>? {
        let bytes = count * MemoryLayout<Atomic<UInt>>.stride
        guard bytes >= mappedSlotBytes else {
            let slots = UnsafeMutablePointer<Atomic<UInt>>.allocate(capacity: count)
            for index in 0..<count { (slots + index).initialize(to: Atomic<UInt>(0)) }
            return slots
        }
        guard let mapped = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              mapped != MAP_FAILED
        else { return nil }
        // Zero bytes are an empty slot (`Atomic<UInt>(0)`): the mapping's pages are already that.
        return mapped.bindMemory(to: Atomic<UInt>.self, capacity: count)
    }

    private static func freeSlots(_ slots: UnsafeMutablePointer<Atomic<UInt>>, count: Int) {
        let bytes = count * MemoryLayout<Atomic<UInt>>.stride
        slots.deinitialize(count: count)
        if bytes >= mappedSlotBytes {
            munmap(UnsafeMutableRawPointer(slots), bytes)
        } else {
            slots.deallocate()
        }
    }

    /// The slot array, or `nil` before the first insert.
    @inline(__always)
    private var slots: UnsafeMutablePointer<Atomic<UInt>>? {
        UnsafeMutablePointer(bitPattern: slotsAddress.load(ordering: .acquiring))
    }

    /// The hash secrets, copied: reading the global costs a `swift_once` check per call.
    private let secrets = KeyedHash.secrets

    /// The hash `find` and `insert` take, of the key's bytes (keyed, random per process).
    @inline(__always)
    package func hash(_ key: UnsafeRawBufferPointer) -> UInt64 {
        KeyedHash.hash(key, secrets: secrets)
    }

    /// The pointer stored under `key`: an object's address (unretained: it lives as long as
    /// the cache), or what ``insert(_:hash:pointer:cost:)`` stored.
    @inline(__always)
    package func find(_ key: UnsafeRawBufferPointer, hash: UInt64) -> UnsafeRawPointer? {
        guard let slots else { return nil }
        let mask = slotCount - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        for _ in 0..<slotCount {
            let address = slots[slot].load(ordering: .acquiring)
            guard let entry = UnsafeRawPointer(bitPattern: address) else { return nil }
            if Self.matches(entry, key, hash: hash) {
                return entry.load(fromByteOffset: 16, as: UnsafeRawPointer?.self)
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    @inline(__always)
    private static func matches(_ entry: UnsafeRawPointer, _ key: UnsafeRawBufferPointer, hash: UInt64) -> Bool {
        guard entry.load(as: UInt64.self) == hash, entry.load(fromByteOffset: 8, as: Int.self) == key.count else {
            return false
        }
        guard let base = key.baseAddress, key.count > 0 else { return true }
        return memcmp(entry + headerSize, base, key.count) == 0
    }

    /// Stores `value` (retained until the cache goes) under `key` unless the key is there
    /// already or the budget is spent; `cost` is what the value holds beyond the entry (its
    /// strings). Returns the object stored under `key` afterwards (`value`, or the one another
    /// thread stored first), or `nil` if nothing could be stored.
    @discardableResult
    package func insert(_ key: UnsafeRawBufferPointer, hash: UInt64, value: AnyObject, cost: Int) -> UnsafeRawPointer? {
        let retained = Unmanaged<AnyObject>.passRetained(value)
        let (stored, isNew) = store(key, hash: hash, pointer: UnsafeRawPointer(retained.toOpaque()), owned: true, cost: cost)
        // Whether this call stored it, not whether the pointers are equal: two threads may
        // insert the same object under one key, and the second must drop its retain too.
        if !isNew { retained.release() }
        return stored
    }

    /// Stores `pointer`, which the cache does not own (memory that outlives it), under `key`;
    /// as ``insert(_:hash:value:cost:)`` otherwise.
    @discardableResult
    package func insert(_ key: UnsafeRawBufferPointer, hash: UInt64, pointer: UnsafeRawPointer, cost: Int)
        -> UnsafeRawPointer?
    {
        store(key, hash: hash, pointer: pointer, owned: false, cost: cost).stored
    }

    /// Stores `pointer` under `key` unless the key is there or the budget is spent: what is
    /// stored under `key` afterwards, and whether this call stored it.
    private func store(_ key: UnsafeRawBufferPointer, hash: UInt64, pointer: UnsafeRawPointer, owned: Bool, cost: Int)
        -> (stored: UnsafeRawPointer?, isNew: Bool)
    {
        state.withLock { state -> (stored: UnsafeRawPointer?, isNew: Bool) in
            let slots: UnsafeMutablePointer<Atomic<UInt>>
            if let made = self.slots {
                slots = made
            } else {
                // The first insert makes the slots, all empty, before any reader can see them.
                guard let made = Self.makeSlots(count: slotCount) else { return (nil, false) }
                slots = made
                slotsAddress.store(UInt(bitPattern: slots), ordering: .releasing)
            }
            let mask = slotCount - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while let entry = UnsafeRawPointer(bitPattern: slots[slot].load(ordering: .acquiring)) {
                if Self.matches(entry, key, hash: hash) {
                    return (entry.load(fromByteOffset: 16, as: UnsafeRawPointer?.self), false)
                }
                slot = (slot + 1) & mask
            }
            let size = Self.headerSize + key.count
            guard size <= byteBudget, cost <= byteBudget - size, state.bytes <= byteBudget - size - cost,
                  (state.entries + 1) * 4 <= slotCount * 3, let entry = malloc(size)
            else { return (nil, false) }
            entry.storeBytes(of: hash, as: UInt64.self)
            entry.storeBytes(of: key.count, toByteOffset: 8, as: Int.self)
            entry.storeBytes(of: pointer, toByteOffset: 16, as: UnsafeRawPointer?.self)
            entry.storeBytes(of: owned ? 1 : 0, toByteOffset: 24, as: Int.self)
            entry.storeBytes(of: state.newest, toByteOffset: 32, as: UnsafeMutableRawPointer?.self)
            if let base = key.baseAddress, key.count > 0 { memcpy(entry + Self.headerSize, base, key.count) }
            state.bytes += size + cost
            state.entries += 1
            state.newest = entry
            slots[slot].store(UInt(bitPattern: entry), ordering: .releasing)
            return (pointer, true)
        }
    }
}
