import Testing
import ErrorFormatter

/// Our chains against ICU's own: as generated from the running ICU (`RunningICUOracle`), and, on
/// ICU 72, as measured once for the reference algorithm (`LocaleOracle`, ICU 72.1 / CLDR 42).
@Suite struct LocaleChainConformanceTests {
    /// The generated file must describe the ICU the tests link: one made by another ICU (a
    /// system upgrade under an old build/) would make every comparison below meaningless.
    @Test(.enabled(if: RunningICUOracle.isAvailable, RunningICUOracle.skipMessage))
    func generatedOracleIsFromTheRunningICU() {
        #expect(RunningICUOracle.fileVersion == RunningICUOracle.runningVersion,
                "build/icu-oracles/chains.tsv is from ICU \(RunningICUOracle.fileVersion ?? "?"), the tests run on \(RunningICUOracle.runningVersion): run make icu-oracles")
        // Every chain the generator wrote agreed with ICU's own key lookups.
        let disagreeing = RunningICUOracle.rows.filter { !$0.agreesWithLookups }.map(\.locale)
        #expect(disagreeing.isEmpty, "chains ICU's lookups contradict: \(disagreeing)")
        // ICU lists some 800 locales (805 in 72, 860 in 76); far fewer means a broken file.
        #expect(RunningICUOracle.rows.filter(\.isPlainlyAvailable).count > 700)
    }

    /// For every locale the running ICU lists, our `bundle` entries + root equal its chain.
    @Test(.enabled(if: RunningICUOracle.isAvailable, RunningICUOracle.skipMessage))
    func bundleEntriesEqualRunningICUChain() throws {
        var mismatches: [String] = []
        for row in RunningICUOracle.rows {
            guard case .locale(let id) = try Locales.normalize(row.locale) else {
                mismatches.append("\(row.locale): normalized to untranslated")
                continue
            }
            let ours = Locales.bundleChainWithRoot(id)
            if ours != row.chain {
                mismatches.append("\(row.locale): ours \(ours.joined(separator: " > ")), ICU \(row.chain.joined(separator: " > "))")
            }
        }
        #expect(mismatches.isEmpty, "ICU \(RunningICUOracle.runningVersion): \(mismatches.count) of \(RunningICUOracle.rows.count) differ:\n\(mismatches.prefix(20).joined(separator: "\n"))")
    }

    /// On ICU 72, the generator reproduces the shared measurements (made with a second, internal
    /// method: ICU's own parent links), row for row: what makes it trustworthy on other majors.
    @Test(.enabled(if: LocaleOracle.isAvailable, LocaleOracle.skipMessage),
          .enabled(if: RunningICUOracle.isAvailable, RunningICUOracle.skipMessage),
          .enabled(if: RunningICUOracle.runningMajor == 72, "the shared oracle was measured on ICU 72"))
    func generatedChainsEqualSharedICU72Measurements() {
        for (file, count) in [("chains.tsv", 805), ("chains_with_legacy_aliases.tsv", 856)] {
            let rows = LocaleOracle.rows(file)
            #expect(rows.count == count)
            let generated = file == "chains.tsv"
                ? RunningICUOracle.rows.filter(\.isPlainlyAvailable) : RunningICUOracle.rows
            #expect(generated.count == count)
            for row in rows {
                let locale = row["locale"] ?? ""
                #expect(RunningICUOracle.chains[locale] == LocaleOracle.chainColumn(row["chain"] ?? ""), "\(file): \(locale)")
            }
        }
    }

    /// The full chains (alias `=` and abstract `?` levels included) equal the reference
    /// algorithm's, which was run on ICU 72 (on other majors the bundle levels are checked above).
    @Test(.enabled(if: LocaleOracle.isAvailable, LocaleOracle.skipMessage),
          .enabled(if: RunningICUOracle.runningMajor == 72, "the reference algorithm's chains were made on ICU 72"))
    func fullChainsEqualReferenceAlgorithm() throws {
        let rows = LocaleOracle.rows("proposed_chains.tsv")
        #expect(rows.count >= 860)
        var mismatches: [String] = []
        for row in rows {
            let input = try #require(row["input"])
            let normalized = try #require(row["normalized"])
            let expected = LocaleOracle.chainColumn(try #require(row["proposed_chain(=alias ?abstract)"]))
            let ours: [String]
            switch try Locales.normalize(input) {
            case .locale(let id):
                if id != normalized { mismatches.append("\(input): normalized \(id), expected \(normalized)") }
                ours = Locales.chain(for: id).map(\.description) + ["root"]
            case .untranslated:
                ours = ["untranslated"]
            }
            if ours != expected {
                mismatches.append("\(input): ours \(ours.joined(separator: " > ")), reference \(expected.joined(separator: " > "))")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) differ:\n\(mismatches.prefix(20).joined(separator: "\n"))")
    }

    /// Chains are cached; a cached answer must be the same as the first one, from any thread.
    @Test func concurrentCallsAgree() async {
        let ids = ["zh_TW", "es_MX", "en_AU", "nb", "hi_Latn_IN", "az_IR", "xx_YY", "sr_ME"]
        let first = ids.map { Locales.chain(for: $0) }
        await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask { ids.map { Locales.chain(for: $0) } == first }
            }
            for await same in group { #expect(same) }
        }
    }
}
