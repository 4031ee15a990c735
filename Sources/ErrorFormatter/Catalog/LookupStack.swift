
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
        negotiated(for: preferences).stack
    }

    /// The stack for `preferences` and the tables named `table` down it, both cached: what every
    /// format and lookup needs first, without negotiating or finding the tables again.
    func stackAndLayers(of table: String, for preferences: [String]) -> (stack: LookupStack, layers: TableLayers) {
        let entry = negotiated(for: preferences)
        return (entry.stack, entry.layers(of: table) { layers(of: table, in: entry.stack) })
    }

    private func negotiated(for preferences: [String]) -> NegotiatedStack {
        if let cached = stackCache.stack(for: preferences) { return cached }
        let entry = NegotiatedStack(makeLookupStack(for: preferences))
        stackCache.store(entry, for: preferences)
        return entry
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

/// Lookup stacks already negotiated, per preference list.
///
/// Negotiation costs several ICU calls; formatting an error should not. The cache is bounded
/// (hostile callers could send endless distinct lists) and shared by every thread using the
/// catalog, behind a mutex.
final class LookupStackCache: Sendable {
    private static let capacity = 512
    private let stacks = Protected<[[String]: NegotiatedStack]>([:])

    func stack(for preferences: [String]) -> NegotiatedStack? {
        stacks.withLock { $0[preferences] }
    }

    func store(_ stack: NegotiatedStack, for preferences: [String]) {
        stacks.withLock { stacks in
            if stacks.count >= Self.capacity { stacks.removeAll(keepingCapacity: true) }
            stacks[preferences] = stack
        }
    }
}

/// A negotiated stack with the tables found down it, by table name.
///
/// Finding a table's layers costs two dictionary lookups per localization and a copy of each
/// table; a program formats from the same table or two over and over. Only tables that exist
/// somewhere in the stack are kept, so the names kept are bounded by the catalog, not by
/// callers (who may ask for any table name).
final class NegotiatedStack: Sendable {
    let stack: LookupStack
    private let tables = Protected<[String: TableLayers]>([:])

    init(_ stack: LookupStack) { self.stack = stack }

    /// The layers of `table`, from `find` the first time.
    func layers(of table: String, find: () -> TableLayers) -> TableLayers {
        if let known = tables.withLock({ $0[table] }) { return known }
        let found = find()
        if !found.layers.isEmpty { tables.withLock { $0[table] = found } }
        return found
    }
}
