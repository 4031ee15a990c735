extension Catalog {
    /// The localizations a user's preferences are matched against: every localization but
    /// `Base` (which holds the developer's own text and ends every stack instead).
    package var negotiableLocalizations: [String] {
        localizations.filter { $0 != Self.baseLocalization }
    }

    /// How `preferences` match this catalog's localizations, with the reason for each one
    /// chosen: the first part of ``lookupStack(for:)``, which is built from it, so a tool that
    /// explains a stack (`errfmt negotiate`) cannot disagree with what formatting searches.
    /// Entry indices refer to ``negotiableLocalizations``.
    package func negotiation(for preferences: [String]) -> Negotiation {
        Locales.negotiate(preferences: preferences, available: negotiableLocalizations)
    }

    /// Every table name of the catalog, in any localization or unlocalized, sorted.
    package var allTableNames: [String] {
        var names = Set(tableNames(localization: Self.unlocalized))
        for localization in localizations { names.formUnion(tableNames(localization: localization)) }
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
