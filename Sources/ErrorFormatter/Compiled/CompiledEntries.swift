#if canImport(Glibc)
import Glibc
#endif

/// The entries of one table of a compiled catalog, answered from the section's bytes: the
/// `.strings` side of a ``StringTable`` read from a `.efc` file (docs/compiled-catalog.md,
/// "Reading").
///
/// Decoding a section into a ``PropertyListDictionary`` makes a `String` for every key and value
/// and a dictionary around them, most of which a process never looks up, and every pre-forked
/// worker would hold that copy privately. This keeps the section's bytes (the one copy `pread`
/// made, or the section's mapping; shared by every table of the section) and an index over this
/// table's entries: an open-addressing table of 8-byte slots, each the offset of an entry in the
/// bytes in the low 32 bits and the top 32 bits of its key's hash in the high 32, keyed by the
/// hash every table index takes (``PropertyListKeyIndex/hash(ofBytes:secrets:)``), so that a probe from the
/// caller's bytes stays one hash. Keys are compared as bytes; a `String` is made only for the
/// value a lookup returns.
///
/// The index is made by one walk over the entries when the section is read, and that walk
/// checks everything the decoder checks (counts and lengths within the bytes, strict UTF-8 of
/// every key and value, known tags, nesting, no repeated key): hostile bytes are the same
/// `.parse` error they were, and a lookup afterwards reads only what the walk checked. The values
/// that hold U+0000, which the catalog reports as a source's, are looked for by another walk
/// when they are asked for (with the catalog's diagnostics), never on the lookup road.
/// Tools that need the whole table (``StringTable/entries``) get it decoded on demand, once.
final class CompiledEntries: EntriesReadInPlace {
    private typealias Format = CompiledCatalogFormat

    /// The whole section.
    private let bytes: CompiledBytes
    /// The index: a power of two of slots, at most three quarters full, each 0 (empty) or an
    /// entry's offset in `bytes` (low 32 bits) under the high 32 bits of its key's hash.
    private let slots: [UInt64]
    /// How many entries the table has.
    let count: Int
    /// Where the entries start in `bytes` (after their count), for the decode on demand.
    private let start: Int
    /// What the decode on demand names in a message, as the walk did.
    private let part: String
    private let file: String?
    /// The entries decoded, made the first time a tool asks for them.
    private let decodedEntries = Protected<PropertyListDictionary?>(nil)

    private static let offsetMask: UInt64 = 0xFFFF_FFFF

    private init(bytes: CompiledBytes, slots: [UInt64], count: Int, start: Int, part: String, file: String?) {
        self.bytes = bytes
        self.slots = slots
        self.count = count
        self.start = start
        self.part = part
        self.file = file
    }

    /// Reads a table's entries where `decoder` stands (their count, then each key and value),
    /// checking them as ``CompiledSectionDecoder`` decodes them, and indexes them in place.
    static func read(_ decoder: inout CompiledDecoder) throws(CatalogError) -> CompiledEntries {
        let count = try decoder.count(of: "entries")
        let start = decoder.position
        // An entry takes at least 9 bytes (key length, tag, value length): slots for what the
        // bytes left can hold, whatever the count claims.
        let possible = min(count, decoder.remaining / 9)
        var slotCount = 8
        while slotCount / 4 * 3 < possible { slotCount <<= 1 }
        var slots = [UInt64](repeating: 0, count: slotCount)
        let secrets = KeyedHash.secrets
        let section = decoder.bytes
        let whole = UnsafeRawBufferPointer(section.buffer)
        for _ in 0..<count {
            let entry = decoder.position
            let key = try decoder.stringRange()
            if decoder.nextByte == Format.ValueTag.string.rawValue {
                _ = try decoder.u8()
                _ = try decoder.stringRange()
            } else {
                // Arrays, dictionaries and data: legal, never returned as text, rare. Decoded
                // only to check them, by the decoder's own code.
                _ = try CompiledSectionDecoder.value(&decoder)
            }
            guard let offset = UInt32(exactly: entry) else { throw decoder.failure("the section is too large") }
            let keyBytes = UnsafeRawBufferPointer(rebasing: whole[key])
            let hash = PropertyListKeyIndex.hash(ofBytes: keyBytes, secrets: secrets)
            let (slot, existing) = Self.probe(slots, for: keyBytes, hash: hash, in: whole)
            guard existing == nil else {
                let text = KnownValidUTF8.string(UnsafeBufferPointer(rebasing: section.buffer[key]))
                throw decoder.failure("the key \(MessageEscaping.quoted(text)) is repeated")
            }
            slots[slot] = (hash >> 32) << 32 | UInt64(offset)
        }
        return CompiledEntries(bytes: section, slots: slots, count: count, start: start,
                               part: decoder.part, file: decoder.file)
    }

    /// The plain string stored under the key whose UTF-8 is `key` and whose keyed hash is
    /// `hash`; `nil` when there is no such entry or its value is not a string.
    func string(forKeyBytes key: UnsafeRawBufferPointer, hash: UInt64) -> String? {
        let whole = UnsafeRawBufferPointer(bytes.buffer)
        guard let entry = find(key, hash: hash, in: whole) else { return nil }
        // The walk checked every byte read here; checked again so that a broken invariant
        // cannot read outside the bytes.
        let tagAt = entry + 4 + key.count
        guard tagAt < whole.count, whole[tagAt] == Format.ValueTag.string.rawValue,
              let length = Self.u32(at: tagAt + 1, in: whole), length <= whole.count - tagAt - 5
        else { return nil }
        let value = UnsafeRawBufferPointer(rebasing: whole[(tagAt + 5)..<(tagAt + 5 + length)])
        return KnownValidUTF8.string(value.assumingMemoryBound(to: UInt8.self))
    }

    /// The plain string of `key` (``string(forKeyBytes:hash:)`` with the key's hash worked out).
    func string(forKey key: TableKey) -> String? {
        var key = key.string
        return key.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            return string(forKeyBytes: bytes, hash: PropertyListKeyIndex.hash(ofBytes: bytes, secrets: KeyedHash.secrets))
        }
    }

    /// Every entry, in file order, as the decoder makes them: for what needs the whole table
    /// (dump, lint, convert, merging). Made once and kept.
    var decoded: PropertyListDictionary {
        decodedEntries.withLock { kept in
            if let kept { return kept }
            var decoder = CompiledDecoder(bytes, part: part, file: file, at: start - 4)
            // The walk that made this index checked these bytes; were they to fail now, an
            // empty table is what a broken one would have become.
            let made = (try? CompiledSectionDecoder.entries(&decoder)) ?? PropertyListDictionary()
            kept = made
            return made
        }
    }

    /// The keys whose string value holds U+0000, in stored order: the entries walked again,
    /// each string value searched for a zero byte (the first walk checked everything else; were
    /// the bytes to fail now, what follows is not looked at).
    var keysHoldingNUL: [TableKey] {
        var decoder = CompiledDecoder(bytes, part: part, file: file, at: start)
        let whole = UnsafeRawBufferPointer(bytes.buffer)
        var keys: [TableKey] = []
        for _ in 0..<count {
            guard let key = try? decoder.stringRange() else { break }
            guard decoder.nextByte == Format.ValueTag.string.rawValue else {
                if (try? CompiledSectionDecoder.value(&decoder)) == nil { break }
                continue
            }
            _ = try? decoder.u8()
            guard let value = try? decoder.stringRange() else { break }
            if let base = whole.baseAddress, !value.isEmpty, memchr(base + value.lowerBound, 0, value.count) != nil {
                keys.append(TableKey(KnownValidUTF8.string(UnsafeBufferPointer(rebasing: bytes.buffer[key]))))
            }
        }
        return keys
    }

    /// Whether ``decoded`` has been made: what shows that the lookup roads never make it.
    var isDecoded: Bool { decodedEntries.withLock { $0 != nil } }

    /// Where the entry whose key's bytes are `key` starts in `whole`.
    @inline(__always)
    private func find(_ key: UnsafeRawBufferPointer, hash: UInt64, in whole: UnsafeRawBufferPointer) -> Int? {
        Self.probe(slots, for: key, hash: hash, in: whole).entry
    }

    /// The slot of `slots` that holds the entry whose key's bytes are `key`, with where that
    /// entry starts, or the empty slot where it would go. At most three quarters full: the walk
    /// meets an empty slot.
    @inline(__always)
    private static func probe(
        _ slots: [UInt64], for key: UnsafeRawBufferPointer, hash: UInt64, in whole: UnsafeRawBufferPointer
    ) -> (slot: Int, entry: Int?) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let content = slots[slot]
            if content == 0 { return (slot, nil) }
            if content >> 32 == hash >> 32 {
                let entry = Int(content & offsetMask)
                if let stored = Self.key(at: entry, in: whole), equal(stored, key) { return (slot, entry) }
            }
            slot = (slot + 1) & mask
        }
    }

    /// The key bytes of the entry at `entry`, if they lie within `whole`.
    @inline(__always)
    private static func key(at entry: Int, in whole: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        guard let length = u32(at: entry, in: whole), length <= whole.count - entry - 4 else { return nil }
        return UnsafeRawBufferPointer(rebasing: whole[(entry + 4)..<(entry + 4 + length)])
    }

    /// The little-endian `u32` at `offset`, if its bytes lie within `whole`.
    @inline(__always)
    private static func u32(at offset: Int, in whole: UnsafeRawBufferPointer) -> Int? {
        guard offset >= 0, offset <= whole.count - 4 else { return nil }
        return Int(UInt32(littleEndian: whole.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
    }

    @inline(__always)
    private static func equal(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        guard let first = a.baseAddress, let second = b.baseAddress, a.count > 0 else { return true }
        return memcmp(first, second, a.count) == 0
    }
}
