#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import ErrorFormatter

/// A catalog that reads its localizations on first use must give what a whole load gives:
/// the same stacks, values, localizations and diagnostics (in the same order), whatever is
/// asked first.
@Suite struct OnFirstUseLoadingTests {
    /// A scratch catalog directory inside the package's `.build`, removed by `remove()`.
    struct Scratch {
        let root: String

        init() throws {
            _ = mkdir(TestSupport.packageRoot + "/.build", 0o755)
            var template = Array((TestSupport.packageRoot + "/.build/on-first-use-XXXXXX").utf8CString)
            let created = template.withUnsafeMutableBufferPointer { $0.baseAddress.flatMap { mkdtemp($0) } }
            try #require(created != nil)
            root = String(cString: template)
        }

        func write(_ path: String, _ text: String) {
            let full = root + "/" + path
            if let slash = full.lastIndex(of: "/") { _ = mkdir(String(full[..<slash]), 0o755) }
            guard let file = fopen(full, "w") else {
                Issue.record("cannot create \(full)")
                return
            }
            fputs(text, file)
            fclose(file)
        }

        func remove() { _ = system("rm -rf '\(root)'") }
    }

    /// fr has only a broken file: a whole load leaves it out, so `fr-CA` must fall to the
    /// development language rather than stop at an empty `fr`.
    static func writeCatalogWithABrokenLocalization(_ scratch: Scratch) {
        scratch.write("en.lproj/Localizable.strings", "\"greeting\" = \"Hello\";\n\"bye\" = \"Bye\";")
        scratch.write("fr.lproj/Localizable.strings", "\"greeting\" = \"Bonjour\" oops")
        scratch.write("fr_CA.lproj/Errors.strings", "\"other\" = \"Autre\";")
        scratch.write("de.lproj/Localizable.strings", "\"greeting\" = \"Hallo\";\n\"greeting\" = \"Hallo!\";")
        scratch.write("Base.lproj/Localizable.strings", "\"base\" = \"Base text\";")
        scratch.write("Localizable.strings", "\"unlocalized\" = \"Plain\";")
        scratch.write("es.json", "{\"greeting\": \"Hola\"}")
        scratch.write("Localizable.xcstrings", """
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "catalogue": {"localizations": {
                "fr": {"stringUnit": {"state": "translated", "value": "Catalogue"}},
                "it": {"stringUnit": {"state": "translated", "value": "Catalogo"}},
                "not a locale!": {"stringUnit": {"state": "translated", "value": "x"}}}}}}
            """)
    }

    @Test func aLocalizationWhoseFilesAllFailIsLeftOutAsAWholeLoadDoes() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        Self.writeCatalogWithABrokenLocalization(scratch)
        let whole = try Catalog.open(directory: scratch.root)
        let onFirstUse = try Catalog.open(directory: scratch.root, loading: .onFirstUse)
        for preferences in [["fr-CA"], ["fr"], ["de"], ["it"], ["es-MX"], ["C"], [], ["xx"]] {
            #expect(onFirstUse.lookupStack(for: preferences) == whole.lookupStack(for: preferences), "\(preferences)")
            for key in ["greeting", "bye", "base", "unlocalized", "catalogue", "other"] {
                for table in ["Localizable", "Errors"] {
                    #expect(onFirstUse.resolve(key, table: table, preferences: preferences).hit
                        == whole.resolve(key, table: table, preferences: preferences).hit, "\(preferences) \(key)")
                }
            }
        }
        #expect(onFirstUse.localizations == whole.localizations)
        #expect(onFirstUse.diagnostics == whole.diagnostics)
        // The catalogue key comes from the String Catalog's fr, merged into fr.lproj's table:
        // fr is kept by a whole load because the String Catalog gave it a table.
        #expect(whole.localizations.contains("fr"))
    }

    @Test func diagnosticsAskedFirstReadEverythingInWholeLoadOrder() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        Self.writeCatalogWithABrokenLocalization(scratch)
        let whole = try Catalog.open(directory: scratch.root)
        let onFirstUse = try Catalog.open(directory: scratch.root, loading: .onFirstUse)
        #expect(onFirstUse.diagnostics == whole.diagnostics)
        #expect(onFirstUse.diagnostics.map(\.code).contains("duplicate-key"))
        #expect(onFirstUse.diagnostics.map(\.code).contains("unknown-localization"))
        #expect(onFirstUse.localizations == whole.localizations)
    }

    @Test func onlyTheLocalizationsALookupNeedsAreRead() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        scratch.write("en.lproj/Localizable.strings", "\"greeting\" = \"Hello\";")
        scratch.write("de.lproj/Localizable.strings", "\"greeting\" = \"Hallo\";")
        scratch.write("fr.lproj/Localizable.strings", "\"greeting\" = \"Bonjour\";")
        let catalog = try Catalog.open(directory: scratch.root, loading: .onFirstUse)
        // Removed after the open: a whole load would have read it; this one never needs it.
        #expect(unlink(scratch.root + "/de.lproj/Localizable.strings") == 0)
        #expect(catalog.resolve("greeting", preferences: ["fr"]).hit?.value == "Bonjour")
        #expect(unlink(scratch.root + "/fr.lproj/Localizable.strings") == 0)
        #expect(catalog.resolve("greeting", preferences: ["fr"]).hit?.value == "Bonjour")
        // Asking for every diagnostic reads de now: its file is gone, and that is said.
        #expect(catalog.diagnostics.map(\.code) == ["vanished-file"])
        #expect(catalog.localizations == ["en", "fr"])
    }

    /// Threads that need the same localizations at once read each of them once (`make sanitize`
    /// runs this under ThreadSanitizer).
    @Test func concurrentFirstLookupsAgreeWithAWholeLoad() async throws {
        let whole = try Catalog.open(directory: TestSupport.exampleCatalog)
        let onFirstUse = try Catalog.open(directory: TestSupport.exampleCatalog, loading: .onFirstUse)
        let lists = [["fr-CA"], ["de"], ["ja"], ["es-MX"], ["zh-TW"], ["fr"], ["en"], ["zh-Hans"]]
        let keys = ["errors.kCLErrorDomain.0.title", "errors.kCLErrorDomain.0.message", "errors.kCLErrorDomain.2.title"]
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var mismatches = 0
                    for step in 0..<lists.count {
                        let preferences = lists[(worker + step) % lists.count]
                        for key in keys where onFirstUse.resolve(key, preferences: preferences)
                            != whole.resolve(key, preferences: preferences) {
                            mismatches += 1
                        }
                    }
                    return mismatches
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
        #expect(onFirstUse.diagnostics == whole.diagnostics)
    }

    @Test func aStrictOpenReadsEverythingAtOnce() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        scratch.write("en.lproj/Localizable.strings", "\"greeting\" = \"Hello\";")
        scratch.write("fr.lproj/Localizable.strings", "\"greeting\" = \"Bonjour\" oops")
        #expect(throws: CatalogError.self) {
            _ = try Catalog.open(directory: scratch.root, strict: true, loading: .onFirstUse)
        }
    }

    /// Every catalog directory of the corpus, opened both ways: lookups first (so that
    /// localizations are read one by one, as a program would), then everything.
    @Test(.enabled(if: SharedCorpus.isAvailable, "the shared corpus (<package root>/../shared/corpus) is not present"))
    func everyCorpusCatalogGivesTheSameResults() throws {
        let directories = try Self.corpusCatalogDirectories()
        #expect(directories.count > 60)
        for directory in directories {
            let whole = try Catalog.open(directory: directory)
            let onFirstUse = try Catalog.open(directory: directory, loading: .onFirstUse)
            var preferenceLists = whole.localizations.map { [$0] }
            preferenceLists += [["fr-CA"], ["zh-TW"], ["es-MX"], ["pt-BR", "de"], ["C"], []]
            for preferences in preferenceLists {
                #expect(onFirstUse.lookupStack(for: preferences) == whole.lookupStack(for: preferences),
                        "\(directory) \(preferences)")
                for table in whole.allTableNames {
                    let first = whole.cachedLayers(of: table, for: preferences).layers.first
                    for key in (first?.table.keys ?? []).prefix(25) {
                        #expect(onFirstUse.resolve(key.string, table: table, preferences: preferences)
                            == whole.resolve(key.string, table: table, preferences: preferences),
                                "\(directory) \(preferences) \(table) \(key.string)")
                    }
                }
            }
            #expect(onFirstUse.localizations == whole.localizations, "\(directory)")
            #expect(onFirstUse.diagnostics == whole.diagnostics, "\(directory)")
        }
    }

    /// The directories holding `.lproj` folders or String Catalogs, from the corpus's index.
    static func corpusCatalogDirectories() throws -> [String] {
        guard let file = fopen(SharedCorpus.corpus + "/files.tsv", "r") else { return [] }
        defer { fclose(file) }
        var directories = Set<String>()
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        while getline(&line, &capacity, file) > 0 {
            guard let line else { break }
            let fields = String(cString: line).split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count > 2, fields[0] != "repo" else { continue }
            let components = (fields[0] + "/" + fields[1]).split(separator: "/")
            let folder: ArraySlice<Substring>
            if let lproj = components.firstIndex(where: { $0.hasSuffix(".lproj") }) {
                folder = components[..<lproj]
            } else if components.last?.hasSuffix(".xcstrings") ?? false {
                folder = components.dropLast()
            } else {
                continue
            }
            directories.insert(SharedCorpus.corpus + "/data/" + folder.joined(separator: "/"))
        }
        free(line)
        return directories.sorted()
    }
}
