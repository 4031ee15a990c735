/// The `.strings` side of a table kept as the bytes it was stored in and answered from them,
/// rather than decoded into a ``PropertyListDictionary``: what ``StringTable`` asks of such
/// entries. A compiled catalog's tables are read this way (`CompiledEntries`), so that a lookup
/// makes a `String` only for the value it returns.
protocol EntriesReadInPlace: AnyObject, Sendable {
    /// How many entries there are.
    var count: Int { get }

    /// The plain string of the entry whose key's UTF-8 is `key` and whose keyed hash is `hash`
    /// (``PropertyListKeyIndex/hash(ofBytes:secrets:)``); `nil` when there is none or its value
    /// is not a string.
    func string(forKeyBytes key: UnsafeRawBufferPointer, hash: UInt64) -> String?

    /// The same for `key`.
    func string(forKey key: TableKey) -> String?

    /// Every entry, in stored order, decoded: for what needs the whole table. Made once, kept.
    var decoded: PropertyListDictionary { get }

    /// The keys whose value is a string holding U+0000, in stored order: found when the entries
    /// were read, so that reporting them decodes nothing.
    var keysHoldingNUL: [TableKey] { get }
}
