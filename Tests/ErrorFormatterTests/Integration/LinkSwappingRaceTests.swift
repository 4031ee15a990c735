#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Testing
@testable import ErrorFormatter

/// The link-swapping race from Swift, so that it also runs under ThreadSanitizer
/// (`make sanitize`); the C suite runs it against the built library
/// (`Tests/C/test_hostile_files.c`, `check_link_swapping_race`).
///
/// A writer thread renames a link inside the catalog between an inside file, an outside file
/// (absolute link) and a FIFO while readers open the catalog again and again. Before the
/// `openat` walk, the check (`realpath` + `stat`) and the open were two steps: the outside
/// file was read in 94 of 20,000 opens, and a FIFO swapped in blocked `open()` forever.
@Suite struct LinkSwappingRaceTests {
    /// A thread running `body`: the writer and the readers block (renames, opens), so they are
    /// threads of their own, never tasks holding the cooperative pool's few threads while other
    /// tests wait for them.
    final class Worker: Sendable {
        let body: @Sendable () -> Void
        private let thread = Protected<pthread_t?>(nil)

        init(_ body: @escaping @Sendable () -> Void) {
            self.body = body
            var handle = pthread_t()
            let context = Unmanaged.passRetained(self).toOpaque()
            let created = pthread_create(&handle, nil, { raw in
                guard let raw else { return nil }
                Unmanaged<Worker>.fromOpaque(raw).takeRetainedValue().body()
                return nil
            }, context)
            if created == 0 {
                thread.withLock { $0 = handle }
            } else {
                Unmanaged<Worker>.fromOpaque(context).release()
            }
        }

        /// Waits for the thread; false if it never started.
        func join() -> Bool {
            guard let handle = thread.withLock({ $0 }) else { return false }
            pthread_join(handle, nil)
            return true
        }
    }

    /// What the threads count, and the writer's stop signal.
    final class Counts: Sendable {
        let stop = Atomic<Bool>(false)
        let swaps = Atomic<Int>(0)
        let outsideReads = Atomic<Int>(0)
        let insideReads = Atomic<Int>(0)
        let writerFailures = Atomic<Int>(0)
        let failedOpens = Atomic<Int>(0)
    }

    @Test(.timeLimit(.minutes(10))) func aLinkSwappedWhileTheCatalogOpensNeverLeadsOutside() throws {
        let root = try Self.scratchDirectory()
        let outside = root + "-outside"
        defer { _ = system("rm -rf '\(root)' '\(outside)'") }
        #expect(mkdir(outside, 0o755) == 0)
        #expect(mkdir(root + "/en.lproj", 0o755) == 0)
        #expect(mkdir(root + "/fr.lproj", 0o755) == 0)
        Self.write(outside + "/Localizable.strings", "\"k\" = \"OUTSIDE\";")
        Self.write(root + "/en.lproj/Localizable.strings", "\"k\" = \"inside\";")
        Self.write(root + "/fr.lproj/Other.strings", "\"o\" = \"x\";")
        #expect(mkfifo(root + "/fr.lproj/Pipe.strings", 0o644) == 0)
        let link = root + "/fr.lproj/Localizable.strings"
        let targets = ["../en.lproj/Localizable.strings", outside + "/Localizable.strings", "Pipe.strings"]
        #expect(symlink(targets[0], link) == 0)

        // The writer renames a fresh link over `link` (atomic), cycling through the targets.
        let counts = Counts()
        let writer = Worker {
            let temporary = link + ".swap"
            var round = 0
            while !counts.stop.load(ordering: .relaxed) {
                unlink(temporary)
                guard symlink(targets[round % targets.count], temporary) == 0, rename(temporary, link) == 0 else {
                    counts.writerFailures.add(1, ordering: .relaxed)
                    return
                }
                round += 1
                counts.swaps.add(1, ordering: .relaxed)
            }
        }
        let readers = (0..<3).map { _ in
            Worker {
                var lastSwap = -1
                for _ in 0..<150 {
                    // Each open waits for the link to have moved since the one before: in the
                    // whole suite on two cores the writer can be off the CPU for longer than 150
                    // opens take, and opens that all see one target would race nothing (a CI run
                    // once read the inside target 0 times in 450 opens that way).
                    while counts.swaps.load(ordering: .relaxed) == lastSwap,
                          counts.writerFailures.load(ordering: .relaxed) == 0 { sched_yield() }
                    lastSwap = counts.swaps.load(ordering: .relaxed)
                    guard let catalog = try? Catalog.open(directory: root) else {
                        counts.failedOpens.add(1, ordering: .relaxed)
                        continue
                    }
                    switch catalog.table("Localizable", localization: "fr")?.string(forKey: TableKey("k")) {
                    case "OUTSIDE"?: counts.outsideReads.add(1, ordering: .relaxed)
                    case "inside"?: counts.insideReads.add(1, ordering: .relaxed)
                    default: break
                    }
                }
            }
        }
        for reader in readers { #expect(reader.join()) }
        counts.stop.store(true, ordering: .relaxed)
        #expect(writer.join())

        #expect(counts.outsideReads.load(ordering: .relaxed) == 0)
        // A lenient open never fails for a link, a FIFO or an outside target: each is a diagnostic.
        #expect(counts.failedOpens.load(ordering: .relaxed) == 0)
        #expect(counts.writerFailures.load(ordering: .relaxed) == 0)
        // The race was real: the link was swapped, and the inside target read some of the time.
        #expect(counts.swaps.load(ordering: .relaxed) > 0)
        #expect(counts.insideReads.load(ordering: .relaxed) > 0)
    }

    /// A fresh directory inside the package's .build directory (no path of the machine named).
    private static func scratchDirectory() throws -> String {
        _ = mkdir(TestSupport.packageRoot + "/.build", 0o755)
        var template = Array((TestSupport.packageRoot + "/.build/link-race-XXXXXX").utf8CString)
        let created = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        try #require(created != nil)
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func write(_ path: String, _ text: String) {
        guard let file = fopen(path, "w") else {
            Issue.record("cannot create \(path)")
            return
        }
        fputs(text, file)
        fclose(file)
    }
}
