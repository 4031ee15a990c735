import CICU

/// What negotiation asks ICU about each of a catalog's localization names (its normalized
/// spelling, its table key and the fallback chain of that key), asked once and kept, so that
/// negotiating for a user asks ICU only about the user's preferences.
///
/// A compiled catalog stores it (docs/compiled-catalog.md, the negotiation section): opening one
/// then costs no ICU bundle per localization. What ICU answers depends on its code and data,
/// and what is asked of it on this library's rules, so the stored answers are valid only where
/// ``identity`` is the same as when they were computed; anywhere else they are computed again.
struct PrecomputedNegotiation: Sendable, Equatable {
    /// Every localization's table, by its name as spelled in the catalog.
    let tables: [String: NegotiationTable]
    /// The chain of every table's key: a preference normalized to the same ID has that chain.
    private let chains: [String: [LocaleChainEntry]]

    /// Tables already known (read from a compiled catalog).
    init(tables: [String: NegotiationTable]) {
        self.tables = tables
        var chains: [String: [LocaleChainEntry]] = [:]
        for table in tables.values {
            if let key = table.key { chains[key] = table.chain }
        }
        self.chains = chains
    }

    /// Asks ICU about every one of `names` now.
    init(computingFor names: [String]) {
        self.init(tables: Dictionary(names.map { ($0, NegotiationTable(name: $0)) }) { first, _ in first })
    }

    /// ``Locales/negotiate(preferences:available:mode:)``, answered from what is kept for the
    /// names it knows; a name it does not know is asked about as `negotiate` would. A
    /// preference spelled exactly as a localization is named normalizes as that name did (its
    /// kept spelling is `normalize`'s answer for the same text), so the usual preference asks
    /// ICU nothing.
    func negotiate(preferences: [String], available: [String], mode: NegotiationMode = .family) -> Negotiation {
        Locales.negotiate(
            preferences: preferences, among: available.map { tables[$0] ?? NegotiationTable(name: $0) }, mode: mode,
            normalized: { try? normalize($0) },
            chainOf: { chains[$0] ?? Locales.chain(for: $0) })
    }

    /// ``Locales/normalize(_:)``: for a name spelled exactly as a localization is named, its kept
    /// spelling, which is what `normalize` answered for the same text under the same
    /// ``identity``; for any other name, ICU's answer now.
    func normalize(_ name: String) throws(LocaleError) -> LocaleNormalization {
        if let spelling = tables[name]?.spelling { return .locale(spelling) }
        return try Locales.normalize(name)
    }

    /// What the answers depend on: this library's rules (normalization, table keys, chains:
    /// ``rulesVersion``) and ICU's version, e.g. `errorformatter negotiation 1; ICU 72.1.0.0`.
    /// Not the library's own version: a release that leaves the rules alone keeps the answers
    /// of files compiled before it. ICU's data is not asked for its own version (that opens a
    /// bundle, which is what keeping answers saves): ICU loads only data of its own major
    /// version, and its packages ship the two together.
    static let identity: String = {
        var version: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)  // U_MAX_VERSION_LENGTH bytes
        withUnsafeMutableBytes(of: &version) { cicu_u_getVersion($0.baseAddress?.assumingMemoryBound(to: UInt8.self)) }
        return "errorformatter negotiation \(rulesVersion); ICU \(version.0).\(version.1).\(version.2).\(version.3)"
    }()

    /// The version of the rules ``NegotiationTable/init(name:)`` answers by. Raise it with any
    /// change that can change an answer for some name under the same ICU: stored answers of the
    /// old rules are then asked about again. `CompiledNegotiationTests` keeps a digest of the
    /// answers for every locale ICU lists, per rules version and ICU version, and fails when the
    /// answers change under the same version.
    static let rulesVersion = 1
}
