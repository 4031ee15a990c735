import Testing
@testable import ErrorFormatter

/// A compiled catalog keeps every promise its sources keep: the same diagnostics and the same
/// strict-open status as the directory it was compiled from, for sources carrying every
/// diagnostic loading gives; and a file that lies (its checksums made right after the change)
/// is read as a source would be: a value holding U+0000 is reported, and fails a strict open;
/// a stored diagnostic is shown on one line with a kebab-case code; what no source parser makes
/// (a deeper value, a table no file is named after, a variable format no loader makes) is
/// refused.
@Suite struct CompiledCatalogParityTests {
    typealias Parts = CompiledCatalogHostileTests.Parts
    typealias Format = CompiledCatalogFormat

    // MARK: Every loading diagnostic, compiled

    @Test(arguments: LoadingDiagnosticFixtures.all)
    func eachLoadingDiagnosticSurvivesCompiling(_ fixture: LoadingDiagnosticFixtures.Fixture) throws {
        let directory = try LoadingDiagnosticFixtures.directory(with: [fixture])
        try withExtendedLifetime(directory) {
            let source = try Catalog.open(directory: directory.root)
            #expect(source.diagnostics.contains { $0.code == fixture.code }, "\(fixture): \(source.diagnostics)")
            try Self.expectCompiledIsSource(directory.root, source, "\(fixture)")
        }
    }

    @Test func everyLoadingDiagnosticAtOnce() throws {
        let directory = try LoadingDiagnosticFixtures.directory(with: LoadingDiagnosticFixtures.all)
        try withExtendedLifetime(directory) {
            let source = try Catalog.open(directory: directory.root)
            let missing = Set(LoadingDiagnosticFixtures.all.map(\.code)).subtracting(source.diagnostics.map(\.code))
            #expect(missing.isEmpty)
            #expect(source.strictRefusal != nil)
            try Self.expectCompiledIsSource(directory.root, source, "every fixture")
        }
    }

    /// `source` (the directory at `root`, opened leniently), compiled and opened again every way,
    /// gives what the directory gives, strict status included.
    static func expectCompiledIsSource(_ root: String, _ source: Catalog, _ what: String) throws {
        let (_, compiled) = try CompiledCatalogComparison.reopened(source)
        #expect(try CompiledCatalogComparison.differences(source, compiled) == [], "\(what)")
        let onFirstUse = try CompiledCatalogComparison.reopenedOnFirstUse(source)
        #expect(try CompiledCatalogComparison.differences(source, onFirstUse) == [], "\(what), on first use")
        let path = try CompiledCatalogTests.temporaryPath("parity.efc")
        defer { CompiledCatalogTests.remove(path) }
        let mapped = try CompiledCatalogComparison.reopenedMapped(source, at: path)
        #expect(try CompiledCatalogComparison.differences(source, mapped) == [], "\(what), mapped")
        #expect(try CompiledCatalogComparison.strictDifferences(directory: root, source, at: path) == [], "\(what)")
    }

    // MARK: U+0000 in a value

    /// A compiled catalog whose French `errors.title` is `Err\0or`, its checksums right: made
    /// from `ErrXor`, the X then set to 0.
    static func frenchTitleHoldingNUL() throws -> [UInt8] {
        let source = try TestSupport.catalog([("en", "\"errors.title\" = \"Error\";"), ("fr", "\"errors.title\" = \"ErrXor\";")])
        var parts = try Parts(source.compiled())
        let french = try #require(parts.sections.firstIndex { $0.kind == Format.SectionKind.localization.rawValue && $0.name == "fr" })
        let bytes = parts.sections[french].bytes
        let at = try #require(bytes.indices.first { bytes[$0...].starts(with: Array("ErrXor".utf8)) })
        parts.sections[french].bytes[at + 3] = 0
        return try parts.bytes()
    }

    @Test func aValueHoldingNULFailsAStrictOpenAndIsReportedWhenLenient() throws {
        let bytes = try Self.frenchTitleHoldingNUL()
        let expected = CatalogError(kind: .parse, message: "the value of \"errors.title\" contains U+0000; C callers see it end there",
                                    file: "fr.lproj/Localizable")
        #expect(throws: expected) {
            try Catalog.open(compiled: CompiledCatalogFile(source: InMemoryByteSource(bytes)), strict: true)
        }
        let warning = Diagnostic(severity: .warning, code: "nul-in-value", message: expected.message, file: "fr.lproj/Localizable")
        for catalog in [try Catalog.open(compiled: CompiledCatalogFile(source: InMemoryByteSource(bytes))),
                        try Catalog.openOnFirstUse(compiled: CompiledCatalogFile(source: InMemoryByteSource(bytes)))] {
            // Kept, as a source keeps it (C sees it cut), and reported once.
            #expect(catalog.resolve("errors.title", preferences: ["fr"]).hit?.value == "Err\u{0}or")
            #expect(catalog.diagnostics == [warning])
            #expect(catalog.strictRefusal == expected)
        }
        // From a file, the table is named under it, as lint names a compiled catalog's tables.
        let path = try CompiledCatalogTests.temporaryPath("nul.efc")
        defer { CompiledCatalogTests.remove(path) }
        try FileReplacement.replace(path, with: bytes)
        for mapped in [false, true] {
            #expect(throws: CatalogError(kind: .parse, message: expected.message, file: path + "/fr.lproj/Localizable")) {
                try Catalog.open(path: path, strict: true, mapped: mapped)
            }
            let lenient = try Catalog.open(path: path, mapped: mapped)
            #expect(lenient.diagnostics.map(\.file) == [path + "/fr.lproj/Localizable"])
            // Compiled again, the file keeps the refusal: a strict open of it fails the same way.
            let again = try CompiledCatalogFile(source: InMemoryByteSource(lenient.compiled()))
            #expect(throws: CatalogError(kind: .parse, message: expected.message, file: path + "/fr.lproj/Localizable")) {
                try Catalog.open(compiled: again, strict: true)
            }
        }
    }

    /// A source with a value holding U+0000, compiled from a lenient open: the file fails a
    /// strict open with the source's own error, and a lenient open reports it once.
    @Test func aSourceWithANULCompilesToAFileThatAStrictOpenRefusesAsItsSource() throws {
        let directory = try LintFixture()
        try withExtendedLifetime(directory) {
            directory.write("en.lproj/Localizable.strings", "\"errors.title\" = \"Error\";")
            directory.write("fr.lproj/Localizable.strings", "\"errors.title\" = \"Err\\U0000or\";")
            let source = try Catalog.open(directory: directory.root)
            #expect(source.diagnostics.map(\.code) == ["nul-in-value"])
            #expect(source.strictRefusal?.file == "fr.lproj/Localizable.strings")
            try Self.expectCompiledIsSource(directory.root, source, "a NUL in French")
        }
    }

    // MARK: Stored diagnostics

    /// `CompiledCatalogHostileTests.small` with one stored diagnostic in its catalog section.
    static func withStoredDiagnostic(code: String, message: String = "a message", file: String? = nil,
                                     key: String? = nil) throws -> [UInt8] {
        var parts = try Parts(CompiledCatalogHostileTests.small)
        var section = CompiledEncoder()
        section.u32(1)
        section.u8(Format.code(of: .error))
        try section.string(code)
        try section.string(message)
        try section.optionalString(file)
        section.u32(0)
        section.u32(0)
        try section.optionalString(key)
        parts.sections[0].bytes = section.bytes
        return try parts.bytes()
    }

    @Test(arguments: ["broken\ntable", "broken\r\ntable", "Broken-Table", "broken table", "broken--table", "-broken",
                      "broken-", "", "broken\u{1B}[31mtable", "broken_table", "bröken"])
    func aStoredCodeThatIsNotKebabCaseBreaksTheCatalogSection(code: String) throws {
        let bytes = try Self.withStoredDiagnostic(code: code)
        #expect(throws: CatalogError.self) {
            try Catalog.open(compiled: CompiledCatalogFile(source: InMemoryByteSource(bytes)), strict: true)
        }
        for catalog in [try Catalog.open(compiled: CompiledCatalogFile(source: InMemoryByteSource(bytes))),
                        try Catalog.openOnFirstUse(compiled: CompiledCatalogFile(source: InMemoryByteSource(bytes)))] {
            let diagnostics = catalog.diagnostics
            #expect(diagnostics.map(\.code) == ["broken-compiled-section"])
            #expect(diagnostics.first?.message.contains("is not kebab-case") == true)
            #expect(diagnostics.allSatisfy { Self.isOneLine($0) })
            #expect(catalog.resolve("a", preferences: ["en"]).hit?.value == "B")
        }
    }

    @Test func aStoredKebabCaseCodeIsKeptAndItsTextsAreShownOnOneLine() throws {
        let bytes = try Self.withStoredDiagnostic(code: "broken-table2", message: "two\nlines\u{1B}[2J", file: "fr.lproj/\nX.strings",
                                                  key: "a\nkey\u{2028}")
        let catalog = try Catalog.openOnFirstUse(compiled: CompiledCatalogFile(source: InMemoryByteSource(bytes)))
        let diagnostic = try #require(catalog.diagnostics.first)
        #expect(diagnostic.code == "broken-table2")
        #expect(diagnostic.message == "two\\nlines\\u{1B}[2J")
        #expect(diagnostic.file == "fr.lproj/\\nX.strings")
        #expect(diagnostic.key == "a\\nkey\\u{2028}")
        #expect(Self.isOneLine(diagnostic))
        // Through lint too, where the key is shown.
        #expect(CatalogLint.check(catalog).filter { $0.code == "broken-table2" }.map(Self.isOneLine) == [true])
    }

    @Test func aDiagnosticCodeThatIsNotKebabCaseIsNotCompiled() throws {
        var builder = CatalogBuilder()
        try builder.addTable(bytes: Array("\"a\" = \"b\";".utf8), localization: "en", fileName: "Localizable.strings")
        builder.addDiagnostic(Diagnostic(severity: .warning, code: "Made Up", message: "m"))
        #expect { try builder.build().compiled() } throws: { ($0 as? CatalogError)?.kind == .invalidArgument }
    }

    static func isOneLine(_ diagnostic: Diagnostic) -> Bool {
        [diagnostic.code, diagnostic.message, diagnostic.file ?? "", diagnostic.key ?? ""].allSatisfy { text in
            !text.unicodeScalars.contains(where: MessageEscaping.needsEscaping)
        }
    }

    // MARK: What no source parser makes

    /// `CompiledCatalogHostileTests.small` with the English section replaced by one table
    /// `name` whose entries and variable formats `write` writes (counts included).
    static func withEnglishTable(
        _ name: String = "Localizable", entries: (inout CompiledEncoder) throws -> Void = { $0.u32(0) },
        variables: (inout CompiledEncoder) throws -> Void = { $0.u32(0) }
    ) throws -> [UInt8] {
        var parts = try Parts(CompiledCatalogHostileTests.small)
        let english = try #require(parts.sections.firstIndex { $0.kind == Format.SectionKind.localization.rawValue && $0.name == "en" })
        var section = CompiledEncoder()
        section.u32(1)
        try section.string(name)
        try entries(&section)
        try variables(&section)
        section.u32(0)
        parts.sections[english].bytes = section.bytes
        return try parts.bytes()
    }

    /// The strict open's error for `bytes`, and whether a lenient one left English out.
    static func refusal(_ bytes: [UInt8]) throws -> CatalogError? {
        let error = CompiledCatalogHostileTests.strictFailure(bytes)
        let lenient = try Catalog.open(compiled: CompiledCatalogFile(source: InMemoryByteSource(bytes)))
        #expect((error == nil) == lenient.localizations.contains("en"))
        return error
    }

    @Test func aTableNoFileIsNamedAfterIsRefused() throws {
        // (U+0600 joins the `.` after it into one character: no file name ends a table so.)
        for name in ["", ".hidden", "a/b", "/", "x\u{600}"] {
            let error = try Self.refusal(try Self.withEnglishTable(name))
            #expect(error?.message.contains("no table file is named after the table") == true, "\(name)")
        }
        for name in ["Localizable", "a.json", "Main.strings", "Ünïcode", "a b"] {
            #expect(try Self.refusal(try Self.withEnglishTable(name)) == nil, "\(name)")
        }
    }

    /// One variable format `k` of one variable `n` with `variants`, its format `format`.
    static func variableFormat(_ format: String, rule: UInt8, variants: [(String, String)]) -> (inout CompiledEncoder) throws -> Void {
        { encoder in
            encoder.u32(1)
            try encoder.string("k")
            try encoder.string(format)
            encoder.u32(1)
            try encoder.string("n")
            encoder.u8(rule)
            try encoder.optionalString("lld")
            encoder.u32(UInt32(variants.count))
            for (key, text) in variants.sorted(by: { $0.0.precedesInUTF8Order($1.0) }) {
                try encoder.string(key)
                try encoder.string(text)
            }
        }
    }

    @Test func aVariableFormatNoLoaderMakesIsRefused() throws {
        let plural: UInt8 = 0, device: UInt8 = 1, width: UInt8 = 2
        let refused: [(String, String, UInt8, [(String, String)])] = [
            ("a plural variant that is no category", "%#@n@", plural, [("seven", "7"), ("other", "x")]),
            ("a plural without other", "%#@n@", plural, [("one", "x")]),
            ("a device variable without other", "%#@n@", device, [("mac", "x")]),
            ("a reference to no variable", "%#@m@", plural, [("other", "x")]),
            ("a variant referencing no variable", "%#@n@", plural, [("other", "%#@m@")]),
        ]
        for (what, format, rule, variants) in refused {
            let error = try Self.refusal(try Self.withEnglishTable(variables: Self.variableFormat(format, rule: rule, variants: variants)))
            #expect(error?.message.contains("is one no table makes") == true, "\(what): \(String(describing: error))")
        }
        let accepted: [(String, String, UInt8, [(String, String)])] = [
            ("a plural", "%#@n@", plural, [("one", "x"), ("other", "y")]),
            ("a device variable", "%#@n@", device, [("mac", "x"), ("other", "y")]),
            ("a width variable without other", "%#@n@", width, [("20", "x")]),
            ("a width variable without variants", "%#@n@", width, []),
            ("a format that references nothing", "text", plural, [("other", "x")]),
        ]
        for (what, format, rule, variants) in accepted {
            #expect(try Self.refusal(try Self.withEnglishTable(variables: Self.variableFormat(format, rule: rule, variants: variants))) == nil,
                    "\(what)")
        }
    }

    /// The deepest value a source table can hold (an XML `.strings` file's) compiles and reads
    /// back; a compiled value one level deeper is refused.
    @Test func theDeepestValueASourceHoldsIsTheDeepestACompiledFileHolds() throws {
        func xml(_ depth: Int) -> [UInt8] {
            Array(("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>k</key>" + String(repeating: "<array>", count: depth)
                + "<string>x</string>" + String(repeating: "</array>", count: depth) + "</dict></plist>").utf8)
        }
        var deepest = CatalogBuilder(strict: true)
        try deepest.addTable(bytes: xml(CompiledSectionDecoder.maximumValueDepth), localization: "en", fileName: "Localizable.strings")
        var deeper = CatalogBuilder(strict: true)
        #expect(throws: CatalogError.self) {
            try deeper.addTable(bytes: xml(CompiledSectionDecoder.maximumValueDepth + 1), localization: "en", fileName: "Localizable.strings")
        }
        let source = try deepest.build()
        let (_, compiled) = try CompiledCatalogComparison.reopened(source, strict: true)
        #expect(try CompiledCatalogComparison.differences(source, compiled) == [])
        let tooDeep = try Self.withEnglishTable(entries: { encoder in
            encoder.u32(1)
            try encoder.string("k")
            for _ in 0...CompiledSectionDecoder.maximumValueDepth {
                encoder.u8(Format.ValueTag.array.rawValue)
                encoder.u32(1)
            }
            encoder.u8(Format.ValueTag.string.rawValue)
            try encoder.string("x")
        })
        #expect(try Self.refusal(tooDeep)?.message.contains("nests more than 512 arrays and dictionaries") == true)
    }
}
