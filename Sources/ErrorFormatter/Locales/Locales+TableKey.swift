extension Locales {
    /// The matching key of a table or localization directory name: normalized, then resolved
    /// through ICU's alias bundles (`zh_TW`/`zh-TW` → `zh_Hant_TW`, `iw` → `he`, `tl` → `fil`,
    /// `sh` → `sr_Latn`, `no_NO` → `no`). This lets catalogs use gettext-style (`pt_BR`,
    /// `sr@latin`) and Apple-style (`zh-Hant`, `es-419`) names alike.
    ///
    /// - Returns: `nil` when the name is not a locale ID: it does not normalize, means C/POSIX or
    ///   root, or its language subtag has 4 letters (BCP 47 reserves those, which is what makes
    ///   Apple's `Base` a non-locale).
    package static func tableKey(for name: String) -> String? {
        tableName(name).key
    }

    /// A table name's normalized spelling and key, cached: negotiation needs both for every
    /// available table on every call.
    ///
    /// Names come from callers and files (a builder's locale argument, a String Catalog's
    /// language keys) and may be of any length. One longer than a locale ID can be is answered
    /// without the cache, so that the cache holds at most `capacity` keys of at most
    /// `Limits.maximumLocaleBytes` bytes: bounded in bytes, not only in entries.
    static func tableName(_ name: String) -> TableName {
        guard name.utf8.count <= Limits.maximumLocaleBytes else { return TableName(spelling: nil, key: nil) }
        return tableNameCache.value(for: name) { name in
            guard case .locale(let spelling)? = try? normalize(name), let key = tableKey(normalized: spelling) else {
                return TableName(spelling: nil, key: nil)
            }
            return TableName(spelling: spelling, key: key)
        }
    }

    /// 4,096 names of at most 100 bytes, each with two IDs no longer: about 2 MB at most.
    private static let tableNameCache = BoundedCache<String, TableName>(capacity: 4096)

    /// The key of a name already normalized to `id`.
    private static func tableKey(normalized id: String) -> String? {
        guard !id.isEmpty, ICUCall.language(of: id)?.utf8.count != 4 else { return nil }
        if ICUBundles.hasData(forLanguageOf: id), let actual = ICUBundles.actualBundle(named: id),
           actual != "root" {
            return actual
        }
        return id
    }
}

/// What negotiation needs to know about a table or localization directory name.
struct TableName: Sendable {
    /// The name normalized (`zh-TW` → `zh_TW`); `nil` when it is not a locale ID.
    var spelling: String?
    /// `Locales.tableKey(for:)`; `nil` when it is not a locale ID.
    var key: String?
}
