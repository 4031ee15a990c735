#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A catalog that follows its files: it serves the newest good version of a catalog directory
/// or compiled catalog file, and never a broken one, while any number of threads format with it.
///
/// ```swift
/// let live = try LiveCatalog.open(path: "/etc/app/strings", options: .init(checkIntervalMilliseconds: 1000))
/// let shown = try live.current.format(error, preferences: ["fr-CA"])  // the newest good version
/// ```
///
/// A change of the path is considered once it has been quiet for the debounce interval (no file
/// of the catalog changed in it): a directory rewritten file by file, even with pauses shorter
/// than the interval, is taken whole or not at all. It is opened off to the side, as
/// ``Catalog/open(path:developmentLocale:strict:loading:mapped:options:memoBudget:)`` opens it (strictly
/// when ``Options/strict``), and, with ``Options/requiresCleanLint``, linted; if it opens, holds
/// at least one entry (a directory being deleted or filled passes through empty catalogs) and
/// lint finds no error, it replaces the version served. Otherwise the version served stays, and
/// ``lastRefusal`` says why. A compiled file replaced by rename, a directory switched by a
/// symbolic link (as Kubernetes swaps a ConfigMap's `..data`), a path deleted (the version
/// served stays, the refusal says so) and a path that comes back are all followed.
///
/// How changes are noticed: a thread of the library looks at the path every
/// ``Options/checkIntervalMilliseconds`` with `stat` alone (no file is read until a change is
/// quiet), and sooner when inotify reports a change in the catalog's directories. A process that
/// forks keeps working: a fork waits for a check in progress, and the child, on its next use of
/// the live catalog, starts a thread of its own. With an interval of 0 there is no thread: the
/// caller calls ``reload()`` when it knows the files changed.
///
/// Readers never wait: ``current`` is one atomic operation on a word that names the version
/// served (``VersionSlot``); a reload builds the next version off to the side and publishes it
/// with one exchange. A version lives as long as someone holds it: catalogs taken from
/// ``current`` before a change, and everything made from them, stay valid after it.
public final class LiveCatalog: @unchecked Sendable {
    // @unchecked: `thread` is only touched under `threadLock`; the rest are constants (a closure
    // that only reads the object it is given) and atomics.

    /// How a live catalog opens its versions and watches its path.
    public struct Options: Sendable {
        /// As for ``Catalog/open(path:developmentLocale:strict:loading:mapped:options:memoBudget:)``:
        /// `nil` keeps a compiled file's own, or ``Catalog/defaultDevelopmentLocale``.
        public var developmentLocale: String?
        /// Each version is opened strictly: a broken table refuses the whole version.
        public var strict: Bool
        /// A compiled catalog file's sections are mapped instead of copied (the file must then be
        /// replaced by rename, never rewritten in place, as ``Catalog`` says).
        public var mapped: Bool
        /// A version is refused when lint finds an error in it (``CatalogLint``, the checks of
        /// `errfmt lint` on an opened catalog).
        public var requiresCleanLint: Bool
        /// What each version may keep to answer repeated calls (as for ``Catalog``).
        public var memoBudget: Int
        /// What each version does beyond serving its tables as they are (localized numbers,
        /// pseudo-locales), as ``Catalog/open(path:developmentLocale:strict:loading:mapped:options:memoBudget:)``
        /// takes them.
        public var catalogOptions: Catalog.Options
        /// How often the path is looked at, in milliseconds; 0: never by the library (no thread),
        /// only when ``reload()`` is called. At most `UInt32.max`.
        public var checkIntervalMilliseconds: Int
        /// How long the catalog's files must have been left alone before a change is opened, in
        /// milliseconds (at least 20, the kernel's change times being only that precise); `nil`
        /// means the check interval. At most `UInt32.max`.
        public var debounceMilliseconds: Int {
            get { explicitDebounce ?? checkIntervalMilliseconds }
            set { explicitDebounce = newValue }
        }
        private var explicitDebounce: Int?

        public init(
            developmentLocale: String? = nil, strict: Bool = false, mapped: Bool = false,
            requiresCleanLint: Bool = false, memoBudget: Int = Limits.defaultMemoBytes,
            catalogOptions: Catalog.Options = [],
            checkIntervalMilliseconds: Int = 1_000, debounceMilliseconds: Int? = nil
        ) {
            self.developmentLocale = developmentLocale
            self.strict = strict
            self.mapped = mapped
            self.requiresCleanLint = requiresCleanLint
            self.memoBudget = memoBudget
            self.catalogOptions = catalogOptions
            self.checkIntervalMilliseconds = checkIntervalMilliseconds
            self.explicitDebounce = debounceMilliseconds
        }
    }

    /// Why a state of the path was not served.
    public struct Refusal: Error, Sendable, CustomStringConvertible {
        /// The reason: `.notFound` (the path is gone), `.unreadable`, `.parse` (a broken table
        /// when strict, a broken compiled file, or a lint error), `.invalidLocale`; with the file,
        /// line and column at fault where known.
        public var error: CatalogError
        /// Every finding behind it: lint's, when lint refused it.
        public var diagnostics: [Diagnostic]
        /// When it was refused, in nanoseconds since 1970.
        public var nanosecondsSince1970: Int64
        /// The generation served when it was refused (and still served).
        public var servedGeneration: UInt64

        public var description: String { error.description }
    }

    /// What a check did, for ``open(path:options:onEvent:)``'s handler.
    public enum Event: Sendable {
        /// A version was accepted and is served from now on.
        case accepted(generation: UInt64, nanosecondsSince1970: Int64, diagnostics: [Diagnostic])
        /// A state of the path was refused; the version served stays.
        case refused(Refusal)
    }

    private let state: LiveCatalogState
    /// `state.slot`, read by every ``takeCurrent()`` without a retain and release of its own
    /// (two atomic operations, as many as the reference it takes): `state` keeps it.
    private let slot: Unmanaged<VersionSlot>
    /// The catalog of a version object (each is of the type ``open(path:options:onEvent:makingVersions:)`` made).
    private let catalogOf: (UnsafeRawPointer) -> Catalog
    private let threadLock = Protected<ReloadThread?>(nil)
    /// The process's fork guard when a thread follows the path (`nil` without one), read without
    /// a retain (it lives as long as the process).
    private let forkGuard: Unmanaged<ForkGuard>?
    /// ``ForkGuard/forks`` when the running thread started.
    private let forksSeen = Atomic<UInt>(0)

    /// Opens the newest version of `path` (a catalog directory or a compiled catalog file),
    /// which must be good, and starts following the path.
    ///
    /// - Parameters:
    ///   - onEvent: Called after each version accepted or refused after this one, on the thread
    ///     that checked (the library's, or the caller of ``reload()``), never under a lock.
    /// - Throws: why the first version is not good (as ``Catalog/open(path:developmentLocale:strict:loading:mapped:options:memoBudget:)``
    ///   throws; `.parse` for a lint error when ``Options/requiresCleanLint``; `.unreadable`
    ///   when the path keeps changing while read, or when the thread cannot start);
    ///   `.invalidArgument` for an interval or debounce out of range.
    public static func open(
        path: String, options: Options = Options(), onEvent: (@Sendable (Event) -> Void)? = nil
    ) throws(CatalogError) -> LiveCatalog {
        try open(path: path, options: options, onEvent: onEvent, makingVersions: { CatalogVersion($0) })
    }

    /// ``open(path:options:onEvent:)``, each version made into its object by `makeVersion`
    /// (the C layer's handles, which carry C strings): called once per version, on the thread
    /// that accepted it. ``takeCurrent()`` lends references to these objects.
    package static func open<Version: CatalogHolder>(
        path: String, options: Options, onEvent: (@Sendable (Event) -> Void)?,
        makingVersions makeVersion: @escaping @Sendable (Catalog) -> Version
    ) throws(CatalogError) -> LiveCatalog {
        let limit = Int(UInt32.max)
        guard (0...limit).contains(options.checkIntervalMilliseconds) else {
            throw CatalogError(kind: .invalidArgument,
                               message: "check interval \(options.checkIntervalMilliseconds) ms is out of 0 ... \(limit)")
        }
        guard (0...limit).contains(options.debounceMilliseconds) else {
            throw CatalogError(kind: .invalidArgument,
                               message: "debounce \(options.debounceMilliseconds) ms is out of 0 ... \(limit)")
        }
        let state = try LiveCatalogState(path: absolute(path), options: options, makeVersion: makeVersion,
                                         eventHandler: onEvent)
        let live = LiveCatalog(state: state, following: options.checkIntervalMilliseconds > 0,
                               catalogOf: { Unmanaged<Version>.fromOpaque($0).takeUnretainedValue().catalog })
        if live.forkGuard != nil {
            switch ReloadThread.start(for: state) {
            case .success(let thread):
                live.threadLock.withLock { $0 = thread }
                live.forksSeen.store(thread.forksAtStart, ordering: .releasing)
            case .failure(let error):
                throw error
            }
        }
        return live
    }

    /// `path` made absolute against the working directory now (a later `chdir` does not move
    /// what is followed), its symbolic links kept: a link swapped later is followed.
    private static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/"), let directory = getcwd(nil, 0) else { return path }
        defer { free(directory) }
        return FileSystem.join(String(cString: directory), path)
    }

    private init(state: LiveCatalogState, following: Bool, catalogOf: @escaping (UnsafeRawPointer) -> Catalog) {
        self.state = state
        slot = Unmanaged.passUnretained(state.slot)
        self.catalogOf = catalogOf
        forkGuard = following ? Unmanaged.passUnretained(ForkGuard.shared) : nil
    }

    deinit {
        threadLock.withLock { thread in
            thread?.stop()
            thread = nil
        }
    }

    /// The newest good version. Never waits: one atomic operation and a reference.
    public var current: Catalog {
        guard let version = takeCurrent() else { return Self.unreachable }
        defer { version.release() }
        return catalogOf(version.toOpaque())
    }

    /// A reference to the newest good version's object (of the type `makingVersions` made),
    /// which the caller releases (`ef_catalog_free` in C).
    @inline(__always)
    package func takeCurrent() -> Unmanaged<AnyObject>? {
        followIfForked()
        return slot._withUnsafeGuaranteedRef { $0.take() }
    }

    /// How many versions were served: 1 for the first, one more for each accepted since.
    public var generation: UInt64 {
        followIfForked()
        return state.generation.load(ordering: .acquiring)
    }

    /// Why the newest state of the path is not the version served; `nil` when it is (nothing
    /// refused since the version served was accepted, or the path came back to it).
    public var lastRefusal: Refusal? {
        followIfForked()
        return state.lastRefusal
    }

    /// In a process forked since the thread started, starts one here: whichever of the calls
    /// that read the live catalog comes first (a binding may ask the generation before it takes
    /// the version) notices it. One relaxed load and a comparison otherwise.
    @inline(__always)
    private func followIfForked() {
        if let forkGuard, forkGuard._withUnsafeGuaranteedRef({ $0.forks.load(ordering: .relaxed) })
            != forksSeen.load(ordering: .relaxed) {
            followInThisProcess()
        }
    }

    /// Looks at the path now and serves what is there if it is a good version, without waiting
    /// for it to be quiet: call it when you know a change is complete (after a deployment's last
    /// step, on SIGHUP). Waits for a check in progress on the library's thread, if any; readers
    /// of ``current`` never wait for it.
    ///
    /// - Throws: the refusal, when what is there is not a good version (the version served stays).
    public func reload() throws(Refusal) {
        state.workLock.lock()
        let outcome = state.reload()
        state.workLock.unlock()
        switch outcome {
        case .success(let event):
            if let event { state.deliver(event) }
        case .failure(let refusal):
            state.deliver(.refused(refusal))
            throw refusal
        }
    }

    /// In a child process, whose copy of the reload thread does not run: starts one here. If
    /// none can start, the version inherited is served as it is, and the handler told why.
    private func followInThisProcess() {
        let failure: CatalogError? = threadLock.withLock { thread in
            guard let forkGuard else { return nil }
            let forks = forkGuard.takeUnretainedValue().forks.load(ordering: .acquiring)
            guard forks != forksSeen.load(ordering: .relaxed) else { return nil }
            thread?.stop()
            thread = nil
            forksSeen.store(forks, ordering: .releasing)
            switch ReloadThread.start(for: state) {
            case .success(let started):
                thread = started
                return nil
            case .failure(let error):
                return error
            }
        }
        if let failure {
            state.deliver(.refused(Refusal(error: failure, diagnostics: [],
                                           nanosecondsSince1970: LiveClock.wallNanoseconds(),
                                           servedGeneration: generation)))
        }
    }

    /// What ``current`` returns if the slot were ever empty, which ``LiveCatalogState`` rules out.
    private static let unreachable = Catalog(tables: [:], developmentLocale: Catalog.defaultDevelopmentLocale,
                                             diagnostics: [])
}
