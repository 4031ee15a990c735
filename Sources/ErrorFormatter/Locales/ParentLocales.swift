import CICU

/// CLDR's `parentLocales` table as the running ICU has it (`es_MX` → `es_419`, `en_AU` → `en_001`,
/// `zh_Hant` → `root`, `hi_Latn` → `en_IN`), read once from `supplementalData`.
///
/// ICU 72 applies this table inside `ures_open` (`getParentLocaleID`) for IDs that have no bundle
/// of their own; it has no public call for it, so the same data is read here through the public
/// resource API (Apple's `ualoc_getAppleParent` reads it the same way).
enum ParentLocales {
    /// child → parent. A `static let` is initialized exactly once, thread-safely, on first use
    /// (Swift's lazy globals run under `swift_once`), and is immutable afterwards.
    static let table: [String: String] = load()

    /// The CLDR parent of `id`, if the table has an entry for exactly that ID.
    static func parent(of id: String) -> String? { table[id] }

    /// Reads `supplementalData/parentLocales`, whose ICU 72 layout is
    /// `parentLocales { <parent> { "child" ... } }` (a group of one may be a plain string).
    private static func load() -> [String: String] {
        var status = U_ZERO_ERROR
        let supplemental = cicu_ures_openDirect(nil, "supplementalData", &status)
        defer { cicu_ures_close(supplemental) }
        let parents = cicu_ures_getByKey(supplemental, "parentLocales", nil, &status)
        defer { cicu_ures_close(parents) }
        guard supplemental != nil, parents != nil, !status.isFailure else { return [:] }

        var table: [String: String] = [:]
        cicu_ures_resetIterator(parents)
        while cicu_ures_hasNext(parents) != 0 {
            var groupStatus = U_ZERO_ERROR
            let group = cicu_ures_getNextResource(parents, nil, &groupStatus)
            defer { cicu_ures_close(group) }
            guard group != nil, !groupStatus.isFailure,
                  let parent = ICUCall.string(borrowing: cicu_ures_getKey(group))
            else { break }
            let isSingle = cicu_ures_getType(group) == URES_STRING
            let count = isSingle ? 1 : cicu_ures_getSize(group)
            for index in 0..<max(0, count) {
                var childStatus = U_ZERO_ERROR
                var length: Int32 = 0
                let child = isSingle
                    ? cicu_ures_getString(group, &length, &childStatus)
                    : cicu_ures_getStringByIndex(group, index, &length, &childStatus)
                guard !childStatus.isFailure, length > 0, length < ICUCall.idCapacity,
                      let name = ICUCall.string(utf16: child, length: length)
                else { continue }
                table[name] = parent
            }
        }
        return table
    }
}
