import ErrorFormatter
import Testing

/// Localization names, String Catalog states, and the parsers' own diagnostics through lint.
@Suite struct LintCatalogShapeTests {
    @Test func localizationNames() throws {
        let fixture = try LintFixture()
            .write("en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
            .write("zh-Hant-TW.lproj/Localizable.strings", "\"a\" = \"甲\";\n")
            .write("zh_TW.lproj/Localizable.strings", "\"a\" = \"乙\";\n")
            .write("not a locale.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        #expect(try fixture.findings(codes: ["duplicate-localization", "unknown-localization"]) == [
            "not a locale.lproj:0:0: unknown-localization",
            "zh_TW.lproj:0:0: duplicate-localization",
        ])
    }

    @Test func stringCatalogStates() throws {
        let catalog = """
            {"sourceLanguage": "en", "strings": {"k": {"localizations": {"en": {"stringUnit": {"state": "new", "value": "k"}},
            "de": {"stringUnit": {"state": "new", "value": "Neu"}},
            "fr": {"stringUnit": {"state": "stale", "value": "Vieux"}},
            "ja": {"stringUnit": {"state": "needs_review", "value": "確認"}}}}}, "version": "1.0"}
            """
        let fixture = try LintFixture().write("Localizable.xcstrings", catalog)
        #expect(try fixture.findings(codes: ["state-new", "state-stale", "state-needs-review"]) == [
            "Localizable.xcstrings:2:32: state-new",
            "Localizable.xcstrings:3:32: state-stale",
            "Localizable.xcstrings:4:32: state-needs-review",
        ])
        let severities = try fixture.lint().diagnostics.filter { $0.code.hasPrefix("state-") }.map(\.severity)
        #expect(severities == [.note, .warning, .warning])
    }

    @Test func parserDiagnosticsKeepTheirPlace() throws {
        let fixture = try LintFixture()
            .write("en.lproj/Localizable.strings", "\"a\" = \"A\";\n\"b\" = \"B\"\n\"c\" = \"C\";\n")
            .write("en.lproj/Other.strings", "\"a\" = \"1\";\n\"a\" = \"2\";;\n\"b\" = \"lost\";\n")
            .write("en.lproj/Bad.stringsdict", "<plist><dict><key>k</key><dict><key>NSStringLocalizedFormatKey</key>"
                + "<string>%#@x@</string></dict></dict></plist>")
        #expect(try fixture.findings() == [
            // At the format key that references it.
            "en.lproj/Bad.stringsdict:1:32: undefined-variable",
            "en.lproj/Localizable.strings:2:10: missing-semicolon",
            "en.lproj/Other.strings:2:1: duplicate-key",
            "en.lproj/Other.strings:1:1: duplicate-key",
            "en.lproj/Other.strings:2:11: silent-truncation",
        ])
    }
}
