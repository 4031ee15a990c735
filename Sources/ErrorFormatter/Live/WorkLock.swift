#if canImport(Glibc)
import Glibc
#endif

/// The lock a live catalog's checks run under (one check at a time, the reload thread's or a
/// caller's), which a fork also takes (``ForkGuard``): a process forks between two checks, never
/// in the middle of one, so the child never inherits a lock, or ICU's or the allocator's,
/// held by a thread it does not have.
///
/// A pthread mutex, as every lock of the library (decision 0023: ThreadSanitizer sees it), with
/// `lock` and `unlock` apart because the fork handlers take it in one function and give it back
/// in another.
final class WorkLock: @unchecked Sendable {
    // @unchecked: the mutex is only used through pthread calls.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }

    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
