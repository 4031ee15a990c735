import CICU
import Testing
@testable import ErrorFormatter

/// Regression tests for the hostile-input findings that are properties of the core (the C ABI's
/// promises are held by Tests/C/test_hostile_*.c).
@Suite struct HostileInputTests {
    /// A `.stringsdict` of `entries` plural entries, each `key<i>` with `one`/`other` variants,
    /// on one line when `oneLine`.
    private static func stringsDict(entries: Int, oneLine: Bool) -> [UInt8] {
        let separator = oneLine ? "" : "\n"
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><dict>" + separator
        for index in 0..<entries {
            text += "<key>key\(index)</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>"
                + "<key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
                + "<key>NSStringFormatValueTypeKey</key><string>d</string><key>one</key><string>é %d</string>"
                + "<key>other</key><string>%d é</string></dict></dict>" + separator
        }
        return Array((text + "</dict></plist>").utf8)
    }

    // A one-line file's positions once cost time quadratic in the line's length (every key's
    // column counted from the line's start). What keeps them linear is that a column reads only
    // the bytes near its offset: `SourceLocatorTests.aColumnReadsNoWholeBlockBetweenItsLinesStartAndItsOffset`
    // and `ForwardLocatorTests.eachOffsetReadsOnlyTheBytesAfterThePreviousOne` check it without
    // a clock. The tests here load such files whole; their time limits only turn a hang into a
    // failure, loose enough for ThreadSanitizer on a loaded machine (make sanitize).
    @Test(.timeLimit(.minutes(10))) func aOneLineStringsDictLoadsWithEveryEntryAndItsPosition() throws {
        let bytes = Self.stringsDict(entries: 5_000, oneLine: true)
        let (_, map) = PropertyListParser.parseWithSourceMap(bytes)
        let position = try #require(map.position(ofKeyPath: ["key4999"]))
        // The column of `<key>key4999`, counted in scalars by hand: the text before it.
        let needle = Array("<key>key4999</key>".utf8)
        let start = try #require((0...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) })
        #expect(position.line == 1)
        #expect(position.column == String(decoding: bytes[..<start], as: UTF8.self).unicodeScalars.count + 1)
        let loaded = StringsDictFile.load(bytes: bytes)
        #expect(loaded.contents?.variables.count == 5_000)
    }

    /// One entry with `count` variables, its variables on one line or one per line.
    private static func manyVariables(_ count: Int, oneLine: Bool) -> [UInt8] {
        var format = ""
        var variables = ""
        for index in 0..<count {
            format += "%#@v\(index)@ "
            variables += "<key>v\(index)</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
                + "<key>NSStringFormatValueTypeKey</key><string>d</string><key>other</key><string>%d</string></dict>"
                + (oneLine ? "" : "\n")
        }
        let text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><dict><key>k</key><dict>"
            + "<key>NSStringLocalizedFormatKey</key><string>\(format)</string>\(variables)</dict></dict></plist>"
        return Array(text.utf8)
    }

    /// One entry with 10,000 variables, on one line and one a line, loads with every variable.
    @Test(.timeLimit(.minutes(10))) func anEntryWithTenThousandVariablesLoads() throws {
        for oneLine in [true, false] {
            let loaded = StringsDictFile.load(bytes: Self.manyVariables(10_000, oneLine: oneLine))
            let entry = try #require(loaded.contents?.variables.values.first)
            #expect(loaded.contents?.variables.count == 1)
            #expect(entry.variables.count == 10_000)
        }
    }

    @Test func columnsMatchCountingScalarsOneByOne() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [[0x0A], [0x0D, 0x0A], Array("abc".utf8), Array("é".utf8), Array("𝄞".utf8)]
        for _ in 0..<200 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...400, using: &generator) {
                bytes += pieces[Int.random(in: 0..<pieces.count, using: &generator)]
            }
            bytes.withUnsafeBufferPointer { text in
                let locator = SourceLocator(text: text)
                var column = 1
                for offset in 0...text.count {
                    // Every scalar that is not part of a line break (CF puts a CRLF's LF on
                    // the next line, at column 1: the line-table test covers breaks).
                    if offset == text.count || (text[offset] & 0xC0 != 0x80 && text[offset] != 0x0A && text[offset] != 0x0D) {
                        #expect(locator.location(of: offset).column == column, "\(bytes) at \(offset)")
                    }
                    guard offset < text.count else { break }
                    if text[offset] == 0x0A {
                        column = 1
                    } else if text[offset] != 0x0D && text[offset] & 0xC0 != 0x80 {
                        column += 1
                    }
                }
            }
        }
    }

    // The finding: a range ending exactly at byte 4,096 was dropped with the cut.
    @Test func anAcceptLanguageRangeEndingAtByte4096IsKept() {
        // "fr;xxx…" is a range with a parameter the parser ignores; "en" ends at byte 4,096.
        let filler = String(repeating: "x", count: 4_096 - "fr;".count - ",".count - "en".count)
        let header = "fr;\(filler),en,de"
        #expect(header.utf8.count > 4_096)
        #expect(Array(header.utf8)[4_095] == UInt8(ascii: "n"))
        #expect(Locales.preferencesFromAcceptLanguage(header) == ["fr", "en"])
        // One byte more and "en" ends past the limit: it is cut with the rest.
        #expect(Locales.preferencesFromAcceptLanguage("fr;x\(filler),en,de") == ["fr"])
    }

    @Test func invalidUTF8InTheEnvironmentIsSkippedWithAReason() {
        let result = Locales.preferencesFromEnvironmentBytes([
            "LC_ALL": [0x66, 0x72, 0xFF], "LANG": Array("de_DE.UTF-8".utf8),
        ])
        #expect(result.preferences == ["de_DE.UTF-8"])
        #expect(result.skipped == ["LC_ALL is not valid UTF-8 (fr\\xFF); it is ignored"])
        #expect(!result.preferences.contains { $0.unicodeScalars.contains("\u{FFFD}") })
    }

    @Test func controlCharactersAreEscapedInDiagnosticsAndErrors() {
        let diagnostic = Diagnostic(severity: .warning, code: "x", message: "a\nb\u{1B}[31m\u{2028}", file: "f\r\n.strings")
        #expect(diagnostic.message == "a\\nb\\u{1B}[31m\\u{2028}")
        #expect(diagnostic.file == "f\\r\\n.strings")
        var changed = diagnostic
        changed.message = "forged\nline"
        #expect(changed.message == "forged\\nline")
        #expect(CatalogError(kind: .notFound, message: "no such catalog directory: a\nb").message
            == "no such catalog directory: a\\nb")
        #expect(MessageEscaping.escapedBytes([0x61, 0xC3, 0xA9, 0xFF, 0x0A]) == "aé\\xFF\\n")
    }

    @Test func aNULInAValueIsReportedAndFailsStrictLoading() throws {
        let text = Array("\"k\" = \"abc\\U0000def\";".utf8)
        var lenient = CatalogBuilder()
        try lenient.addTable(bytes: text, localization: "en", fileName: "Localizable.strings")
        let catalog = try lenient.build()
        #expect(catalog.diagnostics.map(\.code) == ["nul-in-value"])
        var strict = CatalogBuilder(strict: true)
        #expect(throws: CatalogError.self) {
            try strict.addTable(bytes: text, localization: "en", fileName: "Localizable.strings")
        }
    }

    // The finding: bundles were opened (and cached by ICU forever) to learn whether an
    // arbitrary ID has data; now ICU's list answers, and it is a fixed set.
    @Test func localeDataIsCheckedAgainstICUsListOfBundles() {
        #expect(ICUBundles.isAvailable("fr_CA"))
        #expect(ICUBundles.isAvailable("zh_TW"))  // a legacy alias bundle
        #expect(!ICUBundles.isAvailable("xq_ZZ"))
        #expect(ICUBundles.hasData(forLanguageOf: "ca_ES_VALENCIA"))
        #expect(ICUBundles.hasData(forLanguageOf: "ht"))  // through CLDR's parent, fr_HT
        #expect(!ICUBundles.hasData(forLanguageOf: "xq"))
        // The list gives ures_open's own answer (no fallback to the process default locale).
        // A script CLDR sends to root (az_Arab, en_Dsrt, yo_Arab) ends on data; one it does not
        // (fr_Cyrl, en_Cyrl) falls to the default locale: ICU 76 says which only through ures_open.
        for id in ["ht", "az_IR", "az_Arab", "xq_ZZ", "xq_Latn_ZZ", "yue_HK", "sr_ME", "no_NO", "zh_MO",
                   "en_150", "es_419", "pt_AO", "ca_ES_VALENCIA", "de_CH_1996", "tlh", "und_ZZ", "zz",
                   "en_Dsrt", "yo_Arab", "ha_Arab_NG", "fr_Cyrl", "en_Cyrl", "az_Hans", "fr_Cyrl_FR"] {
            var status = U_ZERO_ERROR
            let bundle = cicu_ures_open(nil, id, &status)
            cicu_ures_close(bundle)
            let opened = bundle != nil && status.rawValue <= U_ZERO_ERROR.rawValue && status != U_USING_DEFAULT_WARNING
            #expect(ICUBundles.hasData(forLanguageOf: id) == opened, "\(id)")
        }
        #expect(ICUBundles.actualBundle(named: "zh_TW") == "zh_Hant_TW")
        #expect(ICUBundles.actualBundle(named: "xq_ZZ") == nil)
    }
}
