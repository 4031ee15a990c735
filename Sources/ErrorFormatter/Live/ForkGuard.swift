#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// What keeps live catalogs' reload threads from breaking a process that forks.
///
/// A child process has only the thread that called `fork`: a reload thread caught in the middle
/// of a check would leave the child with locks that nobody will ever release (the live
/// catalog's, ICU's, the Swift runtime's), and the child's next call needing one would hang.
/// So a fork waits for every check in progress to end (its `prepare` handler takes each running
/// reload thread's ``WorkLock``, under which a thread does all its work) and gives the locks
/// back on both sides. In the child, ``forks`` grows by one: each live catalog compares it with
/// the count its thread was started under, and on its next call starts a thread of its own (a
/// pre-forked worker keeps serving the version it inherited, and follows changes from then on).
///
/// A fork may therefore wait for one check in progress (one catalog open); it never interrupts
/// one. The handlers are registered once per process, when the first reload thread starts.
final class ForkGuard: @unchecked Sendable {
    // @unchecked: `locks` is only touched under `mutex`, and `mutex` only through pthread calls.

    static let shared = ForkGuard()

    /// How many forks this process descends from since the handlers were registered.
    let forks = Atomic<UInt>(0)

    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// The work lock of each running reload thread.
    private var locks: [ObjectIdentifier: WorkLock] = [:]

    private init() {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        pthread_atfork({ ForkGuard.shared.prepare() }, { ForkGuard.shared.resume() },
                       { ForkGuard.shared.resumeInChild() })
    }

    /// A reload thread working under `lock` is starting: forks wait for its checks from now on.
    func register(_ lock: WorkLock) {
        pthread_mutex_lock(mutex)
        locks[ObjectIdentifier(lock)] = lock
        pthread_mutex_unlock(mutex)
    }

    /// The thread working under `lock` has stopped (or is not in this process).
    func unregister(_ lock: WorkLock) {
        pthread_mutex_lock(mutex)
        locks[ObjectIdentifier(lock)] = nil
        pthread_mutex_unlock(mutex)
    }

    private func prepare() {
        pthread_mutex_lock(mutex)
        for lock in locks.values { lock.lock() }
    }

    private func resume() {
        for lock in locks.values { lock.unlock() }
        pthread_mutex_unlock(mutex)
    }

    /// In the child: its reload threads are gone; the live catalogs notice ``forks`` changed.
    private func resumeInChild() {
        forks.add(1, ordering: .releasing)
        resume()
    }
}
