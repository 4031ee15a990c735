import CICU
import Testing
import ErrorFormatter

/// Our chain against ICU itself, at test time, for a generated grid of IDs most of which no
/// bundle exists for (ICU's `getParentLocaleID` path: parentLocales, default scripts, truncation).
///
/// The expectation is built without the code under test: ICU's `ures_open` names the first real
/// bundle it serves for the ID (`ULOC_ACTUAL_LOCALE`), and the oracle file records ICU's own
/// chain of that bundle as generated from the running ICU (`RunningICUOracle`). Our bundle
/// entries must be exactly that chain.
@Suite(.enabled(if: RunningICUOracle.isAvailable, RunningICUOracle.skipMessage))
struct LocaleChainGridTests {
    /// ICU's available languages × ISO regions × {none, Latn, Cyrl, Arab, Hans, Hant}, plus each
    /// language with each script alone; sorted, so the grid is the same on every run.
    static func grid() -> [String] {
        var languages = Set<String>()
        for index in 0..<cicu_uloc_countAvailable() {
            guard let locale = cicu_uloc_getAvailable(index) else { continue }
            let id = String(cString: locale)
            languages.insert(String(id.prefix { $0 != "_" }))
        }
        var regions: [String] = []
        if var cursor = cicu_uloc_getISOCountries() {
            while let region = cursor.pointee {
                regions.append(String(cString: region))
                cursor += 1
            }
        }
        let scripts = ["Latn", "Cyrl", "Arab", "Hans", "Hant"]
        var ids: [String] = []
        for language in languages.sorted() {
            for script in scripts { ids.append(language + "_" + script) }
            for region in regions {
                ids.append(language + "_" + region)
                for script in scripts { ids.append(language + "_" + script + "_" + region) }
            }
        }
        return ids
    }

    /// ICU's first real bundle for `id`, or `nil` when ICU has no data for the language (it then
    /// serves the process default locale, which must not matter to us) or only root.
    static func icuFirstBundle(_ id: String) -> String? {
        var status = U_ZERO_ERROR
        let bundle = cicu_ures_open(nil, id, &status)
        defer { cicu_ures_close(bundle) }
        guard bundle != nil, status.rawValue <= U_ZERO_ERROR.rawValue,
              status != U_USING_DEFAULT_WARNING
        else { return nil }
        var localeStatus = U_ZERO_ERROR
        guard let actual = cicu_ures_getLocaleByType(bundle, ULOC_ACTUAL_LOCALE, &localeStatus) else { return nil }
        let name = String(cString: actual)
        return name.isEmpty || name == "root" ? nil : name
    }

    @Test func gridMatchesICUResourceLookup() throws {
        let ids = Self.grid()
        #expect(ids.count >= 100_000)
        let icuChains = RunningICUOracle.chains
        #expect(icuChains.count > 800)
        var mismatches: [String] = []
        var servedByABundle = 0
        for id in ids {
            guard case .locale(id)? = try? Locales.normalize(id) else {
                mismatches.append("\(id): does not normalize to itself")
                continue
            }
            let ours = Locales.bundleChainWithRoot(id)
            let expected: [String]
            if let first = Self.icuFirstBundle(id) {
                servedByABundle += 1
                guard let chain = icuChains[first] else {
                    mismatches.append("\(id): ICU serves \(first), which ICU does not list")
                    continue
                }
                expected = chain
            } else {
                expected = ["root"]
            }
            if ours != expected {
                mismatches.append("\(id): ours \(ours.joined(separator: " > ")), ICU \(expected.joined(separator: " > "))")
            }
        }
        // About a third of the grid reaches a real bundle (a foreign script falls to root); if
        // almost none did, the comparison would prove little.
        #expect(servedByABundle > ids.count / 4)
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(ids.count) differ:\n\(mismatches.prefix(20).joined(separator: "\n"))")
        print("locale grid: \(ids.count) IDs checked against ures_open, \(servedByABundle) served by a bundle, \(mismatches.count) mismatches")
    }
}
