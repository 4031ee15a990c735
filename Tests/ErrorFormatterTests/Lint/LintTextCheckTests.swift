import ErrorFormatter
import Testing

/// The pofilter-style comparisons of a translation with its development text.
@Suite struct LintTextCheckTests {
    /// One line per case, development text and translation on the same line number.
    static let cases: [(code: String, source: String, translation: String)] = [
        ("empty-translation", "Save", ""),
        ("replacement-character", "Café", "Caf\u{FFFD}"),
        ("markup-mismatch", "<b>Bold</b> text", "<b>Gras</i> texte"),
        ("placeholder-mismatch", "Hello {name}", "Bonjour {nom}"),
        ("url-mismatch", "See https://example.com/help.", "Voir https://example.org/aide."),
        ("email-mismatch", "Write to help@example.com", "Écrivez à aide@example.com"),
        ("newline-mismatch", "One\\nTwo", "Un deux"),
        ("tab-mismatch", "A\\tB", "A B"),
        ("whitespace-mismatch", "Name: ", "Nom :"),
        ("double-space", "Open the file", "Ouvrir  le fichier"),
        ("repeated-word", "Open the file", "Ouvrir le le fichier"),
        ("end-punctuation-mismatch", "Delete it?", "Le supprimer."),
        ("bracket-mismatch", "Size (MB)", "Taille MB"),
        ("number-mismatch", "Up to 20 items", "Jusqu'à 30 éléments"),
    ]

    @Test func eachComparisonAtItsEntry() throws {
        let fixture = try LintFixture()
            .write("en.lproj/Localizable.strings",
                   Self.cases.enumerated().map { "\"k\($0.offset)\" = \"\($0.element.source)\";" }.joined(separator: "\n"))
            .write("fr.lproj/Localizable.strings",
                   Self.cases.enumerated().map { "\"k\($0.offset)\" = \"\($0.element.translation)\";" }.joined(separator: "\n"))
        let codes = Set(Self.cases.map(\.code))
        let expected = Self.cases.enumerated().map { "fr.lproj/Localizable.strings:\($0.offset + 1):1: \($0.element.code)" }
        #expect(try fixture.findings(codes: codes) == expected)
    }

    @Test func equivalentsAreNotFindings() throws {
        let fixture = try LintFixture()
            .write("en.lproj/Localizable.strings", """
                "q" = "Delete it?";
                "s" = "Done.";
                "tags" = "<a href=\\"x\\">Link</a>";
                "n" = "%lld of 20";
                "e" = "Loading...";
                "prose" = "<a letter of %lld characters>";
                """)
            .write("ja.lproj/Localizable.strings", """
                "q" = "削除しますか？";
                "s" = "完了。";
                "tags" = "<a href=\\"y\\">リンク</a>";
                "n" = "20件中%lld件";
                "e" = "読み込み中…";
                "prose" = "<%lld文字の文字>";
                """)
        #expect(try fixture.findings() == [])
    }
}
