import Testing
@testable import ErrorFormatter

/// The packed outputs that are only a run of items (a catalog's description, a locale chain, a
/// preference list, a lint report): the items each layout writes, in its documented order, and
/// how a run is written into a caller's buffer.
@Suite struct ItemRunTests {
    /// The items of `run` as written into a buffer with room for them.
    static func items(_ run: ItemRun) -> [String] {
        var buffer = [UInt8](repeating: 0xFF, count: run.length)
        let written = buffer.withUnsafeMutableBytes { run.write(into: $0.baseAddress, capacity: $0.count) }
        #expect(written == run.length)
        #expect(buffer.last == 0)
        return buffer.split(separator: 0, omittingEmptySubsequences: false).dropLast().map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    @Test func aRunTooLongForTheBufferSaysItsLengthAndWritesNothing() {
        let run = LocaleListLayout.items(["fr-CA", "fr"])
        #expect(run.length == "2\0fr-CA\0fr\0".utf8.count)
        var buffer = [UInt8](repeating: 0xFF, count: run.length - 1)
        let written = buffer.withUnsafeMutableBytes { run.write(into: $0.baseAddress, capacity: $0.count) }
        #expect(written == run.length)
        #expect(buffer.allSatisfy { $0 == 0xFF })
        // No buffer at all is told the length too; a negative capacity has room for anything.
        #expect(run.write(into: nil, capacity: 0) == run.length)
        var roomy = [UInt8](repeating: 0xFF, count: run.length + 4)
        _ = roomy.withUnsafeMutableBytes { run.write(into: $0.baseAddress, capacity: -1) }
        #expect(Array(roomy.prefix(run.length)) == Array("2\0fr-CA\0fr\0".utf8))
        #expect(roomy[run.length] == 0xFF)
    }

    @Test func anItemHoldingANULIsCutThereAsEveryPackedItemIs() {
        let run = LocaleListLayout.items(["a\0b", "c"])
        #expect(run.length == "2\0a\0c\0".utf8.count)
        #expect(Self.items(run) == ["2", "a", "c"])
    }

    @Test func aPreferenceList() {
        #expect(Self.items(LocaleListLayout.items([])) == ["0"])
        #expect(Self.items(LocaleListLayout.items(["fr-CA", "fr", "en"])) == ["3", "fr-CA", "fr", "en"])
    }

    @Test func aLocaleChainWithItsKinds() {
        let entries = [LocaleChainEntry(id: "zh_TW", kind: .alias), LocaleChainEntry(id: "zh_Hant_TW", kind: .bundle),
                       LocaleChainEntry(id: "zh_Hant", kind: .abstract)]
        #expect(Self.items(LocaleChainLayout.items(normalized: "zh_TW", untranslated: false, entries: entries))
            == ["0 3", "zh_TW", "zh_TW", "2", "zh_Hant_TW", "1", "zh_Hant", "0"])
        #expect(Self.items(LocaleChainLayout.items(normalized: "", untranslated: true, entries: [])) == ["1 0", ""])
    }

    @Test func aDiagnosticIsItsNumbersCodeMessageFileAndKey() {
        let keyed = Diagnostic(severity: .warning, code: "duplicate-key", message: "\"a\" is defined twice",
                               file: "en.lproj/Localizable.strings", line: 2, column: 1, key: "a")
        let bare = Diagnostic(severity: .error, code: "no-development-localization", message: "none")
        let note = Diagnostic(severity: .note, code: "n", message: "m", key: "k")
        #expect(Self.items(LintReportLayout.items(fileCount: 4, diagnostics: [keyed, bare, note])) == [
            "4 3",
            "1 2 1 0", "duplicate-key", "\"a\" is defined twice", "en.lproj/Localizable.strings", "a",
            "0 0 0 3", "no-development-localization", "none", "", "",
            "2 0 0 1", "n", "m", "", "k",
        ])
    }

    @Test func aCatalogDescription() {
        let broken = Diagnostic(severity: .error, code: "missing-semicolon", message: "m", file: "fr.lproj/L.strings",
                                line: 3, column: 15)
        #expect(Self.items(CatalogDescriptionLayout.items(developmentLocale: "de", localizations: ["de", "fr"],
                                                          diagnostics: [broken]))
            == ["2 1", "de", "de", "fr", "0 3 15 2", "missing-semicolon", "m", "fr.lproj/L.strings", ""])
    }
}
