@testable import ErrorFormatter
import Testing

/// What `Codegen.generate` reads from a catalog: which errors, their typed arguments, the
/// localizations lacking a text, and what refuses the file.
@Suite struct CodegenModelTests {
    /// The JSON registry of `fixture`'s catalog, parsed.
    static func registry(_ fixture: LintFixture, _ options: CodegenOptions = CodegenOptions(language: .json))
        throws -> JSONValue
    {
        let result = try Codegen.generate(catalog: fixture.root, options: options)
        let source = try #require(result.source, "refused: \(result.diagnostics)")
        return try #require(JSONParser.parse(Array(source.utf8)).value)
    }

    @Test func argumentsAreTypedFromSpecifiersAndPluralVariables() throws {
        let fixture = try LintFixture()
            .write("en.lproj/Localizable.strings", """
                "errors.D.1.title" = "%2$@ and %1$@";
                "errors.D.1.message" = "%1$@ again, then %2$s";
                "errors.D.2.title" = "%lld bytes, %llu blocks, %.1f MB, %s";
                "errors.D.-7.title" = "Negative";
                "errors.D.07.title" = "Never read: no error has code 07";
                "errors.D.x.title" = "Not an error code";
                "errors.title" = "Generic";
                """)
            .write("en.lproj/Localizable.stringsdict", """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict>
                  <key>errors.D.3.message</key><dict>
                    <key>NSStringLocalizedFormatKey</key><string>%#@files@ in %2$@</string>
                    <key>files</key><dict>
                      <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                      <key>NSStringFormatValueTypeKey</key><string>lld</string>
                      <key>one</key><string>one file</string>
                      <key>other</key><string>%lld files</string>
                    </dict>
                  </dict>
                </dict></plist>
                """)
        let errors = try #require(try Self.registry(fixture).objectValue?["errors"]?.arrayValue)
        let summary = errors.map { error -> String in
            let code = error.objectValue?["code"]?.numberText ?? ""
            let arguments = error.objectValue?["arguments"]?.arrayValue?.map {
                "\($0.objectValue?["name"]?.stringValue ?? "?"):\($0.objectValue?["type"]?.stringValue ?? "?")"
            } ?? []
            return "\(code) " + arguments.joined(separator: ",")
        }
        #expect(summary == [
            "-7 ",
            "1 arg1:string,arg2:string",
            "2 arg1:int64,arg2:uint64,arg3:double,arg4:string",
            "3 files:int64,arg2:string",
        ])
    }

    @Test func missingTextsFollowFallbackAndSkipUnusableTranslations() throws {
        let fixture = try LintFixture()
            .write("en.lproj/Localizable.strings", """
                "errors.D.1.title" = "Upload %@";
                "errors.D.1.message" = "Failed";
                """)
            .write("fr.lproj/Localizable.strings", """
                "errors.D.1.title" = "Envoi de %d";
                "errors.D.1.message" = "Échec";
                """)
            .write("fr-CA.lproj/Localizable.strings", "\"errors.D.1.title\" = \"Envoi de %@\";\n")
            .write("de.lproj/Localizable.strings", "\"other\" = \"Anderes\";\n")
        let error = try #require(try Self.registry(fixture).objectValue?["errors"]?.arrayValue?.first)
        let missing = error.objectValue?["missing"]?.arrayValue?.map {
            "\($0.objectValue?["localization"]?.stringValue ?? ""):" + ($0.objectValue?["fields"]?.arrayValue?.compactMap(\.stringValue) ?? []).joined(separator: "+")
        }
        // fr's title reads the string as an integer: skipped at run time. fr-CA has its own
        // title and fr's message. de has the table but none of the error's texts.
        #expect(missing == ["de:title+message", "fr:title"])
    }

    @Test func contradictionsRefuseTheFileAndTranslationsDoNot() throws {
        let fixture = try LintFixture()
            .write("en.lproj/Localizable.strings", """
                "errors.D.1.title" = "%1$@";
                "errors.D.1.message" = "%1$f";
                "errors.D.2.title" = "%@";
                """)
            .write("fr.lproj/Localizable.strings", "\"errors.D.2.title\" = \"%d\";\n")
        let refused = try Codegen.generate(catalog: fixture.root, options: CodegenOptions(language: .go))
        #expect(refused.isRefused)
        #expect(refused.diagnostics.map(\.code) == ["error-argument-conflict", "format-mismatch"])

        let agreeing = try LintFixture()
            .write("en.lproj/Localizable.strings", "\"errors.D.2.title\" = \"%@\";\n")
            .write("fr.lproj/Localizable.strings", "\"errors.D.2.title\" = \"%d\";\n")
        let written = try Codegen.generate(catalog: agreeing.root, options: CodegenOptions(language: .go))
        #expect(!written.isRefused)
        #expect(written.diagnostics.map { "\(agreeing.relative($0.file)):\($0.line): \($0.code)" }
            == ["fr.lproj/Localizable.strings:1: format-mismatch"])
    }

    @Test func theOutputIsDeterministicAndNamesItsSource() throws {
        let fixture = try LintFixture()
            .write("en.lproj/Localizable.strings", "\"errors.b.2.title\" = \"%@\";\n\"errors.a.1.title\" = \"%d\";\n")
            .write("fr.lproj/Localizable.strings", "\"errors.a.1.title\" = \"%d\";\n")
        for language in CodegenLanguage.allCases {
            let options = CodegenOptions(language: language, outputPath: "Errors" + language.fileExtension)
            let first = try #require(try Codegen.generate(catalog: fixture.root, options: options).source)
            let second = try #require(try Codegen.generate(catalog: fixture.root, options: options).source)
            #expect(Array(first.utf8) == Array(second.utf8), "\(language)")
            let header = first.split(separator: "\n").prefix(3).joined(separator: "\n")
            #expect(header.contains("errfmt codegen \(ErrorFormatterVersion.string)"), "\(language)")
            #expect(header.contains(fixture.root), "\(language)")
            // Errors in domain, then code order, whatever the table's order.
            let quote = language == .typescript ? "'" : "\""
            let a = try #require(first.firstRange(of: quote + "a" + quote))
            let b = try #require(first.firstRange(of: quote + "b" + quote))
            #expect(a.lowerBound < b.lowerBound, "\(language)")
        }
    }

    @Test func collidingNamesRefuseNamingBothKeys() throws {
        let fixture = try LintFixture().write("en.lproj/Localizable.strings", """
            "errors.my.domain.1.title" = "Dotted";
            "errors.my_domain.1.title" = "Underscored";
            "errors.MyDomain.1.title" = "Camel";
            """)
        let result = try Codegen.generate(catalog: fixture.root, options: CodegenOptions(language: .python))
        #expect(result.isRefused)
        let messages = result.diagnostics.filter { $0.code == "codegen-name-collision" }.map(\.message)
        #expect(messages.count == 2)
        #expect(messages.first?.contains("\"errors.my.domain.1.title\"") == true)
        #expect(messages.first?.contains("\"errors.MyDomain.1.title\"") == true)
        #expect(messages.first?.contains("my_domain_1 in python;") == true)

        // A names file tells them apart.
        fixture.write("names.txt", "my.domain 1 Dotted\nmy_domain 1 Underscored\n# MyDomain keeps its name\nnone 3 Unused\n")
        let named = try Codegen.generate(catalog: fixture.root,
                                         options: CodegenOptions(language: .python, names: fixture.root + "/names.txt"))
        let source = try #require(named.source, "\(named.diagnostics)")
        #expect(source.contains("def dotted() -> ErrorInfo:"))
        #expect(source.contains("def underscored() -> ErrorInfo:"))
        #expect(source.contains("def my_domain_1() -> ErrorInfo:"))
        #expect(named.diagnostics.map { "\(fixture.relative($0.file)):\($0.line): \($0.code)" }
            == ["names.txt:4: unknown-named-error"])

        // A line that cannot be read, or an error named twice, refuses the file.
        fixture.write("bad-names.txt", "my.domain 1 Dotted\nmy.domain 1 Again\nmy_domain one Underscored\n")
        let bad = try Codegen.generate(catalog: fixture.root,
                                       options: CodegenOptions(language: .python, names: fixture.root + "/bad-names.txt"))
        #expect(bad.isRefused)
        #expect(bad.diagnostics.filter { $0.code == "invalid-names-entry" }.map { "\($0.line):\($0.column)" } == ["2:1", "3:11"])
    }

    @Test func registryErrorsWithoutTextsGetConstructors() throws {
        let fixture = try LintFixture()
            .write("en.lproj/Localizable.strings", "\"errors.D.1.title\" = \"One\";\n")
            .write("raised.json", """
                {"errors": [{"domain": "D", "code": 5, "arguments": [{"type": "uint64"}]}]}
                """)
        let result = try Codegen.generate(
            catalog: fixture.root, options: CodegenOptions(language: .rust, registry: fixture.root + "/raised.json"))
        let source = try #require(result.source)
        #expect(source.contains("pub fn d_1() -> Result<ErrorInfo> {"))
        #expect(source.contains("pub fn d_5(arg1: u64) -> Result<ErrorInfo> {"))
        #expect(source.contains("/// D 5: named by the registry; the catalog has no text for it."))
    }

    @Test func whatCannotRunThrows() throws {
        let fixture = try LintFixture().write("en.lproj/Localizable.strings", "\"errors.D.1.title\" = \"One\";\n")
        #expect(throws: CodegenError.self) {
            try Codegen.generate(catalog: fixture.root + "/missing", options: CodegenOptions(language: .c))
        }
        #expect(throws: CodegenError.self) {
            try Codegen.generate(catalog: fixture.root, options: CodegenOptions(language: .c, table: "a/b"))
        }
        #expect(throws: CodegenError.self) {
            try Codegen.generate(catalog: fixture.root, options: CodegenOptions(language: .c, names: fixture.root + "/none"))
        }
        let noTable = try Codegen.generate(catalog: fixture.root, options: CodegenOptions(language: .c, table: "Other"))
        #expect(noTable.isRefused && noTable.diagnostics.map(\.code) == ["codegen-no-table"])
    }
}

extension JSONValue {
    var arrayValue: [JSONValue]? {
        if case .array(let items) = kind { return items }
        return nil
    }

    var numberText: String? {
        if case .number(let text) = kind { return text }
        return nil
    }
}
