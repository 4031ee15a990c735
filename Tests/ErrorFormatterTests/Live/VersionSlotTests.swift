#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Testing
@testable import ErrorFormatter

/// The slot's bookkeeping, counted exactly: while a version is served the slot holds its bank;
/// once replaced, the version is held by exactly the references readers took, and dies with the
/// last of them. `make sanitize` runs the threaded case under ThreadSanitizer.
@Suite struct VersionSlotTests {
    final class Deaths: Sendable {
        let count = Atomic<Int>(0)
    }

    /// A version that counts its deaths.
    final class Probe: Sendable {
        let deaths: Deaths
        init(_ deaths: Deaths) { self.deaths = deaths }
        deinit { deaths.count.add(1, ordering: .relaxed) }
    }

    @Test func aReplacedVersionIsHeldByTheReferencesTakenAndNothingElse() {
        let deaths = Deaths()
        var first: Probe? = Probe(deaths)
        weak var watched = first
        let slot = VersionSlot(first!)
        let taken = (0..<3).compactMap { _ in slot.take() }
        #expect(taken.count == 3)
        #expect(taken.allSatisfy { $0.toOpaque() == Unmanaged.passUnretained(first!).toOpaque() })
        first = nil
        #expect(watched != nil)
        slot.publish(Probe(deaths))
        // Held by the three references taken, and by nothing else once they are released.
        for reference in taken.dropLast() { reference.release() }
        #expect(watched != nil)
        taken.last?.release()
        #expect(watched == nil)
        #expect(deaths.count.load(ordering: .relaxed) == 1)
    }

    @Test func takingPastTheReaderLimitRefillsAndKeepsTheCountExact() {
        let deaths = Deaths()
        let slot = VersionSlot(Probe(deaths))
        // More than the readers' limit (0xF000) and more than the count's 16 bits: the slot
        // refills twice on the way.
        let count = 0x1_2000
        var taken: [Unmanaged<AnyObject>] = []
        taken.reserveCapacity(count)
        for _ in 0..<count {
            guard let reference = slot.take() else { break }
            taken.append(reference)
        }
        #expect(taken.count == count)
        slot.publish(Probe(deaths))
        #expect(deaths.count.load(ordering: .relaxed) == 0)
        for reference in taken.dropLast() { reference.release() }
        #expect(deaths.count.load(ordering: .relaxed) == 0)
        taken.last?.release()
        #expect(deaths.count.load(ordering: .relaxed) == 1)
    }

    @Test func theSlotGivesItsVersionBackWhenItEnds() {
        let deaths = Deaths()
        var slot: VersionSlot? = VersionSlot(Probe(deaths))
        let kept = slot?.take()
        slot?.publish(Probe(deaths))
        slot = nil
        #expect(deaths.count.load(ordering: .relaxed) == 1)
        kept?.release()
        #expect(deaths.count.load(ordering: .relaxed) == 2)
    }

    /// Readers on four threads take and release while versions are replaced 2,000 times: no
    /// reader ever gets a version older than one it saw (marks only grow), and every version dies
    /// exactly once. Threads of their own, not tasks: readers spinning in tasks would hold every
    /// thread of the cooperative pool and starve the task replacing versions.
    @Test func readersOnManyThreadsAndReplacementsBalanceExactly() throws {
        final class Marked: Sendable {
            let mark: Int
            let deaths: Deaths
            init(_ mark: Int, _ deaths: Deaths) {
                self.mark = mark
                self.deaths = deaths
            }
            deinit { deaths.count.add(1, ordering: .relaxed) }
        }
        final class Shared: @unchecked Sendable {
            let deaths = Deaths()
            let done = Atomic<Bool>(false)
            let bad = Atomic<Int>(0)
            let slot: VersionSlot
            init() { slot = VersionSlot(Marked(0, deaths)) }

            func read() {
                var newest = 0
                while !done.load(ordering: .acquiring) {
                    guard let reference = slot.take() else {
                        bad.add(1, ordering: .relaxed)
                        continue
                    }
                    let mark = (reference.takeUnretainedValue() as? Marked)?.mark ?? -1
                    if mark < newest { bad.add(1, ordering: .relaxed) }
                    newest = max(newest, mark)
                    reference.release()
                }
            }
        }
        let shared = Shared()
        let replacements = 2_000
        var threads: [pthread_t] = []
        for _ in 0..<4 {
            var thread = pthread_t()
            let context = Unmanaged.passRetained(shared).toOpaque()
            let created = pthread_create(&thread, nil, { raw in
                guard let raw else { return nil }
                Unmanaged<Shared>.fromOpaque(raw).takeRetainedValue().read()
                return nil
            }, context)
            try #require(created == 0)
            threads.append(thread)
        }
        for mark in 1...replacements { shared.slot.publish(Marked(mark, shared.deaths)) }
        shared.done.store(true, ordering: .releasing)
        for thread in threads { pthread_join(thread, nil) }
        #expect(shared.bad.load(ordering: .relaxed) == 0)
        #expect(shared.deaths.count.load(ordering: .relaxed) == replacements)
    }
}
