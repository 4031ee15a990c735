extension Catalog {
    /// What a catalog does beyond serving its tables as they are. None by default, so a catalog
    /// opened as before 1.3 renders as it did.
    public struct Options: OptionSet, Sendable, Hashable {
        public let rawValue: UInt32

        public init(rawValue: UInt32) {
            self.rawValue = rawValue
        }

        /// Numbers written as Foundation's `String(format:locale:)` writes them for the locale
        /// of the text that shows them (``NumberStyle/localized``), unless a call says otherwise
        /// (``ErrorInfo/numberStyle``, a lookup's `numberStyle`). Without it, in the C locale.
        public static let localizedNumbers = Options(rawValue: 1 << 0)

        /// The pseudo-locales `en-XA` (accented, about 40% longer, bracketed), `ar-XB` (right to
        /// left) and `qps-ploc` (`en-XA`'s other name) served as if the catalog had them, made
        /// from the development localization's texts: a preference names one to get it, and
        /// nothing else reaches it (docs/pseudo-locales.md). A localization of the same name the
        /// catalog really has is served instead. They are not listed in ``localizations``.
        public static let pseudoLocales = Options(rawValue: 1 << 1)
    }

    /// How a call that does not choose writes numbers.
    var defaultNumberStyle: NumberStyle {
        options.contains(.localizedNumbers) ? .localized : .cLocale
    }
}

extension Catalog {
    /// The pseudo-locale served as `localization` when the catalog serves them and has no
    /// localization of that name itself.
    func servedPseudoLocale(named localization: String) -> PseudoLocale? {
        guard options.contains(.pseudoLocales),
              let pseudo = PseudoLocale.allCases.first(where: { $0.localization == localization }),
              !hasTables(localization) else { return nil }
        return pseudo
    }

    /// The pseudo-locale `preferences` ask for: the first preference that names one, when the
    /// catalog serves them, has no localization for that locale itself, and no earlier preference
    /// finds a localization (negotiation stops at the first that does).
    func requestedPseudoLocale(in preferences: [String]) -> PseudoLocale? {
        // A development text written in a pseudo-locale has no development text to make one of.
        guard options.contains(.pseudoLocales), PseudoLocale.named(developmentLocale) == nil else { return nil }
        for (index, preference) in preferences.enumerated() {
            guard let pseudo = PseudoLocale.named(preference) else { continue }
            let negotiable = candidateLocalizations.filter { $0 != Self.baseLocalization }
            let own = negotiate(preferences: [preference], available: negotiable, mode: .strict)
            if own.entries.contains(where: { entry in
                negotiable.indices.contains(entry.index)
                    && PseudoLocale.named(negotiable[entry.index]) == pseudo
            }) {
                return nil
            }
            let earlier = negotiate(preferences: Array(preferences[..<index]), available: negotiable)
            return earlier.untranslated || !earlier.entries.isEmpty ? nil : pseudo
        }
        return nil
    }
}

extension Catalog {
    /// What the pseudo-locale named `name` (`en-XA`, `ar-XB`, `qps-ploc`) is served with, for
    /// tools that write it as files (`errfmt pseudo`): the localization it is served as, and
    /// each table of the development text with its keys in that text's order and their pseudo
    /// texts (``PseudoLocalizations``). `nil` when `name` names no pseudo-locale. The catalog
    /// need not serve pseudo-locales itself.
    package func pseudoLocalizedTables(named name: String)
        -> (localization: String, tables: [(name: String, contents: [(key: TableKey, value: LocalizedValue)])])?
    {
        guard let pseudo = PseudoLocale.named(name) else { return nil }
        let tables = allTableNames.compactMap { table in
            PseudoLocalizations.contents(of: pseudo, table: table, in: self).map { (table, $0) }
        }
        return (pseudo.localization, tables)
    }
}
