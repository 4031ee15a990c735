import Synchronization

/// Chains already computed, keyed by normalized ID, shared by all threads.
///
/// Bounded: IDs come from users and files, so an attacker could otherwise grow it without limit.
/// When full it is simply emptied: chains are cheap to recompute and real programs use a handful
/// of IDs, so a smarter eviction policy would buy nothing.
final class ChainCache: Sendable {
    static let shared = ChainCache(capacity: 4096)

    private let capacity: Int
    private let chains = Mutex<[String: [LocaleChainEntry]]>([:])

    init(capacity: Int) { self.capacity = capacity }

    func value(for id: String) -> [LocaleChainEntry]? {
        chains.withLock { $0[id] }
    }

    func store(_ chain: [LocaleChainEntry], for id: String) {
        chains.withLock { table in
            if table.count >= capacity { table.removeAll(keepingCapacity: true) }
            table[id] = chain
        }
    }
}
