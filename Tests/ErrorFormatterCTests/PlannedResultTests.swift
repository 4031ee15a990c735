#if canImport(Glibc)
import Glibc
#endif
import CErrorFormatter
import ErrorFormatter
@testable import ErrorFormatterC
import Synchronization
import Testing

/// The planned road (FormatPlan, PlannedResult) against the full road: a plan made from one call
/// answers calls with other values of the same kinds with the very bytes the full road makes, or
/// not at all. Each error is planned from its first value set, then every value set is formatted
/// both ways and the blocks compared byte for byte.
@Suite struct PlannedResultTests {
    /// A hand-made catalog: formats of each kind, a French translation that asks for an argument
    /// of another kind (rejected by kind), a plural (never planned), a long plain text.
    static let english = """
        "controls.ok" = "OK";
        "errors.title" = "Failed";
        "errors.message" = "Try again.";
        "errors.Upload.1.title" = "Couldn't upload “%@”";
        "errors.Upload.1.message" = "%1$@ (%2$lld bytes) could not be sent.";
        "errors.Upload.2.message" = "%1$@ then %1$@ again";
        "errors.Upload.3.title" = "%.1f%% done, %u left";
        "errors.Upload.4.message" = "%@";
        "errors.Upload.6.message" = "%hhd|%hu|%x|%5d|%@|%s|%c|%lu|%-3@|";
        "errors.Plain.title" = "No arguments here";
        """
    static let french = """
        "errors.Upload.1.title" = "Échec de l’envoi de « %d »";
        "errors.Upload.1.message" = "%1$@ (%2$lld octets) n’a pas été envoyé.";
        "errors.Upload.3.title" = "%3$@ : %1$.1f %%";
        """
    static let englishPlurals = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
          <key>errors.Upload.5.message</key>
          <dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@files@</string>
            <key>files</key>
            <dict>
              <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
              <key>NSStringFormatValueTypeKey</key><string>lld</string>
              <key>one</key><string>%lld file failed</string>
              <key>other</key><string>%lld files failed</string>
            </dict>
          </dict>
        </dict></plist>
        """

    static func handCatalog() throws -> Catalog {
        var builder = CatalogBuilder()
        try builder.addTable(bytes: Array(english.utf8), localization: "en", fileName: "Localizable.strings")
        try builder.addTable(bytes: Array(french.utf8), localization: "fr", fileName: "Localizable.strings")
        try builder.addTable(bytes: Array(englishPlurals.utf8), localization: "en", fileName: "Localizable.stringsdict")
        return try builder.build()
    }

    static func example(_ name: String) -> String {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path + "/Examples/" + name
    }

    /// Value sets of each kind pattern: ordinary ones, one too long for the render buffer, and
    /// one whose rendering fails on its value (a result beyond ``Limits/maximumOutputLength``).
    static let valueSets: [[[FormatArgument]]] = [
        [],
        [[.string("photo.jpg")], [.string("")], [.string("x\u{301}ü")], [.string(String(repeating: "a", count: 300))],
         [.string(String(repeating: "b", count: Limits.maximumOutputLength / 2 + 1))]],
        [[.int(-42)], [.int(0)], [.int(.max)]],
        [[.string("a.pdf"), .int(2048)], [.string("b"), .int(-1)],
         [.string(String(repeating: "c", count: Limits.maximumOutputLength / 2 + 1)), .int(1)]],
        [[.double(12.5), .uint(3)], [.double(-0.0), .uint(.max)], [.double(.infinity), .uint(0)]],
        [[.double(1), .uint(2), .string("vol")], [.double(99.94), .uint(0), .string("Disque")]],
        [[.uint(7)], [.uint(1)]],
        [[.int(3), .string("x")]],
        [[.int(300), .int(70000), .int(255), .int(42), .int(-5), .string("s"), .int(65), .uint(9), .string("p")],
         [.int(-129), .int(-1), .int(-1), .int(123_456), .int(.min), .string(""), .int(0x2603), .uint(.max),
          .string("long")]],
        [[.int(300), .int(70000), .int(255), .int(42), .int(-5), .string("s"), .int(65), .uint(9), .int(1)],
         [.int(1), .int(2), .int(3), .int(4), .int(5), .string("t"), .int(66), .uint(0), .int(-10)]],
    ]

    struct Outcome {
        var planned = 0
        var fellBack = 0
        var unplanned = 0
    }

    /// Plans `error` (with each kind pattern's first values) and compares every value set.
    static func compare(
        _ catalog: Catalog, domain: String, code: Int64, texts: (String?, String?, String?), table: String,
        preferences: [String], outcome: inout Outcome
    ) {
        let formatter = ErrorMessageFormatter(catalog: catalog)
        let layers = catalog.cachedLayers(of: Catalog.tableName(orDefault: table), for: preferences)
        for values in valueSets {
            func info(_ arguments: [FormatArgument]) -> ErrorInfo {
                ErrorInfo(domain: domain, code: code, description: texts.0, failureReason: texts.1,
                          recoverySuggestion: texts.2, table: table, arguments: arguments)
            }
            guard let first = values.first else { continue }
            guard let plan = formatter.plan(info(first), layers: layers) else {
                outcome.unplanned += 1
                continue
            }
            guard let planned = PlannedResult(plan) else {
                Issue.record("no memory for a plan")
                continue
            }
            for arguments in values {
                let box = ErrorInfoBox(info(arguments))
                let full = ResultBlock.make(box.info, layers: layers, formatter: formatter)
                defer { free(full.block) }
                guard let fullBlock = full.block else {
                    Issue.record("the full road made no block")
                    continue
                }
                guard let block = planned.block(arguments: box.arguments, text: box.text) else {
                    outcome.fellBack += 1
                    continue
                }
                defer { free(block) }
                outcome.planned += 1
                #expect(full.showsCallerText == plan.showsCallerText)
                let size = OwnedStrings.byteCount(fullBlock)
                let same = OwnedStrings.byteCount(block) == size && memcmp(block, fullBlock, size) == 0
                #expect(same, "\(domain) \(code) \(preferences) \(arguments.map(\.description).map { $0.prefix(20) })")
            }
        }
    }

    static let textPatterns: [(String?, String?, String?)] = [
        (nil, nil, nil), ("The server went away.", nil, nil), (nil, "No route", nil),
        (nil, nil, "Check the cable."), ("d", "f", "r"), ("", "", ""),
        (String(repeating: "long ", count: 80), nil, nil),
    ]

    @Test func aPlanAnswersExactlyAsTheFullRoadOnTheHandCatalog() throws {
        let catalog = try Self.handCatalog()
        var outcome = Outcome()
        for preferences in [["en"], ["fr"], ["fr-CA", "en"], ["de"], []] {
            for (domain, code) in [("Upload", 1), ("Upload", 2), ("Upload", 3), ("Upload", 4), ("Upload", 5),
                                   ("Upload", 6), ("Upload", 9), ("Plain", 0), ("Other", -7)] as [(String, Int64)] {
                for texts in Self.textPatterns {
                    Self.compare(catalog, domain: domain, code: code, texts: texts, table: "",
                                 preferences: preferences, outcome: &outcome)
                }
            }
        }
        // Every road is taken: planned answers, calls the plan leaves to the full road (too
        // long, failing on a value), and errors never planned (the plural).
        #expect(outcome.planned > 500)
        #expect(outcome.fellBack > 20)
        #expect(outcome.unplanned > 0)
    }

    @Test func aPlanAnswersExactlyAsTheFullRoadOnTheExamples() throws {
        var outcome = Outcome()
        for name in ["Sync", "CoreLocation"] {
            let catalog = try Catalog.open(directory: Self.example(name))
            for preferences in [["en"], ["fr"], ["fr-CA"], ["de-CH"], ["ja"], ["es-MX"], ["zh-Hant-TW"], []] {
                for (domain, code) in [("SyncErrorDomain", 1), ("SyncErrorDomain", 2), ("SyncErrorDomain", 3),
                                       ("kCLErrorDomain", 0), ("kCLErrorDomain", 2), ("kCLErrorDomain", 42),
                                       ("NSURLErrorDomain", -1009)] as [(String, Int64)] {
                    for texts in Self.textPatterns {
                        Self.compare(catalog, domain: domain, code: code, texts: texts, table: "",
                                     preferences: preferences, outcome: &outcome)
                    }
                }
            }
        }
        #expect(outcome.planned > 500)
    }

    /// The key's kinds tell every kind list apart, and the memo keeps nothing beyond its budget.
    @Test func theMemoKeysByKindsAndStaysWithinItsBudget() throws {
        func kinds(_ arguments: [FormatArgument]) -> [UInt8]? {
            var bytes = [UInt8](repeating: 0xAA, count: FormatPlanReuse.kindsCapacity)
            let written = bytes.withUnsafeMutableBytes { FormatPlanReuse.writeArgumentKinds(of: arguments, into: $0) }
            return written.map { Array(bytes.prefix($0)) }
        }
        #expect(kinds([]) == [0])
        #expect(kinds([.string("a"), .int(1), .uint(2), .double(3)]) == [4, 0, 1, 2, 3])
        #expect(kinds([.string("a")]) == kinds([.string("a much longer value")]))
        #expect(kinds([.int(1)]) != kinds([.uint(1)]))
        #expect(kinds(Array(repeating: .int(1), count: FormatPlanReuse.maximumArguments)) != nil)
        #expect(kinds(Array(repeating: .int(1), count: FormatPlanReuse.maximumArguments + 1)) == nil)

        final class Kept {}
        let memo = FormatPlanReuse(byteBudget: 4_096)
        var keptCount = 0
        for index in 0..<100 {
            let key = Array("key \(index)".utf8)
            key.withUnsafeBytes { memo.remember(Kept(), under: $0, cost: 1_000) }
            if key.withUnsafeBytes({ memo.find($0) }) != nil { keptCount += 1 }
        }
        #expect(keptCount >= 1 && keptCount <= 4)
    }

    /// What a plan must never be made of: a probed variable format.
    @Test func noPlanWhenAPluralIsProbed() throws {
        let catalog = try Self.handCatalog()
        let layers = catalog.cachedLayers(of: Catalog.defaultTable, for: ["en"])
        let formatter = ErrorMessageFormatter(catalog: catalog)
        #expect(formatter.plan(ErrorInfo(domain: "Upload", code: 5, arguments: [.int(2)]), layers: layers) == nil)
        // A rejection by kind is part of the plan: the French title asks for a number.
        let plan = formatter.plan(ErrorInfo(domain: "Upload", code: 1, arguments: [.string("a")]),
                                  layers: catalog.cachedLayers(of: Catalog.defaultTable, for: ["fr"]))
        #expect(plan?.fields.first?.rejections.map(\.code) == ["wrong-argument-type"])
        #expect(plan?.fields.first?.localization == "en")
    }

    /// The Sync example through the C ABI, and the Swift formatter of the same catalog.
    static func openSync() throws -> (OpaquePointer?, ErrorMessageFormatter) {
        var catalog: OpaquePointer?
        let status = ef_catalog_open(&catalog, example("Sync"), "en", UInt32(EF_CATALOG_LENIENT), nil)
        try #require(status == EF_OK, "cannot open the Sync example")
        let swiftCatalog = try Catalog.open(directory: example("Sync"), developmentLocale: "en")
        return (catalog, ErrorMessageFormatter(catalog: swiftCatalog))
    }

    /// A key with no plan (a plural) keeps a mark that answers nothing: its calls take the full
    /// road, every time, with the right variant.
    @Test func aKeyWithoutAPlanIsMarkedAndTakesTheFullRoad() throws {
        let mark = try #require(PlannedResult(nil))
        #expect(mark.block(arguments: [.int(1)], text: { _ in nil }) == nil)
        let (catalog, formatter) = try Self.openSync()
        defer { ef_catalog_free(catalog) }
        for count in [1, 2, 1, 5, 1] as [Int64] {
            var info: OpaquePointer?
            #expect(ef_error_info_new(&info, "SyncErrorDomain", 2, nil) == EF_OK)
            defer { ef_error_info_free(info) }
            #expect(ef_error_info_add_int64(info, count, nil) == EF_OK)
            var result: OpaquePointer?
            let status = "en".withCString { locale in
                var locales: [UnsafePointer<CChar>?] = [locale]
                return ef_format(&result, catalog, info, &locales, 1, nil)
            }
            #expect(status == EF_OK)
            defer { ef_result_free(result) }
            let expected = formatter.format(ErrorInfo(domain: "SyncErrorDomain", code: 2, arguments: [.int(count)]),
                                            preferences: ["en"])
            #expect(String(cString: ef_result_message(result)) == expected.message)
            #expect(expected.message.hasPrefix("\(count) file"))
        }
    }

    /// Through the C ABI: the second call of each key is answered by its plan; every call's
    /// strings are those the Swift formatter gives for the same error.
    @Test func efFormatAnswersFromPlansAsTheFormatterDoes() throws {
        let (catalog, formatter) = try Self.openSync()
        defer { ef_catalog_free(catalog) }
        let names = ["report.pdf", "rapport final.pdf", "", String(repeating: "n", count: 400), "Bericht.pdf"]
        for locale in ["en", "fr", "de-CH"] {
            for round in 0..<3 {
                for (index, name) in names.enumerated() {
                    var info: OpaquePointer?
                    #expect(ef_error_info_new(&info, "SyncErrorDomain", 1, nil) == EF_OK)
                    defer { ef_error_info_free(info) }
                    if round == 2 { #expect(ef_error_info_set_description(info, "desc \(index)", nil) == EF_OK) }
                    #expect(ef_error_info_add_string(info, name, nil) == EF_OK)
                    var result: OpaquePointer?
                    let status = locale.withCString { locale in
                        var locales: [UnsafePointer<CChar>?] = [locale]
                        return ef_format(&result, catalog, info, &locales, 1, nil)
                    }
                    #expect(status == EF_OK)
                    defer { ef_result_free(result) }
                    let expected = formatter.format(
                        ErrorInfo(domain: "SyncErrorDomain", code: 1, description: round == 2 ? "desc \(index)" : nil,
                                  arguments: [.string(name)]),
                        preferences: [locale])
                    #expect(String(cString: ef_result_title(result)) == expected.title)
                    #expect(String(cString: ef_result_message(result)) == expected.message)
                    #expect(ef_result_locale(result, Int32(EF_FIELD_TITLE)).map { String(cString: $0) }
                        == expected.provenance(.title).localization)
                }
            }
        }
    }

    /// Threads that make and use plans for the same keys at once (run under ThreadSanitizer by
    /// `make sanitize`): each call's strings are the formatter's.
    @Test func threadsMakeAndUsePlansTogether() throws {
        let (catalog, formatter) = try Self.openSync()
        defer { ef_catalog_free(catalog) }
        let names = (0..<8).map { "file-\($0).txt" }
        let locales = ["en", "fr", "de"]
        var strings: [String] = []
        for locale in locales {
            for name in names {
                let error = ErrorInfo(domain: "SyncErrorDomain", code: 1, arguments: [.string(name)])
                let result = formatter.format(error, preferences: [locale])
                strings.append(result.title + "\n" + result.message)
            }
        }
        let expected = strings
        let shared = catalog.map { UInt(bitPattern: $0) } ?? 0
        let mismatches = Mutex(0)
        // Every thread starts with keys no call has planned yet: they plan them together.
        DispatchLikeThreads.run(count: 4) { thread in
            let catalog = OpaquePointer(bitPattern: shared)
            var local = 0
            for round in 0..<300 {
                let which = (round * 7 + thread) % expected.count
                let (locale, name) = (locales[which / names.count], names[which % names.count])
                var info: OpaquePointer?
                guard ef_error_info_new(&info, "SyncErrorDomain", 1, nil) == EF_OK else { local += 1; continue }
                defer { ef_error_info_free(info) }
                _ = ef_error_info_add_string(info, name, nil)
                var result: OpaquePointer?
                let status = locale.withCString { locale in
                    var list: [UnsafePointer<CChar>?] = [locale]
                    return ef_format(&result, catalog, info, &list, 1, nil)
                }
                defer { ef_result_free(result) }
                let shown = String(cString: ef_result_title(result)) + "\n" + String(cString: ef_result_message(result))
                if status != EF_OK || shown != expected[which] { local += 1 }
            }
            mismatches.withLock { $0 += local }
        }
        #expect(mismatches.withLock { $0 } == 0)
    }
}

/// Runs `body(index)` on `count` threads at once and waits for them all.
enum DispatchLikeThreads {
    static func run(count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        final class Work: @unchecked Sendable {
            let body: @Sendable (Int) -> Void
            let index: Int
            init(_ body: @escaping @Sendable (Int) -> Void, _ index: Int) { self.body = body; self.index = index }
        }
        var threads: [pthread_t] = []
        for index in 0..<count {
            var thread = pthread_t()
            let work = Unmanaged.passRetained(Work(body, index)).toOpaque()
            let made = pthread_create(&thread, nil, { argument in
                guard let argument else { return nil }
                let work = Unmanaged<Work>.fromOpaque(argument).takeRetainedValue()
                work.body(work.index)
                return nil
            }, work)
            if made == 0 { threads.append(thread) } else { Unmanaged<Work>.fromOpaque(work).release() }
        }
        for thread in threads { pthread_join(thread, nil) }
    }
}
