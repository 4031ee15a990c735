import CICU

/// What ICU's resource-bundle data says about one locale ID, read through the public C API.
///
/// A bundle is opened only when ICU lists it as available (`availableBundles`): ICU caches every
/// bundle it is asked to open *including the failed attempts* and never frees them, so probing
/// arbitrary IDs would grow the process with every distinct well-formed locale, forever. The
/// names ICU lists are a fixed set (under a thousand), so its cache stays bounded by them.
/// Opened bundles are closed within the call; no ICU handle outlives it.
enum ICUBundles {
    /// Every bundle name ICU has data for, legacy aliases included (`iw`, `zh_TW`, `no_NO`),
    /// read once from ICU's index; `root` too. The set is ICU's data, not the callers' input.
    static let availableBundles: Set<String> = {
        var names: Set<String> = ["root"]
        // ICU 72 and 76 list about 860 and 880: room made once rather than by doubling.
        names.reserveCapacity(1_024)
        var status = U_ZERO_ERROR
        guard let enumeration = cicu_uloc_openAvailableByType(ULOC_AVAILABLE_WITH_LEGACY_ALIASES, &status),
              !status.isFailure
        else { return names }
        defer { cicu_uenum_close(enumeration) }
        while true {
            var length: Int32 = 0
            var nextStatus = U_ZERO_ERROR
            guard let name = cicu_uenum_next(enumeration, &length, &nextStatus), !nextStatus.isFailure else { break }
            names.insert(String(cString: name))
        }
        return names
    }()

    /// Whether ICU lists a bundle of exactly this name.
    static func isAvailable(_ name: String) -> Bool { availableBundles.contains(name) }

    /// The bundle ICU serves for `name` without any fallback: `name` itself, or the target of an
    /// `%%ALIAS` bundle (`zh_TW` → `zh_Hant_TW`, `iw` → `he`). `"root"` for `""`/`"root"`;
    /// `nil` when ICU has no bundle of that exact name.
    static func actualBundle(named name: String) -> String? {
        if name.isEmpty || name == "root" { return "root" }
        guard isAvailable(name) else { return nil }
        openLanguageFirst(of: name)
        var status = U_ZERO_ERROR
        let bundle = openDirectly(name, &status)
        defer { cicu_ures_close(bundle) }
        guard bundle != nil, !status.isFailure else { return nil }
        var localeStatus = U_ZERO_ERROR
        let actual = cicu_ures_getLocaleByType(bundle, ULOC_ACTUAL_LOCALE, &localeStatus)
        guard !localeStatus.isFailure else { return nil }
        return ICUCall.string(borrowing: actual)
    }

    /// Opens (and closes) the bundle of `name`'s language before `name` itself.
    ///
    /// ICU 72 (Debian 12's) loops forever in `ures_openDirect("no_NO")` and `("no_NO_NY")` in a
    /// process that has not opened `no` yet: the alias bundle's resolution waits on a cache
    /// entry it is itself filling. With the language's bundle in ICU's cache first, both return
    /// at once (every name of ICU's list was checked, each in a fresh process). The language is
    /// one of ICU's own bundles, so ICU's cache stays bounded by its list.
    private static func openLanguageFirst(of name: String) {
        guard let underscore = name.firstIndex(of: "_") else { return }
        let language = String(name[..<underscore])
        guard !language.isEmpty, isAvailable(language) else { return }
        var status = U_ZERO_ERROR
        cicu_ures_close(openDirectly(language, &status))
    }

    /// `ures_openDirect` of a bundle ICU lists, after opening it once with fallback.
    ///
    /// ICU 72 keeps the entry a direct open puts in its cache without the bundle's `%%Parent`:
    /// a later open of the same locale with fallback (what ICU's number formatter does) takes
    /// that entry and skips the parent, so after a direct open of `nb` (whose data is `no`'s)
    /// Norwegian numbers came out in root's symbols (`nb`, `nn`, `no_NO_NY` and their
    /// regions, every name of ICU's list checked in one process against a fresh one). An entry
    /// made by an open with fallback first keeps its parent. Names of ICU's list only: its cache
    /// stays bounded by the list.
    private static func openDirectly(_ name: String, _ status: inout UErrorCode) -> OpaquePointer? {
        var warmStatus = U_ZERO_ERROR
        cicu_ures_close(cicu_ures_open(nil, name, &warmStatus))
        return cicu_ures_openDirect(nil, name, &status)
    }

    /// Whether ICU's resource lookup sends `language_script`, which has no bundle and whose
    /// script is not the language's default, to root (`az_Arab`, `en_Dsrt`, `yo_Arab`) rather
    /// than on to the process default locale (`fr_Cyrl`).
    ///
    /// The list is CLDR's `parentLocales` group whose parent is root. ICU 72's data has it in
    /// `supplementalData` (so `ParentLocales` answers first there); ICU 76's data no longer
    /// carries that group while ICU's compiled-in copy of CLDR's table still applies it, so the only
    /// public window onto it is `ures_open` itself: root served with `U_USING_FALLBACK_WARNING`
    /// (found by fallback) rather than `U_USING_DEFAULT_WARNING`. To keep ICU's cache of failed
    /// opens bounded, only a language ICU has a bundle for and a script code ICU knows are ever
    /// asked about: at most ICU's languages × its scripts.
    static func sendsToRoot(language: String, script: String) -> Bool {
        guard isAvailable(language), isScriptCode(script) else { return false }
        let id = language + "_" + script
        guard !isAvailable(id) else { return false }
        var status = U_ZERO_ERROR
        let bundle = cicu_ures_open(nil, id, &status)
        defer { cicu_ures_close(bundle) }
        guard bundle != nil, status == U_USING_FALLBACK_WARNING else { return false }
        var localeStatus = U_ZERO_ERROR
        let actual = cicu_ures_getLocaleByType(bundle, ULOC_ACTUAL_LOCALE, &localeStatus)
        return !localeStatus.isFailure && ICUCall.string(borrowing: actual) == "root"
    }

    /// Whether `code` is an ISO 15924 script code exactly as ICU spells it (`Arab`, not `arab`).
    private static func isScriptCode(_ code: String) -> Bool {
        let value = cicu_u_getPropertyValueEnum(UCHAR_SCRIPT, code)
        guard value >= 0 else { return false }
        return ICUCall.string(borrowing: cicu_uscript_getShortName(UScriptCode(rawValue: value))) == code
    }

    /// A real bundle's explicit inheritance: its `%%Parent` string (`es_MX` → `es_419`,
    /// `nb` → `no`, `zh_Hant` → `root`) and whether it carries `%%ParentIsRoot`.
    static func explicitParent(ofBundle name: String) -> (parent: String?, parentIsRoot: Bool) {
        guard isAvailable(name) else { return (nil, false) }
        var status = U_ZERO_ERROR
        let bundle = openDirectly(name, &status)
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
    /// `ures_open` would answer `U_USING_DEFAULT_WARNING` when it found nothing for the language
    /// and fell back to the *process default locale* (from `LANG`); that fallback must never leak
    /// into a chain, so such IDs get plain truncation instead. Its own search is
    /// `MissingBundleParent` (`ht` → `fr_HT`, `ca_ES_VALENCIA` → `ca_ES`), so the same answer
    /// comes from walking it against ICU's list, without opening (and caching) anything. ICU
    /// takes the default locale only when the search runs out of parents; one that is sent to root
    /// (a script change never falls back: `az_IR` → `az_Arab` → root) ends on data.
    static func hasData(forLanguageOf id: String) -> Bool {
        var name = id
        // The same bound as the chain builder's: real searches take at most 6 steps.
        for _ in 0..<24 {
            if name.isEmpty { return false }
            // Root named as the parent (a script change) is reached as data; only running out
            // of parents falls back to the default locale.
            if name == "root" || isAvailable(name) { return true }
            guard let parent = MissingBundleParent.parent(of: name) else { return false }
            name = parent
        }
        return false
    }
}
