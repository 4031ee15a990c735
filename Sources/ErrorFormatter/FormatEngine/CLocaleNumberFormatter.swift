#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Formats one number with the C library's printf, in the C locale, from a format string built
/// by ErrorFormatter (never a translator's): digit generation for `%f %e %g %a` is exactly C's,
/// without reimplementing correctly rounded decimal conversion.
///
/// Safety: the format passed here is assembled from parsed and bounded parts (flags from a
/// fixed set, width and precision at most 1024, one conversion with one argument of the matching
/// C type), and the output buffer is large enough for any such result; a result that would not
/// fit is reported as `nil`, never truncated silently.
enum CLocaleNumberFormatter {
    /// Enough for a width or precision of 1024 plus the 309 integer digits of `DBL_MAX`.
    private static let capacity = 4_096

    /// A `locale_t` for the C locale, made once. POSIX locale objects are immutable after
    /// `newlocale`, so any thread may install this one with `uselocale`.
    private final class CLocale: @unchecked Sendable {
        let handle: locale_t?
        init() { handle = newlocale(1 << LC_NUMERIC, "C", nil) }
    }

    private static let cLocale = CLocale()

    /// `snprintf(format, value)` under the C locale for this thread only (`uselocale` is
    /// per-thread, so a host program's `setlocale` is neither seen nor disturbed); `nil` when
    /// the C library fails or the result does not fit.
    static func format(_ format: String, _ value: any CVarArg) -> String? {
        guard let locale = cLocale.handle else { return nil }
        let previous = uselocale(locale)
        defer { _ = uselocale(previous) }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer -> String? in
            guard let base = buffer.baseAddress else { return nil }
            let written = withVaList([value]) { vsnprintf(base, capacity, format, $0) }
            guard written >= 0, Int(written) < capacity else { return nil }
            return UnsafeRawBufferPointer(start: base, count: Int(written)).withMemoryRebound(to: UInt8.self) {
                String(decoding: $0, as: UTF8.self)
            }
        }
    }
}
