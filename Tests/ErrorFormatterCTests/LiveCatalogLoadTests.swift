#if canImport(Glibc)
import Glibc
#endif
import CErrorFormatter
import ErrorFormatterC
import Synchronization
import Testing

/// The live catalog's promise under ThreadSanitizer (`make sanitize` runs the Swift tests with
/// it): four threads take the version served, format with it and free it, while the catalog is
/// replaced by rename, rewritten broken, deleted and brought back, and the library's thread
/// publishes and retires versions. Every result names a version that was good, never a refused
/// one, never an older one than a thread saw before. `Tests/Live/live_load.c` runs the same
/// service longer against the built library (`make test-live`), and under valgrind.
@Suite struct LiveCatalogLoadTests {
    final class Service: @unchecked Sendable {
        let live: OpaquePointer
        let done = Atomic<Bool>(false)
        let formats = Atomic<Int>(0)
        let failures = Atomic<Int>(0)
        /// The newest version written whole; versions at or above `bad` are the broken ones.
        let newestGood = Atomic<Int>(1)
        static let bad = 1_000_000

        init(_ live: OpaquePointer) { self.live = live }
    }

    /// The version `title` names ("Version 12"), or nil.
    static func version(_ title: String?) -> Int? {
        guard let title, title.hasPrefix("Version ") else { return nil }
        return Int(title.dropFirst(8))
    }

    static func servedTitle(_ live: OpaquePointer, _ info: OpaquePointer?) -> String? {
        let catalog = ef_live_catalog_current(live)
        defer { ef_catalog_free(catalog) }
        var result: OpaquePointer?
        let english = [UnsafePointer(strdup("en"))]
        defer { free(UnsafeMutableRawPointer(mutating: english[0])) }
        let status = english.withUnsafeBufferPointer { ef_format(&result, catalog, info, $0.baseAddress, 1, nil) }
        defer { ef_result_free(result) }
        guard status == EF_OK else { return nil }
        return ef_result_title(result).map { String(cString: $0) }
    }

    static func formatUntilDone(_ service: Service) {
        var info: OpaquePointer?
        guard ef_error_info_new(&info, "Live", 1, nil) == EF_OK else {
            service.failures.add(1, ordering: .relaxed)
            return
        }
        defer { ef_error_info_free(info) }
        var newest = 0
        while !service.done.load(ordering: .acquiring) {
            let known = service.newestGood.load(ordering: .acquiring)
            let title = servedTitle(service.live, info)
            guard let version = version(title),
                  version < Service.bad, version <= known, version >= newest
            else {
                service.failures.add(1, ordering: .relaxed)
                continue
            }
            newest = version
            service.formats.add(1, ordering: .relaxed)
        }
    }

    static func write(_ path: String, _ text: String) {
        guard let file = fopen(path, "w") else { return }
        fputs(text, file)
        fclose(file)
    }

    static func waitFor(_ condition: () -> Bool) -> Bool {
        for _ in 0..<6_000 {
            if condition() { return true }
            usleep(5_000)
        }
        return false
    }

    @Test(.timeLimit(.minutes(10))) func versionsReplacedUnderReadersAreAlwaysWholeAndGood() throws {
        var template = Array("/tmp/ef-live-tsan-XXXXXX".utf8CString)
        let created = template.withUnsafeMutableBufferPointer { $0.baseAddress.flatMap { mkdtemp($0) } }
        try #require(created != nil)
        let root = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { _ = system("rm -rf '\(root)'") }
        let catalog = root + "/catalog", table = catalog + "/en.lproj/Localizable.strings"
        _ = mkdir(catalog, 0o755)
        _ = mkdir(catalog + "/en.lproj", 0o755)
        Self.write(table, "\"errors.Live.1.title\" = \"Version 1\";\n")
        var opened: OpaquePointer?
        try #require(ef_live_catalog_open_with_debounce(&opened, catalog, nil, UInt32(EF_CATALOG_STRICT), 5, 25, nil) == EF_OK)
        let service = Service(try #require(opened))

        final class Box: @unchecked Sendable {
            let service: Service
            init(_ service: Service) { self.service = service }
        }
        var threads: [pthread_t] = []
        for _ in 0..<4 {
            var thread = pthread_t()
            let context = Unmanaged.passRetained(Box(service)).toOpaque()
            let created = pthread_create(&thread, nil, { raw in
                guard let raw else { return nil }
                LiveCatalogLoadTests.formatUntilDone(Unmanaged<Box>.fromOpaque(raw).takeRetainedValue().service)
                return nil
            }, context)
            try #require(created == 0)
            threads.append(thread)
        }
        var info: OpaquePointer?
        try #require(ef_error_info_new(&info, "Live", 1, nil) == EF_OK)
        defer { ef_error_info_free(info) }
        for round in 0..<30 {
            let version = round + 2
            switch round % 3 {
            case 0:
                // Broken, renamed over: refused, the version served stays.
                Self.write(table + ".new", "\"errors.Live.1.title\" = \"Version \(Service.bad + version)\";\n\"x\" = \"")
                _ = rename(table + ".new", table)
                #expect(Self.waitFor { ef_live_catalog_last_error(service.live, nil) == EF_E_PARSE })
            case 1:
                // Deleted, and back with a new version.
                _ = system("rm -rf '\(catalog)'")
                #expect(Self.waitFor { ef_live_catalog_last_error(service.live, nil) == EF_E_NOT_FOUND })
                _ = mkdir(catalog + ".new", 0o755)
                _ = mkdir(catalog + ".new/en.lproj", 0o755)
                Self.write(catalog + ".new/en.lproj/Localizable.strings", "\"errors.Live.1.title\" = \"Version \(version)\";\n")
                service.newestGood.store(version, ordering: .releasing)
                _ = rename(catalog + ".new", catalog)
                #expect(Self.waitFor { Self.version(Self.servedTitle(service.live, info)) == version })
            default:
                // Replaced by rename.
                Self.write(table + ".new", "\"errors.Live.1.title\" = \"Version \(version)\";\n")
                service.newestGood.store(version, ordering: .releasing)
                _ = rename(table + ".new", table)
                #expect(Self.waitFor { Self.version(Self.servedTitle(service.live, info)) == version })
            }
        }
        service.done.store(true, ordering: .releasing)
        for thread in threads { pthread_join(thread, nil) }
        ef_live_catalog_free(service.live)
        #expect(service.failures.load(ordering: .relaxed) == 0)
        #expect(service.formats.load(ordering: .relaxed) > 0)
    }
}
