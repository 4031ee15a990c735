import ErrorFormatter
import Testing

/// `errfmt lint --registry`: the catalog against the errors a program raises, in both registry
/// forms, with positions in the registry; the self-contradicting development texts of an error;
/// and a table defined both in .lproj files and in a String Catalog.
@Suite struct LintRegistryTests {
    /// A catalog like Examples/Sync, small enough to read: code 1 complete in en and fr, code
    /// 2's French title only, code 3's French message asking for a third argument.
    static func catalog() throws -> LintFixture {
        try LintFixture()
            .write("en.lproj/Localizable.strings", """
                "errors.Sync.1.title" = "Cannot Upload “%@”";
                "errors.Sync.1.message" = "“%@” is open.";
                "errors.Sync.2.title" = "Not Synced";
                "errors.Sync.2.message" = "%lld files failed.";
                "errors.Sync.3.title" = "No Space";
                "errors.Sync.3.message" = "%.1f MB more on “%@”.";
                "errors.Sync.9.title" = "Nobody raises this";
                """)
            .write("fr.lproj/Localizable.strings", """
                "errors.Sync.1.title" = "Envoi impossible de « %@ »";
                "errors.Sync.1.message" = "« %@ » est ouvert.";
                "errors.Sync.2.title" = "Non synchronisé";
                "errors.Sync.3.title" = "Espace insuffisant";
                "errors.Sync.3.message" = "Il faut %1$.1f Mo sur « %2$@ » (%3$@).";
                """)
            .write("fr-CA.lproj/Localizable.strings", """
                "errors.Sync.2.message" = "%lld fichiers ont échoué.";
                """)
    }

    static let codes: Set<String> = [
        "registered-error-without-text", "registered-error-half-text", "unregistered-error-text",
        "registry-argument-mismatch", "invalid-registry-entry",
    ]

    @Test func plainRegistryFindingsPointIntoTheRegistry() throws {
        let fixture = try Self.catalog()
            .write("raised.txt", "# extracted by the build\nSync 1\n  Sync 2\nSync 3\nSync 4\nSync two\nSync\n")
        let report = try Lint.run(paths: [fixture.root], options: LintOptions(registry: fixture.root + "/raised.txt"))
        let found = report.diagnostics.filter { Self.codes.contains($0.code) }
            .map { "\(fixture.relative($0.file)):\($0.line):\($0.column): \($0.severity.rawValue) \($0.code)" }
        #expect(found == [
            // Code 9 has texts no program raises: at its development entry.
            "en.lproj/Localizable.strings:7:1: warning unregistered-error-text",
            // Code 2: French has a title, and its message only through fr-CA, which fr does not
            // fall back to: fr lacks the message (fr-CA lacks nothing, it falls back to fr).
            "raised.txt:3:3: warning registered-error-half-text",
            // Code 3: the French message asks for a third argument, so it is skipped: French has
            // only a title.
            "raised.txt:4:1: warning registered-error-half-text",
            // Code 4 has no text anywhere.
            "raised.txt:5:1: error registered-error-without-text",
            "raised.txt:6:6: error invalid-registry-entry",
            "raised.txt:7:1: error invalid-registry-entry",
        ])
        let four = try #require(report.diagnostics.first { $0.line == 5 && $0.code == "registered-error-without-text" })
        #expect(four.message == "Sync 4, which the program raises, has neither a title nor a message in en, fr, fr-CA")
        let two = try #require(report.diagnostics.first { $0.line == 3 && $0.file?.hasSuffix("raised.txt") == true })
        #expect(two.message == "Sync 2, which the program raises, has no message of its own in fr")
    }

    @Test func jsonRegistryArgumentsAreCompared() throws {
        let fixture = try Self.catalog().write("registry.json", """
            {
              "table": "Localizable",
              "errors": [
                {"domain": "Sync", "code": 1, "arguments": [{"name": "file", "type": "string"}]},
                {"domain": "Sync", "code": 2, "arguments": [{"type": "uint64"}]},
                {"domain": "Sync", "code": 3, "arguments": [{"type": "double"}]},
                {"domain": "Sync", "code": "9"},
                {"domain": "Sync", "code": 9, "arguments": [{"type": "text"}]}
              ]
            }
            """)
        let report = try Lint.run(paths: [fixture.root], options: LintOptions(registry: fixture.root + "/registry.json"))
        let found = report.diagnostics.filter { $0.code == "registry-argument-mismatch" || $0.code == "invalid-registry-entry" }
            .map { "\(fixture.relative($0.file)):\($0.line):\($0.column): \($0.code)" }
        #expect(found == [
            "registry.json:5:48: registry-argument-mismatch",
            "registry.json:6:48: registry-argument-mismatch",
            "registry.json:7:5: invalid-registry-entry",
            "registry.json:8:48: invalid-registry-entry",
        ])
        let mismatch = try #require(report.diagnostics.first { $0.code == "registry-argument-mismatch" })
        #expect(mismatch.message == "the registry gives Sync 2 the arguments (uint64), but its texts in the catalog take (int64)")
    }

    @Test func aRegistryThatCannotBeReadStopsLint() throws {
        let fixture = try Self.catalog()
        #expect(throws: LintError.self) {
            try Lint.run(paths: [fixture.root], options: LintOptions(registry: fixture.root + "/no-such-registry"))
        }
    }

    @Test func developmentTextsThatContradictEachOther() throws {
        let fixture = try LintFixture().write("en.lproj/Localizable.strings", """
            "errors.D.1.title" = "%1$@ failed";
            "errors.D.1.message" = "%1$d times";
            "errors.D.2.title" = "%1$@";
            "errors.D.2.message" = "%3$@";
            "errors.D.3.title" = "%1$@ and %1$@";
            "errors.D.3.message" = "%2$lld, %1$s";
            "errors.D.4.title" = "%1$u";
            "errors.D.4.message" = "%1$d";
            """)
        #expect(try fixture.findings(codes: ["error-argument-conflict", "error-argument-gap"]) == [
            "en.lproj/Localizable.strings:2:1: error-argument-conflict",
            "en.lproj/Localizable.strings:3:1: error-argument-gap",
            "en.lproj/Localizable.strings:8:1: error-argument-conflict",
        ])
        let messages = try fixture.lint().diagnostics.filter { $0.code.hasPrefix("error-argument") }.map(\.message)
        #expect(messages == [
            "\"errors.D.1.message\" reads argument 1 of D 1 as a signed integer (%d) where \"errors.D.1.title\" reads it "
                + "as a string (%@)",
            "the texts of D 2 use argument 3 but never argument 2, so its type is unknown",
            "\"errors.D.4.message\" reads argument 1 of D 4 as a signed integer (%d) where \"errors.D.4.title\" reads it "
                + "as an unsigned integer (%u)",
        ])
    }

    @Test func aTableDefinedInTwoFormats() throws {
        let fixture = try LintFixture()
            .write("en.lproj/Localizable.strings", "\"errors.D.1.title\" = \"From the .strings file\";\n")
            .write("Localizable.xcstrings", """
                {"sourceLanguage": "en", "version": "1.0", "strings": {
                  "errors.D.2.title": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Lost"}}}}
                }}
                """)
        #expect(try fixture.findings(codes: ["table-defined-twice"]) == ["en.lproj/Localizable.strings:0:0: table-defined-twice"])
        // What the finding says: the .strings file hides the String Catalog's string.
        let catalog = try Catalog.open(directory: fixture.root)
        let formatter = ErrorMessageFormatter(catalog: catalog)
        #expect(formatter.format(ErrorInfo(domain: "D", code: 2), preferences: ["en"]).title == "Error")
        // Alone, neither is reported.
        let strings = try LintFixture().write("en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        #expect(try strings.findings(codes: ["table-defined-twice"]).isEmpty)
    }
}
