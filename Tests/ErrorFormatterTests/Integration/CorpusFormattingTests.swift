import Testing
@testable import ErrorFormatter

/// Real entries of the shared corpus, formatted through a catalog opened on the app's own
/// directory, with expected strings worked out by hand from CLDR's plural rules.
@Suite(.enabled(if: SharedCorpus.isAvailable, "the shared corpus (<package root>/../shared/corpus) is not present"))
struct CorpusFormattingTests {
    static let fluentUI = "/data/microsoft__fluentui-apple/Sources/FluentUI_iOS/Resources/Localization"
    static let cotEditorDocument = "/data/coteditor__CotEditor/CotEditor/Localizables/Document Window"
    static let cotEditorSettings = "/data/coteditor__CotEditor/CotEditor/Localizables/Settings"
    static let onionBrowser = "/data/OnionBrowser__OnionBrowser/Resources"

    /// Arabic has all six categories: 0 zero, 1 one, 2 two, 3–10 few, 11–99 many, 100–102 other.
    /// This entry has no `zero` variant, so 0 takes `other`.
    @Test(arguments: [
        (Int64(0), "0 شخص آخر"), (Int64(1), "1 آخر"), (Int64(2), "شخصان 2 آخران"),
        (Int64(3), "3 أشخاص آخرين"), (Int64(10), "10 أشخاص آخرين"), (Int64(11), "11 شخصًا آخر"),
        (Int64(99), "99 شخصًا آخر"), (Int64(100), "100 شخص آخر"), (Int64(103), "103 أشخاص آخرين"),
    ])
    func arabicPluralsFromFluentUI(count: Int64, expected: String) throws {
        let catalog = try Catalog.open(directory: SharedCorpus.corpus + Self.fluentUI)
        let resolution = catalog.resolve("Accessibility.AvatarGroup.Overflow.Value", preferences: ["ar-EG"],
                                         arguments: [.int(count)])
        #expect(resolution.hit?.value == expected)
        #expect(resolution.hit?.localization == "ar")
    }

    @Test(arguments: [
        ("fr", Int64(0), "Une erreur trouvée."), ("fr", Int64(1), "Une erreur trouvée."),
        ("fr", Int64(2), "2 erreurs trouvées."), ("en", Int64(0), "0 errors found."),
        ("en", Int64(1), "An error found."), ("en", Int64(12), "12 errors found."),
    ])
    func frenchAndEnglishPluralsFromCotEditorsStringCatalog(locale: String, count: Int64, expected: String) throws {
        let catalog = try Catalog.open(directory: SharedCorpus.corpus + Self.cotEditorSettings)
        let resolution = catalog.resolve("%lld errors found.", table: "SyntaxEditor", preferences: [locale],
                                         arguments: [.int(count)])
        #expect(resolution.hit?.value == expected)
    }

    @Test(arguments: [
        ("en", Int64(1), Int64(3), "1 match in 3 files"), ("en", Int64(2), Int64(1), "2 matches in 1 file"),
        ("de", Int64(5), Int64(1), "5 Treffer in 1 Datei"), ("de-AT", Int64(1), Int64(2), "1 Treffer in 2 Dateien"),
    ])
    func substitutionsFromCotEditor(locale: String, matches: Int64, files: Int64, expected: String) throws {
        let catalog = try Catalog.open(directory: SharedCorpus.corpus + Self.cotEditorDocument)
        let resolution = catalog.resolve("FolderFind.Metrics.message", table: "Document", preferences: [locale],
                                         arguments: [.int(matches), .int(files)])
        #expect(resolution.hit?.value == expected)
    }

    /// OnionBrowser's Greek "%d cookie(s)" has no variable dictionary: a diagnostic, and the
    /// lookup falls through to another localization instead of crashing or showing `%#@…@`.
    @Test func aBrokenRealEntryIsReportedAndSkipped() throws {
        let catalog = try Catalog.open(directory: SharedCorpus.corpus + Self.onionBrowser)
        #expect(catalog.diagnostics.contains {
            $0.code == "undefined-variable" && ($0.file ?? "").hasPrefix("el.lproj/")
        })
        let resolution = catalog.resolve("%d cookie(s)", preferences: ["el"], arguments: [.int(2)])
        if let hit = resolution.hit {
            #expect(hit.localization != "el" || !hit.value.contains("%#@"))
        }
    }
}
