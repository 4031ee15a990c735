#if canImport(Glibc)
import Glibc
#endif
import CErrorFormatter
import ErrorFormatter
@testable import ErrorFormatterC
import Synchronization
import Testing

/// The serving roads as C callers meet them (the core's own tests compare every road with the
/// full road: ResultTemplateTests, ResultReuseTests): a key's later calls answered from its plan
/// or its kept result give the strings the Swift formatter gives, from any number of threads,
/// and the packed calls write the items of the handles'.
@Suite struct ServingRoadsTests {
    static func example(_ name: String) -> String {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path + "/Examples/" + name
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
