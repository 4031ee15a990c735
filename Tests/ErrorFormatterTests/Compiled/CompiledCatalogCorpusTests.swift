import Testing
@testable import ErrorFormatter

/// Every catalog the project has -- the examples, and every catalog directory of the shared
/// corpus -- compiled and opened again (from memory, on first use, and from a mapped file) gives
/// what the directory gives: the same tables, entries, variable formats and diagnostics byte for
/// byte, the same rendered value of every key in every localization, and the same status from a
/// strict open (the same error, or success). Sources carrying every loading diagnostic:
/// CompiledCatalogParityTests.
@Suite struct CompiledCatalogCorpusTests {
    static let examples = ["/Examples/CoreLocation", "/Examples/Sync", "/Examples/swift-package/Localizations"]

    @Test(arguments: examples)
    func theExamplesCompileToThemselves(directory: String) throws {
        let source = try Catalog.open(directory: TestSupport.packageRoot + directory)
        let (_, compiled) = try CompiledCatalogComparison.reopened(source)
        #expect(try CompiledCatalogComparison.differences(source, compiled) == [])
        let onFirstUse = try CompiledCatalogComparison.reopenedOnFirstUse(source)
        #expect(try CompiledCatalogComparison.differences(source, onFirstUse) == [])
        let path = try CompiledCatalogTests.temporaryPath("example.efc")
        defer { CompiledCatalogTests.remove(path) }
        let mapped = try CompiledCatalogComparison.reopenedMapped(source, at: path)
        #expect(try CompiledCatalogComparison.differences(source, mapped) == [])
        #expect(try CompiledCatalogComparison.strictDifferences(
            directory: TestSupport.packageRoot + directory, source, at: path) == [])
    }

    /// Directories of the corpus holding `<loc>.lproj` directories or String Catalogs (the ones
    /// `Tests/Corpus/lint_corpus.py` lints), relative to `corpus/data`.
    static func corpusCatalogs() -> [String] {
        guard SharedCorpus.isAvailable else { return [] }
        let data = SharedCorpus.corpus + "/data"
        var found: [String] = []
        var pending = [""]
        while let relative = pending.popLast() {
            let path = data + relative
            guard let names = try? FileSystem.contentsOfDirectory(atPath: path) else { continue }
            var isCatalog = false
            for name in names {
                let child = path + "/" + name
                if name.hasSuffix(".xcstrings") { isCatalog = true }
                guard FileSystem.entryType(atPath: child) == .directory else { continue }
                if name.hasSuffix(Catalog.localizationDirectorySuffix) {
                    isCatalog = true
                } else {
                    pending.append(relative + "/" + name)
                }
            }
            if isCatalog { found.append(relative) }
        }
        return found.sorted()
    }

    @Test(.enabled(if: SharedCorpus.isAvailable, "the shared corpus (<package root>/../shared/corpus) is not present"))
    func everyCorpusCatalogCompilesToItself() throws {
        let catalogs = Self.corpusCatalogs()
        #expect(catalogs.count > 40)
        let path = try CompiledCatalogTests.temporaryPath("corpus.efc")
        defer { CompiledCatalogTests.remove(path) }
        for relative in catalogs {
            let source = try Catalog.open(directory: SharedCorpus.corpus + "/data" + relative)
            let (_, compiled) = try CompiledCatalogComparison.reopened(source)
            let differences = try CompiledCatalogComparison.differences(source, compiled)
            #expect(differences.isEmpty, "\(relative): \(differences.prefix(5))")
            let onFirstUse = try CompiledCatalogComparison.reopenedOnFirstUse(source)
            let lazyDifferences = try CompiledCatalogComparison.differences(source, onFirstUse)
            #expect(lazyDifferences.isEmpty, "\(relative), on first use: \(lazyDifferences.prefix(5))")
            let mapped = try CompiledCatalogComparison.reopenedMapped(source, at: path)
            let mappedDifferences = try CompiledCatalogComparison.differences(source, mapped)
            #expect(mappedDifferences.isEmpty, "\(relative), mapped: \(mappedDifferences.prefix(5))")
            let strictDifferences = try CompiledCatalogComparison.strictDifferences(
                directory: SharedCorpus.corpus + "/data" + relative, source, at: path)
            #expect(strictDifferences.isEmpty, "\(relative), strict: \(strictDifferences.prefix(5))")
        }
    }
}
