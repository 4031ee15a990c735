/// Where everything is in a preference list's packed output (`ef_locale_list_packed`): what the
/// `ef_locale_list_*` getters give, as one run of items (``ItemRun``).
///
/// Items: 0 the header (one decimal number: the number of entries N); N entries, most preferred
/// first, as given. 1 + N items in all.
package enum LocaleListLayout {
    /// Numbers in the header item (EF_PACKED_LIST_HEADER_NUMBERS).
    static let headerNumbers = 1
    /// The first entry (EF_PACKED_LIST_ENTRIES).
    static let firstEntry = 1

    /// The packed list of `preferences`.
    package static func items(_ preferences: [String]) -> ItemRun {
        var run = ItemRun()
        run.addHeader([preferences.count])
        for preference in preferences { run.add(preference) }
        return run
    }
}
