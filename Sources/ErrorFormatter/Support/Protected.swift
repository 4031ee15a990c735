#if canImport(Glibc)
import Glibc
#endif

/// A value shared by all threads, read and written only under a lock.
///
/// Every cache of the library (chains, parsed formats, lookup stacks, plural formatters) sits in
/// one of these. It is a `pthread_mutex_t` rather than the standard library's `Mutex` because
/// ThreadSanitizer sees pthread locking but not the futex-based `Mutex`: with `Mutex`, a generic
/// cache makes TSan report races that are not there (reproduced in a 20-line program), which
/// would hide real ones from `make sanitize`.
///
/// The value lives behind a pointer rather than in a stored `var`: the mutex already makes every
/// access exclusive, and a class's `var` would add the runtime's own exclusivity check (a
/// thread-local access set) to every cache probe, which cost more than the lock.
package final class Protected<Value>: @unchecked Sendable {
    // @unchecked: `value` is only touched between pthread_mutex_lock and _unlock in withLock.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let value: UnsafeMutablePointer<Value>

    package init(_ value: Value) {
        self.value = UnsafeMutablePointer<Value>.allocate(capacity: 1)
        self.value.initialize(to: value)
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with exclusive access to the value. `body` must not call back into this lock.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}
