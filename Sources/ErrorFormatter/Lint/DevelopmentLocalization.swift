/// Which localization of a catalog holds the development text that translations are checked
/// against: the one named by `--development-locale`, else `Base` when it holds tables, else
/// `en`. When that localization holds no tables while others do, every cross-language check
/// would silently pass, so it is an error (`no-development-localization`), never a pass.
///
/// A String Catalog carries its own `sourceLanguage`, which is the development text of its
/// table whatever this resolves to.
struct DevelopmentLocalization {
    /// The localization (as spelled on disk), or `nil` when none holds tables.
    var localization: String?
    /// What the resolution found wrong.
    var diagnostics: [Diagnostic] = []

    static func resolve(_ catalog: LintCatalog, options: LintOptions) -> DevelopmentLocalization {
        // Only tables outside String Catalogs need one (a String Catalog names its source).
        let candidates = catalog.localizations.filter { localization in
            Locales.tableKey(for: localization) != nil || localization == Catalog.baseLocalization
        }
        let needing = candidates.filter { localization in
            (catalog.tables[localization] ?? [:]).values.contains { $0.sourceLanguage == nil }
        }
        if let requested = options.developmentLocale {
            if let found = match(requested, in: needing) { return DevelopmentLocalization(localization: found) }
            if needing.isEmpty { return DevelopmentLocalization(localization: nil) }
            // Named explicitly: a typo is an error even with a single localization.
            return failure(catalog, needing,
                           "the development locale '\(requested)' (--development-locale) has no tables here, so "
                               + "no translation can be checked against it")
        }
        if needing.contains(Catalog.baseLocalization) { return DevelopmentLocalization(localization: Catalog.baseLocalization) }
        if let english = match(Catalog.defaultDevelopmentLocale, in: needing) {
            return DevelopmentLocalization(localization: english)
        }
        // One localization alone has no translation to check, so nothing is skipped silently.
        if needing.count < 2 { return DevelopmentLocalization(localization: needing.first) }
        return failure(catalog, needing,
                       "no development localization: there is neither Base.lproj nor an en localization with tables, "
                           + "so no translation can be checked; name it with --development-locale")
    }

    private static func failure(_ catalog: LintCatalog, _ localizations: [String], _ message: String) -> DevelopmentLocalization {
        let file = localizations.first.flatMap { catalog.localizationSources[$0] }
        let diagnostic = Diagnostic(
            severity: .error, code: "no-development-localization",
            message: message + " (localizations: \(localizations.joined(separator: ", ")))", file: file)
        return DevelopmentLocalization(localization: nil, diagnostics: [diagnostic])
    }

    /// The localization that is `locale`: the same locale by its table key (`en` for `en`,
    /// `zh-Hant-TW` for `zh_TW`), else the first whose fallback reaches it (`en-US` for `en`).
    static func match(_ locale: String, in localizations: [String]) -> String? {
        if let exact = localizations.first(where: { $0 == locale }) { return exact }
        guard let key = Locales.tableKey(for: locale) else { return nil }
        if let same = localizations.first(where: { Locales.tableKey(for: $0) == key }) { return same }
        let negotiation = Locales.negotiate(preferences: [locale], available: localizations, mode: .strict)
        guard let first = negotiation.entries.first, localizations.indices.contains(first.index) else { return nil }
        return localizations[first.index]
    }
}
