/// Where everything is in a catalog's description (`ef_catalog_describe_packed`): what the
/// `ef_catalog_development_locale`, `ef_catalog_localization_*` and `ef_catalog_diagnostic_*`
/// getters give, as one run of items (``ItemRun``).
///
/// Items: 0 the header (two decimal numbers: the number of localizations L, the number of
/// diagnostics D); 1 the development locale; L localization names, as spelled on disk, in the
/// getters' order; D diagnostics of five items each (``DiagnosticLayout``), in load order.
/// 2 + L + 5D items in all.
package enum CatalogDescriptionLayout {
    /// Numbers in the header item (EF_PACKED_DESCRIBE_HEADER_NUMBERS).
    static let headerNumbers = 2
    /// The development locale (EF_PACKED_DESCRIBE_DEVELOPMENT_LOCALE).
    static let developmentLocale = 1
    /// The first localization name (EF_PACKED_DESCRIBE_LOCALIZATIONS).
    static let firstLocalization = 2

    /// The description of a catalog with these properties.
    package static func items(
        developmentLocale: String, localizations: [String], diagnostics: [Diagnostic]
    ) -> ItemRun {
        var run = ItemRun()
        run.addHeader([localizations.count, diagnostics.count])
        run.add(developmentLocale)
        for name in localizations { run.add(name) }
        for diagnostic in diagnostics { DiagnosticLayout.add(diagnostic, to: &run) }
        return run
    }
}
