import Testing
import ErrorFormatter

/// Our chains against ICU's own, as recorded in the oracle files (ICU 72.1 / CLDR 42).
@Suite(.enabled(if: LocaleOracle.isAvailable, LocaleOracle.skipMessage))
struct LocaleChainConformanceTests {
    /// For every available locale, our `bundle` entries + root equal ICU's `ures_open` chain.
    @Test(arguments: ["chains.tsv", "chains_with_legacy_aliases.tsv"])
    func bundleEntriesEqualICUChain(file: String) throws {
        let rows = LocaleOracle.rows(file)
        #expect(rows.count == (file == "chains.tsv" ? 805 : 856))
        var mismatches: [String] = []
        for row in rows {
            let locale = try #require(row["locale"])
            let expected = LocaleOracle.chainColumn(try #require(row["chain"]))
            guard case .locale(let id) = try Locales.normalize(locale) else {
                mismatches.append("\(locale): normalized to untranslated")
                continue
            }
            let ours = Locales.bundleChainWithRoot(id)
            if ours != expected {
                mismatches.append("\(locale): ours \(ours.joined(separator: " > ")), ICU \(expected.joined(separator: " > "))")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(rows.count) differ:\n\(mismatches.prefix(20).joined(separator: "\n"))")
    }

    /// The full chains (alias `=` and abstract `?` levels included) equal the reference algorithm's.
    @Test func fullChainsEqualReferenceAlgorithm() throws {
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
