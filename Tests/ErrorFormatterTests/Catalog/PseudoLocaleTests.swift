import Testing
@testable import ErrorFormatter

/// The pseudo-locales (`en-XA`, `ar-XB`, `qps-ploc`): how a text is made, how negotiation
/// reaches them (by name only), and that a pseudo text takes exactly its source's arguments,
/// over every text of the examples and of the shared corpus.
@Suite struct PseudoLocaleTests {
    static let english = """
        "errors.Upload.1.title" = "Couldn't upload “%1$@”";
        "errors.Upload.1.message" = "%1$@ (%2$lld bytes) could not be sent.";
        "controls.ok" = "OK";
        "empty" = "";
        "markup" = "  Tap <b>Retry</b> or see https://example.com/help, {name} and $(APP)\\n";
        """
    static let french = """
        "errors.Upload.1.title" = "Échec de l’envoi de « %1$@ »";
        """

    static func catalog(options: Catalog.Options = .pseudoLocales, extra: [(String, String)] = []) throws -> Catalog {
        var builder = CatalogBuilder()
        for (localization, text) in [("en", english), ("fr", french)] + extra {
            try builder.addTable(bytes: Array(text.utf8), localization: localization, fileName: "Localizable.strings")
        }
        return try builder.build(options: options)
    }

    // MARK: - Texts

    @Test func accentedTextsKeepWhatTheProgramFillsIn() {
        #expect(PseudoText.make("Couldn't upload “%1$@” (%2$lld bytes)", for: .accented, isWhole: true)
            == "[Çöûļðñ'ţ ûþļöåð “%1$@” (%2$lld ƀýţéš) one two three]")
        #expect(PseudoText.make("  Tap <b>Retry</b> or see https://example.com/help, {name} and $(APP)\n",
                                for: .accented, isWhole: true)
            == "  [Ţåþ <b>Ŕéţŕý</b> öŕ šéé https://example.com/help, {name} åñð $(APP) one two three]\n")
        // 7 letters, spaces and digits: 3 more at least (" one").
        #expect(PseudoText.make("100%% of %d", for: .accented, isWhole: true) == "[100%% öƒ %d one]")
        #expect(PseudoText.make("%d file", for: .accented, isWhole: false) == "%d ƒîļé one")
        #expect(PseudoText.make("%#@files@ left", for: .accented, isWhole: true) == "[%#@files@ ļéƒţ one]")
        #expect(PseudoText.make("mail me@example.org &amp; go", for: .accented, isWhole: true)
            == "[ɱåîļ me@example.org &amp; ĝö one]")
    }

    @Test func theTextGrowsByAboutFortyPercent() {
        for source in ["OK", "Cancel", "Couldn't get a good reading. Long tunnel?",
                       String(repeating: "Network unavailable. ", count: 10)] {
            let made = PseudoText.make(source, for: .accented, isWhole: true)
            let growth = Double(made.unicodeScalars.count - 2) / Double(source.unicodeScalars.count)
            #expect(growth >= 1.4 && growth < 1.4 + 8.0 / Double(source.unicodeScalars.count), "\(made)")
        }
    }

    @Test func emptyBlankAndInvalidTextsStayAsTheyAre() {
        for source in ["", "   ", "\n", "100%", "% ", "%k files", "%#@files"] {
            #expect(PseudoText.make(source, for: .accented, isWhole: true) == source)
            #expect(PseudoText.make(source, for: .bidirectional, isWhole: true) == source)
        }
    }

    @Test func rightToLeftWrapsEachWord() {
        let rle = "\u{200F}\u{202E}", pdf = "\u{202C}\u{200F}"
        #expect(PseudoText.make(" Sync %d files.", for: .bidirectional, isWhole: true)
            == " \(rle)Sync\(pdf) \(rle)%d\(pdf) \(rle)files.\(pdf)")
        // A variable reference alone is no word: the variant's words are wrapped.
        #expect(PseudoText.make("%#@files@", for: .bidirectional, isWhole: true) == "%#@files@")
    }

    // MARK: - Negotiation

    @Test func aPseudoLocaleIsServedByItsName() throws {
        let formatter = ErrorMessageFormatter(catalog: try Self.catalog())
        let error = ErrorInfo(domain: "Upload", code: 1, arguments: [.string("a.txt"), .int(2048)])
        for name in ["en-XA", "en_XA", "qps-ploc", "qps_PLOC"] {
            let shown = formatter.format(error, preferences: [name])
            #expect(shown.title == "[Çöûļðñ'ţ ûþļöåð “a.txt” one two]")
            #expect(shown.message == "[a.txt (2048 ƀýţéš) çöûļð ñöţ ƀé šéñţ. one two three]")
            #expect(shown.provenance(.title).localization == "en-XA")
            #expect(shown.stack == ["en-XA", "en"])
        }
        let bidi = formatter.format(error, preferences: ["ar-XB"])
        #expect(bidi.title.hasPrefix("\u{200F}\u{202E}Couldn't"))
        #expect(bidi.provenance(.title).localization == "ar-XB")
    }

    @Test func aRealLocaleNeverFallsBackToAPseudoLocale() throws {
        let catalog = try Self.catalog()
        for preferences in [["en"], ["en-US"], ["en-GB"], ["ar"], ["ar-EG"], ["xx"], [], ["qps"], ["en-XB"]] {
            let stack = catalog.lookupStack(for: preferences).localizations
            #expect(!stack.contains("en-XA") && !stack.contains("ar-XB"), "\(preferences) → \(stack)")
        }
        // An earlier preference that a localization matches wins, as in any negotiation; one
        // that none matches does not stop the search.
        #expect(catalog.lookupStack(for: ["fr", "en-XA"]).localizations.first == "fr")
        #expect(catalog.lookupStack(for: ["xx", "en-XA"]).localizations.first == "en-XA")
        #expect(catalog.lookupStack(for: ["C", "en-XA"]).isUntranslated)
        // Pseudo-locales are not listed among the catalog's localizations.
        #expect(!catalog.localizations.contains("en-XA"))
    }

    @Test func withoutTheOptionAPseudoLocaleIsAnyOtherLocale() throws {
        let catalog = try Self.catalog(options: [])
        #expect(catalog.lookupStack(for: ["en-XA"]).localizations == ["en"])
        #expect(catalog.resolve("controls.ok", preferences: ["en-XA"]).hit?.value == "OK")
    }

    @Test func aLocalizationTheCatalogHasIsServedInstead() throws {
        let catalog = try Self.catalog(extra: [("en-XA", #""controls.ok" = "Okay (real)";"#)])
        #expect(catalog.resolve("controls.ok", preferences: ["en-XA"]).hit?.value == "Okay (real)")
        #expect(catalog.resolve("controls.ok", preferences: ["ar-XB"]).hit?.localization == "ar-XB")
    }

    @Test func pluralsGetTheCategoriesOfThePseudoLocalesLanguage() throws {
        let plurals = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
              <key>files</key>
              <dict>
                <key>NSStringLocalizedFormatKey</key><string>%#@files@</string>
                <key>files</key>
                <dict>
                  <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                  <key>NSStringFormatValueTypeKey</key><string>lld</string>
                  <key>one</key><string>%lld file</string>
                  <key>other</key><string>%lld files</string>
                </dict>
              </dict>
            </dict></plist>
            """
        var builder = CatalogBuilder()
        try builder.addTable(bytes: Array(plurals.utf8), localization: "en", fileName: "Localizable.stringsdict")
        let catalog = try builder.build(options: [.pseudoLocales, .localizedNumbers])
        guard let tables = catalog.pseudoLocalizedTables(named: "ar-XB")?.tables,
              case .variable(let format)? = tables.first?.contents.first?.value,
              let variants = format.variables["files"]?.variants
        else {
            Issue.record("no ar-XB table")
            return
        }
        #expect(Set(variants.keys) == ["zero", "one", "two", "few", "many", "other"])
        #expect(variants["few"] == variants["other"])
        if case .variable(let english)? = catalog.pseudoLocalizedTables(named: "en-XA")?.tables.first?.contents.first?.value {
            #expect(Set(english.variables["files"]?.variants.keys.map { $0 } ?? []) == ["one", "other"])
        } else {
            Issue.record("no en-XA table")
        }
        // Arabic rules and Arabic numbers for ar-XB, as a catalog with those files would have.
        for count in [0, 1, 2, 3, 11, 100] as [Int64] {
            let value = catalog.resolve("files", preferences: ["ar-XB"], arguments: [.int(count)]).hit?.value
            #expect(value?.contains("file") == true, "\(count)")
        }
        #expect(catalog.resolve("files", preferences: ["en-XA"], arguments: [.int(1)]).hit?.value
            == "[1 ƒîļé one]")
    }

    /// The tables `errfmt pseudo` writes, read back as a localization of the catalog, show what
    /// the pseudo-locale shows live.
    @Test(arguments: ["en-XA", "ar-XB"])
    func theWrittenTablesShowWhatIsServed(locale: String) throws {
        let sync = TestSupport.packageRoot + "/Examples/Sync"
        let live = try Catalog.open(directory: sync, options: .pseudoLocales)
        var builder = CatalogBuilder()
        guard let pseudo = live.pseudoLocalizedTables(named: locale) else {
            Issue.record("no tables")
            return
        }
        for table in pseudo.tables {
            for (format, entries) in PseudoTableFiles.split(table.contents) where !entries.isEmpty {
                let document = TableDocument(sourceLanguage: locale, languages: [.init(name: locale, entries: entries)])
                let written = try #require(TableConversion.write(document, as: format))
                #expect(written.diagnostics.isEmpty)
                try builder.addTable(bytes: written.bytes, localization: locale,
                                     fileName: table.name + format.fileExtension)
            }
        }
        let files = try builder.build()
        for (key, _) in pseudo.tables.flatMap(\.contents) {
            for arguments in [[FormatArgument.int(3)], [.string("Disk"), .double(2.5)], [.int(1)], [.int(0)]] {
                #expect(live.resolve(key.string, preferences: [locale], arguments: arguments).hit?.value
                    == files.resolve(key.string, preferences: [locale], arguments: arguments).hit?.value, "\(key)")
            }
        }
    }

    // MARK: - Every text

    /// Every text of the examples and the shared corpus (each catalog's development text, every
    /// table): with arguments its source renders with, each pseudo text renders from the pseudo
    /// localization with no string rejected.
    @Test func everyTextOfTheExamplesAndTheCorpusRendersWithItsSourcesArguments() throws {
        let examples = CompiledCatalogCorpusTests.examples.map { TestSupport.packageRoot + $0 }
        let corpus = CompiledCatalogCorpusTests.corpusCatalogs().map { SharedCorpus.corpus + "/data" + $0 }
        var checked = 0
        var failures: [String] = []
        for directory in examples + corpus {
            let source = try Catalog.open(directory: directory)
            let pseudo = source.with(options: .pseudoLocales)
            for table in source.allTableNames {
                let layers = source.cachedLayers(of: table, for: [source.developmentLocale])
                var seen = Set<TableKey>()
                for layer in layers.layers {
                    for key in layer.table.keys where seen.insert(key).inserted {
                        guard let value = layer.table.value(forKey: key) else { continue }
                        for arguments in PseudoArguments.lists(for: value) {
                            let original = source.resolve(key.string, table: table, preferences: [source.developmentLocale],
                                                          arguments: arguments)
                            guard original.hit != nil, original.rejections.isEmpty else { continue }
                            for locale in ["en-XA", "ar-XB"] {
                                let made = pseudo.resolve(key.string, table: table, preferences: [locale],
                                                          arguments: arguments)
                                checked += 1
                                if made.hit?.localization != locale || !made.rejections.isEmpty {
                                    failures.append("\(directory.split(separator: "/").suffix(2).joined(separator: "/")) "
                                        + "\(table) \(key) \(locale) \(arguments): \(made.rejections.first.map { "\($0)" } ?? "no hit")")
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect(checked > (SharedCorpus.isAvailable ? 50_000 : 50), "\(checked) renderings checked")
        #expect(failures.isEmpty, "\(failures.count) failed: \(failures.prefix(10))")
    }
}

/// A table's entries as the files `errfmt pseudo` writes (texts, then variable formats).
enum PseudoTableFiles {
    static func split(_ contents: [(key: TableKey, value: LocalizedValue)])
        -> [(TableFile.Format, [TableDocument.Entry])]
    {
        let texts = contents.compactMap { entry -> TableDocument.Entry? in
            if case .text(let text) = entry.value { return TableDocument.Entry(key: entry.key, value: .text(text)) }
            return nil
        }
        let variables = contents.compactMap { entry -> TableDocument.Entry? in
            if case .variable(let format) = entry.value { return TableDocument.Entry(key: entry.key, value: .variable(format)) }
            return nil
        }
        return [(.strings, texts), (.stringsDict, variables)]
    }
}

/// Argument lists a text may render with: one of the kind each specifier asks for at each
/// position, integers where a variable selects, with a few counts for plurals.
enum PseudoArguments {
    static func lists(for value: LocalizedValue) -> [[FormatArgument]] {
        var kinds: [Int: FormatSpecifier.ArgumentKind] = [:]
        var counted: Set<Int> = []
        var texts: [String]
        switch value {
        case .text(let text): texts = [text]
        case .variable(let format): texts = [format.format] + format.variables.values.flatMap { $0.variants.values }
        }
        for text in texts {
            guard let segments = try? FormatParser.parse(text, allowsVariables: true) else { continue }
            var sequential = 0
            for segment in segments {
                switch segment {
                case .literal: continue
                case .specifier(let specifier):
                    if kinds[specifier.position] == nil { kinds[specifier.position] = specifier.argumentKind }
                    if !specifier.isPositionExplicit { sequential += 1 }
                case .variable(let reference):
                    counted.insert(reference.isPositionExplicit ? reference.position : sequential + 1)
                }
            }
        }
        let count = max(kinds.keys.max() ?? 0, counted.max() ?? 0)
        return [0, 1, 2, 5, 22, 1_234_567].map { number in
            (0..<count).map { index in
                let position = index + 1
                if counted.contains(position) { return .int(Int64(number)) }
                switch kinds[position] {
                case .floatingPoint?: return .double(Double(number) + 0.5)
                case .signedInteger?, .unsignedInteger?, .character?: return .int(Int64(number) + 65)
                case .string?, .any?, nil: return .string("word")
                }
            }
        }
    }
}
