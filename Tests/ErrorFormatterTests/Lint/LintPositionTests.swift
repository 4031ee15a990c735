import ErrorFormatter
import Testing

/// Every format gives findings the line and column of the entry (or variant) they are about,
/// in the file as named.
@Suite struct LintPositionTests {
    static let stringsDict = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>files</key>
        \t<dict>
        \t\t<key>NSStringLocalizedFormatKey</key>
        \t\t<string>%#@n@</string>
        \t\t<key>n</key>
        \t\t<dict>
        \t\t\t<key>NSStringFormatSpecTypeKey</key>
        \t\t\t<string>NSStringPluralRuleType</string>
        \t\t\t<key>NSStringFormatValueTypeKey</key>
        \t\t\t<string>lld</string>
        \t\t\t<key>one</key>
        \t\t\t<string>%lld file</string>
        \t\t\t<key>other</key>
        \t\t\t<string>VARIANT</string>
        \t\t</dict>
        \t</dict>
        </dict>
        </plist>
        """

    @Test func stringsEntriesAtTheirKey() throws {
        let fixture = try LintFixture()
            .write("en.lproj/Localizable.strings", "/* c */\n\"hello\" = \"Hello %@\";\n  \"n\" = \"%d\";\n")
            .write("fr.lproj/Localizable.strings", "\"n\" = \"%d\";\n\n   \"hello\" = \"Bonjour %d\";\n")
        #expect(try fixture.findings(codes: ["format-mismatch"]) == ["fr.lproj/Localizable.strings:3:4: format-mismatch"])
        let finding = try #require(try fixture.lint().diagnostics.first { $0.code == "format-mismatch" })
        #expect(finding.key == "hello")
        #expect(finding.severity == .error)
    }

    @Test func stringsDictVariantsAtTheirKeyTag() throws {
        let fixture = try LintFixture()
            .write("en.lproj/Localizable.stringsdict", Self.stringsDict.replacingVariant(with: "%lld files"))
            .write("de.lproj/Localizable.stringsdict", Self.stringsDict.replacingVariant(with: "%@ Dateien"))
        // The variant `other` is the <key>other</key> on line 16, after three tabs.
        #expect(try fixture.findings(codes: ["format-mismatch", "plural-value-type-mismatch"]) == [
            "de.lproj/Localizable.stringsdict:16:4: format-mismatch",
            "de.lproj/Localizable.stringsdict:16:4: plural-value-type-mismatch",
        ])
    }

    @Test func stringCatalogEntriesAtTheirLocalization() throws {
        let catalog = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "greeting" : {
                  "localizations" : {
                    "en" : { "stringUnit" : { "state" : "translated", "value" : "Hello %@" } },
                    "fr" : { "stringUnit" : { "state" : "translated", "value" : "Bonjour %d" } },
                    "de" : { "stringUnit" : { "state" : "needs_review", "value" : "Hallo %@" } }
                  }
                }
              },
              "version" : "1.0"
            }
            """
        let fixture = try LintFixture().write("Localizable.xcstrings", catalog)
        #expect(try fixture.findings(codes: ["format-mismatch", "state-needs-review"]) == [
            "Localizable.xcstrings:7:9: format-mismatch",
            "Localizable.xcstrings:8:45: state-needs-review",
        ])
    }

    @Test func jsonTablesAtTheirMember() throws {
        let fixture = try LintFixture()
            .write("en.json", "{\n  \"n\": { \"one\": \"%lld file\", \"other\": \"%lld files\" }\n}\n")
            .write("fr.json", "{\n  \"n\": {\n    \"one\": \"%lld fichier\",\n    \"other\": \"%@ fichiers\"\n  }\n}\n")
        #expect(try fixture.findings(codes: ["format-mismatch"]) == ["fr.json:4:5: format-mismatch"])
    }

    @Test func filesNamedDirectlyAreLintedTogetherAndShownAsNamed() throws {
        let fixture = try LintFixture()
            .write("en.lproj/Localizable.strings", "\"a\" = \"%@\";\n")
            .write("fr.lproj/Localizable.strings", "\"a\" = \"%d\";\n")
        let report = try fixture.lint(["en.lproj/Localizable.strings", "fr.lproj/Localizable.strings"])
        let mismatch = try #require(report.diagnostics.first { $0.code == "format-mismatch" })
        #expect(mismatch.file == fixture.root + "/fr.lproj/Localizable.strings")
        #expect(mismatch.line == 1 && mismatch.column == 1)
    }

    @Test func aMissingPathIsALintErrorNotAFinding() throws {
        let fixture = try LintFixture()
        #expect(throws: LintError.self) { try fixture.lint(["nothing-here"]) }
        #expect(throws: LintError.self) { try fixture.lint(developmentLocale: "not a locale!") }
    }
}

extension String {
    func replacingVariant(with text: String) -> String {
        split(separator: "VARIANT", omittingEmptySubsequences: false).joined(separator: text)
    }
}
