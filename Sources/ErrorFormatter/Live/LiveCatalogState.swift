import Synchronization

/// What a live catalog shares with its reload thread: the version served (``VersionSlot``), the
/// generation, the last refusal, and the checks that decide whether a change of the path is a
/// good version.
///
/// A good version is one that has been quiet for the debounce interval (no change time among
/// the catalog's files newer than that), opens (strictly, when the live catalog is strict), is
/// not empty (some table holds an entry: a directory being deleted or filled passes through
/// empty catalogs) and, when asked, passes lint without an error; it is published in place of
/// the version served.
/// Anything else is refused, with the reason kept, and the version served stays. A state of the
/// path that was refused is not opened again until the path changes (or a caller asks for a
/// reload). Each candidate is opened off to the side, whole (a compiled file's sections all read
/// at once), and taken only if the path did not change while it was read.
///
/// Everything but ``current``, ``generation``, ``lastRefusal`` and ``deliver(_:)`` runs under
/// ``workLock``: one check at a time.
final class LiveCatalogState: @unchecked Sendable {
    // @unchecked: the `var`s are only touched under `workLock`; the rest are constants, atomics
    // and a lock-guarded value.

    /// How old the newest change must be before a fingerprint is trusted to show the next one:
    /// change times are stamped from the kernel's coarse clock, so two writes within one of its
    /// ticks (a few milliseconds) can carry the same time, and a file rewritten within the tick
    /// of a look, keeping its size, could look unchanged.
    static let coarseClockMargin: Int64 = 20_000_000
    /// How far in the future a change time may be before the clock is distrusted (set back, or
    /// a file server's clock ahead): quiet is then timed by this process's monotonic clock.
    static let clockSkewAllowance: Int64 = 1_000_000_000
    /// How many times a caller's reload looks again when the path changes while it is read.
    static let readAttempts = 3

    let path: String
    let options: LiveCatalog.Options
    let slot: VersionSlot
    let workLock = WorkLock()
    let generation = Atomic<UInt64>(1)
    private let refusal = Protected<LiveCatalog.Refusal?>(nil)
    /// Makes each version's object (a ``CatalogHolder``).
    private let makeVersion: @Sendable (Catalog) -> AnyObject
    private let eventHandler: (@Sendable (LiveCatalog.Event) -> Void)?

    /// The state of the path the served version was read from.
    private var served: CatalogFingerprint
    /// The last state refused, not tried again by the thread until the path changes.
    private var refused: CatalogFingerprint?
    /// A change not quiet yet whose change times cannot be trusted (in the future), and when it
    /// was first seen (monotonic): it is then quiet once unchanged for the debounce interval.
    private var unsettled: (fingerprint: CatalogFingerprint, since: Int64)?

    /// Opens the path's first version, which must be good.
    init(
        path: String, options: LiveCatalog.Options, makeVersion: @escaping @Sendable (Catalog) -> AnyObject,
        eventHandler: (@Sendable (LiveCatalog.Event) -> Void)?
    ) throws(CatalogError) {
        self.path = path
        self.options = options
        self.makeVersion = makeVersion
        self.eventHandler = eventHandler
        let (first, fingerprint) = try Self.openFirstVersion(path: path, options: options, makeVersion: makeVersion)
        slot = VersionSlot(first)
        served = fingerprint
    }

    /// The path's version now, which must be good, and the state it was read from.
    private static func openFirstVersion(
        path: String, options: LiveCatalog.Options, makeVersion: @Sendable (Catalog) -> AnyObject
    ) throws(CatalogError) -> (AnyObject, CatalogFingerprint) {
        for _ in 0..<readAttempts {
            let fingerprint = settledFingerprint(of: path)
            switch evaluate(path: path, options: options, fingerprint) {
            case .good(let catalog, _):
                let version = makeVersion(catalog)
                guard VersionSlot.canHold(version) else { throw unplaceable }
                return (version, fingerprint)
            case .refused(let error, _):
                throw error
            case .changedWhileRead:
                continue
            }
        }
        throw changedWhileRead(path)
    }

    // MARK: Read by any thread

    /// The last refusal, if the version served is not the newest state of the path.
    var lastRefusal: LiveCatalog.Refusal? { refusal.withLock { $0 } }

    /// Hands `event` to the handler given at open, if any (outside the work lock: the handler may
    /// call back into the live catalog).
    func deliver(_ event: LiveCatalog.Event) {
        eventHandler?(event)
    }

    // MARK: Checks (under workLock)

    /// The reload thread's check: looks at the path and, if it changed and is quiet, opens it.
    ///
    /// - Returns: how long to wait before the next check (milliseconds), and what happened, if
    ///   anything, to hand to ``deliver(_:)`` once the lock is given back.
    func check(_ notifier: ChangeNotifier) -> (delay: Int64, event: LiveCatalog.Event?) {
        let interval = Int64(options.checkIntervalMilliseconds)
        let fingerprint = CatalogFingerprint.take(of: path)
        notifier.watch(fingerprint.directories)
        if fingerprint.isSame(as: served) {
            unsettled = nil
            return (interval, clearRefusal())
        }
        if let refused, fingerprint.isSame(as: refused) {
            unsettled = nil
            return (interval, nil)
        }
        let wait = remainingQuiet(fingerprint)
        if wait > 0 { return (max(1, (wait + 999_999) / 1_000_000), nil) }
        unsettled = nil
        switch Self.evaluate(path: path, options: options, fingerprint) {
        case .good(let catalog, let diagnostics):
            return (interval, publish(catalog, diagnostics: diagnostics, read: fingerprint))
        case .refused(let error, let diagnostics):
            return (interval, refuse(error, diagnostics: diagnostics, read: fingerprint))
        case .changedWhileRead:
            // Still being written: quiet again in a debounce interval at the soonest.
            return (max(1, Int64(options.debounceMilliseconds)), nil)
        }
    }

    /// A caller's reload: the path as it is now, quiet or not (the caller says the change is
    /// complete), looked at again if it changes while being read.
    ///
    /// - Returns: the event (an accepted version, or nil when the version served is the newest).
    /// - Throws: the refusal, when the path's state is not a good version.
    func reload() -> Result<LiveCatalog.Event?, LiveCatalog.Refusal> {
        for _ in 0..<Self.readAttempts {
            let fingerprint = Self.settledFingerprint(of: path)
            if fingerprint.isSame(as: served) {
                _ = clearRefusal()
                return .success(nil)
            }
            switch Self.evaluate(path: path, options: options, fingerprint) {
            case .good(let catalog, let diagnostics):
                unsettled = nil
                return .success(publish(catalog, diagnostics: diagnostics, read: fingerprint))
            case .refused(let error, let diagnostics):
                return .failure(record(error, diagnostics: diagnostics, read: fingerprint))
            case .changedWhileRead:
                continue
            }
        }
        return .failure(record(Self.changedWhileRead(path), diagnostics: [], read: nil))
    }

    /// Nanoseconds until `fingerprint` has been quiet for the debounce interval (0: it is).
    private func remainingQuiet(_ fingerprint: CatalogFingerprint) -> Int64 {
        let debounce = Int64(options.debounceMilliseconds) * 1_000_000
        let now = LiveClock.wallNanoseconds()
        guard fingerprint.newestChange > now + Self.clockSkewAllowance else {
            unsettled = nil
            let (quietAt, overflow) = fingerprint.newestChange.addingReportingOverflow(
                max(debounce, Self.coarseClockMargin))
            return overflow ? 0 : max(0, quietAt - now)
        }
        let monotonic = LiveClock.monotonicNanoseconds()
        guard let unsettled, unsettled.fingerprint.isSame(as: fingerprint) else {
            unsettled = (fingerprint, monotonic)
            return max(debounce, 1)
        }
        return max(0, unsettled.since + debounce - monotonic)
    }

    private func publish(_ catalog: Catalog, diagnostics: [Diagnostic], read fingerprint: CatalogFingerprint)
        -> LiveCatalog.Event?
    {
        let version = makeVersion(catalog)
        // The refusal goes before the version is published: a reader that sees the new version
        // must not see the refusal it replaces. (The generation grows after: a reader that sees
        // the new generation must find the new version.)
        refusal.withLock { $0 = nil }
        guard slot.publish(version) else {
            return refuse(Self.unplaceable, diagnostics: diagnostics, read: fingerprint)
        }
        served = fingerprint
        refused = nil
        let number = generation.add(1, ordering: .releasing).newValue
        return .accepted(generation: number, nanosecondsSince1970: LiveClock.wallNanoseconds(), diagnostics: diagnostics)
    }

    private func refuse(_ error: CatalogError, diagnostics: [Diagnostic], read fingerprint: CatalogFingerprint)
        -> LiveCatalog.Event
    {
        .refused(record(error, diagnostics: diagnostics, read: fingerprint))
    }

    /// Keeps a refusal as the last one; `fingerprint` (the state refused) is not tried again by
    /// the thread until the path changes.
    private func record(_ error: CatalogError, diagnostics: [Diagnostic], read fingerprint: CatalogFingerprint?)
        -> LiveCatalog.Refusal
    {
        let made = LiveCatalog.Refusal(error: error, diagnostics: diagnostics,
                                       nanosecondsSince1970: LiveClock.wallNanoseconds(),
                                       servedGeneration: generation.load(ordering: .relaxed))
        if let fingerprint { refused = fingerprint }
        refusal.withLock { $0 = made }
        return made
    }

    /// The path is back in the state served: nothing is refused any more.
    private func clearRefusal() -> LiveCatalog.Event? {
        refused = nil
        refusal.withLock { $0 = nil }
        return nil
    }

    // MARK: Judging a state of the path

    enum Evaluation {
        /// A good version, and the diagnostics of its load.
        case good(Catalog, [Diagnostic])
        /// Not a good version: why, and the findings behind it.
        case refused(CatalogError, [Diagnostic])
        /// The path changed while the candidate was read: not a version at all.
        case changedWhileRead
    }

    /// Opens what `fingerprint` describes, off to the side, and judges it.
    static func evaluate(path: String, options: LiveCatalog.Options, _ fingerprint: CatalogFingerprint) -> Evaluation {
        guard fingerprint.exists else {
            return .refused(CatalogError(kind: .notFound, message: "no such catalog: \(path)"), [])
        }
        let candidate: Catalog
        do {
            candidate = try Catalog.open(path: path, developmentLocale: options.developmentLocale,
                                         strict: options.strict, loading: .atOpen, mapped: options.mapped,
                                         options: options.catalogOptions, memoBudget: options.memoBudget)
        } catch {
            return CatalogFingerprint.take(of: path).isSame(as: fingerprint) ? .refused(error, []) : .changedWhileRead
        }
        // Listing the diagnostics reads whatever the open left for first use (a compiled file's
        // sections): the version is whole before anything can change it.
        let diagnostics = candidate.diagnostics
        guard CatalogFingerprint.take(of: path).isSame(as: fingerprint) else { return .changedWhileRead }
        // A directory on its way out, or not filled yet, opens as a catalog without a single
        // entry: never served in place of one that has them.
        guard candidate.holdsAnEntry else {
            return .refused(CatalogError(kind: .parse, message: "the catalog is empty: no table holds an entry: \(path)"),
                            diagnostics)
        }
        if options.requiresCleanLint {
            let findings = CatalogLint.check(candidate)
            let errors = findings.filter { $0.severity == .error }
            if let first = errors.first {
                let count = errors.count == 1 ? "1 error" : "\(errors.count) errors"
                return .refused(CatalogError(kind: .parse, message: "lint found \(count), the first: \(first.message)",
                                             file: first.file, line: first.line, column: first.column), findings)
            }
        }
        return .good(candidate, diagnostics)
    }

    /// The path's fingerprint once its newest change is older than the kernel clock's tick (a
    /// wait of at most ``coarseClockMargin``), so that any later write shows in the next one.
    static func settledFingerprint(of path: String) -> CatalogFingerprint {
        let fingerprint = CatalogFingerprint.take(of: path)
        let age = LiveClock.wallNanoseconds() - fingerprint.newestChange
        guard fingerprint.exists, age >= 0, age < coarseClockMargin else { return fingerprint }
        LiveClock.sleep(nanoseconds: coarseClockMargin - age)
        return CatalogFingerprint.take(of: path)
    }

    /// A version this process cannot place in the slot's word (an address above 48 bits, which
    /// Linux does not give a process on x86-64 or AArch64 unless it asks).
    static let unplaceable = CatalogError(kind: .unreadable, message: "a version's address does not fit a live catalog")

    static func changedWhileRead(_ path: String) -> CatalogError {
        CatalogError(kind: .unreadable, message: "the catalog kept changing while it was read: \(path)")
    }
}

extension Catalog {
    /// Whether some table holds an entry (a string or a variable format). Reads every
    /// localization not read yet.
    fileprivate var holdsAnEntry: Bool {
        tables.values.contains { named in
            named.values.contains { $0.table.entryCount > 0 || !$0.table.variables.isEmpty }
        }
    }
}
