/// One level of a locale's fallback chain.
public struct LocaleChainEntry: Sendable, Hashable, CustomStringConvertible {
    /// What ICU has at this level.
    public enum Kind: String, Sendable, Hashable {
        /// A real ICU locale bundle: this level is part of ICU's own `ures_open` chain.
        case bundle
        /// An ICU alias bundle (`zh_TW`, `iw`, `no_NO`); the next entry is its target. Kept so
        /// that tables named with the legacy ID are found.
        case alias
        /// No ICU bundle: a level the CLDR algorithm passes through (`az_IR`, `az_Arab`,
        /// `ca_ES_VALENCIA`, or any level of a language ICU has no data for). App tables may
        /// still exist at such a level.
        case abstract
    }

    /// Canonical ICU ID in underscore form, never empty and never `root`.
    public var id: String
    /// What ICU has at this level.
    public var kind: Kind

    /// Creates an entry.
    package init(id: String, kind: Kind) {
        self.id = id
        self.kind = kind
    }

    /// The ID, prefixed `=` for an alias and `?` for an abstract level (the oracle's notation).
    public var description: String {
        switch kind {
        case .bundle: id
        case .alias: "=" + id
        case .abstract: "?" + id
        }
    }
}
