import ErrorFormatter
import Testing

/// Keys a translation lacks (unless a parent localization has them), keys only a translation
/// has, and the coverage `--statistics` prints.
@Suite struct LintCoverageTests {
    @Test func missingAndExtraKeys() throws {
        let fixture = try LintFixture()
            .write("en.lproj/Localizable.strings", "\"a\" = \"A\";\n\"b\" = \"B\";\n\"c\" = \"C\";\n")
            .write("fr.lproj/Localizable.strings", "\"a\" = \"Un\";\n\"b\" = \"B\";\n\"z\" = \"Z\";\n")
            // fr-CA relies on fr for what it lacks; only "c" is missing from both.
            .write("fr-CA.lproj/Localizable.strings", "\"a\" = \"Un (CA)\";\n")
        #expect(try fixture.findings(codes: ["missing-key", "key-not-in-development", "identical-to-source"]) == [
            "en.lproj/Localizable.strings:3:1: missing-key",
            "en.lproj/Localizable.strings:3:1: missing-key",
            "fr.lproj/Localizable.strings:2:1: identical-to-source",
            "fr.lproj/Localizable.strings:3:1: key-not-in-development",
        ])
        let messages = try fixture.lint().diagnostics.filter { $0.code == "missing-key" }.map(\.message)
        #expect(messages.contains { $0.contains("'fr-CA'") } && messages.contains { $0.contains("'fr'") })
        let statistics = try fixture.lint().statistics.sorted { $0.localization < $1.localization }
        #expect(statistics.map(\.localization) == ["fr", "fr-CA"])
        #expect(statistics.first.map { [$0.translated, $0.identical, $0.missing, $0.extra, $0.coveragePercent] } == [1, 1, 1, 1, 66])
        #expect(statistics.last.map { [$0.translated, $0.identical, $0.missing, $0.extra] } == [1, 0, 2, 0])
    }

    @Test func aTableOnlyTranslationsHave() throws {
        let fixture = try LintFixture()
            .write("en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
            .write("fr.lproj/Errors.strings", "\"a\" = \"Un\";\n")
            // The translation of a storyboard (Base internationalization) is not such a table.
            .write("Base.lproj/Main.storyboard", "<document/>\n")
            .write("fr.lproj/Main.strings", "\"x.title\" = \"Titre\";\n")
        #expect(try fixture.findings(codes: ["table-not-in-development"]) == ["fr.lproj/Errors.strings:0:0: table-not-in-development"])
    }
}
