/// One table (`Localizable`) of one localization, merged from the files that define it (a
/// `.strings` and a `.stringsdict` file, a language of a String Catalog, a JSON table), with
/// every entry's position.
struct LintTable: Sendable {
    /// The localization as spelled on disk (`fr-CA`, `zh_TW`, `Base`; a String Catalog's
    /// language; `""` for unlocalized tables).
    var localization: String
    /// The table name (`Localizable`).
    var name: String
    /// The files that define it, as the user named them, in the order read.
    var files: [String] = []
    /// The entries in order: keys in the order first read (files in order, each in file
    /// order); a `.stringsdict` entry replaces a `.strings` one of the same key in place.
    private(set) var orderedEntries: [LintEntry] = []
    /// The index of each key's entry in `orderedEntries`.
    private var indexByKey: [TableKey: Int] = [:]

    /// For a String Catalog, its `sourceLanguage`: that language is the development text of
    /// this table, whatever the other tables use.
    var sourceLanguage: String?

    init(localization: String, name: String) {
        self.localization = localization
        self.name = name
    }

    /// Adds or replaces an entry.
    mutating func add(_ entry: LintEntry) {
        if let index = indexByKey[entry.key] {
            orderedEntries[index] = entry
        } else {
            indexByKey[entry.key] = orderedEntries.count
            orderedEntries.append(entry)
        }
    }

    /// The entry of `key`, if the table has one.
    func entry(_ key: TableKey) -> LintEntry? {
        indexByKey[key].map { orderedEntries[$0] }
    }

    /// Whether the table has `key`.
    func contains(_ key: TableKey) -> Bool { indexByKey[key] != nil }

    /// The keys in order.
    var keys: [TableKey] { orderedEntries.map(\.key) }

    /// The file findings about the table as a whole are attributed to (its first file).
    var mainFile: String { files.first ?? name }
}
