
/// The localizations a lookup searches, most specific first: the negotiated localization and
/// its CLDR ancestors, then `Base`, the development localization (and its ancestors), then the
/// unlocalized tables.
public struct LookupStack: Sendable, Equatable {
    /// Localization names as spelled in the catalog; `""` stands for the unlocalized tables.
    public var localizations: [String]
    /// The user asked for no translation (`C` / `POSIX` first): only the developer's own text.
    public var isUntranslated: Bool
}

extension Catalog {
    /// The lookup stack for the user's preferences, most preferred first (any spelling: BCP 47,
    /// ICU, POSIX). Malformed preferences are skipped. Cached per preference list.
    public func lookupStack(for preferences: [String]) -> LookupStack {
        negotiated(for: preferences)
    }

    /// The tables named `table` down the stack for `preferences` (which they carry), cached:
    /// what every format and lookup needs first, without negotiating or finding the tables again.
    /// No preferences at all means the development locale.
    func cachedLayers(of table: String, for preferences: [String]) -> TableLayers {
        let preferences = preferences.isEmpty ? [developmentLocale] : preferences
        if let known = stackCache.layers(of: table, for: preferences) { return known }
        let found = layers(of: table, in: negotiated(for: preferences))
        // Only tables the catalog has somewhere in the stack: callers may ask for any name.
        if !found.layers.isEmpty { stackCache.store(found, of: table, for: preferences) }
        return found
    }

    private func negotiated(for preferences: [String]) -> LookupStack {
        if let cached = stackCache.stack(for: preferences) { return cached }
        let stack = makeLookupStack(for: preferences)
        stackCache.store(stack, for: preferences)
        return stack
    }

    private func makeLookupStack(for preferences: [String]) -> LookupStack {
        let negotiable = localizations.filter { $0 != Self.baseLocalization }
        var names: [String] = []
        func append(_ name: String) {
            if !names.contains(name) { names.append(name) }
        }

        let negotiation = Locales.negotiate(preferences: preferences, available: negotiable)
        if !negotiation.untranslated {
            for entry in negotiation.entries where negotiable.indices.contains(entry.index) {
                append(negotiable[entry.index])
            }
        }
        if localizations.contains(Self.baseLocalization) { append(Self.baseLocalization) }
        // The development localization and its ancestors, matched like any preference but
        // strictly: a development locale of `en_GB` must not pull in `en_AU`.
        let development = Locales.negotiate(preferences: [developmentLocale], available: negotiable,
                                            mode: .strict)
        for entry in development.entries where negotiable.indices.contains(entry.index) {
            append(negotiable[entry.index])
        }
        if hasUnlocalizedTables { append(Self.unlocalized) }
        return LookupStack(localizations: names, isUntranslated: negotiation.untranslated)
    }
}

/// Lookup stacks already negotiated, per preference list, and the tables found down them.
///
/// Negotiation costs several ICU calls; formatting an error should not. The caches are bounded
/// (hostile callers could send endless distinct lists) and shared by every thread using the
/// catalog, behind a mutex.
final class LookupStackCache: Sendable {
    private static let capacity = 512
    private let stacks = Protected<[[String]: LookupStack]>([:])
    /// One table's layers (with their stack) per (table, preferences): what every format and
    /// lookup asks for first, in one probe.
    private let layers = Protected<LayersTable>(LayersTable())

    private struct LayersKey: Hashable {
        var table: String
        var preferences: [String]
    }

    private struct LayersTable {
        var entries: [LayersKey: TableLayers] = [:]
        /// The entry found or stored last. A program mostly formats for one preference list
        /// from one table; comparing with the last key (short strings compare as two words)
        /// costs a fraction of hashing it.
        var last: (key: LayersKey, layers: TableLayers)?
    }

    func stack(for preferences: [String]) -> LookupStack? {
        stacks.withLock { $0[preferences] }
    }

    func store(_ stack: LookupStack, for preferences: [String]) {
        stacks.withLock { stacks in
            if stacks.count >= Self.capacity { stacks.removeAll(keepingCapacity: true) }
            stacks[preferences] = stack
        }
    }

    func layers(of table: String, for preferences: [String]) -> TableLayers? {
        layers.withLock { state in
            // Compared in place: making the key first would copy (and retain) both parts.
            if state.last?.key.table == table, state.last?.key.preferences == preferences,
               let found = state.last?.layers {
                return found
            }
            let key = LayersKey(table: table, preferences: preferences)
            guard let found = state.entries[key] else { return nil }
            state.last = (key, found)
            return found
        }
    }

    func store(_ entry: TableLayers, of table: String, for preferences: [String]) {
        let key = LayersKey(table: table, preferences: preferences)
        layers.withLock { state in
            if state.entries.count >= Self.capacity { state.entries.removeAll(keepingCapacity: true) }
            state.entries[key] = entry
            state.last = (key, entry)
        }
    }
}
