import Testing
@testable import ErrorFormatter

/// The negotiation section of a compiled catalog (format 1.1): what ICU says about each
/// localization name, stored with the identity of the library and ICU that said it, used by a
/// process with the same identity and computed again by any other, with the same stacks either way.
@Suite struct CompiledNegotiationTests {
    typealias Format = CompiledCatalogFormat
    typealias Parts = CompiledCatalogHostileTests.Parts

    /// Localizations named every way negotiation has to understand: BCP 47 and POSIX spellings,
    /// legacy aliases, scripts, regions that fall back through CLDR's parent locales, `Base`.
    static let names = ["Base", "de", "en", "en-GB", "es", "es-419", "fr", "fr_CA", "iw", "nb", "pt-BR", "pt_PT",
                        "sr-Latn", "zh-Hans", "zh-Hant", "zh_TW"]

    /// Preference lists that reach every road of negotiation: exact, alias, family with and
    /// without a tie, inherited levels, several preferences, `C`, nothing usable.
    static let preferenceLists: [[String]] = [
        ["fr"], ["fr-CA"], ["fr-BE"], ["en-AU"], ["en_GB"], ["es-MX"], ["es-ES"], ["pt"], ["pt-AO"], ["he"], ["iw-IL"],
        ["no"], ["nn"], ["nb-NO"], ["zh-TW"], ["zh-HK"], ["zh-CN"], ["zh"], ["sr"], ["sr-Latn-RS"], ["ja", "de-AT"],
        ["C"], ["ja", "C", "fr"], ["x-bogus!", "de"], [], ["en-US-POSIX"],
    ]

    static func catalog(_ names: [String] = names, developmentLocale: String = "en") throws -> Catalog {
        var builder = CatalogBuilder()
        for name in names {
            try builder.addTable(bytes: Array("\"k\" = \"\(name)\";".utf8), localization: name,
                                 fileName: "Localizable.strings")
        }
        try builder.addTable(bytes: Array("\"u\" = \"U\";".utf8), localization: nil, fileName: "Localizable.strings")
        return try builder.build(developmentLocale: developmentLocale)
    }

    static func bytes(of catalog: Catalog, identity: String?) throws -> [UInt8] {
        try CompiledCatalogWriter.bytes(
            tables: catalog.tables.mapValues { $0.mapValues(\.table) }, developmentLocale: catalog.developmentLocale,
            diagnostics: catalog.diagnostics, negotiationIdentity: identity)
    }

    static func file(_ bytes: [UInt8]) throws -> CompiledCatalogFile {
        try CompiledCatalogFile(source: InMemoryByteSource(bytes))
    }

    /// Every stack and negotiation of `compiled`, opened both ways, equals `source`'s.
    static func expectSameStacks(_ source: Catalog, _ bytes: [UInt8], _ comment: Comment) throws {
        let whole = try Catalog.open(compiled: file(bytes))
        let onFirstUse = try Catalog.openOnFirstUse(compiled: file(bytes))
        for preferences in preferenceLists {
            let expected = source.lookupStack(for: preferences)
            #expect(whole.lookupStack(for: preferences) == expected, "\(comment): \(preferences)")
            #expect(onFirstUse.lookupStack(for: preferences) == expected, "\(comment), on first use: \(preferences)")
            #expect(whole.negotiation(for: preferences) == source.negotiation(for: preferences),
                    "\(comment): \(preferences)")
        }
    }

    @Test func aFileKeepsWhatICUSaysAboutEveryLocalizationButBase() throws {
        let bytes = try Self.catalog().compiled()
        #expect(bytes[14] == 1 && bytes[15] == 0, "format version 1.1")
        let file = try Self.file(bytes)
        let stored = try #require(file.negotiation)
        let described = Self.names.filter { $0 != Catalog.baseLocalization }
        #expect(stored == PrecomputedNegotiation(computingFor: described))
        #expect(Set(stored.tables.keys) == Set(described))
        #expect(stored.tables["zh_TW"]?.key == "zh_Hant_TW")
        #expect(stored.tables["iw"]?.key == "he")
        #expect(stored.tables["es-419"]?.chain.map(\.id) == ["es_419", "es"])
    }

    @Test func theStoredAnswersGiveTheStacksICUGives() throws {
        let source = try Self.catalog()
        try Self.expectSameStacks(source, try source.compiled(), "stored")
        // A development locale given at open is negotiated too, from what is stored.
        let other = try Catalog.open(compiled: Self.file(try source.compiled()), developmentLocale: "pt-BR")
        let expected = try Self.catalog(developmentLocale: "pt-BR")
        for preferences in Self.preferenceLists {
            #expect(other.lookupStack(for: preferences) == expected.lookupStack(for: preferences), "\(preferences)")
        }
    }

    /// Other rules or another ICU: asked about again. Files of 1.2 recorded the library's own
    /// version, which no identity has now; the library's version is not in it, so that a
    /// release keeps the answers of files compiled before it.
    @Test func aFileOfOtherRulesOrICUIsAskedAboutAgain() throws {
        let source = try Self.catalog()
        let icu = try #require(PrecomputedNegotiation.identity.split(separator: ";").last)
        #expect(PrecomputedNegotiation.identity == "errorformatter negotiation \(PrecomputedNegotiation.rulesVersion);\(icu)")
        #expect(!PrecomputedNegotiation.identity.contains(ErrorFormatterVersion.string))
        for identity in ["errorformatter 0.9.0; ICU 71.1.0.0", "errorformatter 1.2.0;\(icu)",
                         "errorformatter negotiation \(PrecomputedNegotiation.rulesVersion + 1);\(icu)",
                         PrecomputedNegotiation.identity + " ", ""] {
            let bytes = try Self.bytes(of: source, identity: identity)
            #expect(try Self.file(bytes).negotiation == nil, "\(identity)")
            try Self.expectSameStacks(source, bytes, "identity '\(identity)'")
        }
    }

    @Test func aVersionOneZeroFileReadsAsBefore() throws {
        let source = try Self.catalog()
        let bytes = try Self.bytes(of: source, identity: nil)
        #expect(bytes[14] == 0 && bytes[15] == 0, "format version 1.0")
        #expect(try Parts(bytes).sections.allSatisfy { $0.kind < Format.SectionKind.negotiation.rawValue })
        #expect(try Self.file(bytes).negotiation == nil)
        try Self.expectSameStacks(source, bytes, "version 1.0")
        // Only the negotiation section and the version differ from a file of version 1.1.
        var current = try Parts(try source.compiled())
        current.sections.removeAll { $0.kind == Format.SectionKind.negotiation.rawValue }
        current.minor = 0
        #expect(try current.bytes() == bytes)
    }

    /// Answers that are not ICU's, under this process's identity: proof that they are used, and
    /// used only under that identity.
    @Test func storedAnswersAreUsedOnlyUnderTheirIdentity() throws {
        let source = try Self.catalog(["de", "fr"])
        var parts = try Parts(try source.compiled())
        let index = try #require(parts.sections.firstIndex { $0.kind == Format.SectionKind.negotiation.rawValue })
        // "de" is described as if it were Dutch.
        func section(identity: String) throws -> [UInt8] {
            var encoder = CompiledEncoder()
            try encoder.string(identity)
            encoder.u32(2)
            for (name, id) in [("de", "nl"), ("fr", "fr")] {
                try encoder.string(name)
                try encoder.string(id)
                try encoder.string(id)
                encoder.u32(1)
                encoder.u8(0)
                try encoder.string(id)
            }
            return encoder.bytes
        }
        parts.sections[index].bytes = try section(identity: PrecomputedNegotiation.identity)
        let trusted = try Catalog.open(compiled: Self.file(try parts.bytes()))
        #expect(trusted.lookupStack(for: ["nl-BE"]).localizations == ["de", ""])
        // A preference spelled as a localization is named takes that name's kept spelling: "de"
        // is Dutch here too, ICU is not asked; "de-DE" is asked, and is German, which no table is.
        #expect(trusted.lookupStack(for: ["de"]).localizations == ["de", ""])
        #expect(trusted.lookupStack(for: ["de-DE"]).localizations == [""])
        // Its strings take Dutch plural rules, and so do the development locale's (the
        // unlocalized tables') when it is "de": normalizing them asks ICU nothing either.
        #expect(trusted.pluralLocale(of: "de") == "nl")
        #expect(trusted.pluralLocale(of: Catalog.unlocalized) == "en")
        parts.sections[index].bytes = try section(identity: "errorformatter 0.9.0; ICU 71.1.0.0")
        let computed = try Catalog.open(compiled: Self.file(try parts.bytes()))
        #expect(computed.lookupStack(for: ["nl-BE"]).localizations == [""])
        #expect(computed.lookupStack(for: ["de"]).localizations == ["de", ""])
        #expect(computed.pluralLocale(of: "de") == "de")

        var germanFirst = try Parts(try Self.catalog(["de", "fr"], developmentLocale: "de").compiled())
        germanFirst.sections[index].bytes = try section(identity: PrecomputedNegotiation.identity)
        let loadings: [(CompiledCatalogFile) throws -> Catalog] = [
            { try Catalog.open(compiled: $0) }, { try Catalog.openOnFirstUse(compiled: $0) },
        ]
        for load in loadings {
            let developedInGerman = try load(Self.file(try germanFirst.bytes()))
            #expect(developedInGerman.developmentLocale == "de")
            #expect(developedInGerman.pluralLocale(of: Catalog.unlocalized) == "nl")
            #expect(developedInGerman.pluralLocale(of: Catalog.baseLocalization) == "nl")
            #expect(developedInGerman.pluralLocale(of: "fr") == "fr")
        }
    }

    /// Strict, a broken negotiation section fails the open; lenient, it is left out as a broken
    /// localization is, with an error saying so, and ICU is asked instead: the same stacks.
    @Test func aNegotiationSectionThatDoesNotDescribeTheDirectoryIsRefusedOrLeftOut() throws {
        let source = try Self.catalog(["de", "fr-CA"])
        let parts = try Parts(try source.compiled())
        let index = try #require(parts.sections.firstIndex { $0.kind == Format.SectionKind.negotiation.rawValue })
        func described(_ entries: [(name: String, spelling: String, key: String, chain: [(UInt8, String)])],
                       trailing: [UInt8] = []) throws -> [UInt8] {
            var encoder = CompiledEncoder()
            try encoder.string(PrecomputedNegotiation.identity)
            encoder.u32(UInt32(entries.count))
            for entry in entries {
                try encoder.string(entry.name)
                try encoder.string(entry.spelling)
                try encoder.string(entry.key)
                encoder.u32(UInt32(entry.chain.count))
                for (kind, id) in entry.chain {
                    encoder.u8(kind)
                    try encoder.string(id)
                }
            }
            return encoder.bytes + trailing
        }
        let german = (name: "de", spelling: "de", key: "de", chain: [(UInt8(0), "de")])
        let canadian = (name: "fr-CA", spelling: "fr_CA", key: "fr_CA", chain: [(UInt8(0), "fr_CA"), (UInt8(0), "fr")])
        // The well-formed section, written by hand, is the writer's.
        #expect(try described([german, canadian]) == parts.sections[index].bytes)
        var cases: [(String, [UInt8])] = [
            ("one missing", try described([german])),
            ("one more", try described([german, canadian, canadian])),
            ("out of order", try described([canadian, german])),
            ("trailing bytes", try described([german, canadian], trailing: [0])),
            ("unknown level kind", try described([german, (canadian.name, canadian.spelling, canadian.key, [(3, "fr")])])),
            ("a path", try described([german, (canadian.name, "../fr", canadian.key, canadian.chain)])),
            ("root", try described([german, (canadian.name, canadian.spelling, "root", canadian.chain)])),
            ("an empty level", try described([german, (canadian.name, canadian.spelling, canadian.key, [(0, "")])])),
            ("a hyphen", try described([german, (canadian.name, "fr-CA", canadian.key, canadian.chain)])),
            ("empty", []),
        ]
        cases.append(("cut", Array(parts.sections[index].bytes.dropLast())))
        for (name, section) in cases {
            var broken = parts
            broken.sections[index].bytes = section
            let bytes = try broken.bytes()
            #expect(CompiledCatalogHostileTests.strictFailure(bytes)?.kind == .parse, "\(name)")
            try Self.expectSameStacks(source, bytes, "\(name)")
            for catalog in [try Catalog.open(compiled: Self.file(bytes)), try Catalog.openOnFirstUse(compiled: Self.file(bytes))] {
                #expect(catalog.negotiation(for: ["fr"]) == source.negotiation(for: ["fr"]), "\(name)")
                let last = catalog.diagnostics.last
                #expect(last?.code == "broken-compiled-section" && last?.severity == .error, "\(name)")
                #expect(last?.message.contains("the negotiation section cannot be read") == true, "\(name)")
                #expect(catalog.diagnostics.count == source.diagnostics.count + 1, "\(name)")
            }
        }
        // Names are still checked for what ICU would refuse before it is asked.
        var path = parts
        let germanIndex = try #require(parts.sections.firstIndex { $0.name == "de" })
        path.sections[germanIndex].name = "../de"
        path.sections[index].bytes = try described([("../de", "de", "de", german.chain), canadian])
        #expect(CompiledCatalogHostileTests.strictFailure(try path.bytes())?.kind == .parse)
        var renamed = path
        renamed.sections[germanIndex].name = "de"
        #expect(CompiledCatalogHostileTests.strictFailure(try renamed.bytes())?.kind == .parse)
    }

    /// A digest of what ``NegotiationTable/init(name:)`` answers for ``probedNames()``, by the
    /// identity that stores those answers less its `errorformatter ` prefix (the rules version
    /// and ICU's). A change that changes an answer fails ``theRulesVersionNamesTheAnswers()``:
    /// raise `PrecomputedNegotiation.rulesVersion`, then record the digest it prints, for each
    /// ICU the tests run on (`make test-icu` runs them on ICU 76).
    static let answerDigests: [String: UInt32] = [
        "negotiation 1; ICU 72.1.0.0": 0x6F07_7A00,
        "negotiation 1; ICU 76.1.0.0": 0xE46B_7017,
    ]

    static var recordedIdentity: String { String(PrecomputedNegotiation.identity.dropFirst("errorformatter ".count)) }

    /// Every locale ICU lists with its full data (legacy aliases included, as
    /// `build/icu-oracles/chains.tsv` has them: `make test` runs the suite on trimmed data too),
    /// and names that reach the rules' other roads: aliases, POSIX and BCP 47 spellings, scripts,
    /// CLDR parent locales, `Base`, `C`, nothing ICU knows.
    static func probedNames() -> [String] {
        var names = Set(Self.names + [
            "iw", "in", "ji", "no", "no_NO", "sh", "tl", "mo", "zh_CN", "zh_HK", "zh_MO", "zh_SG", "zh-Hant-HK",
            "sr_ME", "sr-Cyrl", "es_MX", "es-US", "pt_AO", "en_150", "en-US-POSIX", "en_US.UTF-8", "de_DE@euro",
            "az_IR", "ca-ES-valencia", "und", "root", "C", "POSIX", "x-bogus", "qaa", "en-GB-oxendict", "fr_CA_x",
        ])
        names.formUnion(RunningICUOracle.rows.map(\.locale))
        return names.sorted()
    }

    @Test(.enabled(if: RunningICUOracle.isAvailable, RunningICUOracle.skipMessage),
          .enabled(if: answerDigests[recordedIdentity] != nil,
                   "no digest of the negotiation answers is recorded for this ICU (answerDigests)"))
    func theRulesVersionNamesTheAnswers() throws {
        let names = Self.probedNames()
        #expect(names.count > 500)
        var text = ""
        for name in names {
            let table = NegotiationTable(name: name)
            text += "\(name)\t\(table.spelling ?? "-")\t\(table.key ?? "-")\t"
                + table.chain.map(\.description).joined(separator: " ") + "\n"
        }
        let digest = CRC32C.checksum(Array(text.utf8))
        #expect(digest == Self.answerDigests[Self.recordedIdentity],
                "the answers for \(names.count) names changed (digest 0x\(String(digest, radix: 16))) under '\(Self.recordedIdentity)': raise PrecomputedNegotiation.rulesVersion and record the new digest")
    }

    @Test func theSectionIsOfVersionOneOneAndLast() throws {
        let parts = try Parts(try Self.catalog(["de", "fr"]).compiled())
        let index = try #require(parts.sections.firstIndex { $0.kind == Format.SectionKind.negotiation.rawValue })
        #expect(index == parts.sections.count - 1)
        var inVersionOneZero = parts
        inVersionOneZero.minor = 0
        var named = parts
        named.sections[index].name = "x"
        var twice = parts
        twice.sections.append(parts.sections[index])
        var beforeALocalization = parts
        beforeALocalization.sections.swapAt(index, index - 1)
        for (name, broken) in [("version 1.0", inVersionOneZero), ("named", named), ("twice", twice),
                               ("before a localization", beforeALocalization)] {
            #expect(CompiledCatalogHostileTests.strictFailure(try broken.bytes())?.kind == .parse, "\(name)")
        }
    }
}
