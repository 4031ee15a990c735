#if canImport(Glibc)
import Glibc
#endif
import CErrorFormatter
import ErrorFormatterC
import Synchronization
import Testing

/// The C ABI's lifetime promise under ThreadSanitizer (`make sanitize` runs the Swift tests with
/// it): a catalog replaced while threads keep formatting with it and keep their results past
/// its end. `Tests/C/test_lifetimes.c` runs the same service against the built library, and
/// under valgrind with `make valgrind`.
///
/// Formatters take the current catalog under a read lock only for the `ef_format` call, then
/// read their results and keep some of them across later swaps; the swapper opens a new catalog,
/// publishes it under the write lock and frees the old one at once.
@Suite struct CatalogSwapTests {
    /// The state the threads share: the current catalog behind a reader-writer lock.
    final class Service: @unchecked Sendable {
        var lock = pthread_rwlock_t()
        var current: OpaquePointer?
        let done = Atomic<Bool>(false)
        let formats = Atomic<Int>(0)
        let failures = Atomic<Int>(0)

        init(_ catalog: OpaquePointer) {
            current = catalog
            pthread_rwlock_init(&lock, nil)
        }

        deinit { pthread_rwlock_destroy(&lock) }
    }

    static let cases: [(code: Int64, title: String)] = [
        (0, "Emplacement inconnu"), (2, "Pas d’Internet"), (8, "Aucun résultat"), (42, "Erreur"),
    ]

    static func example() -> String {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path + "/Examples/CoreLocation"
    }

    static func open(_ directory: String) -> OpaquePointer? {
        var catalog: OpaquePointer?
        guard ef_catalog_open(&catalog, directory, "en", UInt32(EF_CATALOG_LENIENT), nil) == EF_OK else { return nil }
        return catalog
    }

    /// One formatter's loop: format under the read lock, check, keep 16 results across swaps.
    static func formatUntilDone(_ service: Service, offset: Int) {
        var kept: [(result: OpaquePointer?, title: String)] = Array(repeating: (nil, ""), count: 16)
        let locales: [UnsafePointer<CChar>?] = [UnsafePointer(strdup("fr-CA"))]
        defer { free(UnsafeMutableRawPointer(mutating: locales[0])) }
        var round = 0
        while true {
            let which = cases[(offset + round) % cases.count]
            var info: OpaquePointer?
            var result: OpaquePointer?
            pthread_rwlock_rdlock(&service.lock)
            let done = service.done.load(ordering: .relaxed)
            var status = ef_error_info_new(&info, "kCLErrorDomain", which.code, nil)
            if status == EF_OK {
                status = locales.withUnsafeBufferPointer { ef_format(&result, service.current, info, $0.baseAddress, 1, nil) }
            }
            pthread_rwlock_unlock(&service.lock)
            ef_error_info_free(info)
            if done {
                ef_result_free(result)
                break
            }
            if status != EF_OK || ef_result_title(result).map({ String(cString: $0) }) != which.title {
                service.failures.add(1, ordering: .relaxed)
            }
            let slot = round % kept.count
            if let old = kept[slot].result, ef_result_title(old).map({ String(cString: $0) }) != kept[slot].title {
                service.failures.add(1, ordering: .relaxed)
            }
            ef_result_free(kept[slot].result)
            kept[slot] = (result, which.title)
            service.formats.add(1, ordering: .relaxed)
            round += 1
        }
        for entry in kept {
            if let result = entry.result, ef_result_title(result).map({ String(cString: $0) }) != entry.title {
                service.failures.add(1, ordering: .relaxed)
            }
            ef_result_free(entry.result)
        }
    }

    @Test(.timeLimit(.minutes(10))) func aCatalogReplacedWhileInUseLeavesEveryResultValid() throws {
        let directory = Self.example()
        let first = try #require(Self.open(directory))
        let service = Service(first)
        final class Box: @unchecked Sendable { let service: Service; let offset: Int
            init(_ service: Service, _ offset: Int) { self.service = service; self.offset = offset } }
        var threads: [pthread_t] = []
        for offset in 0..<4 {
            var thread = pthread_t()
            let context = Unmanaged.passRetained(Box(service, offset)).toOpaque()
            let created = pthread_create(&thread, nil, { raw in
                guard let raw else { return nil }
                let box = Unmanaged<Box>.fromOpaque(raw).takeRetainedValue()
                CatalogSwapTests.formatUntilDone(box.service, offset: box.offset)
                return nil
            }, context)
            try #require(created == 0)
            threads.append(thread)
        }
        var swaps = 0
        for _ in 0..<20 {
            guard let next = Self.open(directory) else { break }
            pthread_rwlock_wrlock(&service.lock)
            let old = service.current
            service.current = next
            pthread_rwlock_unlock(&service.lock)
            ef_catalog_free(old)
            swaps += 1
        }
        pthread_rwlock_wrlock(&service.lock)
        service.done.store(true, ordering: .relaxed)
        pthread_rwlock_unlock(&service.lock)
        for thread in threads { pthread_join(thread, nil) }
        ef_catalog_free(service.current)
        #expect(swaps == 20)
        #expect(service.failures.load(ordering: .relaxed) == 0)
        #expect(service.formats.load(ordering: .relaxed) > 0)
    }
}
