#if canImport(Glibc)
import Glibc
#endif

/// What each key of one table shows when no arguments are passed, as NUL-terminated UTF-8 ready
/// to hand out: the table's answer to a gettext-shaped call (`ef_catalog_text`), decided once
/// per table (the first time such a call reads it: ``LocalizedTable/argumentFreeTexts``).
///
/// A key is here only if its value renders without arguments (plain text, `%%`, a variable
/// format whose every reference is satisfied); a value that needs arguments is left out, so a
/// walk down the layers skips it exactly as ``TableLayers/resolve(_:arguments:)`` rejects it.
///
/// One allocation holds the index, every key and every text: an open-addressing table of 8-byte
/// slots (the keyed wyhash of ``KeyedHash``, as the tables' own index), then per entry
/// where its key starts and how long it is, then the bytes, each key followed by its text and
/// a NUL. Reading it (``View``) touches no Swift object, so no reference count: threads
/// sharing a catalog share these cache lines read-only.
final class ArgumentFreeTexts: @unchecked Sendable {
    // @unchecked: the block is written only in `init`, read-only afterwards.
    let view: View
    /// What the block costs, in bytes.
    let byteCount: Int

    /// The block read in place; valid while its `ArgumentFreeTexts` lives.
    struct View {
        /// A view of no texts.
        static var empty: View { View(base: nil, mask: 0, entryCount: 0) }

        fileprivate let base: UnsafeRawPointer?
        /// Slot count minus one (a power of two minus one).
        fileprivate let mask: Int
        fileprivate let entryCount: Int

        /// The argument-free text of `key` (`hash` from ``ArgumentFreeTexts/hash(of:secrets:)``).
        @inline(__always)
        func text(forKey key: UnsafeRawBufferPointer, hash: UInt64) -> UnsafePointer<CChar>? {
            guard let base else { return nil }
            let slots = base.assumingMemoryBound(to: UInt64.self)
            let entries = UnsafeRawPointer(slots + mask + 1).assumingMemoryBound(to: UInt32.self)
            let bytes = UnsafeRawPointer(entries + 2 * entryCount)
            let tag = hash >> 32
            var slot = Int(truncatingIfNeeded: hash) & mask
            // At most three quarters full: the walk meets an empty slot.
            while true {
                let content = slots[slot]
                if content == 0 { return nil }
                let entry = Int(truncatingIfNeeded: content & 0xFFFF_FFFF) - 1
                if content >> 32 == tag, entry >= 0, entry < entryCount {
                    let offset = Int(entries[2 * entry]), length = Int(entries[2 * entry + 1])
                    if length == key.count, Self.equal(bytes + offset, key) {
                        return (bytes + offset + length).assumingMemoryBound(to: CChar.self)
                    }
                }
                slot = (slot + 1) & mask
            }
        }

        @inline(__always)
        private static func equal(_ stored: UnsafeRawPointer, _ key: UnsafeRawBufferPointer) -> Bool {
            guard let start = key.baseAddress, key.count > 0 else { return true }
            return memcmp(stored, start, key.count) == 0
        }
    }

    init(_ pairs: [(key: TableKey, text: String)]) {
        // Entry offsets and lengths are 32-bit: a table's texts beyond 4 GB are not kept.
        var count = 0
        var bytes = 0
        for pair in pairs {
            let size = pair.key.string.utf8.count + pair.text.utf8.count + 1
            guard bytes + size < Int(UInt32.max) else { break }
            bytes += size
            count += 1
        }
        var slotCount = 8
        while slotCount / 4 * 3 < count { slotCount <<= 1 }
        let total = slotCount * 8 + count * 8 + bytes
        guard count > 0, let block = calloc(total, 1) else {
            view = View(base: nil, mask: 0, entryCount: 0)
            byteCount = 0
            return
        }
        let slots = block.assumingMemoryBound(to: UInt64.self)
        let entries = UnsafeMutableRawPointer(slots + slotCount).assumingMemoryBound(to: UInt32.self)
        let storage = UnsafeMutableRawPointer(entries + 2 * count)
        let mask = slotCount - 1
        var offset = 0
        for index in 0..<count {
            let pair = pairs[index]
            let keyLength = UTF8Bytes.copy(pair.key.string, to: storage + offset)
            let textLength = UTF8Bytes.copy(pair.text, to: storage + offset + keyLength)
            (storage + offset + keyLength + textLength).storeBytes(of: 0, as: UInt8.self)
            let hash = Self.hash(of: UnsafeRawBufferPointer(start: storage + offset, count: keyLength),
                                 secrets: KeyedHash.secrets)
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = (hash >> 32) << 32 | UInt64(index + 1)
            entries[2 * index] = UInt32(truncatingIfNeeded: offset)
            entries[2 * index + 1] = UInt32(truncatingIfNeeded: keyLength)
            offset += keyLength + textLength + 1
        }
        view = View(base: UnsafeRawPointer(block), mask: mask, entryCount: count)
        byteCount = total
    }

    deinit { free(UnsafeMutableRawPointer(mutating: view.base)) }

    /// The hash ``View/text(forKey:hash:)`` expects for `key` (computed once for every layer).
    @inline(__always)
    static func hash(of key: UnsafeRawBufferPointer, secrets: KeyedHash.Secrets) -> UInt64 {
        KeyedHash.hash(key, secrets: secrets)
    }
}
