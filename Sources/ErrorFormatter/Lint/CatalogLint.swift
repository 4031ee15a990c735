/// Catalog-wide checks for translators and CI: everything noticed while loading (broken tables,
/// duplicate keys, truncation…) plus checks that need several localizations at once.
public enum CatalogLint {
    /// Every diagnostic for `catalog`, loading problems first, then cross-localization checks.
    public static func check(_ catalog: Catalog) -> [Diagnostic] {
        catalog.diagnostics + keysMissingFromDevelopment(catalog)
    }

    /// Keys a translation has but the development localization lacks: usually a typo or a key
    /// renamed in the source language and left behind in translations, so never looked up.
    static func keysMissingFromDevelopment(_ catalog: Catalog) -> [Diagnostic] {
        guard let development = developmentLocalization(of: catalog) else { return [] }
        var diagnostics: [Diagnostic] = []
        for localization in catalog.localizations where localization != development {
            for tableName in catalog.tableNames(localization: localization) {
                guard let source = catalog.table(tableName, localization: development),
                      let translation = catalog.table(tableName, localization: localization)
                else { continue }
                for key in translation.entries.keys where source.entries[key] == nil {
                    diagnostics.append(Diagnostic(
                        severity: .warning, code: "key-not-in-development",
                        message: "key \"\(key)\" is not in the development localization '\(development)'",
                        file: "\(localization).lproj/\(tableName)\(TableFile.stringsExtension)"))
                }
            }
        }
        return diagnostics
    }

    /// The localization that holds the development locale's own text, e.g. `en` for `en`.
    static func developmentLocalization(of catalog: Catalog) -> String? {
        let candidates = catalog.localizations.filter { $0 != Catalog.baseLocalization }
        let negotiation = Locales.negotiate(preferences: [catalog.developmentLocale], available: candidates,
                                            mode: .strict)
        guard let first = negotiation.entries.first, candidates.indices.contains(first.index) else { return nil }
        return candidates[first.index]
    }
}
