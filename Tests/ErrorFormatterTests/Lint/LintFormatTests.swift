import ErrorFormatter
import Testing

/// Formats that can never render, and specifier parity of translations, plain and in every
/// variant.
@Suite struct LintFormatTests {
    @Test func invalidFormats() throws {
        let fixture = try LintFixture().write("en.lproj/Localizable.strings", """
            "percent" = "80%";
            "write" = "%n written";
            "sure" = "100% sure";
            "zero" = "%0$@";
            "fine" = "100%% and %@";
            """)
        #expect(try fixture.findings() == [
            "en.lproj/Localizable.strings:1:1: invalid-format",
            "en.lproj/Localizable.strings:2:1: invalid-format",
            "en.lproj/Localizable.strings:3:1: suspicious-percent",
            "en.lproj/Localizable.strings:4:1: invalid-format",
        ])
        let write = try #require(try fixture.lint().diagnostics.first { $0.key == "write" })
        #expect(write.message.contains("write-conversion-refused"))
    }

    @Test func plainStringParity() throws {
        let fixture = try LintFixture()
            .write("en.lproj/Localizable.strings", """
                "object" = "Hello %@";
                "swapped" = "%1$@ has %2$d files";
                "reordered" = "%1$@ has %2$d files";
                "extra" = "%@";
                "dropped" = "%@ and %@";
                "float" = "%.1f MB";
                """)
            .write("fr.lproj/Localizable.strings", """
                "object" = "Bonjour %d";
                "swapped" = "%2$@ a %1$d fichiers";
                "reordered" = "%2$d fichiers pour %1$@";
                "extra" = "%@ %@";
                "dropped" = "%@";
                "float" = "%.1f Mo";
                """)
        #expect(try fixture.findings(codes: ["format-mismatch", "format-argument-missing"]) == [
            "fr.lproj/Localizable.strings:1:1: format-mismatch",
            // Both swapped arguments are reported.
            "fr.lproj/Localizable.strings:2:1: format-mismatch",
            "fr.lproj/Localizable.strings:2:1: format-mismatch",
            "fr.lproj/Localizable.strings:4:1: format-mismatch",
            "fr.lproj/Localizable.strings:5:1: format-argument-missing",
        ])
    }

    @Test func variantsOfAStringCatalog() throws {
        let catalog = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "k" : {
                  "localizations" : {
                    "en" : { "variations" : { "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld file" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld files" } } } } },
                    "de" : { "variations" : { "device" : {
                      "iphone" : { "stringUnit" : { "state" : "translated", "value" : "%@ Dateien" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Dateien" } } } } }
                  }
                }
              },
              "version" : "1.0"
            }
            """
        let fixture = try LintFixture().write("Localizable.xcstrings", catalog)
        #expect(try fixture.findings(codes: ["format-mismatch"]) == ["Localizable.xcstrings:10:11: format-mismatch"])
    }

    @Test func aStringCatalogsInferredValueTypeIsNotJudged() throws {
        // Xcode's plural variations name no value type; the loader takes the first specifier of
        // `other` (here `%2$@`), which says nothing about what the count is.
        let catalog = """
            {"sourceLanguage": "en", "strings": {"Found %lld matches in %@": {"localizations": {
              "de": {"variations": {"plural": {
                "one": {"stringUnit": {"state": "translated", "value": "Ein Treffer in %2$@"}},
                "other": {"stringUnit": {"state": "translated", "value": "In %2$@ %1$lld Treffer"}}}}}}}},
             "version": "1.0"}
            """
        let fixture = try LintFixture().write("Localizable.xcstrings", catalog)
        #expect(try fixture.findings(codes: ["plural-value-type-mismatch", "format-mismatch"]) == [])
    }
}
