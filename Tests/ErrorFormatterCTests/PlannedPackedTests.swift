#if canImport(Glibc)
import Glibc
#endif
import CErrorFormatter
import ErrorFormatter
@testable import ErrorFormatterC
import Testing

/// The planned packed road (FormatPlan, PlannedPacked) against the full one: a plan made from
/// one call writes, for calls with other values of the same kinds, the very output
/// `ef_format_packed_reusable` writes when it has no plan, or nothing at all. The full road's
/// output comes from a catalog handle made for that one call (so it holds no plan yet).
@Suite struct PlannedPackedTests {
    /// The arguments packed as `ef_format_packed_reusable`'s request ends with them.
    static func packed(_ arguments: [FormatArgument]) -> [CChar] {
        var run: [UInt8] = []
        func word(_ kind: Character, _ bits: UInt64) {
            run.append(kind.asciiValue ?? 0)
            for shift in stride(from: 0, to: 64, by: 8) { run.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        }
        for argument in arguments {
            switch argument {
            case .string(let text): run += [UInt8(ascii: "s")] + Array(text.utf8) + [0]
            case .int(let value): word("i", UInt64(bitPattern: value))
            case .uint(let value): word("u", value)
            case .double(let value): word("d", value.bitPattern)
            }
        }
        return run.map { CChar(bitPattern: $0) }
    }

    /// `ef_format_packed_reusable`'s output on a catalog handle of its own, made for this call.
    static func fullRoad(
        _ catalog: Catalog, domain: String, code: Int64, texts: (String?, String?, String?),
        arguments: [FormatArgument], preferences: [String]
    ) -> [UInt8]? {
        let handle = Handle.make(CatalogBox(catalog))
        defer { ef_catalog_free(handle) }
        return call(handle, domain: domain, code: code, texts: texts, arguments: arguments, preferences: preferences)
    }

    static func call(
        _ handle: OpaquePointer?, domain: String, code: Int64, texts: (String?, String?, String?),
        arguments: [FormatArgument], preferences: [String]
    ) -> [UInt8]? {
        // Room for three fields of up to Limits.maximumOutputLength bytes each, and the rest.
        var buffer = [CChar](repeating: 0, count: 4 * Limits.maximumOutputLength)
        var length = 0
        // The request: domain, code, the texts given, then the packed arguments.
        var request = Array(domain.utf8) + [0] + Array(String(code).utf8) + [0]
        for (kind, text) in [("D", texts.0), ("F", texts.1), ("R", texts.2)] {
            if let text { request += Array(kind.utf8) + Array(text.utf8) + [0] }
        }
        request += packed(arguments).map { UInt8(bitPattern: $0) }
        let locales = preferences.map { strdup($0) }
        defer { for each in locales { free(each) } }
        var pointers = locales.map { UnsafePointer<CChar>($0) }
        let status = request.withUnsafeBufferPointer { request in
            request.withMemoryRebound(to: CChar.self) { request in
                buffer.withUnsafeMutableBufferPointer { out in
                    ef_format_packed_reusable(&length, out.baseAddress, out.count, nil, handle, request.baseAddress,
                                              request.count, &pointers, pointers.count, nil)
                }
            }
        }
        guard status == EF_OK, length <= buffer.count else { return nil }
        return buffer[..<length].map { UInt8(bitPattern: $0) }
    }

    /// Plans each error from each kind pattern's first values and compares every value set.
    static func compare(
        _ catalog: Catalog, domain: String, code: Int64, texts: (String?, String?, String?), preferences: [String],
        outcome: inout PlannedResultTests.Outcome
    ) {
        let formatter = ErrorMessageFormatter(catalog: catalog)
        let layers = catalog.cachedLayers(of: Catalog.defaultTable, for: preferences)
        for values in PlannedResultTests.valueSets {
            func info(_ arguments: [FormatArgument]) -> ErrorInfo {
                ErrorInfo(domain: domain, code: code, description: texts.0, failureReason: texts.1,
                          recoverySuggestion: texts.2, arguments: arguments)
            }
            guard let first = values.first else { continue }
            guard let plan = formatter.plan(info(first), layers: layers) else {
                outcome.unplanned += 1
                continue
            }
            guard let planned = PlannedPacked(plan, stack: layers.stack) else {
                Issue.record("no layout for a plan")
                continue
            }
            let kept = [texts.0, texts.1, texts.2].map { $0.map { strdup($0) } }
            defer { for each in kept { free(each ?? nil) } }
            let text: (FormatPlan.CallerText) -> UnsafePointer<CChar>? = { which in
                switch which {
                case .description: UnsafePointer(kept[0] ?? nil)
                case .failureReason: UnsafePointer(kept[1] ?? nil)
                case .recoverySuggestion: UnsafePointer(kept[2] ?? nil)
                }
            }
            for arguments in values {
                guard let full = fullRoad(catalog, domain: domain, code: code, texts: texts, arguments: arguments,
                                          preferences: preferences)
                else {
                    Issue.record("the full road failed")
                    continue
                }
                var output = [UInt8](repeating: 0, count: 4 * Limits.maximumOutputLength)
                let written = output.withUnsafeMutableBytes { out in
                    planned.write(arguments: arguments, text: text, into: out.baseAddress, capacity: out.count)
                }
                guard let written else {
                    outcome.fellBack += 1
                    continue
                }
                outcome.planned += 1
                #expect(written == full.count && Array(output[..<written]) == full,
                        "\(domain) \(code) \(preferences) \(arguments.map(\.description).map { $0.prefix(20) })")
                // Measuring (no buffer), or a buffer one byte short, gives the same length.
                #expect(planned.write(arguments: arguments, text: text, into: nil, capacity: 0) == written)
                let short = output.withUnsafeMutableBytes { out in
                    planned.write(arguments: arguments, text: text, into: out.baseAddress, capacity: written - 1)
                }
                #expect(short == written)
            }
        }
    }

    @Test func aPlanWritesExactlyTheFullRoadsOutput() throws {
        var outcome = PlannedResultTests.Outcome()
        let hand = try PlannedResultTests.handCatalog()
        for preferences in [["en"], ["fr"], ["fr-CA", "en"], []] {
            for (domain, code) in [("Upload", 1), ("Upload", 3), ("Upload", 5), ("Upload", 6), ("Plain", 0),
                                   ("Other", -7)] as [(String, Int64)] {
                for texts in PlannedResultTests.textPatterns {
                    Self.compare(hand, domain: domain, code: code, texts: texts, preferences: preferences,
                                 outcome: &outcome)
                }
            }
        }
        let sync = try Catalog.open(directory: PlannedResultTests.example("Sync"))
        for preferences in [["en"], ["fr-CA"], ["de-CH"], []] {
            for (domain, code) in [("SyncErrorDomain", 1), ("SyncErrorDomain", 3), ("NSURLErrorDomain", -1009)]
                as [(String, Int64)] {
                for texts in PlannedResultTests.textPatterns {
                    Self.compare(sync, domain: domain, code: code, texts: texts, preferences: preferences,
                                 outcome: &outcome)
                }
            }
        }
        #expect(outcome.planned > 300)
        #expect(outcome.fellBack > 10)
        #expect(outcome.unplanned > 0)
    }

    /// Through the C ABI: calls after the first of each key are answered by its plan, with the
    /// output of a handle that has none; a too-small buffer learns the same length.
    @Test func efFormatPackedReusableAnswersFromPlansAsTheFullRoad() throws {
        let catalog = try Catalog.open(directory: PlannedResultTests.example("Sync"))
        let handle = Handle.make(CatalogBox(catalog))
        defer { ef_catalog_free(handle) }
        let names = ["report.pdf", "rapport final.pdf", String(repeating: "n", count: 400), "Bericht.pdf"]
        for round in 0..<3 {
            for locale in ["en", "fr", "de-CH"] {
                for name in names {
                    let texts: (String?, String?, String?) = round == 2 ? ("desc \(name.count)", nil, nil) : (nil, nil, nil)
                    let got = Self.call(handle, domain: "SyncErrorDomain", code: 1, texts: texts,
                                        arguments: [.string(name)], preferences: [locale])
                    let want = Self.fullRoad(catalog, domain: "SyncErrorDomain", code: 1, texts: texts,
                                             arguments: [.string(name)], preferences: [locale])
                    #expect(got != nil && got == want, "\(round) \(locale) \(name.prefix(20))")
                }
            }
        }
        // A plural takes the full road every time, with the right variant.
        for count in [1, 2, 1] as [Int64] {
            let got = Self.call(handle, domain: "SyncErrorDomain", code: 2, texts: (nil, nil, nil),
                                arguments: [.int(count)], preferences: ["en"])
            let want = Self.fullRoad(catalog, domain: "SyncErrorDomain", code: 2, texts: (nil, nil, nil),
                                     arguments: [.int(count)], preferences: ["en"])
            #expect(got != nil && got == want)
        }
    }
}
