/// One table (`Localizable`) of one localization, merged from the files that define it (a
/// `.strings` and a `.stringsdict` file, a language of a String Catalog, a JSON table), with
/// every entry's position.
public struct LintTable: Sendable {
    /// The localization as spelled on disk (`fr-CA`, `zh_TW`, `Base`; a String Catalog's
    /// language; `""` for unlocalized tables).
    public var localization: String
    /// The table name (`Localizable`).
    public var name: String
    /// The files that define it, as the user named them, in the order read.
    public var files: [String] = []
    /// The entries by key; a `.stringsdict` entry replaces a `.strings` one of the same key.
    public private(set) var entries: [TableKey: LintEntry] = [:]
    /// Keys in the order first read (files in order, each in file order).
    public private(set) var keys: [TableKey] = []
    /// For a String Catalog, its `sourceLanguage`: that language is the development text of
    /// this table, whatever the other tables use.
    public var sourceLanguage: String?

    public init(localization: String, name: String) {
        self.localization = localization
        self.name = name
    }

    /// Adds or replaces an entry.
    public mutating func add(_ entry: LintEntry) {
        if entries.updateValue(entry, forKey: entry.key) == nil { keys.append(entry.key) }
    }

    /// The entries in order.
    public var orderedEntries: [LintEntry] { keys.compactMap { entries[$0] } }

    /// The file findings about the table as a whole are attributed to (its first file).
    public var mainFile: String { files.first ?? name }
}
