#if canImport(Glibc)
import Glibc
#endif
import CLive

/// How the reload thread waits between two checks: until its timeout, until the catalog's
/// directories change (inotify, where the kernel has it: a check can then start as soon as the
/// change is quiet, not at the next interval), or until it is told to stop.
///
/// inotify is an early wake-up, never the only way a change is seen: the thread still looks
/// (``CatalogFingerprint``, a bounded walk of `stat` calls) every interval, which also covers
/// what inotify misses (network file systems, changes made by another host, a kernel out of
/// watches or instances). Where `inotify_init1` or `eventfd` fail, the thread just sleeps
/// between checks, in steps short enough to notice a stop soon.
///
/// Owned and used by the reload thread alone, except ``wake()`` (any thread) and the
/// descriptors, closed by ``close()`` once the thread has stopped.
final class ChangeNotifier: @unchecked Sendable {
    // @unchecked: `watches` is only touched by the reload thread; the descriptors are constants.

    /// How long a wait lasts at most without an eventfd to be woken by (a stop then waits this long).
    private static let sleepStepMilliseconds: Int64 = 100
    private static let watchedEvents = UInt32(
        IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE | IN_DELETE
            | IN_DELETE_SELF | IN_MOVE_SELF)

    private let inotify: Int32
    private let wakeup: Int32
    /// The watch of each directory, by path.
    private var watches: [String: Int32] = [:]

    init() {
        inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        wakeup = eflive_eventfd()
    }

    /// Whether changes wake the thread (inotify), or only the interval does.
    var watchesChanges: Bool { inotify >= 0 }

    /// Watches exactly `directories` from now on (a directory replaced at the same path is
    /// watched anew; watches over the kernel's limit are left out and seen by the interval).
    func watch(_ directories: [String]) {
        guard inotify >= 0 else { return }
        let wanted = Set(directories)
        for (path, watch) in watches where !wanted.contains(path) {
            inotify_rm_watch(inotify, watch)
            watches[path] = nil
        }
        for path in wanted {
            let watch = inotify_add_watch(inotify, path, Self.watchedEvents)
            if let old = watches[path], old != watch, old >= 0 { inotify_rm_watch(inotify, old) }
            watches[path] = watch >= 0 ? watch : nil
        }
    }

    /// Waits until a watched directory changes (true), or `milliseconds` pass or ``wake()`` is
    /// called (false). Drains what woke it.
    func wait(milliseconds: Int64) -> Bool {
        let timeout = max(0, milliseconds)
        guard wakeup >= 0 else {
            LiveClock.sleep(nanoseconds: min(timeout, Self.sleepStepMilliseconds) * 1_000_000)
            return false
        }
        var descriptors = [pollfd(fd: wakeup, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)]
        let count = inotify >= 0 ? 2 : 1
        let ready = poll(&descriptors, nfds_t(count), Int32(clamping: timeout))
        guard ready > 0 else { return false }
        if descriptors[0].revents != 0 { drain(wakeup) }
        guard count == 2, descriptors[1].revents != 0 else { return false }
        drain(inotify)
        return true
    }

    /// Ends the current or next ``wait(milliseconds:)`` at once.
    func wake() {
        guard wakeup >= 0 else { return }
        var one: UInt64 = 1
        _ = withUnsafeBytes(of: &one) { Glibc.write(wakeup, $0.baseAddress, $0.count) }
    }

    /// Closes the descriptors. The notifier is not used afterwards.
    func close() {
        if inotify >= 0 { Glibc.close(inotify) }
        if wakeup >= 0 { Glibc.close(wakeup) }
    }

    /// Reads everything waiting on a non-blocking descriptor: what woke the wait, not what it says.
    private func drain(_ descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while buffer.withUnsafeMutableBytes({ Glibc.read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    }
}
