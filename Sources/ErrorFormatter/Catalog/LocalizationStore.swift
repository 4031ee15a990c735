/// The tables of a catalog's localizations: all of them made when the catalog was built, or
/// some read the first time a lookup needs them (``Catalog/Loading/onFirstUse``).
///
/// Reading on first use must not change a single result: a localization is read whole (every
/// file that contributes to it, in the order a whole load would read them), diagnostics are
/// put back in whole-load order, and whatever asks for everything (``Catalog/localizations``,
/// ``Catalog/diagnostics``, lint) reads what is left first.
final class LocalizationStore: @unchecked Sendable {
    // @unchecked: `pending` and `loader` are only used under `state`'s lock; the rest is
    // immutable.

    /// What reading one localization gives.
    struct Loaded {
        /// Its tables; `nil` when it turns out to have none a lookup could use (every file
        /// failed, or none was a table), as a whole load leaves it out.
        var tables: [String: StringTable]?
        var diagnostics: [Diagnostic]
        var orders: [DiagnosticOrder]
        /// What a strict open fails with in it, if anything.
        var strictRefusal: StrictRefusal? = nil
    }

    /// What is kept elsewhere (a compiled file's own diagnostics), read when first asked for:
    /// the diagnostics that come before every other, and what a strict open fails with there.
    struct Leading {
        var diagnostics: [Diagnostic]
        var strictRefusal: StrictRefusal?
    }

    typealias Loader = (_ localization: String) -> Loaded
    /// Reads ``Leading``, once, after every localization has been read.
    typealias DiagnosticsReader = () -> Leading

    /// Tables made with the catalog.
    private let built: [String: [String: LocalizedTable]]
    /// Diagnostics of the catalog as built (with their places when some are still to come).
    private let builtDiagnostics: [Diagnostic]
    private let builtOrders: [DiagnosticOrder]
    /// What a strict open fails with in what was built with the catalog.
    private let builtRefusal: StrictRefusal?
    /// Every localization still to be read, in byte order: what negotiation may choose from.
    private let deferredNames: [String]
    private let makeTable: ((_ localization: String, _ table: StringTable) -> LocalizedTable)?
    private let hasLeadingDiagnostics: Bool
    private let state: Protected<State>

    private struct State {
        var loader: Loader?
        /// Reads the diagnostics that come before every other; `nil` once read (or if none).
        var leadingReader: DiagnosticsReader?
        var leadingDiagnostics: [Diagnostic] = []
        var loaded: [String: [String: LocalizedTable]] = [:]
        /// Every localization's tables, made once when the last one is read (lint asks for them
        /// table by table).
        var everything: [String: [String: LocalizedTable]]?
        /// Deferred localizations that turned out to have no tables.
        var absent: Set<String> = []
        var diagnostics: [Diagnostic] = []
        var orders: [DiagnosticOrder] = []
        var strictRefusal: StrictRefusal?
    }

    /// A store with everything built.
    init(tables: [String: [String: LocalizedTable]], diagnostics: [Diagnostic], strictRefusal: CatalogError? = nil) {
        built = tables
        builtDiagnostics = diagnostics
        builtOrders = []
        builtRefusal = strictRefusal.map { StrictRefusal(error: $0, order: DiagnosticOrder(step: 0, part: 0)) }
        deferredNames = []
        makeTable = nil
        hasLeadingDiagnostics = false
        state = Protected(State())
    }

    /// A store with `deferred` localizations read by `loader` when first needed, and the
    /// diagnostics that come before all others (before `diagnostics`) by `leadingDiagnostics`
    /// when they are first asked for.
    init(
        tables: [String: [String: LocalizedTable]], diagnostics: [Diagnostic], orders: [DiagnosticOrder],
        strictRefusal: StrictRefusal? = nil, leadingDiagnostics: DiagnosticsReader? = nil, deferred: [String],
        loader: @escaping Loader, makeTable: @escaping (_ localization: String, _ table: StringTable) -> LocalizedTable
    ) {
        built = tables
        builtDiagnostics = diagnostics
        builtOrders = orders
        builtRefusal = strictRefusal
        deferredNames = deferred.filter { tables[$0] == nil }
            .sorted { $0.precedesInUTF8Order($1) }
        self.makeTable = makeTable
        hasLeadingDiagnostics = leadingDiagnostics != nil
        state = Protected(State(loader: loader, leadingReader: leadingDiagnostics))
    }

    /// The tables of `localization`, read now if they were deferred; `nil` if it has none.
    func tables(of localization: String) -> [String: LocalizedTable]? {
        if let found = built[localization] { return found }
        if deferredNames.isEmpty { return nil }
        return state.withLock { state in load(localization, &state) }
    }

    /// The localizations that may have tables, in byte order: the built ones and those not yet
    /// read, less those read and found empty, less the unlocalized tables' `""`. What negotiation
    /// chooses from. The deferred names are kept sorted, so a store with nothing localized built
    /// (a compiled file, an on-demand directory) lists them without hashing or sorting anything.
    var sortedLocalizedCandidates: [String] {
        let absent: Set<String> = deferredNames.isEmpty ? [] : state.withLock { $0.absent }
        let deferred = absent.isEmpty ? deferredNames : deferredNames.filter { !absent.contains($0) }
        let builtNames = built.keys.filter { !$0.isEmpty }
        if builtNames.isEmpty { return deferred.filter { !$0.isEmpty } }
        return (builtNames + deferred.filter { !$0.isEmpty }).sorted { $0.precedesInUTF8Order($1) }
    }

    /// Every localization's tables, reading whatever is left.
    var all: [String: [String: LocalizedTable]] {
        guard !deferredNames.isEmpty else { return built }
        return state.withLock { state in
            loadEverything(&state)
            return state.everything ?? built
        }
    }

    /// Every diagnostic, in the order a whole load reports them, reading whatever is left.
    var diagnostics: [Diagnostic] {
        guard !deferredNames.isEmpty || hasLeadingDiagnostics else { return builtDiagnostics }
        return state.withLock { state in
            loadEverything(&state)
            readLeading(&state)
            let leading = state.leadingDiagnostics
            let orders = Array(repeating: DiagnosticOrder(step: 0, part: 0), count: leading.count)
                + builtOrders + state.orders
            let diagnostics = leading + builtDiagnostics + state.diagnostics
            // Stable: diagnostics of one place keep the order they were made in.
            return diagnostics.indices.sorted { (orders[$0], $0) < (orders[$1], $1) }.map { diagnostics[$0] }
        }
    }

    /// What a strict open fails with, the first in whole-load order; `nil` when it succeeds.
    /// Reads whatever is left, as ``diagnostics`` does.
    var strictRefusal: CatalogError? {
        guard !deferredNames.isEmpty || hasLeadingDiagnostics else { return builtRefusal?.error }
        return state.withLock { state in
            loadEverything(&state)
            readLeading(&state)
            return StrictRefusal.earlier(builtRefusal, state.strictRefusal)?.error
        }
    }

    private func readLeading(_ state: inout State) {
        guard let reader = state.leadingReader else { return }
        let leading = reader()
        state.leadingDiagnostics = leading.diagnostics
        state.strictRefusal = StrictRefusal.earlier(state.strictRefusal, leading.strictRefusal)
        state.leadingReader = nil
    }

    private func loadEverything(_ state: inout State) {
        guard state.loader != nil else { return }
        for name in deferredNames { _ = load(name, &state) }
        state.loader = nil
        state.everything = built.merging(state.loaded) { first, _ in first }
    }

    private func load(_ localization: String, _ state: inout State) -> [String: LocalizedTable]? {
        if let found = state.loaded[localization] { return found }
        guard let loader = state.loader, let makeTable, !state.absent.contains(localization),
              deferredNames.contains(localization)
        else { return nil }
        let loaded = loader(localization)
        state.diagnostics += loaded.diagnostics
        state.orders += loaded.orders
        state.strictRefusal = StrictRefusal.earlier(state.strictRefusal, loaded.strictRefusal)
        guard let tables = loaded.tables else {
            state.absent.insert(localization)
            return nil
        }
        let prepared = tables.mapValues { makeTable(localization, $0) }
        state.loaded[localization] = prepared
        return prepared
    }
}
