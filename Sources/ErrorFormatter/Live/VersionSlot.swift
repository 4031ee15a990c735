import CLive
import Synchronization

/// The version a live catalog serves, and how many references to it were lent, in one atomic
/// word: a reader takes a reference with one compare-and-swap and no lock, and a new version
/// replaces the old with one exchange, which also tells exactly how many references were lent.
///
/// Why one word. Loading a pointer and then retaining the object it names is two steps, and a
/// reload that releases the old version between them frees it under the reader. The usual cures
/// count readers in and out around the two steps (reader counters, epochs), which costs two more
/// atomic operations per call and defers every release to a later pass. Here the two steps are
/// one: the references are retained in advance, a bank of ``bank`` of them when a version is
/// published, and a reader takes one of them by incrementing the count in the word that names the
/// version (split reference counting). When a version is replaced, the exchange returns the last
/// count, so the references never lent are given back at once (`bank - count`), and the version
/// lives as long as the readers holding the lent ones: nothing waits, nothing is deferred.
///
/// The word: the version's address in the low 48 bits (user-space addresses on x86-64 and
/// AArch64 Linux fit in 47, and a Swift object is never at address 0), the count lent in the
/// high 16. Readers take references while the count is below ``readerLimit``; past it, the
/// reader that finds it so retains ``refill`` more and subtracts them from the count, keeping the
/// invariant below; the counts between ``readerLimit`` and the top are a reserve that lets
/// several readers refill at once. The count can reach the top only if thousands of readers stop
/// mid-refill at once; a reader finding it there yields its processor and tries again.
///
/// Invariant: while a version is current, the references the slot holds on it are `bank - count`
/// (each lent reference moved to a reader; a refill adds `refill` and subtracts as many from
/// the count).
final class VersionSlot: @unchecked Sendable {
    // @unchecked: the one stored property is an atomic.

    private static let countShift: UInt = 48
    private static let addressMask: UInt = (1 << countShift) - 1
    private static let unit: UInt = 1 << countShift
    /// The largest count the word holds.
    private static let countLimit: UInt = (1 << (UInt(UInt.bitWidth) - countShift)) - 1
    /// Readers take a reference while the count is below this; from it, they refill first.
    private static let readerLimit: UInt = 0xF000
    /// References retained for a version when it is published: one for each count the word can
    /// hold, so that the slot still holds one when every count is lent.
    private static let bank = UInt32(countLimit)
    /// References a refill adds (and subtracts from the count).
    private static let refill: UInt32 = 0x8000

    private let word = Atomic<UInt>(0)

    /// Whether `version` (a Swift object) can be held by a slot: its address fits in the word's
    /// address bits.
    static func canHold(_ version: AnyObject) -> Bool {
        UInt(bitPattern: Unmanaged.passUnretained(version).toOpaque()) & ~addressMask == 0
    }

    /// A slot serving `version` (which ``canHold(_:)`` must accept).
    init(_ version: AnyObject) {
        _ = publish(version)
    }

    deinit {
        giveBack(word.load(ordering: .acquiring))
    }

    /// A reference to the current version, which the caller releases (`Unmanaged.release()`, or
    /// `ef_catalog_free` in C): a load and one compare-and-swap. `nil` only if no version was
    /// ever published, which ``init(_:)`` rules out.
    @inline(__always)
    func take() -> Unmanaged<AnyObject>? {
        var word = self.word.load(ordering: .relaxed)
        while true {
            if word >> Self.countShift >= Self.readerLimit {
                if let taken = takeAndRefill() { return taken }
                word = self.word.load(ordering: .relaxed)
                continue
            }
            // Acquiring: the version's contents, written before its publication, are seen.
            let (exchanged, original) = self.word.compareExchange(
                expected: word, desired: word &+ Self.unit, successOrdering: .acquiring, failureOrdering: .relaxed)
            if exchanged { return Self.version(in: word) }
            word = original
        }
    }

    /// Serves `next` from now on; the version it replaces gets back the references no reader
    /// took, and lives on while readers hold the others. Publications must not run concurrently
    /// with each other (the live catalog's work lock orders them); readers may.
    ///
    /// - Returns: false, publishing nothing, when ``canHold(_:)`` refuses `next`.
    @discardableResult
    func publish(_ next: AnyObject) -> Bool {
        guard Self.canHold(next) else { return false }
        let address = Unmanaged.passUnretained(next).toOpaque()
        _ = swift_retain_n(address, Self.bank)
        // Releasing: readers that take `next` see it whole. Acquiring: the old version's count
        // is the final one, every reader that incremented it being before the exchange.
        let old = word.exchange(UInt(bitPattern: address), ordering: .acquiringAndReleasing)
        giveBack(old)
        return true
    }

    /// Returns the references of the version in `word` that no reader took.
    private func giveBack(_ word: UInt) {
        guard let version = UnsafeMutableRawPointer(bitPattern: word & Self.addressMask) else { return }
        let lent = UInt32(truncatingIfNeeded: word >> Self.countShift)
        if lent < Self.bank { swift_release_n(version, Self.bank - lent) }
    }

    /// The slow road of ``take()``, once the count reached ``readerLimit``: takes a reference
    /// from the reserve above it, which keeps the version alive while it is refilled, then
    /// retains ``refill`` more and subtracts as many from the count, unless the version was
    /// replaced or another reader refilled first (then they are given back). `nil` when the
    /// reserve is spent: the caller tries again.
    private func takeAndRefill() -> Unmanaged<AnyObject>? {
        var word = self.word.load(ordering: .relaxed)
        while true {
            guard word >> Self.countShift < Self.countLimit else {
                sched_yield()
                return nil
            }
            let (exchanged, original) = self.word.compareExchange(
                expected: word, desired: word &+ Self.unit, successOrdering: .acquiring, failureOrdering: .relaxed)
            if exchanged { break }
            word = original
        }
        let address = word & Self.addressMask
        guard let version = UnsafeMutableRawPointer(bitPattern: address) else { return nil }
        _ = swift_retain_n(version, Self.refill)
        var current = self.word.load(ordering: .relaxed)
        while true {
            guard current & Self.addressMask == address, current >> Self.countShift >= UInt(Self.refill) else {
                swift_release_n(version, Self.refill)
                break
            }
            let (exchanged, original) = self.word.compareExchange(
                expected: current, desired: current &- (UInt(Self.refill) << Self.countShift),
                successOrdering: .relaxed, failureOrdering: .relaxed)
            if exchanged { break }
            current = original
        }
        return Self.version(in: word)
    }

    @inline(__always)
    private static func version(in word: UInt) -> Unmanaged<AnyObject>? {
        guard let address = UnsafeRawPointer(bitPattern: word & addressMask) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(address)
    }
}
