
/// A dictionary shared by all threads, for results that are pure functions of their key
/// (chains, table keys) and costly enough to keep.
///
/// Bounded: keys come from users and files, so an attacker could otherwise grow it without limit.
/// It counts entries, so each user bounds the size of what it stores (its keys' length, its
/// values'), and the cache is bounded in bytes: see each `BoundedCache(capacity:)` for its bound.
/// When full it is simply emptied: entries are cheap to recompute and real programs use a handful
/// of locale IDs, so a smarter eviction policy would buy nothing.
final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let capacity: Int
    private let storage = Protected<[Key: Value]>([:])

    init(capacity: Int) { self.capacity = capacity }

    /// The cached value, or `compute(key)` stored for next time. `compute` runs outside the lock,
    /// so two threads may both compute a missing value; both results are equal.
    func value(for key: Key, compute: (Key) -> Value) -> Value {
        if let cached = storage.withLock({ $0[key] }) { return cached }
        let computed = compute(key)
        storage.withLock { table in
            if table.count >= capacity { table.removeAll(keepingCapacity: true) }
            table[key] = computed
        }
        return computed
    }
}
