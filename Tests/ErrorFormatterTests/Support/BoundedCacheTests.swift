import Synchronization
import Testing
@testable import ErrorFormatter

@Suite struct BoundedCacheTests {
    @Test func computesOnceThenServesFromCacheAndEmptiesWhenFull() {
        let cache = BoundedCache<String, Int>(capacity: 2)
        let computed = Mutex(0)
        let count: (String) -> Int = { key in
            computed.withLock { $0 += 1 }
            return key.count
        }
        #expect(cache.value(for: "a", compute: count) == 1)
        #expect(cache.value(for: "a", compute: count) == 1)
        #expect(computed.withLock { $0 } == 1)
        #expect(cache.value(for: "bb", compute: count) == 2)
        #expect(cache.value(for: "ccc", compute: count) == 3)  // full: emptied, then stored
        #expect(computed.withLock { $0 } == 3)
        #expect(cache.value(for: "ccc", compute: count) == 3)
        #expect(cache.value(for: "a", compute: count) == 1)    // evicted, recomputed
        #expect(computed.withLock { $0 } == 4)
    }
}
