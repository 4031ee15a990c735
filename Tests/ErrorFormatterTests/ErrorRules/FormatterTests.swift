import Testing
@testable import ErrorFormatter

@Suite struct FormatterTests {
    static let english = """
        "controls.ok" = "OK";
        "errors.title" = "Something Went Wrong";
        "errors.message" = "Please try again.";
        "errors.D.title" = "Domain Title";
        "errors.D.1.title" = "One";
        "errors.D.1.message" = "The first error.";
        "errors.D.-1009.title" = "Offline";
        """
    static let french = """
        "controls.ok" = "OK";
        "errors.D.1.title" = "Un";
        "errors.D.1.message" = "La première erreur.";
        """
    static let canadianFrench = """
        "errors.D.1.title" = "Un (Québec)";
        """

    func catalog() throws -> Catalog {
        try TestSupport.catalog([("en", Self.english), ("fr", Self.french), ("fr-CA", Self.canadianFrench)])
    }

    @Test func theSeedExampleInEnglish() throws {
        let catalog = try Catalog.open(directory: TestSupport.exampleCatalog)
        let result = ErrorMessageFormatter(catalog: catalog)
            .format(ErrorInfo(domain: "kCLErrorDomain", code: 0), preferences: ["en"])
        #expect(result.title == "Unknown Location")
        #expect(result.message == "Couldn't get a good reading. Long tunnel?")
        #expect(result.button == "OK")
        #expect(result.provenance(.title) == Provenance(
            rule: "code-key", key: "errors.kCLErrorDomain.0.title", localization: "en", table: "Localizable"))
        // The seed has no controls.ok: the built-in label, where the original shows the raw key.
        #expect(result.provenance(.button).rule == "builtin")
    }

    @Test func theSeedsDuplicatedKeyKeepsTheLastValue() throws {
        let catalog = try Catalog.open(directory: TestSupport.exampleCatalog)
        let result = ErrorMessageFormatter(catalog: catalog)
            .format(ErrorInfo(domain: "kCLErrorDomain", code: 8), preferences: ["en"])
        #expect(result.title == "No results found")
        #expect(result.message == "")
        #expect(result.provenance(.message).rule == "code-key")
        #expect(catalog.diagnostics.contains { $0.code == "duplicate-key" && $0.file == "en.lproj/Localizable.strings" })
    }

    @Test func missingTranslationsFallBackKeyByKeyToTheParentLanguage() throws {
        let result = ErrorMessageFormatter(catalog: try catalog())
            .format(ErrorInfo(domain: "D", code: 1), preferences: ["fr-CA"])
        #expect(result.title == "Un (Québec)")
        #expect(result.provenance(.title).localization == "fr-CA")
        #expect(result.message == "La première erreur.")
        #expect(result.provenance(.message).localization == "fr")
        #expect(result.stack == ["fr-CA", "fr", "en"])
    }

    @Test func anUnmatchedPreferenceUsesTheDevelopmentLocalization() throws {
        let result = ErrorMessageFormatter(catalog: try catalog())
            .format(ErrorInfo(domain: "D", code: 1), preferences: ["ja"])
        #expect(result.title == "One")
        #expect(result.stack == ["en"])
    }

    @Test func errorTextsComeBetweenTheKeys() throws {
        let formatter = ErrorMessageFormatter(catalog: try catalog())
        let error = ErrorInfo(domain: "D", code: 2, description: "Described.", failureReason: "Because.",
                              recoverySuggestion: "Try this.")
        let result = formatter.format(error, preferences: ["en"])
        #expect(result.title == "Because.")
        #expect(result.provenance(.title).rule == "failure-reason")
        #expect(result.message == "Try this.")
        var withoutSuggestion = error
        withoutSuggestion.recoverySuggestion = nil
        #expect(formatter.format(withoutSuggestion, preferences: ["en"]).message == "Described.")
        withoutSuggestion.description = ""  // empty texts from the error count as absent
        #expect(formatter.format(withoutSuggestion, preferences: ["en"]).message == "Please try again.")
    }

    /// What decides whether a result may be remembered for another call (the C layer's memo).
    @Test func recordsWhetherATextOfTheErrorIsShown() throws {
        let formatter = ErrorMessageFormatter(catalog: try catalog())
        let keysOnly = ErrorInfo(domain: "D", code: 1, description: "Unused: the key wins.")
        #expect(!formatter.format(keysOnly, preferences: ["en"]).showsCallerText)
        #expect(!formatter.format(ErrorInfo(domain: "D", code: 99), preferences: ["en"]).showsCallerText)
        let texts: [(String, ErrorInfo)] = [
            ("failure-reason", ErrorInfo(domain: "D", code: 2, failureReason: "Because.")),
            ("recovery-suggestion", ErrorInfo(domain: "D", code: 2, recoverySuggestion: "Try this.")),
            ("description", ErrorInfo(domain: "D", code: 2, description: "Described.")),
        ]
        for (rule, error) in texts {
            let result = formatter.format(error, preferences: ["en"])
            #expect(result.provenance.contains { $0.rule == rule })
            #expect(result.showsCallerText, "\(rule)")
        }
    }

    @Test func domainAndGenericKeysThenBuiltins() throws {
        let formatter = ErrorMessageFormatter(catalog: try catalog())
        let domainOnly = formatter.format(ErrorInfo(domain: "D", code: 99), preferences: ["en"])
        #expect(domainOnly.title == "Domain Title")
        #expect(domainOnly.provenance(.title).rule == "domain-key")
        #expect(domainOnly.message == "Please try again.")
        #expect(domainOnly.provenance(.message).rule == "generic-key")

        let empty = try TestSupport.catalog([("en", "\"unrelated\" = \"x\";")])
        let builtin = ErrorMessageFormatter(catalog: empty).format(ErrorInfo(domain: "X", code: 1), preferences: [])
        #expect(builtin.title == "Error")
        #expect(builtin.message == "")
        #expect(builtin.button == "OK")
        #expect(builtin.provenance.map(\.rule) == ["builtin", "empty", "builtin"])
    }

    @Test func negativeCodes() throws {
        let result = ErrorMessageFormatter(catalog: try catalog())
            .format(ErrorInfo(domain: "D", code: -1009), preferences: ["en"])
        #expect(result.title == "Offline")
    }

    @Test func anEmptyTableValueIsARealValue() throws {
        let catalog = try TestSupport.catalog([("en", "\"errors.D.1.message\" = \"\";\n\"errors.message\" = \"no\";")])
        let result = ErrorMessageFormatter(catalog: catalog).format(ErrorInfo(domain: "D", code: 1), preferences: ["en"])
        #expect(result.message == "")
        #expect(result.provenance(.message).rule == "code-key")
    }

    @Test func cAndPosixMeanTheDevelopersOwnText() throws {
        let result = ErrorMessageFormatter(catalog: try catalog())
            .format(ErrorInfo(domain: "D", code: 1), preferences: ["C", "fr"])
        #expect(result.isUntranslated)
        #expect(result.title == "One")
        #expect(result.stack == ["en"])
    }

    @Test func stackOrderIsNegotiatedThenBaseThenDevelopmentThenUnlocalized() throws {
        let catalog = try TestSupport.catalog([
            ("en", "\"a\" = \"en\";"), ("fr", "\"a\" = \"fr\";"), ("Base", "\"b\" = \"base\";"),
            ("", "\"c\" = \"top\";"),
        ])
        let stack = catalog.lookupStack(for: ["fr-CA"])
        #expect(stack.localizations == ["fr", "Base", "en", ""])
        #expect(catalog.lookup(TableKey("c"), in: stack)?.localization == "")
    }

    @Test func otherTablesAreSeparate() throws {
        let catalog = try TestSupport.catalog([("en", "\"errors.D.1.title\" = \"From Errors table\";")],
                                              table: "Errors")
        var error = ErrorInfo(domain: "D", code: 1)
        #expect(ErrorMessageFormatter(catalog: catalog).format(error, preferences: ["en"]).title == "Error")
        error.table = "Errors"
        #expect(ErrorMessageFormatter(catalog: catalog).format(error, preferences: ["en"]).title == "From Errors table")
    }
}
