/// Where everything is in a locale chain's packed output (`ef_locale_chain_packed`): what the
/// `ef_locale_chain_*` getters give, as one run of items (``ItemRun``).
///
/// Items: 0 the header (two decimal numbers: 1 when the locale was C or POSIX, untranslated,
/// else 0; the number of entries N); 1 the normalized ID; N entries of two items each, most
/// specific first: the ID (ICU form) and its kind in decimal (`EF_CHAIN_*`). 2 + 2N items in all.
package enum LocaleChainLayout {
    /// Numbers in the header item (EF_PACKED_CHAIN_HEADER_NUMBERS).
    static let headerNumbers = 2
    /// The normalized ID (EF_PACKED_CHAIN_NORMALIZED).
    static let normalized = 1
    /// The first entry's ID (EF_PACKED_CHAIN_ENTRIES).
    static let firstEntry = 2
    /// Items per entry: ID, kind (EF_PACKED_CHAIN_ENTRY_ITEMS).
    static let entryItems = 2

    /// The kind of a level ICU has no bundle for (EF_CHAIN_ABSTRACT).
    static let abstract = 0
    /// The kind of a level ICU has a bundle for (EF_CHAIN_BUNDLE).
    static let bundle = 1
    /// The kind of a legacy or alias ID (EF_CHAIN_ALIAS).
    static let alias = 2

    /// The number that stands for `kind` (`EF_CHAIN_*`).
    package static func number(of kind: LocaleChainEntry.Kind) -> Int {
        switch kind {
        case .abstract: abstract
        case .bundle: bundle
        case .alias: alias
        }
    }

    /// The packed chain of `normalized`: `entries`, or none when `untranslated`.
    package static func items(normalized: String, untranslated: Bool, entries: [LocaleChainEntry]) -> ItemRun {
        var run = ItemRun()
        run.addHeader([untranslated ? 1 : 0, entries.count])
        run.add(normalized)
        for entry in entries {
            run.add(entry.id)
            run.add(number: number(of: entry.kind))
        }
        return run
    }
}
