#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The hash index of a `PropertyListDictionary`: which entry holds a key.
///
/// Open addressing with linear probing over one power-of-two array of 8-byte slots, each the
/// entry's index (plus one, so that 0 means empty) in the low 40 bits and the top 24 bits of
/// the key's hash in the high 24, so that a probe compares key bytes only when the tags agree.
/// The keys themselves stay in the dictionary's `keys` array and are passed in.
///
/// Why not `[TableKey: Int]`: a Swift dictionary stores a second reference to every key plus
/// the index (24 bytes a bucket) and hashes with SipHash; parsing a table is mostly insertions,
/// and this index is a third of the size and hashes with the keyed `KeyedHash`.
///
/// The table is at most three quarters full, so every probe loop meets an empty slot. It holds
/// one slot per key of `keys`, so it keeps no count of its own: the index is stored inline in
/// `PropertyListValue` (through its dictionary), and every word there costs 8 bytes per value
/// of every table.
struct PropertyListKeyIndex: Sendable {
    private var slots: [UInt64] = []

    private static let indexBits: UInt64 = 40
    private static let indexMask: UInt64 = (1 << indexBits) - 1

    init() {}

    init(minimumCapacity: Int) {
        guard minimumCapacity > 0 else { return }
        slots = [UInt64](repeating: 0, count: Self.slotCount(for: minimumCapacity))
    }

    /// The smallest power of two (at least 8) that holds `entries` at most three quarters full.
    private static func slotCount(for entries: Int) -> Int {
        // Capped well below any overflow; a table that large cannot exist in memory anyway.
        let entries = min(entries, 1 << 40)
        var size = 8
        while size / 4 * 3 < entries { size <<= 1 }
        return size
    }

    /// The index of the entry whose key is `key`, if any.
    func find(_ key: TableKey, in keys: [TableKey]) -> Int? {
        guard !slots.isEmpty else { return nil }
        return probe(key, in: keys, hash: Self.hash(of: key)).entry
    }

    /// The index of the entry whose key's UTF-8 is `key`, whose ``hash(ofBytes:)`` is `hash`:
    /// one hash of the caller's bytes serves every table it probes, and no key is made.
    @inline(__always)
    func find(bytes key: UnsafeRawBufferPointer, hash: UInt64, in keys: [TableKey]) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        let tag = hash >> Self.indexBits
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let content = slots[slot]
            if content == 0 { return nil }
            if content >> Self.indexBits == tag {
                let entry = Int(truncatingIfNeeded: content & Self.indexMask) - 1
                // Always in range by construction; checked so that a broken invariant cannot trap.
                if entry >= 0, entry < keys.count, Self.bytes(of: keys[entry], equal: key) { return entry }
            }
            slot = (slot + 1) & mask
        }
    }

    /// Whether `key`'s UTF-8 is `bytes`.
    @inline(__always)
    private static func bytes(of key: TableKey, equal bytes: UnsafeRawBufferPointer) -> Bool {
        guard key.string.utf8.count == bytes.count else { return false }
        let fast: Bool? = key.string.utf8.withContiguousStorageIfAvailable { stored in
            guard let a = stored.baseAddress, let b = bytes.baseAddress else { return stored.isEmpty }
            return memcmp(a, b, stored.count) == 0
        }
        return fast ?? key.string.utf8.elementsEqual(bytes)
    }

    /// The hash ``find(bytes:hash:in:)`` takes: the keyed hash of a key's UTF-8 bytes, the same
    /// for every table of the process.
    @inline(__always)
    static func hash(ofBytes key: UnsafeRawBufferPointer, secrets: KeyedHash.Secrets) -> UInt64 {
        KeyedHash.hash(key, secrets: secrets)
    }

    /// Returns the index of the entry whose key is `key`, or, when there is none, records that
    /// `key` is about to become entry `keys.count` and returns `nil`.
    mutating func findOrInsert(_ key: TableKey, in keys: [TableKey]) -> Int? {
        findOrInsert(key, hash: Self.hash(of: key), in: keys)
    }

    /// `findOrInsert(_:in:)` for a key whose ``hash(ofBytes:secrets:)`` (under
    /// `KeyedHash.secrets`) the caller has already computed.
    @inline(__always)
    mutating func findOrInsert(_ key: TableKey, hash: UInt64, in keys: [TableKey]) -> Int? {
        if (keys.count + 1) * 4 > slots.count * 3 {
            rebuild(slotCount: max(8, slots.count * 2), keys: keys)
        }
        let (slot, entry) = probe(key, in: keys, hash: hash)
        if let entry { return entry }
        // keys.count < 2^40: each key takes 16 bytes of that array alone.
        slots[slot] = (hash >> Self.indexBits) << Self.indexBits
            | UInt64(truncatingIfNeeded: keys.count + 1) & Self.indexMask
        return nil
    }

    /// The slot holding `key`'s entry and that entry, or the empty slot where `key` would go.
    /// `slots` must not be empty; it is never full, so the walk meets an empty slot.
    @inline(__always)
    private func probe(_ key: TableKey, in keys: [TableKey], hash: UInt64) -> (slot: Int, entry: Int?) {
        let mask = slots.count - 1
        let tag = hash >> Self.indexBits
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let content = slots[slot]
            if content == 0 { return (slot, nil) }
            if content >> Self.indexBits == tag, let entry = Self.entry(content, matching: key, in: keys) {
                return (slot, entry)
            }
            slot = (slot + 1) & mask
        }
    }

    /// The entry index stored in `content` if that entry's key is `key`.
    @inline(__always)
    private static func entry(_ content: UInt64, matching key: TableKey, in keys: [TableKey]) -> Int? {
        let entry = Int(truncatingIfNeeded: content & indexMask) - 1
        // Always true by construction; checked so that a broken invariant cannot trap.
        guard entry >= 0, entry < keys.count else { return nil }
        return keys[entry] == key ? entry : nil
    }

    /// Re-creates the table with `slotCount` slots for the entries of `keys` (all distinct).
    private mutating func rebuild(slotCount: Int, keys: [TableKey]) {
        var table = [UInt64](repeating: 0, count: slotCount)
        let mask = slotCount - 1
        for (index, key) in keys.enumerated() {
            let hash = Self.hash(of: key)
            var slot = Int(truncatingIfNeeded: hash) & mask
            while table[slot] != 0 { slot = (slot + 1) & mask }
            table[slot] = (hash >> Self.indexBits) << Self.indexBits
                | UInt64(truncatingIfNeeded: index + 1) & Self.indexMask
        }
        slots = table
    }

    /// The keyed hash of the key's UTF-8 bytes.
    @inline(__always)
    private static func hash(of key: TableKey) -> UInt64 {
        let secrets = KeyedHash.secrets
        return key.string.utf8.withContiguousStorageIfAvailable {
            KeyedHash.hash(UnsafeRawBufferPointer($0), secrets: secrets)
        } ?? Array(key.string.utf8).withUnsafeBytes { KeyedHash.hash($0, secrets: secrets) }
    }
}
