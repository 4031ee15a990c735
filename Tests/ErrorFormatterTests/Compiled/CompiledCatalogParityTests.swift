import Testing
@testable import ErrorFormatter

/// A compiled catalog keeps every promise its sources keep: a file that lies (its checksums
/// made right after the change) is read as a source would be: a stored diagnostic is shown on
/// one line with a kebab-case code; what no source parser makes (a deeper value, a table no
/// file is named after, a variable format no loader makes) is refused.
@Suite struct CompiledCatalogParityTests {
    typealias Parts = CompiledCatalogHostileTests.Parts
    typealias Format = CompiledCatalogFormat

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
        for catalog in [try Catalog.openOnFirstUse(compiled: CompiledCatalogFile(source: InMemoryByteSource(bytes)))] {
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
        for name in ["", ".hidden", "a/b", "/"] {
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
