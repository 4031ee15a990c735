import Testing
@testable import ErrorFormatter

/// Arguments and variable formats through the catalog and the rules: rendering, the fallback
/// past strings the arguments cannot satisfy, and plural rules of the supplying localization.
@Suite struct ArgumentFormattingTests {
    static let english = """
        "errors.Upload.1.title" = "Couldn't upload “%1$@”";
        "errors.Upload.1.message" = "%1$@ (%2$lld bytes) could not be sent.";
        "errors.title" = "Error %lld";
        """
    /// A broken translation: its message asks for a third argument.
    static let french = """
        "errors.Upload.1.title" = "Échec de l’envoi de « %1$@ »";
        "errors.Upload.1.message" = "%1$@ (%2$lld octets, %3$@) n’a pas pu être envoyé.";
        """
    static let englishPlurals = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
          <key>files</key>
          <dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@files@ failed</string>
            <key>files</key>
            <dict>
              <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
              <key>NSStringFormatValueTypeKey</key><string>lld</string>
              <key>zero</key><string>No file</string>
              <key>one</key><string>One file</string>
              <key>other</key><string>%lld files</string>
            </dict>
          </dict>
        </dict></plist>
        """
    static let frenchPlurals = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
          <key>files</key>
          <dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@files@</string>
            <key>files</key>
            <dict>
              <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
              <key>NSStringFormatValueTypeKey</key><string>lld</string>
              <key>one</key><string>%lld fichier en échec</string>
              <key>other</key><string>%lld fichiers en échec</string>
            </dict>
          </dict>
        </dict></plist>
        """

    func catalog() throws -> Catalog {
        var builder = CatalogBuilder()
        try builder.addTable(bytes: Array(Self.english.utf8), localization: "en", fileName: "Localizable.strings")
        try builder.addTable(bytes: Array(Self.french.utf8), localization: "fr", fileName: "Localizable.strings")
        try builder.addTable(bytes: Array(Self.englishPlurals.utf8), localization: "en",
                             fileName: "Localizable.stringsdict")
        try builder.addTable(bytes: Array(Self.frenchPlurals.utf8), localization: "fr",
                             fileName: "Localizable.stringsdict")
        return try builder.build()
    }

    @Test func argumentsFillTheSpecifiers() throws {
        let error = ErrorInfo(domain: "Upload", code: 1, arguments: [.string("photo.jpg"), .int(2048)])
        let result = ErrorMessageFormatter(catalog: try catalog()).format(error, preferences: ["en"])
        #expect(result.title == "Couldn't upload “photo.jpg”")
        #expect(result.message == "photo.jpg (2048 bytes) could not be sent.")
    }

    @Test func aTranslationTheArgumentsCannotSatisfyFallsBackAndSaysWhy() throws {
        let error = ErrorInfo(domain: "Upload", code: 1, arguments: [.string("photo.jpg"), .int(2048)])
        let result = ErrorMessageFormatter(catalog: try catalog()).format(error, preferences: ["fr-CA"])
        #expect(result.title == "Échec de l’envoi de « photo.jpg »")
        #expect(result.message == "photo.jpg (2048 bytes) could not be sent.")
        let message = result.provenance(.message)
        #expect(message.localization == "en")
        let rejection = try #require(message.rejections.first)
        #expect(rejection.localization == "fr")
        #expect(rejection.key == "errors.Upload.1.message")
        #expect(!rejection.code.isEmpty && !rejection.message.isEmpty)
    }

    @Test func aStringNoLocalizationCanRenderFallsToTheNextRule() throws {
        // Only one argument: the message needs two everywhere, so the generic key is used…
        // …and there is none, so the message is empty, with both rejections recorded.
        let error = ErrorInfo(domain: "Upload", code: 1, arguments: [.string("photo.jpg")])
        let result = ErrorMessageFormatter(catalog: try catalog()).format(error, preferences: ["fr"])
        #expect(result.message == "")
        #expect(result.provenance(.message).rule == "empty")
        #expect(result.provenance(.message).rejections.map(\.localization) == ["fr", "en"])
    }

    @Test func percentSignsAreFormats() throws {
        let catalog = try TestSupport.catalog([("en", "\"a\" = \"100%% sure\";\n\"b\" = \"%n\";")])
        #expect(catalog.resolve("a", preferences: ["en"]).hit?.value == "100% sure")
        #expect(catalog.resolve("b", preferences: ["en"]).hit == nil)
    }

    @Test(arguments: [
        (Int64(0), "No file failed"), (Int64(1), "One file failed"), (Int64(7), "7 files failed"),
    ])
    func englishPluralsWithApplesZeroRule(count: Int64, expected: String) throws {
        let resolution = try catalog().resolve("files", preferences: ["en"], arguments: [.int(count)])
        #expect(resolution.hit?.value == expected)
    }

    @Test(arguments: [
        (Int64(0), "0 fichier en échec"), (Int64(1), "1 fichier en échec"), (Int64(2), "2 fichiers en échec"),
    ])
    func frenchPluralsUseFrenchRules(count: Int64, expected: String) throws {
        // In French 0 is "one" (CLDR: i = 0,1), and the French variable has no zero variant.
        let resolution = try catalog().resolve("files", preferences: ["fr-CA"], arguments: [.int(count)])
        #expect(resolution.hit?.value == expected)
        #expect(resolution.hit?.localization == "fr")
    }

    @Test func pluralRulesAreThoseOfTheLocalizationThatAnswered() throws {
        // Polish would pick "few" for 3; the string comes from English, so English rules apply.
        let resolution = try catalog().resolve("files", preferences: ["pl"], arguments: [.int(3)])
        #expect(resolution.hit?.value == "3 files failed")
        #expect(resolution.hit?.localization == "en")
    }

    @Test func aStringsDictEntryReplacesTheStringsEntryWhateverTheOrder() throws {
        var builder = CatalogBuilder()
        try builder.addTable(bytes: Array(Self.englishPlurals.utf8), localization: "en",
                             fileName: "Localizable.stringsdict")
        try builder.addTable(bytes: Array("\"files\" = \"plain\";\n\"other\" = \"kept\";".utf8), localization: "en",
                             fileName: "Localizable.strings")
        let catalog = try builder.build()
        #expect(catalog.resolve("files", preferences: ["en"], arguments: [.int(1)]).hit?.value == "One file failed")
        #expect(catalog.resolve("other", preferences: ["en"]).hit?.value == "kept")
    }

    @Test func jsonTablesAndStringCatalogsInMemory() throws {
        var builder = CatalogBuilder()
        let json = #"{"greeting": "Bonjour %@", "items": {"one": "%lld élément", "other": "%lld éléments"}}"#
        try builder.addTable(bytes: Array(json.utf8), localization: "fr", fileName: "Localizable.json")
        let catalogJSON = #"""
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "Hello %@": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Hallo %@"}}}},
              "%lld items": {"localizations": {
                "en": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "One item"}},
                                                 "other": {"stringUnit": {"state": "translated", "value": "%lld items"}}}}}}}
            }}
            """#
        try builder.addTable(bytes: Array(catalogJSON.utf8), localization: nil, fileName: "Main.xcstrings")
        let catalog = try builder.build()
        #expect(catalog.resolve("greeting", preferences: ["fr"], arguments: [.string("Ada")]).hit?.value == "Bonjour Ada")
        #expect(catalog.resolve("items", preferences: ["fr"], arguments: [.int(2)]).hit?.value == "2 éléments")
        #expect(catalog.resolve("Hello %@", table: "Main", preferences: ["de"], arguments: [.string("Ada")]).hit?.value
            == "Hallo Ada")
        // The key is the source text when the source language has no localization of its own.
        #expect(catalog.resolve("Hello %@", table: "Main", preferences: ["en"], arguments: [.string("Ada")]).hit?.value
            == "Hello Ada")
        #expect(catalog.resolve("%lld items", table: "Main", preferences: ["en"], arguments: [.int(1)]).hit?.value
            == "One item")
    }

    @Test func aStringCatalogNeedsNoLocalization() {
        var builder = CatalogBuilder()
        #expect(throws: CatalogError.self) {
            try builder.addTable(bytes: Array("{}".utf8), localization: "fr", fileName: "Main.xcstrings")
        }
    }
}
