extension Locales {
    /// The fallback chain of a normalized ID, most specific first, without root.
    ///
    /// The entries of kind ``LocaleChainEntry/Kind/bundle``, followed by root, are exactly the
    /// chain ICU's `ures_open` walks (`es_MX` → `es_419` → `es`, `en_AU` → `en_001` → `en`,
    /// `zh_TW` → `zh_Hant_TW` → `zh_Hant`, `nb` → `no`, `hi_Latn` → `en_IN` → `en_001` → `en`).
    /// Alias and abstract levels are kept in place so that tables named with a legacy or
    /// intermediate ID (`zh_TW`, `az_Arab`, `ca_ES_VALENCIA`) are found. For a language ICU has no
    /// data for, the chain is the ID and its `_`-truncations (never the process default locale).
    ///
    /// - Parameter normalizedID: an ID from ``normalize(_:)``. `""`, `root`, and anything that
    ///   cannot be a normalized ID (over `Limits.maximumLocaleBytes` bytes, a byte outside
    ///   `[A-Za-z0-9_]`) give `[]`, so raw input passed here by mistake never reaches ICU.
    /// - Complexity: a few ICU bundle look-ups on the first call per ID, then a cache hit.
    public static func chain(for normalizedID: String) -> [LocaleChainEntry] {
        guard !normalizedID.isEmpty, normalizedID != "root",
              normalizedID.utf8.count <= Limits.maximumLocaleBytes, LocaleIDText.isSafe(normalizedID)
        else { return [] }
        return chainCache.value(for: normalizedID, compute: ChainBuilder.chain(for:))
    }

    /// Chains by normalized ID: 4,096 IDs of at most 100 bytes, each with a chain of a few IDs.
    private static let chainCache = BoundedCache<String, [LocaleChainEntry]>(capacity: 4096)
}
