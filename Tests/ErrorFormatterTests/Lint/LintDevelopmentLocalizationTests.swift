import ErrorFormatter
import Testing

/// The development localization is --development-locale, else Base, else en; when it holds no
/// tables lint fails loudly instead of skipping every cross-language check.
@Suite struct LintDevelopmentLocalizationTests {
    @Test func baseWinsOverEnglishWhichIsDevelopmentTextToo() throws {
        let fixture = try LintFixture()
            .write("Base.lproj/Localizable.strings", "\"a\" = \"%@\";\n")
            .write("en.lproj/Localizable.strings", "\"a\" = \"%d\";\n\"only.en\" = \"E\";\n")
            .write("fr.lproj/Localizable.strings", "\"a\" = \"%d\";\n\"only.en\" = \"F\";\n")
        // fr is checked against Base's "a"; en's keys are development keys (lookups find them
        // after Base's), so "only.en" is neither extra in fr nor missing; en is not a translation.
        #expect(try fixture.findings() == ["fr.lproj/Localizable.strings:1:1: format-mismatch"])
    }

    @Test func englishByDefault() throws {
        let fixture = try LintFixture()
            .write("en.lproj/Localizable.strings", "\"hello\" = \"Hello %@\";\n")
            .write("fr.lproj/Localizable.strings", "\"hello\" = \"Bonjour %d\";\n")
        #expect(try fixture.findings(codes: ["format-mismatch", "no-development-localization"])
            == ["fr.lproj/Localizable.strings:1:1: format-mismatch"])
    }

    @Test func aGermanFirstAppWithoutTheOptionIsAnError() throws {
        let fixture = try LintFixture()
            .write("de.lproj/Localizable.strings", "\"hello\" = \"Hallo %@\";\n")
            .write("fr.lproj/Localizable.strings", "\"hello\" = \"Bonjour %d\";\n")
        let report = try fixture.lint()
        let error = try #require(report.diagnostics.first)
        #expect(error.code == "no-development-localization")
        #expect(error.severity == .error)
        #expect(fixture.relative(error.file) == "de.lproj")
        #expect(!report.diagnostics.contains { $0.code == "format-mismatch" })
        // Named, the same catalog is checked.
        #expect(try fixture.findings(developmentLocale: "de", codes: ["format-mismatch", "no-development-localization"])
            == ["fr.lproj/Localizable.strings:1:1: format-mismatch"])
    }

    @Test func aSingleLocalizationHasNothingToSkip() throws {
        let fixture = try LintFixture().write("ja.lproj/Localizable.strings", "\"a\" = \"甲\";\n")
        #expect(try fixture.findings() == [])
    }

    @Test func aMistypedDevelopmentLocaleIsAnError() throws {
        let fixture = try LintFixture()
            .write("en.lproj/Localizable.strings", "\"a\" = \"%@\";\n")
            .write("fr.lproj/Localizable.strings", "\"a\" = \"%d\";\n")
        let codes = try fixture.lint(developmentLocale: "eb").diagnostics.map(\.code)
        #expect(codes == ["no-development-localization"])
    }

    @Test func aStringCatalogUsesItsSourceLanguage() throws {
        let catalog = """
            {"sourceLanguage": "de", "strings": {"k": {"localizations": {
              "de": {"stringUnit": {"state": "translated", "value": "%lld Dateien"}},
              "en": {"stringUnit": {"state": "translated", "value": "%@ files"}}}}}, "version": "1.0"}
            """
        let fixture = try LintFixture().write("Localizable.xcstrings", catalog)
        #expect(try fixture.findings() == ["Localizable.xcstrings:3:3: format-mismatch"])
    }
}
