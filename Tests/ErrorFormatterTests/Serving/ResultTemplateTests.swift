#if canImport(Glibc)
import Glibc
#endif
@testable import ErrorFormatter
import Testing

/// The planned road (FormatPlan, ResultTemplate) against the full road: a template made from one
/// call answers calls with other values of the same kinds with the very bytes the full road
/// makes — the block, the packed items (1.1 and complete) and the Swift value — or not at all.
/// Each error is planned from its first value set, then every value set is formatted both ways.
@Suite struct ResultTemplateTests {
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

    static func example(_ name: String) -> String { TestSupport.packageRoot + "/Examples/" + name }

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
        // Numbers crossing to the other family, which the value decides (an integer for `%.1f`,
        // a double for `%u`, `%d`, `%x`, `%c`): planned from exact values, then values no plan
        // may answer (2^53 + 1 for `%f`, 2.5 for `%u`).
        [[.int(12), .double(3), .string("vol")], [.int(-7), .double(-0.0), .string("")],
         [.int(9_007_199_254_740_993), .double(1), .string("x")], [.int(1), .double(2.5), .string("y")]],
        [[.double(300), .double(7e4), .double(255), .double(42), .double(-5), .string("s"), .double(65), .uint(9),
          .string("p")],
         [.double(1), .double(2), .double(3.5), .double(4), .double(5), .string("t"), .double(66), .uint(0),
          .string("q")]],
        // Planned from a value the French « %d » refuses (2.5): no plan there, as 2.0 would pass.
        [[.double(2.5)], [.double(2)], [.double(-1e300)]],
    ]

    static let textPatterns: [(String?, String?, String?)] = [
        (nil, nil, nil), ("The server went away.", nil, nil), (nil, "No route", nil),
        (nil, nil, "Check the cable."), ("d", "f", "r"), ("", "", ""),
        (String(repeating: "long ", count: 80), nil, nil),
    ]

    struct Outcome {
        var planned = 0
        var fellBack = 0
        var unplanned = 0
    }

    /// The full road's block for `error` down `layers`.
    static func fullBlock(_ error: ErrorInfo, layers: TableLayers, formatter: ErrorMessageFormatter)
        -> UnsafeMutableRawPointer?
    {
        ResultWriter.withWriter { writer in
            _ = formatter.format(error, layers: layers) { field, text, rule, key, localization, table, rejections in
                writer.write(field, text: text, rule: rule, key: key, localization: localization, table: table,
                             rejections: rejections)
            }
            return writer.finish(stack: layers.stack.localizations, untranslated: layers.stack.isUntranslated)
        }
    }

    static func bytes(_ block: UnsafeRawPointer) -> [UInt8] {
        Array(UnsafeRawBufferPointer(start: block, count: ItemBlock.size(block)))
    }

    static func items(_ block: UnsafeRawPointer, complete: Bool) -> [UInt8] {
        Array(ItemBlock.items(block, metadata: ResultLayout.metadataCount, complete: complete))
    }

    /// Plans `error` (with each kind pattern's first values) and compares every value set on
    /// every road.
    static func compare(
        _ catalog: Catalog, domain: String, code: Int64, texts: (String?, String?, String?),
        preferences: [String], outcome: inout Outcome
    ) {
        let formatter = ErrorMessageFormatter(catalog: catalog)
        let layers = catalog.cachedLayers(of: Catalog.defaultTable, for: preferences)
        // The texts as a C caller passes them: memory that lives through every call below.
        let kept = [texts.0, texts.1, texts.2].map { $0.map { strdup($0) } }
        defer { for each in kept { free(each ?? nil) } }
        for values in valueSets {
            func info(_ arguments: [FormatArgument]) -> ErrorInfo {
                ErrorInfo(domain: domain, code: code, description: texts.0, failureReason: texts.1,
                          recoverySuggestion: texts.2, arguments: arguments)
            }
            guard let first = values.first else { continue }
            guard let plan = formatter.plan(info(first), layers: layers) else {
                outcome.unplanned += 1
                continue
            }
            guard let template = ResultTemplate(plan, stack: layers.stack.localizations,
                                                untranslated: layers.stack.isUntranslated) else {
                Issue.record("no template for a plan")
                continue
            }
            for arguments in values {
                let error = info(arguments)
                guard let full = fullBlock(error, layers: layers, formatter: formatter) else {
                    Issue.record("the full road made no block")
                    continue
                }
                defer { free(full) }
                func text(_ which: FormatPlan.CallerText) -> UnsafeRawBufferPointer? {
                    let index = which == .description ? 0 : which == .failureReason ? 1 : 2
                    return (kept[index] ?? nil).map { UnsafeRawBufferPointer(start: $0, count: strlen($0)) }
                }
                guard let block = template.block(arguments: arguments, text: text) else {
                    outcome.fellBack += 1
                    // A call the plan leaves to the full road is left there on every road.
                    #expect(template.writePacked(arguments: arguments, text: text, complete: true, into: nil,
                                                 capacity: 0) == nil)
                    continue
                }
                defer { free(block) }
                outcome.planned += 1
                let what = "\(domain) \(code) \(preferences) \(arguments.map(\.description).map { $0.prefix(20) })"
                #expect(bytes(block) == bytes(full), "\(what)")
                // The packed outputs: measured, written, and one byte short.
                for complete in [false, true] {
                    let want = items(full, complete: complete)
                    #expect(template.writePacked(arguments: arguments, text: text, complete: complete, into: nil,
                                                 capacity: 0) == want.count)
                    var output = [UInt8](repeating: 0, count: want.count)
                    let written = output.withUnsafeMutableBytes {
                        template.writePacked(arguments: arguments, text: text, complete: complete,
                                             into: $0.baseAddress, capacity: $0.count)
                    }
                    #expect(written == want.count && output == want, "\(what)")
                    let short = output.withUnsafeMutableBytes {
                        template.writePacked(arguments: arguments, text: text, complete: complete,
                                             into: $0.baseAddress, capacity: want.count - 1)
                    }
                    #expect(short == want.count)
                }
                // The Swift value: the formatter's own, and the block's decoding.
                let swift = template.formattedError(arguments: arguments, text: { which in
                    switch which {
                    case .description: texts.0
                    case .failureReason: texts.1
                    case .recoverySuggestion: texts.2
                    }
                })
                let direct = formatter.format(error, layers: layers)
                #expect(swift == direct, "\(what)")
                #expect(swift?.showsCallerText == direct.showsCallerText)
                #expect(ResultLayout.formattedError(full, showsCallerText: direct.showsCallerText) == direct)
            }
        }
    }

    @Test func aTemplateAnswersExactlyAsTheFullRoadOnTheHandCatalog() throws {
        let catalog = try Self.handCatalog()
        var outcome = Outcome()
        for preferences in [["en"], ["fr"], ["fr-CA", "en"], ["de"], []] {
            for (domain, code) in [("Upload", 1), ("Upload", 2), ("Upload", 3), ("Upload", 4), ("Upload", 5),
                                   ("Upload", 6), ("Upload", 9), ("Plain", 0), ("Other", -7)] as [(String, Int64)] {
                for texts in Self.textPatterns {
                    Self.compare(catalog, domain: domain, code: code, texts: texts, preferences: preferences,
                                 outcome: &outcome)
                }
            }
        }
        // Every road is taken: planned answers, calls the plan leaves to the full road (too
        // long, failing on a value), and errors never planned (the plural).
        #expect(outcome.planned > 500)
        #expect(outcome.fellBack > 20)
        #expect(outcome.unplanned > 0)
    }

    @Test func aTemplateAnswersExactlyAsTheFullRoadOnTheExamples() throws {
        var outcome = Outcome()
        for name in ["Sync", "CoreLocation"] {
            let catalog = try Catalog.open(directory: Self.example(name))
            for preferences in [["en"], ["fr"], ["fr-CA"], ["de-CH"], ["ja"], ["es-MX"], ["zh-Hant-TW"], []] {
                for (domain, code) in [("SyncErrorDomain", 1), ("SyncErrorDomain", 2), ("SyncErrorDomain", 3),
                                       ("kCLErrorDomain", 0), ("kCLErrorDomain", 2), ("kCLErrorDomain", 42),
                                       ("NSURLErrorDomain", -1009)] as [(String, Int64)] {
                    for texts in Self.textPatterns {
                        Self.compare(catalog, domain: domain, code: code, texts: texts, preferences: preferences,
                                     outcome: &outcome)
                    }
                }
            }
        }
        #expect(outcome.planned > 500)
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

    /// A crossing of number families (an integer for `%f`, a double for `%d`) is decided by the
    /// value: a refusal that read a value is no plan's to keep, and an acceptance is planned but
    /// checked again by each call's render, which leaves an inexact value to the full road.
    @Test func crossingsArePlannedOnlyWhereEachCallIsChecked() throws {
        let catalog = try Self.handCatalog()
        let formatter = ErrorMessageFormatter(catalog: catalog)
        let french = catalog.cachedLayers(of: Catalog.defaultTable, for: ["fr"])
        func error(_ value: Double) -> ErrorInfo { ErrorInfo(domain: "Upload", code: 1, arguments: [.double(value)]) }
        // « %d » refuses 2.5 for its value, and 2.0 would pass: no plan.
        #expect(formatter.plan(error(2.5), layers: french) == nil)
        // It takes 2.0: planned without a rejection, answering 7.0, leaving 2.5 to the full road.
        let plan = try #require(formatter.plan(error(2), layers: french))
        #expect(plan.fields.first?.rejections.isEmpty == true)
        #expect(plan.fields.first?.localization == "fr")
        let template = try #require(ResultTemplate(plan, stack: french.stack.localizations, untranslated: false))
        #expect(template.formattedError(arguments: [.double(7)], text: { _ in nil })?.title
            == "Échec de l’envoi de « 7 »")
        #expect(template.block(arguments: [.double(2.5)], text: { _ in nil }) == nil)
        #expect(template.formattedError(arguments: [.double(2.5)], text: { _ in nil }) == nil)
        let full = formatter.format(error(2.5), layers: french)
        #expect(full.title == "Couldn't upload “2.5”")
        #expect(full.provenance(.title).rejections.map(\.code) == ["wrong-argument-type"])
    }

    /// The mark of a key without a plan answers nothing, on any road.
    @Test func theMarkAnswersNothing() {
        let mark = ResultTemplate()
        #expect(mark.isMark)
        #expect(mark.block(arguments: [.int(1)], text: { _ in nil }) == nil)
        #expect(mark.writePacked(arguments: [.int(1)], text: { _ in nil }, complete: true, into: nil, capacity: 0) == nil)
        #expect(mark.formattedError(arguments: [.int(1)], text: { _ in nil }) == nil)
    }

    /// The arguments' kinds tell every kind list apart, and too many are not keyed.
    @Test func argumentKindsKeyPlans() {
        func kinds(_ arguments: [FormatArgument]) -> [UInt8]? {
            MemoKey.writing { key -> [UInt8]? in
                ResultReuse.writeArgumentKinds(of: arguments, into: &key)
                return key.bytes.map { Array($0) }
            }
        }
        #expect(kinds([]) == [0])
        #expect(kinds([.string("a"), .int(1), .uint(2), .double(3)]) == [4, 0, 1, 2, 3])
        #expect(kinds([.string("a")]) == kinds([.string("a much longer value")]))
        #expect(kinds([.int(1)]) != kinds([.uint(1)]))
        #expect(kinds(Array(repeating: .int(1), count: ResultReuse.maximumPlannedArguments)) != nil)
        #expect(kinds(Array(repeating: .int(1), count: ResultReuse.maximumPlannedArguments + 1)) == nil)
    }
}
