import Testing
@testable import ErrorFormatter
#if canImport(Glibc)
import Glibc
#endif

/// Compiled catalogs built from hand-made catalogs: every kind of content survives the round
/// trip, compiling is deterministic, and a file opens like its directory.
@Suite struct CompiledCatalogTests {
    /// A `.stringsdict` with a plural and a device variable (`files`).
    static var stringsDict: [UInt8] { StringsDictFileTests.plist(StringsDictFileTests.pluralEntry) }

    static let stringCatalog = """
    {"sourceLanguage": "en", "version": "1.0", "strings": {
      "%lld errors": {"localizations": {
        "en": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "%lld error"}},
                                         "other": {"stringUnit": {"state": "translated", "value": "%lld errors"}}}}},
        "pl": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "%lld błąd"}},
                                         "few": {"stringUnit": {"state": "translated", "value": "%lld błędy"}},
                                         "many": {"stringUnit": {"state": "translated", "value": "%lld błędów"}},
                                         "other": {"stringUnit": {"state": "translated", "value": "%lld błędu"}}}}}
      }},
      "hello": {"localizations": {"pl": {"stringUnit": {"state": "translated", "value": "Cześć"}}}}
    }}
    """

    /// A catalog with a bit of everything: `.strings` with non-string values and a duplicate key
    /// (a diagnostic), a broken table (an error diagnostic), a `.stringsdict`, a String Catalog,
    /// `Base`, unlocalized tables, a second table, NFC and NFD keys.
    static func richCatalog() throws -> Catalog {
        var builder = CatalogBuilder()
        try builder.addTable(bytes: Array("""
            "a" = "A";
            "a" = "A again";
            "list" = ("x", "y", {"k" = <0aff>;});
            "data" = <deadbeef>;
            "caf\u{E9}" = "NFC";
            "cafe\u{301}" = "NFD";
            "n" = "%d item(s)";
            """.utf8), localization: "en", fileName: "Localizable.strings")
        try builder.addTable(bytes: stringsDict, localization: "en", fileName: "Localizable.stringsdict")
        try builder.addTable(bytes: Array("\"a\" = \"Ä\";".utf8), localization: "de", fileName: "Localizable.strings")
        try builder.addTable(bytes: Array("\"a\" = \"broken\"".utf8), localization: "de", fileName: "Errors.strings")
        try builder.addTable(bytes: Array("\"b\" = \"Base B\";".utf8), localization: "Base", fileName: "Localizable.strings")
        try builder.addTable(bytes: Array("\"u\" = \"unlocalized\";".utf8), localization: nil, fileName: "Other.strings")
        try builder.addTable(bytes: Array(stringCatalog.utf8), localization: nil, fileName: "Plurals.xcstrings")
        builder.addDiagnostic(Diagnostic(severity: .warning, code: "made-up", message: "a catalog-wide note\nwith a line",
                                         file: "x.lproj", line: 3, column: 4, key: "k"))
        return try builder.build(developmentLocale: "en-GB")
    }

    @Test func everyKindOfContentSurvivesTheRoundTrip() throws {
        let source = try Self.richCatalog()
        let (_, compiled) = try CompiledCatalogComparison.reopened(source)
        #expect(try CompiledCatalogComparison.differences(source, compiled).isEmpty)
        #expect(compiled.developmentLocale == "en-GB")
        #expect(compiled.localizations == ["Base", "de", "en", "pl"])
        #expect(compiled.hasUnlocalizedTables)
        #expect(compiled.diagnostics.map(\.code).contains("duplicate-key"))
        #expect(compiled.diagnostics.contains { $0.code == "made-up" && $0.key == "k" && $0.line == 3 && $0.column == 4 })
        let english = try #require(compiled.table("Localizable", localization: "en"))
        #expect(english.entries["list"] == .array([.string("x"), .string("y"), .dictionary({
            var inner = PropertyListDictionary()
            inner.updateValue(.data([0x0A, 0xFF]), forKey: TableKey("k"))
            return inner
        }())]))
        #expect(english.entries["data"] == .data([0xDE, 0xAD, 0xBE, 0xEF]))
        #expect(english.entries.keys.map(\.string) == ["a", "list", "data", "caf\u{E9}", "cafe\u{301}", "n"])
        #expect(english.entries["a"] == .string("A again"))
        #expect(english.variables[TableKey("files")]?.variables["folders"]?.ruleType == .device)
        #expect(compiled.resolve("files", preferences: ["en"], arguments: [.int(1), .int(2)]).hit?.value
            == "1 file in folders")
        #expect(compiled.resolve("%lld errors", table: "Plurals", preferences: ["pl"], arguments: [.int(5)]).hit?.value
            == "5 błędów")
        #expect(compiled.resolve("u", table: "Other", preferences: ["de"]).hit?.localization == "")
        #expect(compiled.table("Errors", localization: "de") == nil)
    }

    @Test func compilingTwiceGivesTheSameBytes() throws {
        let first = try Self.richCatalog().compiled()
        let second = try Self.richCatalog().compiled()
        #expect(first == second)
        // And a catalog read back compiles to the bytes it was read from.
        let (bytes, reopened) = try CompiledCatalogComparison.reopened(try Self.richCatalog())
        #expect(try reopened.compiled() == bytes)
    }

    @Test func valuesNestedAsDeepAsTheParserAllowsRoundTrip() throws {
        let depth = OldStylePropertyListParser.maximumDepth
        let text = "\"k\" = " + String(repeating: "(", count: depth) + String(repeating: ")", count: depth)
            + ";\n\"d\" = {\"a\" = {\"b\" = (<00>, \"x\", {});}; \"c\" = ();};"
        var builder = CatalogBuilder(strict: true)
        try builder.addTable(bytes: Array(text.utf8), localization: "en", fileName: "Localizable.strings")
        let source = try builder.build()
        let (_, compiled) = try CompiledCatalogComparison.reopened(source, strict: true)
        let expected = try #require(source.table("Localizable", localization: "en"))
        let actual = try #require(compiled.table("Localizable", localization: "en"))
        #expect(actual.entries == expected.entries)
        #expect(actual.entries.keys == expected.entries.keys)
        #expect(try CompiledCatalogComparison.differences(source, compiled).isEmpty)
    }

    @Test func anEmptyCatalogRoundTrips() throws {
        let source = try CatalogBuilder().build()
        let (_, compiled) = try CompiledCatalogComparison.reopened(source)
        #expect(compiled.localizations.isEmpty)
        #expect(compiled.developmentLocale == "en")
        #expect(try CompiledCatalogComparison.differences(source, compiled).isEmpty)
    }

    @Test func theFileKeepsItsDevelopmentLocaleUnlessTheCallerGivesOne() throws {
        let file = try CompiledCatalogFile(source: InMemoryByteSource(try Self.richCatalog().compiled()))
        #expect(file.developmentLocale == "en-GB")
        #expect(try Catalog.open(compiled: file, developmentLocale: "de").developmentLocale == "de")
        #expect(throws: CatalogError.self) { try Catalog.open(compiled: file, developmentLocale: "!!") }
    }

    @Test func aFileOpensByPathLikeItsDirectory() throws {
        let directory = TestSupport.exampleCatalog
        let source = try Catalog.open(directory: directory)
        let path = try Self.temporaryPath("example.efc")
        defer { Self.remove(path) }
        try source.compile(to: path)
        let compiled = try Catalog.open(path: path)
        #expect(try CompiledCatalogComparison.differences(source, compiled).isEmpty)
        let formatter = ErrorMessageFormatter(catalog: compiled)
        let expected = ErrorMessageFormatter(catalog: source)
        for preferences in [["fr-CA"], ["zh-TW"], ["de"], ["ja", "en"]] {
            for code in Int64(0)...10 {
                let error = ErrorInfo(domain: "kCLErrorDomain", code: code)
                #expect(formatter.format(error, preferences: preferences) == expected.format(error, preferences: preferences))
            }
        }
        // A directory stays a directory; what is neither is said to be no directory, as before.
        #expect(try Catalog.open(path: directory).localizations == source.localizations)
        #expect { try Catalog.open(path: directory + "/en.lproj/Localizable.strings") } throws: {
            ($0 as? CatalogError)?.kind == .unreadable
        }
        #expect { try Catalog.open(path: directory + "/missing") } throws: { ($0 as? CatalogError)?.kind == .notFound }
    }

    @Test func aBrokenSectionIsLeftOutWhenLenientAndFailsTheOpenWhenStrict() throws {
        var bytes = try Self.richCatalog().compiled()
        let file = try CompiledCatalogFile(source: InMemoryByteSource(bytes))
        let german = try #require(file.section(named: "de"))
        bytes[Int(german.offset) + Int(german.length) / 2] ^= 0x40
        let broken = try CompiledCatalogFile(source: InMemoryByteSource(bytes))
        let lenient = try Catalog.open(compiled: broken)
        #expect(lenient.localizations == ["Base", "en", "pl"])
        #expect(lenient.diagnostics.last?.code == "broken-compiled-section")
        #expect(lenient.diagnostics.last?.severity == .error)
        #expect { try Catalog.open(compiled: broken, strict: true) } throws: { ($0 as? CatalogError)?.kind == .parse }
    }

    /// Read on first use, the catalog's diagnostics are read when asked for, not at open: a
    /// broken catalog section then stands as one error in their place, and lookups never
    /// notice. Read whole, the same; strictly, it fails the open.
    @Test func theStoredDiagnosticsAreReadWhenAskedFor() throws {
        let source = try Self.richCatalog()
        var bytes = try source.compiled()
        let intact = try Catalog.openOnFirstUse(compiled: CompiledCatalogFile(source: InMemoryByteSource(bytes)))
        #expect(intact.diagnostics.map(\.description) == source.diagnostics.map(\.description))
        let parts = try CompiledCatalogHostileTests.Parts(bytes)
        let catalogSection = try #require(parts.sections.first)
        #expect(catalogSection.kind == CompiledCatalogFormat.SectionKind.catalog.rawValue)
        #expect(source.diagnostics.count > 1)
        // The catalog section follows the directory's checksum: its last byte is the byte
        // before the next section.
        let file = try CompiledCatalogFile(source: InMemoryByteSource(bytes))
        let firstLocalization = try #require(file.section(named: ""))
        bytes[Int(firstLocalization.offset) - 1] ^= 0x01
        let broken = try CompiledCatalogFile(source: InMemoryByteSource(bytes))
        #expect { try broken.storedDiagnostics() } throws: { ($0 as? CatalogError)?.kind == .parse }
        #expect { try Catalog.open(compiled: broken, strict: true) } throws: { ($0 as? CatalogError)?.kind == .parse }
        let whole = try Catalog.open(compiled: broken)
        let lazy = try Catalog.openOnFirstUse(compiled: broken)
        #expect(whole.diagnostics == lazy.diagnostics)
        #expect(whole.strictRefusal?.message.contains("do not match their checksum") == true)
        #expect(whole.strictRefusal == lazy.strictRefusal)
        #expect(lazy.resolve("a", preferences: ["en"]).hit?.value == "A again")
        #expect(lazy.resolve("a", preferences: ["de"]).hit?.value == "Ä")
        // Every diagnostic of the source is in the catalog section: one error stands for them.
        let diagnostics = lazy.diagnostics
        #expect(diagnostics.map(\.code) == ["broken-compiled-section"])
        #expect(diagnostics.first?.severity == .error)
        #expect(diagnostics.first?.message.contains("the catalog's own diagnostics") == true)
        #expect(lazy.diagnostics.map(\.description) == diagnostics.map(\.description))
    }

    @Test func aFileReplacedOrTruncatedWhileOpenNeverCrashes() throws {
        let path = try Self.temporaryPath("replaced.efc")
        defer { Self.remove(path) }
        try Self.richCatalog().compile(to: path)
        let file = try CompiledCatalogFile(source: try #require(try FileByteSource.open(path: path)))
        // Replaced by rename: the open file is the old one, and reads on.
        try CatalogBuilder().build().compile(to: path)
        #expect(try file.tables(ofLocalization: "en")["Localizable"] != nil)
        // Truncated in place: the reads past the new end come back short, a parse failure.
        let reopened = try CompiledCatalogFile(source: try #require(try FileByteSource.open(path: path)))
        try Self.richCatalog().compile(to: path)
        let current = try CompiledCatalogFile(source: try #require(try FileByteSource.open(path: path)))
        #expect(truncate(path, 64) == 0)
        #expect { try current.tables(ofLocalization: "en") } throws: { ($0 as? CatalogError)?.kind == .parse }
        #expect { try Catalog.open(path: path) } throws: { ($0 as? CatalogError)?.kind == .parse }
        _ = reopened
    }

    /// Opened leniently, a compiled file is read a section at a time: a section read before the
    /// file is truncated keeps working, the ones after are left out, said so, and nothing traps.
    @Test func aCatalogReadOnFirstUseSurvivesItsFileTruncated() throws {
        let path = try Self.temporaryPath("truncated.efc")
        defer { Self.remove(path) }
        let source = try Self.richCatalog()
        try source.compile(to: path)
        let catalog = try Catalog.open(path: path)
        let english = catalog.lookupStack(for: ["en"])
        #expect(english.localizations.contains("en"))
        #expect(catalog.resolve("a", preferences: ["en"]).hit?.value == "A again")
        #expect(truncate(path, 64) == 0)
        #expect(catalog.resolve("a", preferences: ["en"]).hit?.value == "A again")
        // German was never read: now it cannot be, so the stack goes on without it.
        #expect(catalog.resolve("a", preferences: ["de"]).hit?.value == "A again")
        #expect(catalog.diagnostics.last?.code == "broken-compiled-section")
        #expect(!catalog.localizations.contains("de"))
    }

    /// Removes `path` and the scratch directory it is in.
    static func remove(_ path: String) {
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
        _ = system("rm -rf '\(directory)'")
    }

    /// A path for a file in a new scratch directory inside the package's .build directory (so
    /// the test names no path of the machine), removed when the last test using it ends.
    static func temporaryPath(_ name: String) throws -> String {
        _ = mkdir(TestSupport.packageRoot + "/.build", 0o755)
        var template = Array((TestSupport.packageRoot + "/.build/compiled-test-XXXXXX").utf8CString)
        let created = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        try #require(created != nil)
        return String(cString: template) + "/" + name
    }
}
