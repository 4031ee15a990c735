/// What every check is given: the catalog, the development localization, and helpers that
/// pair each translated table with its development table.
struct LintContext {
    let catalog: LintCatalog
    let options: LintOptions
    let development: DevelopmentLocalization
    /// The errors the program raises (`--registry`), when given.
    let registry: ErrorRegistry?
    /// Localizations the catalog would load (a directory not named after a locale is skipped
    /// by the catalog, and by the cross-language checks).
    let usableLocalizations: [String]
    /// Localizations whose tables are development text: the development localization, and
    /// when that is `Base`, also the development locale's own (`en`), whose keys lookups find
    /// after Base's.
    let developmentTextLocalizations: Set<String>
    /// The development text of each table name (tables of String Catalogs aside): `Base`'s
    /// entries over the development locale's, each entry keeping its own file and position.
    let developmentTables: [String: LintTable]
    /// Every (translation, development) pair of tables.
    let translationPairs: [(translation: LintTable, source: LintTable)]

    init(catalog: LintCatalog, options: LintOptions, development: DevelopmentLocalization,
         registry: ErrorRegistry? = nil) {
        self.catalog = catalog
        self.options = options
        self.development = development
        self.registry = registry
        usableLocalizations = catalog.localizations.filter {
            Locales.tableKey(for: $0) != nil || $0 == Catalog.baseLocalization
        }
        var textLocalizations: Set<String> = []
        var tables: [String: LintTable] = [:]
        if let localization = development.localization {
            textLocalizations.insert(localization)
            if localization == Catalog.baseLocalization,
               let own = DevelopmentLocalization.match(options.developmentLocale ?? Catalog.defaultDevelopmentLocale,
                                                       in: usableLocalizations.filter { $0 != Catalog.baseLocalization }) {
                textLocalizations.insert(own)
                for (name, table) in catalog.tables[own] ?? [:] where table.sourceLanguage == nil { tables[name] = table }
            }
            for (name, table) in catalog.tables[localization] ?? [:] where table.sourceLanguage == nil {
                guard var merged = tables[name] else {
                    tables[name] = table
                    continue
                }
                for entry in table.orderedEntries { merged.add(entry) }
                merged.localization = table.localization
                merged.files = table.files + merged.files
                tables[name] = merged
            }
        }
        developmentTextLocalizations = textLocalizations
        developmentTables = tables
        let usable = Set(usableLocalizations)
        var pairs: [(translation: LintTable, source: LintTable)] = []
        for table in catalog.allTables where usable.contains(table.localization) {
            if let source = Self.developmentTable(for: table, catalog: catalog, textLocalizations: textLocalizations,
                                                  tables: tables) {
                pairs.append((table, source))
            }
        }
        translationPairs = pairs
    }

    /// The development localization of `table`: its String Catalog's source language, else the
    /// catalog's development localization.
    func developmentLocalization(of table: LintTable) -> String? {
        table.sourceLanguage ?? development.localization
    }

    /// Whether `table` holds development text (or unlocalized text, which has no translation).
    func isDevelopmentText(_ table: LintTable) -> Bool {
        if table.localization.isEmpty { return true }
        if let source = table.sourceLanguage { return source == table.localization }
        return developmentTextLocalizations.contains(table.localization)
    }

    /// The development tables to run development-only checks on: the merged development
    /// tables, String Catalogs' source-language tables and unlocalized tables.
    var developmentTexts: [LintTable] {
        developmentTables.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.compactMap { developmentTables[$0] }
            + catalog.allTables.filter { $0.localization.isEmpty || ($0.sourceLanguage != nil && $0.sourceLanguage == $0.localization) }
    }

    private static func developmentTable(for table: LintTable, catalog: LintCatalog, textLocalizations: Set<String>,
                                         tables: [String: LintTable]) -> LintTable? {
        guard !table.localization.isEmpty else { return nil }
        if let source = table.sourceLanguage {
            return source == table.localization ? nil : catalog.tables[source]?[table.name]
        }
        guard !textLocalizations.contains(table.localization) else { return nil }
        return tables[table.name]
    }

    /// The locale whose plural rules apply to `localization`'s strings: its own, or the
    /// development locale's for `Base` and unlocalized tables.
    func pluralLocale(of table: LintTable) -> String? {
        var name = table.localization
        if name.isEmpty || name == Catalog.baseLocalization {
            name = options.developmentLocale ?? table.sourceLanguage ?? Catalog.defaultDevelopmentLocale
        }
        guard case .locale(let id)? = try? Locales.normalize(name), !id.isEmpty else { return nil }
        return id
    }
}

/// A check over a whole catalog. Each conforming type lives in its own file under `Checks/`
/// and lists the codes it reports, with help text, in ``rules``.
protocol LintCheck {
    /// The codes this check reports.
    static var rules: [LintRule] { get }
    static func run(_ context: LintContext) -> [Diagnostic]
}
