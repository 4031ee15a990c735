#if canImport(Glibc)
import Glibc
#endif
import CLive
import Synchronization

/// The thread that checks a live catalog's path every interval (and sooner when inotify says
/// something changed), and accepts or refuses what changed.
///
/// It does all its work under the catalog's ``WorkLock`` and, between two checks, only waits
/// (``ChangeNotifier``): so a fork never catches it mid-check (``ForkGuard``). It blocks every
/// signal, so signals meant for the program go to the program's threads, and names itself
/// `ef-live-catalog`.
final class ReloadThread: @unchecked Sendable {
    // @unchecked: `thread` is written once, before anything reads it; the rest are constants
    // and atomics.

    /// Enough for every check: every function of the library works on 128 KiB
    /// (`EF_MINIMUM_STACK_BYTES`).
    private static let stackBytes = 512 * 1024

    let notifier = ChangeNotifier()
    private let stopping = Atomic<Bool>(false)
    private let state: LiveCatalogState
    private var thread = pthread_t()
    /// ``ForkGuard/forks`` when it started: another count means this process is a child of the
    /// one the thread runs in.
    let forksAtStart: UInt

    private init(state: LiveCatalogState, forksAtStart: UInt) {
        self.state = state
        self.forksAtStart = forksAtStart
    }

    /// Starts a thread checking `state`'s path.
    ///
    /// - Returns: the thread, or the system's reason it could not start one.
    static func start(for state: LiveCatalogState) -> Result<ReloadThread, CatalogError> {
        let forkGuard = ForkGuard.shared
        let reloader = ReloadThread(state: state, forksAtStart: forkGuard.forks.load(ordering: .acquiring))
        forkGuard.register(state.workLock)
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackBytes)
        // The new thread inherits the signal mask: every signal blocked while it is created.
        var all = sigset_t()
        var previous = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_SETMASK, &all, &previous)
        let context = Unmanaged.passRetained(reloader).toOpaque()
        let code = pthread_create(&reloader.thread, &attributes, { context in
            guard let context else { return nil }
            let reloader = Unmanaged<ReloadThread>.fromOpaque(context).takeRetainedValue()
            pthread_setname_np(pthread_self(), "ef-live-catalog")
            reloader.run()
            return nil
        }, context)
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        guard code == 0 else {
            Unmanaged<ReloadThread>.fromOpaque(context).release()
            forkGuard.unregister(state.workLock)
            reloader.notifier.close()
            return .failure(CatalogError(kind: .unreadable, message: "cannot start the reload thread: "
                                             + String(cString: strerror(code))))
        }
        return .success(reloader)
    }

    /// Stops the thread and waits for its check in progress, if any; then closes its
    /// descriptors. In a child of the process it runs in, the thread is not there: only the
    /// descriptors (copies) are closed.
    func stop() {
        if ForkGuard.shared.forks.load(ordering: .acquiring) == forksAtStart {
            stopping.store(true, ordering: .releasing)
            notifier.wake()
            // The last reference may be dropped by code the thread itself runs (a Swift event
            // handler): it then ends after this check, on its own.
            if pthread_equal(thread, pthread_self()) != 0 {
                pthread_detach(thread)
            } else {
                pthread_join(thread, nil)
            }
            ForkGuard.shared.unregister(state.workLock)
        }
        notifier.close()
    }

    private func run() {
        while !stopping.load(ordering: .acquiring) {
            state.workLock.lock()
            let (delay, event) = state.check(notifier)
            state.workLock.unlock()
            if let event { state.deliver(event) }
            if stopping.load(ordering: .acquiring) { break }
            _ = notifier.wait(milliseconds: delay)
        }
    }
}
