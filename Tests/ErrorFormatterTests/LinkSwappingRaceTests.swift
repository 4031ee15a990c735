#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Testing
@testable import ErrorFormatter

/// The link-swapping race of issue 10 from Swift, so that it also runs under ThreadSanitizer
/// (`make sanitize`); the C suite runs it against the built library
/// (`Tests/C/test_hostile_files.c`, `check_link_swapping_race`).
///
/// A writer thread renames a link inside the catalog between an inside file, an outside file
/// (absolute link) and a FIFO while readers open the catalog again and again. Before the
/// `openat` walk, the check (`realpath` + `stat`) and the open were two steps: the outside
/// file was read in 94 of 20,000 opens, and a FIFO swapped in blocked `open()` forever.
@Suite struct LinkSwappingRaceTests {
    /// What the writer thread needs, passed through `pthread_create`'s one pointer.
    final class Writer: Sendable {
        let link: String
        let targets: [String]
        let stop = Atomic<Bool>(false)
        let swaps = Atomic<Int>(0)

        init(link: String, targets: [String]) {
            self.link = link
            self.targets = targets
        }

        /// Renames a fresh link over `link` (atomic), cycling through the targets, until stopped.
        func run() {
            let temporary = link + ".swap"
            var round = 0
            while !stop.load(ordering: .relaxed) {
                unlink(temporary)
                guard symlink(targets[round % targets.count], temporary) == 0, rename(temporary, link) == 0 else { return }
                round += 1
                swaps.add(1, ordering: .relaxed)
            }
        }
    }

    @Test(.timeLimit(.minutes(2))) func aLinkSwappedWhileTheCatalogOpensNeverLeadsOutside() async throws {
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

        let writer = Writer(link: link, targets: targets)
        let context = Unmanaged.passRetained(writer).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(&thread, nil, { raw in
            guard let raw else { return nil }
            Unmanaged<Writer>.fromOpaque(raw).takeRetainedValue().run()
            return nil
        }, context)
        try #require(created == 0)

        let opensPerReader = 150
        let readers = 3
        let (outsideReads, insideReads) = await withTaskGroup(of: (Int, Int).self) { group in
            for _ in 0..<readers {
                group.addTask {
                    var outsideReads = 0
                    var insideReads = 0
                    for _ in 0..<opensPerReader {
                        guard let catalog = try? Catalog.open(directory: root) else { continue }
                        switch catalog.table("Localizable", localization: "fr")?.string(forKey: TableKey("k")) {
                        case "OUTSIDE"?: outsideReads += 1
                        case "inside"?: insideReads += 1
                        default: break
                        }
                    }
                    return (outsideReads, insideReads)
                }
            }
            var totals = (0, 0)
            for await (outsideReads, insideReads) in group {
                totals.0 += outsideReads
                totals.1 += insideReads
            }
            return totals
        }
        writer.stop.store(true, ordering: .relaxed)
        pthread_join(thread, nil)

        #expect(outsideReads == 0)
        // The race was real: the link was swapped, and the inside target read some of the time.
        #expect(writer.swaps.load(ordering: .relaxed) > 0)
        #expect(insideReads > 0)
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
