import Testing
import ErrorFormatter

@Suite struct LocaleNegotiationTests {
    /// Every scenario of `lftest_negotiate.tsv` (the reference algorithm, run on ICU 72), in
    /// both modes, on any ICU: negotiation is not an ICU function, so there is nothing to
    /// regenerate the file from. Where a later ICU's data changes a scenario's answer, the row
    /// is listed in `changedByICUData` with the fact of ICU's data that changes it, checked
    /// against the running ICU: the override applies exactly when ICU says so.
    @Test(.enabled(if: LocaleOracle.isAvailable, LocaleOracle.skipMessage))
    func scenariosMatchReference() throws {
        let lines = LocaleOracle.lines("lftest_negotiate.tsv").dropFirst().filter { !$0.isEmpty }
        #expect(lines.count == 64)
        for line in lines {
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            try #require(cells.count == 4, "malformed row: \(line)")
            var (strict, family) = (cells[2], cells[3])
            if let change = Self.changedByICUData[cells[0] + "\t" + cells[1]], change.applies() {
                (strict, family) = (change.strict, change.family)
            }
            let preferences = cells[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let available = cells[1].split(separator: ",").map(String.init)
            verify(preferences, available, .strict, strict)
            verify(preferences, available, .family, family)
        }
    }

    /// A scenario whose answer follows a fact of ICU's locale data that differs between majors.
    struct DataChange: Sendable {
        /// Whether the running ICU's data has the fact (asked of ICU itself, not of the library).
        let applies: @Sendable () -> Bool
        let strict: String
        let family: String
    }

    /// "prefs\ttables" → the answer where ICU's data has the fact (docs/locales.md explains each).
    static let changedByICUData: [String: DataChange] = [
        // CLDR (46, not 42) lists es_JP among es_419's children in parentLocales (Latin-American Spanish is
        // what Japan's Spanish speakers mostly use): ICU 76 serves es_JP from es_419.
        "es-JP\tes,es_419": DataChange(
            applies: { LocaleChainGridTests.icuFirstBundle("es_JP") == "es_419" },
            strict: "es_419, es, BASE", family: "es_419, es, BASE"),
    ]

    /// `expected` is `a, b, BASE`, `BASE`, or `(C/POSIX: base only)`.
    private func verify(
        _ preferences: [String], _ available: [String], _ mode: NegotiationMode, _ expected: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let result = Locales.negotiate(preferences: preferences, available: available, mode: mode)
        let ours = result.untranslated
            ? "(C/POSIX: base only)"
            : (result.indices.map { available[$0] } + ["BASE"]).joined(separator: ", ")
        #expect(ours == expected, "\(preferences) × \(available) in \(mode) mode: \(result)",
                sourceLocation: sourceLocation)
    }

    @Test func reasonsSayWhyEachTableWasChosen() {
        let available = ["en", "en_GB", "fr"]
        let result = Locales.negotiate(preferences: ["de", "en-AU"], available: available)
        #expect(result.entries == [
            .init(index: 1, reason: .family(preference: 1, level: "en_001", tieBroken: false)),
            .init(index: 0, reason: .inherited(level: "en")),
        ])
        let strict = Locales.negotiate(preferences: ["en-AU"], available: available, mode: .strict)
        #expect(strict.entries == [.init(index: 0, reason: .exact(preference: 0, level: "en"))])
        let tie = Locales.negotiate(preferences: ["en-CA"], available: ["en_GB", "en_US"])
        #expect(tie.entries == [.init(index: 1, reason: .family(preference: 0, level: "en", tieBroken: true))])
    }

    @Test func cOnlyDisablesTranslationWhenItIsTheFirstUsablePreference() {
        #expect(Locales.negotiate(preferences: ["C"], available: ["fr"]).untranslated)
        #expect(Locales.negotiate(preferences: ["C.UTF-8", "fr"], available: ["fr"]).untranslated)
        // An unusable or root preference is no preference: C is then the first one.
        #expect(Locales.negotiate(preferences: ["fr CA", "und", "C"], available: ["fr"]).untranslated)
        // After a real language, C only stops the search.
        let stopped = Locales.negotiate(preferences: ["de", "C", "fr"], available: ["fr"])
        #expect(!stopped.untranslated && stopped.entries.isEmpty)
        #expect(Locales.negotiate(preferences: [], available: ["fr"]) == Negotiation(untranslated: false, entries: []))
    }

    @Test func tableNamesInAnySpellingAreFound() {
        let available = ["zh-Hant", "zh_CN", "sr@latin", "pt-BR", "Base", "iw"]
        #expect(Locales.negotiate(preferences: ["zh_TW"], available: available).indices == [0])
        #expect(Locales.negotiate(preferences: ["zh-Hans-CN"], available: available).indices == [1])
        #expect(Locales.negotiate(preferences: ["sr-Latn-RS"], available: available).indices == [2])
        #expect(Locales.negotiate(preferences: ["pt_BR.UTF-8"], available: available).indices == [3])
        #expect(Locales.negotiate(preferences: ["he-IL"], available: available).indices == [5])
        // "Base" is never a localization, whatever a preference says.
        #expect(Locales.negotiate(preferences: ["base"], available: available).indices == [])
    }
}
