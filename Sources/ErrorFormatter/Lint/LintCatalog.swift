/// The tables lint compares with each other: one catalog directory, or the loose files named
/// together on a command line, read with every position.
struct LintCatalog: Sendable {
    /// The tables, by localization (as spelled on disk; `""` unlocalized) and table name.
    var tables: [String: [String: LintTable]] = [:]
    /// What reading found: parser and loader diagnostics, skipped directories and files.
    var diagnostics: [Diagnostic] = []
    /// Each localization directory (or `<loc>.json` file) as the user would name it, for
    /// findings about the localization itself.
    var localizationSources: [String: String] = [:]
    /// Interface Builder files (`Main` for `Main.storyboard`, `View` for `View.xib`) by
    /// localization: their translations are `<loc>.lproj/Main.strings` tables that have no
    /// development table by design (Base internationalization).
    var interfaceBuilderFiles: [String: Set<String>] = [:]
    /// The table files read, as the user named them, in the order read.
    var files: [String] = []
    /// The development locale the catalog names itself (a compiled catalog's), used when the
    /// options name none; `nil` for tables read from files, which name none.
    var developmentLocale: String?
    /// Table files read.
    var fileCount: Int { files.count }

    init() {}

    /// Localizations that hold tables, in byte order (`""` excluded).
    var localizations: [String] {
        tables.keys.filter { !$0.isEmpty && !(tables[$0]?.isEmpty ?? true) }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Adds what one file gave, merging tables of the same localization and name (a `.strings`
    /// file, then its `.stringsdict`: variable formats replace texts, as on Apple platforms).
    mutating func add(_ result: LintFileReader.Result) {
        files.append(result.file)
        diagnostics += result.diagnostics
        for table in result.tables {
            guard var existing = tables[table.localization]?[table.name] else {
                tables[table.localization, default: [:]][table.name] = table
                continue
            }
            for entry in table.orderedEntries { existing.add(entry) }
            existing.files += table.files
            existing.sourceLanguage = existing.sourceLanguage ?? table.sourceLanguage
            tables[table.localization, default: [:]][table.name] = existing
        }
    }

    /// Every table, localizations and names in byte order.
    var allTables: [LintTable] {
        tables.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.flatMap { localization in
            (tables[localization] ?? [:]).sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map(\.value)
        }
    }
}
