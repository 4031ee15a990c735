#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import ErrorFormatter

/// The Swift face of a live catalog: versions taken and refused, with the reasons and the events
/// the handler gets; the thread following the path; the options checked. The C suite
/// (Tests/C/test_live.c) covers every kind of change and fork; the load tests, the rest.
@Suite struct LiveCatalogTests {
    /// The events a live catalog reported, in order.
    final class Events: Sendable {
        let recorded = Protected<[LiveCatalog.Event]>([])
        var all: [LiveCatalog.Event] { recorded.withLock { $0 } }
        func record(_ event: LiveCatalog.Event) { recorded.withLock { $0.append(event) } }
    }

    static func title(_ live: LiveCatalog) -> String? {
        live.current.resolve("greeting", preferences: ["en"]).hit?.value
    }

    /// Polls `condition` (a hang guard, not a measurement).
    static func eventually(_ condition: () -> Bool) -> Bool {
        for _ in 0..<6_000 {
            if condition() { return true }
            LiveClock.sleep(nanoseconds: 5_000_000)
        }
        return false
    }

    @Test func aReloadTakesAChangeAndTellsTheHandler() throws {
        let scratch = try LiveScratch()
        defer { scratch.remove() }
        scratch.write("en.lproj/Localizable.strings", "\"greeting\" = \"Hello 1\";")
        let events = Events()
        let live = try LiveCatalog.open(path: scratch.root, options: .init(strict: true, checkIntervalMilliseconds: 0),
                                        onEvent: { events.record($0) })
        #expect(live.generation == 1)
        #expect(Self.title(live) == "Hello 1")
        let first = live.current
        scratch.write("en.lproj/Localizable.strings", "\"greeting\" = \"Hello 2\";")
        try live.reload()
        #expect(live.generation == 2)
        #expect(Self.title(live) == "Hello 2")
        #expect(first.resolve("greeting", preferences: ["en"]).hit?.value == "Hello 1")
        #expect(live.lastRefusal == nil)
        guard case .accepted(let generation, let time, _)? = events.all.last else {
            Issue.record("no accepted event: \(events.all)")
            return
        }
        #expect(generation == 2)
        #expect(time > 0)
        // Unchanged: nothing taken, nothing told.
        try live.reload()
        #expect(live.generation == 2)
        #expect(events.all.count == 1)
    }

    @Test func theCatalogOptionsReachEveryVersion() throws {
        let scratch = try LiveScratch()
        defer { scratch.remove() }
        scratch.write("en.lproj/Localizable.strings", "\"greeting\" = \"Hello 1\";")
        let options = LiveCatalog.Options(catalogOptions: [.localizedNumbers, .pseudoLocales], checkIntervalMilliseconds: 0)
        let live = try LiveCatalog.open(path: scratch.root, options: options)
        #expect(live.current.options == [.localizedNumbers, .pseudoLocales])
        #expect(live.current.servedPseudoLocale(named: "en-XA") != nil)
        scratch.write("en.lproj/Localizable.strings", "\"greeting\" = \"Hello 2\";")
        try live.reload()
        #expect(live.generation == 2)
        #expect(live.current.options == [.localizedNumbers, .pseudoLocales])
        #expect(live.current.servedPseudoLocale(named: "en-XA") != nil)
        let plain = try LiveCatalog.open(path: scratch.root, options: .init(checkIntervalMilliseconds: 0))
        #expect(plain.current.options.isEmpty)
        #expect(plain.current.servedPseudoLocale(named: "en-XA") == nil)
    }

    @Test func aBrokenVersionIsRefusedAndTheServedOneStays() throws {
        let scratch = try LiveScratch()
        defer { scratch.remove() }
        scratch.write("en.lproj/Localizable.strings", "\"greeting\" = \"Hello 1\";")
        let events = Events()
        let live = try LiveCatalog.open(path: scratch.root, options: .init(strict: true, checkIntervalMilliseconds: 0),
                                        onEvent: { events.record($0) })
        scratch.write("en.lproj/Localizable.strings", "\"greeting\" = \"Hello 2\"")
        #expect(throws: LiveCatalog.Refusal.self) { try live.reload() }
        let refusal = try #require(live.lastRefusal)
        #expect(refusal.error.kind == .parse)
        #expect(refusal.error.file == "en.lproj/Localizable.strings")
        #expect(refusal.servedGeneration == 1)
        #expect(live.generation == 1)
        #expect(Self.title(live) == "Hello 1")
        guard case .refused(let told)? = events.all.last else {
            Issue.record("no refused event: \(events.all)")
            return
        }
        #expect(told.error == refusal.error)
        // Leniently, the same file is a table left out, not a refusal (beside a good table: a
        // catalog of no entry at all is refused, lenient or not).
        scratch.write("fr.lproj/Localizable.strings", "\"greeting\" = \"Bonjour\";")
        let lenient = try LiveCatalog.open(path: scratch.root, options: .init(checkIntervalMilliseconds: 0))
        #expect(lenient.current.diagnostics.contains { $0.severity == .error })
    }

    @Test func lintCleanRefusesWhatLintFindsAnErrorIn() throws {
        let scratch = try LiveScratch()
        defer { scratch.remove() }
        scratch.write("en.lproj/Localizable.strings", "\"greeting\" = \"Hello %@\";")
        scratch.write("fr.lproj/Localizable.strings", "\"greeting\" = \"Bonjour %@\";")
        let live = try LiveCatalog.open(path: scratch.root,
                                        options: .init(requiresCleanLint: true, checkIntervalMilliseconds: 0))
        scratch.write("fr.lproj/Localizable.strings", "\"greeting\" = \"Bonjour %d\";")
        #expect(throws: LiveCatalog.Refusal.self) { try live.reload() }
        let refusal = try #require(live.lastRefusal)
        #expect(refusal.error.kind == .parse)
        #expect(refusal.error.message.hasPrefix("lint found 1 error"))
        #expect(refusal.diagnostics.contains { $0.code == "format-mismatch" })
        #expect(live.generation == 1)
    }

    @Test func aDeletedPathIsReportedAndItsReturnTaken() throws {
        let scratch = try LiveScratch()
        defer { scratch.remove() }
        scratch.write("catalog/en.lproj/Localizable.strings", "\"greeting\" = \"Hello 1\";")
        let live = try LiveCatalog.open(path: scratch.root + "/catalog", options: .init(checkIntervalMilliseconds: 0))
        scratch.remove("catalog")
        #expect(throws: LiveCatalog.Refusal.self) { try live.reload() }
        #expect(live.lastRefusal?.error.kind == .notFound)
        #expect(Self.title(live) == "Hello 1")
        scratch.write("catalog/en.lproj/Localizable.strings", "\"greeting\" = \"Hello 2\";")
        try live.reload()
        #expect(live.lastRefusal == nil)
        #expect(live.generation == 2)
        #expect(Self.title(live) == "Hello 2")
    }

    @Test func theThreadFollowsThePath() throws {
        let scratch = try LiveScratch()
        defer { scratch.remove() }
        scratch.write("catalog/en.lproj/Localizable.strings", "\"greeting\" = \"Hello 1\";")
        let events = Events()
        let live = try LiveCatalog.open(
            path: scratch.root + "/catalog",
            options: .init(strict: true, checkIntervalMilliseconds: 10, debounceMilliseconds: 30),
            onEvent: { events.record($0) })
        scratch.replace("catalog/en.lproj/Localizable.strings", "\"greeting\" = \"Hello 2\";")
        #expect(Self.eventually { live.generation == 2 })
        #expect(Self.title(live) == "Hello 2")
        scratch.replace("catalog/en.lproj/Localizable.strings", "\"greeting\" = \"Hello")
        #expect(Self.eventually { live.lastRefusal != nil })
        #expect(Self.title(live) == "Hello 2")
        scratch.remove("catalog")
        #expect(Self.eventually { live.lastRefusal?.error.kind == .notFound })
        scratch.write("catalog/en.lproj/Localizable.strings", "\"greeting\" = \"Hello 3\";")
        #expect(Self.eventually { live.generation == 3 })
        #expect(Self.title(live) == "Hello 3")
        #expect(live.lastRefusal == nil)
        let kinds = events.all.map { event -> String in
            switch event {
            case .accepted(let generation, _, _): "accepted \(generation)"
            case .refused(let refusal): "refused \(refusal.error.kind)"
            }
        }
        #expect(kinds == ["accepted 2", "refused parse", "refused notFound", "accepted 3"])
    }

    @Test func theOptionsAndTheFirstVersionAreChecked() throws {
        let scratch = try LiveScratch()
        defer { scratch.remove() }
        scratch.write("en.lproj/Localizable.strings", "\"greeting\" = \"Hello\";")
        #expect(throws: CatalogError.self) {
            try LiveCatalog.open(path: scratch.root, options: .init(checkIntervalMilliseconds: -1))
        }
        #expect(throws: CatalogError.self) {
            try LiveCatalog.open(path: scratch.root, options: .init(debounceMilliseconds: Int(UInt32.max) + 1))
        }
        do {
            _ = try LiveCatalog.open(path: scratch.root + "/missing")
            Issue.record("a missing path opened")
        } catch {
            #expect(error.kind == .notFound)
        }
        #expect(LiveCatalog.Options(checkIntervalMilliseconds: 250).debounceMilliseconds == 250)
        #expect(LiveCatalog.Options(checkIntervalMilliseconds: 250, debounceMilliseconds: 40).debounceMilliseconds == 40)
    }
}
