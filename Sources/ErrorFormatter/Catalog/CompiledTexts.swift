/// The texts of one table that contain format specifiers, each parsed the first time it
/// renders and kept with its table: a render finds its compiled format by the table key, with
/// one keyed hash and no lock (``ConcurrentByteCache``), where the process-wide parse cache
/// (``ParsedFormats``) hashes the whole text and takes a lock on every render.
///
/// A text is a function of its key in an immutable table, so the key alone says which format
/// is meant. Failures are kept too: a text that cannot parse fails the same way every time.
/// Bounded like every cache here: at most ``slotLimit`` slots (three quarters filled) and
/// ``byteBudget`` bytes per table; texts beyond them are compiled on each render, through
/// ``ParsedFormats``, correct and only slower.
final class CompiledTexts: Sendable {
    private static let slotLimit = 4_096
    private static let byteBudget = 1 << 20
    private let cache: ConcurrentByteCache

    /// For a table of `entryCount` texts: the slots are made on the first render, never more
    /// than a table of that size can fill (a large array is mapped, and only the pages its keys
    /// fall in are made).
    init(entryCount: Int) {
        var slots = 8
        while slots / 4 * 3 < entryCount, slots < Self.slotLimit { slots <<= 1 }
        cache = ConcurrentByteCache(slotCount: slots, byteBudget: Self.byteBudget)
    }

    /// The compiled format of `text`, the value of `key` in this table; `text` must contain a
    /// `%` (a plain text renders as itself and needs no format).
    func compiled(_ text: String, forKey key: TableKey) -> CompiledText {
        let found: CompiledText? = key.string.utf8.withContiguousStorageIfAvailable { bytes in
            let key = UnsafeRawBufferPointer(bytes)
            return compiled(text, forKeyBytes: key, hash: cache.hash(key))
        } ?? nil
        return found ?? CompiledText(text)
    }

    /// The same, for the key whose UTF-8 is `key` and whose keyed hash is `hash` (the hash every
    /// table index takes, ``PropertyListKeyIndex/hash(ofBytes:secrets:)``).
    func compiled(_ text: String, forKeyBytes key: UnsafeRawBufferPointer, hash: UInt64) -> CompiledText {
        if let known = cache.find(key, hash: hash) {
            return Unmanaged<CompiledText>.fromOpaque(known).takeUnretainedValue()
        }
        let made = CompiledText(text)
        // What a compiled format holds beyond its entry: its segments and specifiers, a few
        // words for each byte of text at most.
        cache.insert(key, hash: hash, value: made, cost: 64 + 4 * text.utf8.count)
        return made
    }
}

/// A table text parsed and compiled once (or why it cannot be), as ``StringFormat`` renders it.
final class CompiledText: Sendable {
    let format: Result<CompiledFormat, FormatFailure>

    init(_ text: String) {
        format = Result { () throws(FormatFailure) in try ParsedFormats.compiled(text, allowsVariables: false) }
    }
}
