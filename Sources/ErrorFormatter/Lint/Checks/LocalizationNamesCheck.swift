/// Localization directories (and `<loc>.json` files) whose names are not locales, which the
/// catalog skips, and two names for one locale (`zh_TW.lproj` beside `zh-Hant-TW.lproj`), of
/// which lookups see only one.
enum LocalizationNamesCheck: LintCheck {
    static let rules = [
        LintRule("unknown-localization", .warning, "a localization is not named after a locale",
                 help: "The catalog skips a .lproj directory or <locale>.json file whose name does not normalize to a "
                     + "locale (e.g. 'French.lproj', 'fr_XX_bad.lproj'): rename it to a BCP 47 or ICU locale ID such as 'fr' or 'pt-BR'."),
        LintRule("duplicate-localization", .warning, "two localizations name the same locale",
                 help: "Two directories such as zh_TW.lproj and zh-Hant-TW.lproj are the same locale; lookups find only one of "
                     + "them, so the other's translations are never shown. Merge them into one directory."),
    ]

    static func run(_ context: LintContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var firstByKey: [String: String] = [:]
        for localization in context.catalog.localizations where localization != Catalog.baseLocalization {
            let source = context.catalog.localizationSources[localization] ?? localization
            guard let key = Locales.tableKey(for: localization) else {
                diagnostics.append(Diagnostic(
                    severity: .warning, code: "unknown-localization",
                    message: "'\(localization)' is not named after a locale; the catalog skips it", file: source))
                continue
            }
            // String Catalog languages are one file's keys, never directories that can clash.
            guard context.catalog.localizationSources[localization] != nil else { continue }
            if let first = firstByKey[key] {
                diagnostics.append(Diagnostic(
                    severity: .warning, code: "duplicate-localization",
                    message: "'\(localization)' is the same locale (\(key)) as '\(first)'; lookups see only one of them",
                    file: source))
            } else {
                firstByKey[key] = localization
            }
        }
        return diagnostics
    }
}
