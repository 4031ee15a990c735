import CICU

/// What ICU's resource-bundle data says about one locale ID, read through the public C API.
///
/// Every call opens the bundle afresh: ICU caches opened bundles internally (and is thread-safe
/// for these calls), so this costs a hash lookup after the first time, and no ICU handle outlives
/// a call.
enum ICUBundles {
    /// The bundle ICU serves for `name` without any fallback: `name` itself, or the target of an
    /// `%%ALIAS` bundle (`zh_TW` → `zh_Hant_TW`, `iw` → `he`). `"root"` for `""`/`"root"`;
    /// `nil` when ICU has no bundle of that exact name.
    static func actualBundle(named name: String) -> String? {
        if name.isEmpty || name == "root" { return "root" }
        var status = U_ZERO_ERROR
        let bundle = cicu_ures_openDirect(nil, name, &status)
        defer { cicu_ures_close(bundle) }
        guard bundle != nil, !status.isFailure else { return nil }
        var localeStatus = U_ZERO_ERROR
        let actual = cicu_ures_getLocaleByType(bundle, ULOC_ACTUAL_LOCALE, &localeStatus)
        guard !localeStatus.isFailure else { return nil }
        return ICUCall.string(borrowing: actual)
    }

    /// A real bundle's explicit inheritance: its `%%Parent` string (`es_MX` → `es_419`,
    /// `nb` → `no`, `zh_Hant` → `root`) and whether it carries `%%ParentIsRoot`.
    static func explicitParent(ofBundle name: String) -> (parent: String?, parentIsRoot: Bool) {
        var status = U_ZERO_ERROR
        let bundle = cicu_ures_openDirect(nil, name, &status)
        defer { cicu_ures_close(bundle) }
        guard bundle != nil, !status.isFailure else { return (nil, false) }

        var rootStatus = U_ZERO_ERROR
        let marker = cicu_ures_getByKey(bundle, "%%ParentIsRoot", nil, &rootStatus)
        cicu_ures_close(marker)
        let parentIsRoot = marker != nil && !rootStatus.isFailure

        var parentStatus = U_ZERO_ERROR
        var length: Int32 = 0
        let parent = cicu_ures_getStringByKey(bundle, "%%Parent", &length, &parentStatus)
        guard !parentStatus.isFailure, length > 0, length < ICUCall.idCapacity else {
            return (nil, parentIsRoot)
        }
        return (ICUCall.string(utf16: parent, length: length), parentIsRoot)
    }

    /// Whether ICU has any locale data for the language of `id`.
    ///
    /// `ures_open` answers `U_USING_DEFAULT_WARNING` when it found nothing for the language and
    /// fell back to the *process default locale* (from `LANG`); that fallback must never leak into
    /// a chain, so such IDs get plain truncation instead.
    static func hasData(forLanguageOf id: String) -> Bool {
        var status = U_ZERO_ERROR
        let bundle = cicu_ures_open(nil, id, &status)
        cicu_ures_close(bundle)
        return bundle != nil && !status.isFailure && status != U_USING_DEFAULT_WARNING
    }
}
