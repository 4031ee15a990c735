#if canImport(Glibc)
import Glibc
#endif
import ErrorFormatter
import Synchronization

let watchUsage = """
    usage: errfmt watch [options] CATALOG

    Follows CATALOG (a catalog directory or a compiled catalog file) as a live catalog does in a
    service (ef_live_catalog_open): prints the version served now, then each version accepted or
    refused as the files change, until interrupted. A change is considered once the catalog's
    files have been left alone for the debounce interval; it is accepted if it opens (strictly
    with --strict), holds at least one entry and, with --lint-clean, lint finds no error in it.
    Otherwise the version served stays, and the refusal says why. A deleted catalog is a refusal;
    its return, a new version.

      --interval MS               how often the catalog is looked at (default 1000)
      --debounce MS               how long its files must be left alone (default: the interval)
      --strict                    a broken table refuses the whole version
      --lint-clean                a version lint finds an error in is refused
      --development-locale L      the catalog's development locale (default en)
      --count N                   exit after N versions accepted or refused after the first

    Each version is one line on standard output, then as many diagnostics as it says, indented:
      generation 1 accepted 2026-12-05T21:40:01.123Z, 9 localizations, 1 diagnostic
      generation 2 accepted 2026-12-05T21:40:04.870Z, 0 diagnostics
      refused 2026-12-05T21:40:07.532Z, 0 diagnostics, generation 2 still served: FILE:LINE:COL: MESSAGE
    Exit status: 0 after --count versions; 1 the catalog's version now is not good; 2 bad usage.
    """

/// `errfmt watch`: a live catalog's versions, as they are accepted and refused.
func runWatch(_ arguments: [String]) -> Int32 {
    if arguments.contains("--help") || arguments.contains("-h") {
        print(watchUsage)
        return 0
    }
    return runCommand(usage: watchUsage) { () throws(UsageError) in
        let options = try CommandArguments(
            arguments, options: ["--interval", "--debounce", "--development-locale", "--count"],
            flags: ["--strict", "--lint-clean"])
        guard options.operands.count == 1, let path = options.operands.first else {
            throw UsageError(message: "give exactly one CATALOG")
        }
        let interval = try WatchOutput.milliseconds(options.value("--interval") ?? "1000", option: "--interval")
        let debounce = try options.value("--debounce").map { (value) throws(UsageError) in
            try WatchOutput.milliseconds(value, option: "--debounce")
        }
        guard interval > 0 else { throw UsageError(message: "--interval must be at least 1") }
        let count = try options.value("--count").map { (value) throws(UsageError) in
            guard let count = Int(value), count >= 0 else { throw UsageError(message: "--count takes a count, not '\(value)'") }
            return count
        }
        let printed = Atomic<Int>(0)
        let live: LiveCatalog
        do throws(CatalogError) {
            live = try LiveCatalog.open(
                path: path,
                options: .init(developmentLocale: options.value("--development-locale"), strict: options.has("--strict"),
                               requiresCleanLint: options.has("--lint-clean"), checkIntervalMilliseconds: interval,
                               debounceMilliseconds: debounce),
                onEvent: { event in
                    WatchOutput.print(event)
                    printed.add(1, ordering: .releasing)
                })
        } catch {
            CommandLineOutput.error(error.description)
            return 1
        }
        WatchOutput.print(.accepted(generation: live.generation, nanosecondsSince1970: LiveClockText.now(),
                                    diagnostics: live.current.diagnostics),
                          localizations: live.current.localizations.count)
        while count.map({ printed.load(ordering: .acquiring) < $0 }) ?? true {
            usleep(20_000)
        }
        return 0
    }
}

/// What `errfmt watch` prints, one event at a time, flushed at once (a pipe reads each as it comes).
enum WatchOutput {
    private static let lock = Mutex<Void>(())

    static func print(_ event: LiveCatalog.Event, localizations: Int? = nil) {
        var text: String
        let diagnostics: [Diagnostic]
        switch event {
        case .accepted(let generation, let time, let found):
            diagnostics = found
            text = "generation \(generation) accepted \(LiveClockText.iso8601(time))"
            if let localizations { text += ", " + counted(localizations, "localization") }
            text += ", " + counted(found.count, "diagnostic")
        case .refused(let refusal):
            diagnostics = refusal.diagnostics
            text = "refused \(LiveClockText.iso8601(refusal.nanosecondsSince1970)), "
                + "\(counted(refusal.diagnostics.count, "diagnostic")), generation \(refusal.servedGeneration) "
                + "still served: \(refusal.error.description)"
        }
        for diagnostic in diagnostics {
            var location = diagnostic.file.map { $0 + ":" } ?? ""
            if diagnostic.line > 0 { location += "\(diagnostic.line):" + (diagnostic.column > 0 ? "\(diagnostic.column):" : "") }
            text += "\n  " + (location.isEmpty ? "" : location + " ") + "\(diagnostic.severity.rawValue): "
                + "\(diagnostic.message) [\(diagnostic.code)]"
        }
        lock.withLock { _ in
            Swift.print(text)
            fflush(nil)  // every stream: standard output is the one written
        }
    }

    static func milliseconds(_ value: String, option: String) throws(UsageError) -> Int {
        guard let milliseconds = Int(value), milliseconds >= 0, milliseconds <= Int(UInt32.max) else {
            throw UsageError(message: "\(option) takes milliseconds (0 to \(UInt32.max)), not '\(value)'")
        }
        return milliseconds
    }

    private static func counted(_ count: Int, _ word: String) -> String {
        "\(count) \(word)\(count == 1 ? "" : "s")"
    }
}

/// Times as `errfmt watch` prints them: UTC, ISO 8601, to the millisecond.
enum LiveClockText {
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    static func iso8601(_ nanoseconds: Int64) -> String {
        var seconds = time_t(nanoseconds / 1_000_000_000)
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return "\(nanoseconds)ns" }
        func padded(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let milliseconds = Int32((nanoseconds % 1_000_000_000) / 1_000_000)
        return "\(padded(parts.tm_year + 1900, 4))-\(padded(parts.tm_mon + 1, 2))-\(padded(parts.tm_mday, 2))T"
            + "\(padded(parts.tm_hour, 2)):\(padded(parts.tm_min, 2)):\(padded(parts.tm_sec, 2)).\(padded(milliseconds, 3))Z"
    }
}
