/// What every check is given: the catalog, the development localization, and helpers that
/// pair each translated table with its development table.
struct LintContext {
    let catalog: LintCatalog
    let options: LintOptions
    let development: DevelopmentLocalization

    /// Localizations the catalog would load (a directory not named after a locale is skipped
    /// by the catalog, and by the cross-language checks).
    var usableLocalizations: [String] {
        catalog.localizations.filter { Locales.tableKey(for: $0) != nil || $0 == Catalog.baseLocalization }
    }

    /// The development localization of `table`: its String Catalog's source language, else the
    /// catalog's development localization.
    func developmentLocalization(of table: LintTable) -> String? {
        table.sourceLanguage ?? development.localization
    }

    /// The development table `table` is a translation of, or `nil` when `table` is itself
    /// development text (or unlocalized) or there is none.
    func developmentTable(for table: LintTable) -> LintTable? {
        guard !table.localization.isEmpty, let source = developmentLocalization(of: table),
              source != table.localization
        else { return nil }
        return catalog.tables[source]?[table.name]
    }

    /// Every (translation, development) pair of tables.
    var translationPairs: [(translation: LintTable, source: LintTable)] {
        let usable = Set(usableLocalizations)
        return catalog.allTables.compactMap { table in
            guard usable.contains(table.localization), let source = developmentTable(for: table) else { return nil }
            return (table, source)
        }
    }

    /// The locale whose plural rules apply to `localization`'s strings: its own, or the
    /// development locale's for `Base` and unlocalized tables.
    func pluralLocale(of table: LintTable) -> String? {
        var name = table.localization
        if name.isEmpty || name == Catalog.baseLocalization {
            name = options.developmentLocale ?? table.sourceLanguage ?? "en"
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
