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
        negotiate(preferences: preferences, available: negotiableLocalizations)
    }

    /// ``Locales/negotiate(preferences:available:mode:)`` among some of this catalog's
    /// localizations, with what ICU says about their names taken from the catalog when it knows
    /// it in advance (a compiled file written by this library and ICU): then only the
    /// preferences are asked about.
    func negotiate(preferences: [String], available: [String], mode: NegotiationMode = .family) -> Negotiation {
        guard let known = precomputedNegotiation else {
            return Locales.negotiate(preferences: preferences, available: available, mode: mode)
        }
        return known.negotiate(preferences: preferences, available: available, mode: mode)
    }

    /// Every table name of the catalog, in any localization or unlocalized, sorted.
    package var allTableNames: [String] {
        var names = Set(tableNames(localization: Self.unlocalized))
        for localization in localizations { names.formUnion(tableNames(localization: localization)) }
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
