
/// The localizations a lookup searches, most specific first: the negotiated localization and
/// its CLDR ancestors, then `Base`, the development localization (and its ancestors), then the
/// unlocalized tables.
package struct LookupStack: Sendable, Equatable {
    /// Localization names as spelled in the catalog; `""` stands for the unlocalized tables.
    package var localizations: [String]
    /// The user asked for no translation (`C` / `POSIX` first): only the developer's own text.
    package var isUntranslated: Bool
}

extension Catalog {
    /// The lookup stack for the user's preferences, most preferred first (any spelling: BCP 47,
    /// ICU, POSIX). Malformed preferences are skipped. Cached per preference list.
    package func lookupStack(for preferences: [String]) -> LookupStack {
        negotiated(for: preferences)
    }

    /// The tables named `table` down the stack for `preferences` (which they carry), cached:
    /// what every format and lookup needs first, without negotiating or finding the tables again.
    /// No preferences at all means the development locale.
    package func cachedLayers(of table: String, for preferences: [String]) -> TableLayers {
        let preferences = preferences.isEmpty ? [developmentLocale] : preferences
        if let known = stackCache.layers(of: table, for: preferences) { return known }
        let found = layers(of: table, in: negotiated(for: preferences))
        // Only tables the catalog has somewhere in the stack: callers may ask for any name.
        if !found.layers.isEmpty { stackCache.store(found, of: table, for: preferences) }
        return found
    }

    /// The layers remembered under `key` (``remember(_:forKey:)``), found without a lock, a
    /// reference count or a `[String]`: what a caller that holds its table and preferences as
    /// bytes (the C layer) asks first. Valid as long as the catalog: the caller must keep the
    /// catalog alive while it uses them.
    ///
    /// `key` is any byte string that names one table and one preference list exactly (equal
    /// keys, equal table and preferences; the caller makes it from what it was passed, and
    /// remembers only what it validated), starting with `MemoFamily.Kind.layers`: the layers
    /// are kept among the catalog's memos.
    package func knownLayers(forKey key: UnsafeRawBufferPointer) -> Unmanaged<TableLayers>? {
        stackCache.layers(forKey: key)
    }

    /// Keeps `layers` (from ``cachedLayers(of:for:)``) under `key` for ``knownLayers(forKey:)``;
    /// returns whether layers are kept under `key` afterwards (the memos' budget may be spent).
    @discardableResult
    package func remember(_ layers: TableLayers, forKey key: UnsafeRawBufferPointer) -> Bool {
        // Only tables the catalog has somewhere in the stack, as ``cachedLayers(of:for:)`` keeps.
        guard !layers.layers.isEmpty else { return false }
        return stackCache.remember(layers, forKey: key)
    }

    private func negotiated(for preferences: [String]) -> LookupStack {
        if let cached = stackCache.stack(for: preferences) { return cached }
        let stack = makeLookupStack(for: preferences)
        stackCache.store(stack, for: preferences)
        return stack
    }

    /// The stack negotiated over the localizations that may have tables. A catalog reading
    /// on first use reads each one chosen; one that turns out to have none (every file broken)
    /// is one a whole load would have left out, so the choice is made again without it.
    private func makeLookupStack(for preferences: [String]) -> LookupStack {
        if let pseudo = requestedPseudoLocale(in: preferences) {
            // The pseudo-locale, then what a user of the development locale is shown: its
            // texts come from there, and so does a text that cannot be shown in pseudo form.
            let development = makeLookupStack(for: [developmentLocale])
            return LookupStack(localizations: [pseudo.localization] + development.localizations, isUntranslated: false)
        }
        while true {
            let stack = makeLookupStack(for: preferences, available: candidateLocalizations)
            if stack.localizations.allSatisfy({ $0.isEmpty || hasTables($0) }) { return stack }
        }
    }

    private func makeLookupStack(for preferences: [String], available: [String]) -> LookupStack {
        let negotiable = available.filter { $0 != Self.baseLocalization }
        var names: [String] = []
        func append(_ name: String) {
            if !names.contains(name) { names.append(name) }
        }

        let negotiation = negotiate(preferences: preferences, available: negotiable)
        if !negotiation.untranslated {
            for entry in negotiation.entries where negotiable.indices.contains(entry.index) {
                append(negotiable[entry.index])
            }
        }
        if available.contains(Self.baseLocalization) { append(Self.baseLocalization) }
        // The development localization and its ancestors, matched like any preference but
        // strictly: a development locale of `en_GB` must not pull in `en_AU`.
        let development = negotiate(preferences: [developmentLocale], available: negotiable, mode: .strict)
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
/// catalog: the two tables by Swift strings behind a mutex, bounded in entries and in the bytes
/// of the preference lists they keep (each the catalog's ``MemoFamily/negotiationTableBytes``:
/// a 1 MB list is never kept at all, and 512 lists of 64 KB are not kept at once), and the
/// layers by a caller's bytes among the catalog's lock-free memos.
final class LookupStackCache: Sendable {
    private static let capacity = 512
    /// A longer list is negotiated every time rather than kept.
    private static let largestKept = 64 << 10
    /// The most bytes of preference lists (and table names) each of the two tables keeps.
    private let byteBudget: Int
    private let stacks = Protected<StacksTable>(StacksTable())
    /// One table's layers (with their stack) per (table, preferences): what every format and
    /// lookup asks for first, in one probe.
    private let layers = Protected<LayersTable>(LayersTable())
    /// The same layers by the bytes a caller passed for (table, preferences), read without a
    /// lock: insert-only and bounded, so once full, callers take the table above.
    private let layersByBytes: ConcurrentByteCache

    init(memos: MemoFamily) {
        byteBudget = memos.negotiationTableBytes
        layersByBytes = memos.entries
    }

    /// A named struct, not a tuple: its metadata is static, where a tuple's (and the
    /// dictionary's inside) would be instantiated by the runtime when the catalog opens.
    private struct StacksTable {
        var entries: [[String]: LookupStack] = [:]
        var bytes = 0
    }

    private struct LayersKey: Hashable {
        var table: String
        var preferences: [String]
    }

    private struct LayersTable {
        var entries: [LayersKey: TableLayers] = [:]
        var bytes = 0
        /// The entry found or stored last. A program mostly formats for one preference list
        /// from one table; comparing with the last key (short strings compare as two words)
        /// costs a fraction of hashing it.
        var last: (key: LayersKey, layers: TableLayers)?
    }

    private static func size(of preferences: [String]) -> Int {
        preferences.reduce(0) { $0 + $1.utf8.count + 16 }
    }

    /// What the two tables keep: entries and the bytes of their keys (for tests of the bounds).
    var kept: (stacks: Int, stackBytes: Int, layers: Int, layerBytes: Int) {
        let (stackCount, stackBytes) = stacks.withLock { ($0.entries.count, $0.bytes) }
        let (layerCount, layerBytes) = layers.withLock { ($0.entries.count, $0.bytes) }
        return (stackCount, stackBytes, layerCount, layerBytes)
    }

    /// The bounds, for tests.
    var bounds: (entries: Int, bytes: Int, largestKept: Int) { (Self.capacity, byteBudget, Self.largestKept) }

    func stack(for preferences: [String]) -> LookupStack? {
        stacks.withLock { $0.entries[preferences] }
    }

    func store(_ stack: LookupStack, for preferences: [String]) {
        let size = Self.size(of: preferences)
        guard size <= Self.largestKept, size <= byteBudget else { return }
        stacks.withLock { stacks in
            if stacks.entries.count >= Self.capacity || stacks.bytes + size > byteBudget {
                stacks.entries.removeAll(keepingCapacity: true)
                stacks.bytes = 0
            }
            if stacks.entries.updateValue(stack, forKey: preferences) == nil { stacks.bytes += size }
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

    /// The layers stored under `key`, unretained: the cache holds them as long as the catalog.
    @inline(__always)
    func layers(forKey key: UnsafeRawBufferPointer) -> Unmanaged<TableLayers>? {
        guard let found = layersByBytes.find(key, hash: layersByBytes.hash(key)) else { return nil }
        return Unmanaged<TableLayers>.fromOpaque(found)
    }

    func remember(_ entry: TableLayers, forKey key: UnsafeRawBufferPointer) -> Bool {
        let cost = entry.stack.localizations.reduce(64) { $0 + $1.utf8.count + 16 }
        return layersByBytes.insert(key, hash: layersByBytes.hash(key), value: entry, cost: cost) != nil
    }

    func store(_ entry: TableLayers, of table: String, for preferences: [String]) {
        let size = Self.size(of: preferences) + table.utf8.count
        guard size <= Self.largestKept, size <= byteBudget else { return }
        let key = LayersKey(table: table, preferences: preferences)
        layers.withLock { state in
            if state.entries.count >= Self.capacity || state.bytes + size > byteBudget {
                state.entries.removeAll(keepingCapacity: true)
                state.bytes = 0
            }
            if state.entries.updateValue(entry, forKey: key) == nil { state.bytes += size }
            state.last = (key, entry)
        }
    }
}
