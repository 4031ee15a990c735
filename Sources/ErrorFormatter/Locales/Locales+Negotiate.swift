import CICU

extension Locales {
    /// Chooses the localizations to search for a user's ordered preferences.
    ///
    /// For the first preference with any match (later ones are not consulted, like Apple's
    /// `ualoc_localizationsToUse`), each level `L` of its ``chain(for:)`` is tried in order:
    /// 1. a table named for `L` (its spelling or its ``tableKey(for:)``) is chosen;
    /// 2. in ``NegotiationMode/family`` mode, else tables that inherit from `L` (`L` is on their
    ///    own chain); several are ranked by ICU's `uloc_acceptLanguage`, used only as a tie-break.
    /// The stack is the chosen table followed by the available tables on its own chain.
    ///
    /// `C`/`POSIX` as the first usable preference disables translation (``Negotiation/untranslated``);
    /// later in the list it stops the search (gettext). Preferences that do not normalize or mean
    /// root are skipped.
    ///
    /// - Parameters:
    ///   - preferences: the user's locales, most preferred first, in any spelling.
    ///   - available: the catalog's localization names (`fr`, `zh-Hant`, `pt_BR`), without `Base`.
    ///   - mode: whether the family step runs.
    /// - Complexity: O(preferences × chain length × available), chains cached.
    package static func negotiate(
        preferences: [String], available: [String], mode: NegotiationMode = .family
    ) -> Negotiation {
        negotiate(preferences: preferences, among: available.map(NegotiationTable.init(name:)), mode: mode,
                  chainOf: chain(for:))
    }

    /// ``negotiate(preferences:available:mode:)`` over tables already described, with each
    /// preference normalized by `normalized` and the chains of the preferences' IDs taken from
    /// `chainOf`: what a catalog that knows its localizations' keys and chains in advance
    /// (``PrecomputedNegotiation``) negotiates with, asking ICU only about the preferences it
    /// does not already know. `normalized` must answer what ``normalize(_:)`` would (`nil` for
    /// what it refuses), `chainOf` what ``chain(for:)`` would.
    static func negotiate(
        preferences: [String], among tables: [NegotiationTable], mode: NegotiationMode = .family,
        normalized: (String) -> LocaleNormalization? = { try? normalize($0) },
        chainOf: (String) -> [LocaleChainEntry]
    ) -> Negotiation {
        var sawUsablePreference = false
        for (preferenceIndex, preference) in preferences.enumerated() {
            let id: String
            switch normalized(preference) {
            case .untranslated?:
                return Negotiation(untranslated: !sawUsablePreference, entries: [])
            case .locale(let normalized)? where !normalized.isEmpty:
                id = normalized
            default:
                continue  // unparsable or root: not a language preference at all
            }
            sawUsablePreference = true
            for level in chainOf(id) {
                if let exact = table(at: level.id, in: tables) {
                    return stack(
                        startingAt: exact, reason: .exact(preference: preferenceIndex, level: level.id),
                        tables: tables)
                }
                guard mode == .family else { continue }
                let candidates = tables.indices.filter { index in
                    tables[index].chain.contains { $0.id == level.id }
                }
                guard let first = candidates.first else { continue }
                let chosen = candidates.count > 1
                    ? closest(to: id, among: candidates, tables: tables) ?? first : first
                return stack(
                    startingAt: chosen,
                    reason: .family(preference: preferenceIndex, level: level.id,
                                    tieBroken: candidates.count > 1),
                    tables: tables)
            }
        }
        return Negotiation(untranslated: false, entries: [])
    }

    /// The table named for `id`: by normalized spelling first (a `zh_TW` directory is preferred
    /// at the `zh_TW` level), then by alias-resolved key.
    private static func table(at id: String, in tables: [NegotiationTable]) -> Int? {
        tables.firstIndex { $0.key != nil && $0.spelling == id }
            ?? tables.firstIndex { $0.key == id }
    }

    /// The chosen table, then the available tables on its own chain, each once.
    private static func stack(
        startingAt first: Int, reason: Negotiation.Reason, tables: [NegotiationTable]
    ) -> Negotiation {
        var entries = [Negotiation.Entry(index: first, reason: reason)]
        for level in tables[first].chain {
            if let index = table(at: level.id, in: tables), !entries.contains(where: { $0.index == index }) {
                entries.append(Negotiation.Entry(index: index, reason: .inherited(level: level.id)))
            }
        }
        return Negotiation(untranslated: false, entries: entries)
    }

    /// ICU's LocaleMatcher choice among `candidates` for the desired `id`, or `nil` if it
    /// finds none close enough. Only ever asked about tables already known to share a level of
    /// `id`'s chain, so its willingness to cross languages (`da` → `nb`) cannot matter here.
    private static func closest(to id: String, among candidates: [Int], tables: [NegotiationTable]) -> Int? {
        let keys = candidates.compactMap { tables[$0].key }
        guard keys.count == candidates.count else { return nil }
        let result = withCStringArray(keys) { keyPointers -> String? in
            var status = U_ZERO_ERROR
            let enumeration = cicu_uenum_openCharStringsEnumeration(keyPointers, Int32(clamping: keys.count), &status)
            defer { cicu_uenum_close(enumeration) }
            guard enumeration != nil, !status.isFailure else { return nil }
            var accept = ULOC_ACCEPT_FAILED
            let best = withCStringArray([id]) { wanted -> String? in
                var wantedPointers: [UnsafePointer<CChar>?] = wanted
                return wantedPointers.withUnsafeMutableBufferPointer { wantedBuffer in
                    ICUCall.string {
                        cicu_uloc_acceptLanguage($0, $1, &accept, wantedBuffer.baseAddress, 1, enumeration, &$2)
                    }
                }
            }
            return accept == ULOC_ACCEPT_FAILED ? nil : best
        }
        guard let result, let position = keys.firstIndex(of: result) else { return nil }
        return candidates[position]
    }

    /// Calls `body` with C strings for `strings` that stay valid for the duration of the call.
    private static func withCStringArray<R>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
        let buffers = strings.map { Array($0.utf8CString) }
        func nest(_ index: Int, _ pointers: [UnsafePointer<CChar>?]) -> R {
            guard index < buffers.count else { return body(pointers) }
            return buffers[index].withUnsafeBufferPointer { buffer in
                nest(index + 1, pointers + [buffer.baseAddress])
            }
        }
        return nest(0, [])
    }
}

/// An available localization as negotiation sees it: computed once per `negotiate` call, or
/// once per catalog (``PrecomputedNegotiation``).
struct NegotiationTable: Sendable, Equatable {
    /// The name normalized (`zh-TW` → `zh_TW`), or `nil` if it is not a locale ID.
    var spelling: String?
    /// ``Locales/tableKey(for:)``: normalized and alias-resolved; `nil` = never matched.
    var key: String?
    /// The chain of `key`: tables whose chain contains a level are "family" at that level.
    var chain: [LocaleChainEntry]

    init(spelling: String?, key: String?, chain: [LocaleChainEntry]) {
        self.spelling = spelling
        self.key = key
        self.chain = chain
    }

    /// What ICU says about `name` now.
    init(name: String) {
        let names = Locales.tableName(name)
        spelling = names.spelling
        key = names.key
        chain = key.map { Locales.chain(for: $0) } ?? []
    }
}
