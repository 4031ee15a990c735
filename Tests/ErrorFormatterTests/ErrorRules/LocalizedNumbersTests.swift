import Testing
@testable import ErrorFormatter

/// Localized numbers through the catalog, the rules and the lookups: off unless the catalog or
/// the call asks; in the locale of the localization that supplied the text; the same bytes on
/// every road (the full one, the render into a buffer, a format plan). The digits themselves are
/// LocalizedNumberConformanceTests'.
@Suite struct LocalizedNumbersTests {
    static let english = """
        "errors.Sync.1.title" = "%lld files";
        "errors.Sync.1.message" = "%1$lld files, %2$.1f MB (%2$e)";
        "errors.Sync.2.title" = "Quota: %d%%";
        "errors.Sync.3.title" = "Code 0x%x, %u left";
        "errors.title" = "Error";
        "count" = "%d";
        """
    static let french = """
        "errors.Sync.1.title" = "%lld fichiers";
        "errors.Sync.1.message" = "%1$lld fichiers, %2$.1f Mo (%2$e)";
        """
    static let german = """
        "errors.Sync.1.title" = "%lld Dateien";
        """
    static let russianPlurals = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
          <key>errors.Sync.4.title</key>
          <dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@files@</string>
            <key>files</key>
            <dict>
              <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
              <key>NSStringFormatValueTypeKey</key><string>lld</string>
              <key>one</key><string>%lld файл</string>
              <key>few</key><string>%lld файла</string>
              <key>many</key><string>%lld файлов</string>
              <key>other</key><string>%lld файла (дробь)</string>
            </dict>
          </dict>
        </dict></plist>
        """

    static func catalog(options: Catalog.Options = []) throws -> Catalog {
        var builder = CatalogBuilder()
        try builder.addTable(bytes: Array(english.utf8), localization: "en", fileName: "Localizable.strings")
        try builder.addTable(bytes: Array(french.utf8), localization: "fr", fileName: "Localizable.strings")
        try builder.addTable(bytes: Array(german.utf8), localization: "de", fileName: "Localizable.strings")
        try builder.addTable(bytes: Array(russianPlurals.utf8), localization: "ru", fileName: "Localizable.stringsdict")
        return try builder.build(options: options)
    }

    static func error(_ code: Int64, _ arguments: [FormatArgument], style: NumberStyle? = nil) -> ErrorInfo {
        ErrorInfo(domain: "Sync", code: code, arguments: arguments, numberStyle: style)
    }

    @Test func numbersAreInTheCLocaleUnlessAsked() throws {
        let formatter = ErrorMessageFormatter(catalog: try Self.catalog())
        let shown = formatter.format(Self.error(1, [.int(1_234_567), .double(1234.5)]), preferences: ["fr"])
        #expect(shown.title == "1234567 fichiers")
        #expect(shown.message == "1234567 fichiers, 1234.5 Mo (1.234500e+03)")
        #expect(try Self.catalog().options == [])
    }

    @Test func theCatalogOptionLocalizesEveryCall() throws {
        let catalog = try Self.catalog(options: .localizedNumbers)
        #expect(catalog.options == .localizedNumbers)
        let formatter = ErrorMessageFormatter(catalog: catalog)
        let shown = formatter.format(Self.error(1, [.int(1_234_567), .double(1234.5)]), preferences: ["fr"])
        #expect(shown.title == "1\u{202F}234\u{202F}567 fichiers")
        #expect(shown.message == "1\u{202F}234\u{202F}567 fichiers, 1\u{202F}234,5 Mo (1,234500E+03)")
        // English: the same argument, the locale of the text that shows it.
        #expect(formatter.format(Self.error(1, [.int(1_234_567)]), preferences: ["en"]).title == "1,234,567 files")
    }

    @Test func theCallChoosesOverTheCatalog() throws {
        let plain = ErrorMessageFormatter(catalog: try Self.catalog())
        let localized = ErrorMessageFormatter(catalog: try Self.catalog(options: .localizedNumbers))
        #expect(plain.format(Self.error(1, [.int(1_234_567)], style: .localized), preferences: ["de"]).title
            == "1.234.567 Dateien")
        #expect(localized.format(Self.error(1, [.int(1_234_567)], style: .cLocale), preferences: ["de"]).title
            == "1234567 Dateien")
        #expect(localized.format(Self.error(1, [.int(1_234_567)]), preferences: ["de"]).title == "1.234.567 Dateien")
    }

    @Test func theLocaleIsTheSupplyingLocalizations() throws {
        let formatter = ErrorMessageFormatter(catalog: try Self.catalog(options: .localizedNumbers))
        // de-CH asks, de answers: German grouping (1.234.567), not Swiss (1’234’567).
        let swiss = formatter.format(Self.error(1, [.int(1_234_567)]), preferences: ["de-CH"])
        #expect(swiss.title == "1.234.567 Dateien")
        #expect(swiss.provenance(.title).localization == "de")
        // fr-CA falls back to fr; ja has no table, so English answers in English.
        #expect(formatter.format(Self.error(1, [.int(1_234_567)]), preferences: ["fr-CA"]).title
            == "1\u{202F}234\u{202F}567 fichiers")
        #expect(formatter.format(Self.error(1, [.int(1_234_567)]), preferences: ["ja"]).title == "1,234,567 files")
    }

    @Test func aPercentHexAndUnsignedStayAsFoundationWritesThem() throws {
        let formatter = ErrorMessageFormatter(catalog: try Self.catalog(options: .localizedNumbers))
        #expect(formatter.format(Self.error(2, [.int(1234)]), preferences: ["en"]).title == "Quota: 1,234%")
        // %x is never localized; %u is read as Foundation reads it: signed, from 32 bits.
        #expect(formatter.format(Self.error(3, [.int(255), .uint(4_294_967_295)]), preferences: ["en"]).title
            == "Code 0xff, -1 left")
        #expect(formatter.format(Self.error(3, [.int(255), .int(4000)]), preferences: ["en"]).title
            == "Code 0xff, 4,000 left")
    }

    @Test func pluralVariantsShowLocalizedNumbersAndChooseByValue() throws {
        let formatter = ErrorMessageFormatter(catalog: try Self.catalog(options: .localizedNumbers))
        // Russian: 1 234 567 is `many` (ends in 7), 1 234 561 is `one`, 1 234 562 `few`.
        #expect(formatter.format(Self.error(4, [.int(1_234_567)]), preferences: ["ru"]).title
            == "1\u{A0}234\u{A0}567 файлов")
        #expect(formatter.format(Self.error(4, [.int(1_234_561)]), preferences: ["ru"]).title
            == "1\u{A0}234\u{A0}561 файл")
        #expect(formatter.format(Self.error(4, [.int(1_234_562)]), preferences: ["ru"]).title
            == "1\u{A0}234\u{A0}562 файла")
    }

    @Test func lookupsTakeTheStyleOrTheCatalogs() throws {
        let plain = try Self.catalog()
        #expect(plain.resolve("count", preferences: ["en"], arguments: [.int(-1_234_567)]).hit?.value == "-1234567")
        #expect(plain.resolve("count", preferences: ["en"], arguments: [.int(-1_234_567)], numberStyle: .localized)
            .hit?.value == "-1,234,567")
        let localized = try Self.catalog(options: .localizedNumbers)
        #expect(localized.resolve("count", preferences: ["en"], arguments: [.int(-1_234_567)]).hit?.value
            == "-1,234,567")
        #expect(localized.resolve("count", preferences: ["en"], arguments: [.int(-1_234_567)], numberStyle: .cLocale)
            .hit?.value == "-1234567")
    }

    @Test func openingADirectoryOrAFileTakesTheOptions() throws {
        let sync = TestSupport.packageRoot + "/Examples/Sync"
        let error = ErrorInfo(domain: "SyncErrorDomain", code: 2, arguments: [.int(1_234_567)])
        for catalog in [try Catalog.open(directory: sync, options: .localizedNumbers),
                        try Catalog.open(directory: sync, loading: .onFirstUse, options: .localizedNumbers),
                        try Catalog.open(path: sync, options: .localizedNumbers)] {
            #expect(catalog.options == .localizedNumbers)
            let message = ErrorMessageFormatter(catalog: catalog).format(error, preferences: ["fr"]).message
            #expect(message == "1\u{202F}234\u{202F}567 fichiers n’ont pas pu être synchronisés.")
        }
        let compiled = try Catalog.open(directory: sync).compiled()
        let file = try Catalog.open(compiled: CompiledCatalogFile(source: InMemoryByteSource(compiled)))
            .with(options: .localizedNumbers)
        #expect(ErrorMessageFormatter(catalog: file).format(error, preferences: ["de"]).message
            == ErrorMessageFormatter(catalog: try Catalog.open(directory: sync, options: .localizedNumbers))
            .format(error, preferences: ["de"]).message)
    }

    /// A plan answers with the bytes of the full road, in both styles (FormatPlan's promise).
    @Test func aPlanWritesTheFullRoadsBytesInBothStyles() throws {
        let arguments: [[FormatArgument]] = [
            [.int(1_234_567), .double(1234.5)], [.int(-5), .double(-0.25)], [.uint(.max), .double(.nan)],
            [.int(0), .double(1e21)],
        ]
        for options in [Catalog.Options(), .localizedNumbers] {
            let catalog = try Self.catalog(options: options)
            let formatter = ErrorMessageFormatter(catalog: catalog)
            for style in [nil, NumberStyle.cLocale, .localized] {
                for locale in ["en", "fr", "de", "ru"] {
                    let layers = catalog.cachedLayers(of: Catalog.defaultTable, for: [locale])
                    for values in arguments {
                        let error = Self.error(1, values, style: style)
                        let full = formatter.format(error, preferences: [locale])
                        guard let plan = formatter.plan(error, layers: layers) else {
                            Issue.record("no plan for \(locale) \(values)")
                            continue
                        }
                        for field in [ErrorField.title, .message] {
                            let written = withUnsafeTemporaryAllocation(
                                byteCount: FormatPlan.renderCapacity, alignment: 1) { buffer in
                                plan.render(field.rawValue, arguments: values, into: buffer).map {
                                    String(decoding: UnsafeRawBufferPointer(rebasing: buffer[..<$0]), as: UTF8.self)
                                }
                            }
                            #expect(written == full.text(field), "\(options) \(String(describing: style)) \(locale) \(values)")
                        }
                    }
                }
            }
        }
    }

    /// What a catalog remembers (results, plans) for one call's choice never answers another's:
    /// the choice is in the memo key's options byte.
    @Test func rememberedCallsKeepTheirStyleApart() throws {
        for options in [Catalog.Options(), .localizedNumbers] {
            let formatter = ErrorMessageFormatter(catalog: try Self.catalog(options: options))
            let catalogs = options.isEmpty ? "1234567 Dateien" : "1.234.567 Dateien"
            let expected: [(NumberStyle?, String)] = [
                (nil, catalogs), (.localized, "1.234.567 Dateien"), (.cLocale, "1234567 Dateien"),
            ]
            // Three rounds: the first takes the full road and plans, the later ones the plans.
            for _ in 0..<3 {
                for (style, title) in expected {
                    let shown = formatter.format(Self.error(1, [.int(1_234_567)], style: style), preferences: ["de"])
                    #expect(shown.title == title, "\(options) \(String(describing: style))")
                }
            }
        }
        #expect(Set([ErrorKeyPart.options(numberStyle: nil), ErrorKeyPart.options(numberStyle: .cLocale),
                     ErrorKeyPart.options(numberStyle: .localized)]).count == 3)
        #expect(ErrorKeyPart.options(numberStyle: nil) == 0)
    }

    /// ICU 72 gave Norwegian root's symbols once its bundle had been opened without fallback,
    /// which negotiating a catalog with `nb` does (ICUBundles).
    @Test func norwegianKeepsItsSymbolsAfterNegotiation() throws {
        var builder = CatalogBuilder()
        try builder.addTable(bytes: Array(#""count" = "%d";"#.utf8), localization: "nb", fileName: "Localizable.strings")
        try builder.addTable(bytes: Array(#""count" = "%d";"#.utf8), localization: "nn", fileName: "Localizable.strings")
        let catalog = try builder.build(options: .localizedNumbers)
        _ = Locales.chain(for: "nb_NO")
        for (locale, expected) in [("nb", "1\u{A0}234\u{A0}567"), ("nn", "1\u{A0}234\u{A0}567")] {
            #expect(catalog.resolve("count", preferences: [locale], arguments: [.int(1_234_567)]).hit?.value == expected)
            #expect(catalog.resolve("count", preferences: [locale], arguments: [.int(-1)]).hit?.value == "\u{2212}1")
        }
    }
}
