import Testing
@testable import ErrorFormatter

/// One catalog shared by many threads, as the C header promises: every cache on the way
/// (lookup stacks, locale chains, plural rules) is exercised concurrently and must give the same
/// answers as a single thread. Run under ThreadSanitizer by `make sanitize`.
@Suite struct ConcurrencyTests {
    @Test func oneCatalogFormatsFromManyThreadsAtOnce() async throws {
        let catalog = try Catalog.open(directory: TestSupport.exampleCatalog)
        let plurals = try TestSupport.catalog([("en", "\"n\" = \"%lld\";"), ("ru", "\"n\" = \"%lld шт.\";")])
        let formatter = ErrorMessageFormatter(catalog: catalog)
        let preferenceLists = [["fr-CA"], ["es-MX"], ["zh-TW"], ["ja"], ["de-AT"], ["pt-BR", "es-MX"], ["C"]]
        let expected = preferenceLists.map { formatter.format(ErrorInfo(domain: "kCLErrorDomain", code: 2), preferences: $0) }

        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var mismatches = 0
                    for round in 0..<200 {
                        let index = (task + round) % preferenceLists.count
                        let result = formatter.format(ErrorInfo(domain: "kCLErrorDomain", code: 2),
                                                      preferences: preferenceLists[index])
                        if result != expected[index] { mismatches += 1 }
                        let count = Int64(round % 25)
                        let rendered = plurals.resolve("n", preferences: ["ru"], arguments: [.int(count)])
                        if rendered.hit?.value != "\(count) шт." { mismatches += 1 }
                    }
                    return mismatches
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }

    /// Copies of one error and of one remembered result, read from many threads while each
    /// changes its own copies: a box is shared only once it is complete, and changed only by the
    /// value that holds it alone.
    @Test func sharedValuesAreReadFromManyThreadsAtOnce() async throws {
        let catalog = try Catalog.open(directory: TestSupport.exampleCatalog)
        let formatter = ErrorMessageFormatter(catalog: catalog)
        let shared = ErrorInfo(domain: "kCLErrorDomain", code: 2)
        let expected = formatter.format(shared, preferences: ["fr-CA"])
        let remembered = formatter.format(shared, preferences: ["fr-CA"])
        let other = formatter.format(ErrorInfo(domain: "kCLErrorDomain", code: 1), preferences: ["fr-CA"])

        let mismatches = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var mismatches = 0
                    for round in 0..<200 {
                        var error = shared
                        if formatter.format(error, preferences: ["fr-CA"]) != expected { mismatches += 1 }
                        error.code = 1
                        if formatter.format(error, preferences: ["fr-CA"]) != other { mismatches += 1 }
                        var result = remembered
                        result.title += "\(round)"
                        if remembered != expected || result == expected { mismatches += 1 }
                    }
                    return mismatches
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
        #expect(shared.code == 2)
    }
}
