/// One string table (the contents of one `<Table>.strings` file) ready for lookups.
///
/// A table is immutable. Non-string values (arrays, dictionaries, data: legal in a `.strings`
/// file, useless as text) are kept in `entries` for tools but never returned by `string(forKey:)`.
public struct StringTable: Sendable {
    /// The table name, e.g. `Localizable` for `Localizable.strings`.
    public let name: String
    /// Every entry, in file order (a later duplicate replaced the earlier value in place).
    public let entries: PropertyListDictionary
    /// What the parser noticed (duplicate keys, truncation, …), with the file set.
    public let diagnostics: [Diagnostic]

    public init(name: String, entries: PropertyListDictionary, diagnostics: [Diagnostic] = []) {
        self.name = name
        self.entries = entries
        self.diagnostics = diagnostics
    }

    /// The string stored under `key`, or `nil` if the key is missing or its value is not a string.
    /// An empty string is a real value (as in Apple's tables), not a missing one.
    public func string(forKey key: TableKey) -> String? {
        entries[key]?.stringValue
    }
}
