import Synchronization

/// The number symbols of one locale, found the first time they are asked for and kept: what a
/// catalog's table holds so that rendering its texts with localized numbers takes no lock and
/// looks nothing up (``NumberSymbols/forLocale(_:)`` does both).
final class NumberSymbolsSlot: Sendable {
    private let locale: String
    /// A retained ``NumberSymbols``' bits, 0 until found; published with a compare-and-swap.
    private let slot = Atomic<UInt>(0)

    init(locale: String) {
        self.locale = locale
    }

    deinit {
        if let kept = UnsafeRawPointer(bitPattern: slot.load(ordering: .acquiring)) {
            Unmanaged<NumberSymbols>.fromOpaque(kept).release()
        }
    }

    /// The symbols, or `nil` when ICU has none for the locale (then the numbers are written in
    /// the C locale). Two threads may both find them first: one is kept, both are the same.
    var symbols: NumberSymbols? {
        if let kept = UnsafeRawPointer(bitPattern: slot.load(ordering: .acquiring)) {
            return Unmanaged<NumberSymbols>.fromOpaque(kept).takeUnretainedValue()
        }
        guard let found = NumberSymbols.forLocale(locale) else { return nil }
        let retained = Unmanaged.passRetained(found)
        let (exchanged, _) = slot.compareExchange(
            expected: 0, desired: UInt(bitPattern: retained.toOpaque()), successOrdering: .acquiringAndReleasing,
            failureOrdering: .acquiring)
        if !exchanged { retained.release() }
        return found
    }
}
