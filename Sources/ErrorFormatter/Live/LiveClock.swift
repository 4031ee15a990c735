#if canImport(Glibc)
import Glibc
#endif

/// The two clocks a live catalog reads, in nanoseconds: the wall clock, which file change times
/// (ctime) are written in and events are stamped with, and the monotonic clock, which schedules
/// the checks and which no clock adjustment moves.
enum LiveClock {
    /// Nanoseconds since 1970 (`CLOCK_REALTIME`).
    static func wallNanoseconds() -> Int64 {
        nanoseconds(CLOCK_REALTIME)
    }

    /// Nanoseconds since an arbitrary start (`CLOCK_MONOTONIC`).
    static func monotonicNanoseconds() -> Int64 {
        nanoseconds(CLOCK_MONOTONIC)
    }

    /// A `timespec` as nanoseconds, saturating: the seconds a file system reports are not
    /// trusted to fit (a network file system, a corrupted image).
    static func nanoseconds(_ time: timespec) -> Int64 {
        let seconds = Int64(clamping: time.tv_sec)
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? Int64.min : Int64.max }
        let (sum, overflowed) = scaled.addingReportingOverflow(Int64(clamping: time.tv_nsec))
        return overflowed ? Int64.max : sum
    }

    /// Sleeps for `nanoseconds` (nothing when not positive), resuming after a signal.
    static func sleep(nanoseconds: Int64) {
        guard nanoseconds > 0 else { return }
        var request = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }

    private static func nanoseconds(_ clock: clockid_t) -> Int64 {
        var time = timespec()
        clock_gettime(clock, &time)
        return nanoseconds(time)
    }
}
