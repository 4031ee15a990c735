import Testing
@testable import ErrorFormatter

/// Text quoted inside a message: one line, unambiguous, and cut so one value cannot flood a
/// terminal. Expected strings are written out by hand.
@Suite struct MessageEscapingTests {
    @Test func quotesAndBackslashesAreEscaped() {
        #expect(MessageEscaping.quoted(#"say "hi" \ bye"#) == #""say \"hi\" \\ bye""#)
    }

    @Test func controlCharactersAreEscapedAsInEveryMessage() {
        #expect(MessageEscaping.quoted("a\nb\u{0}c\u{83}d\u{2028}") == #""a\nb\u{0}c\u{83}d\u{2028}""#)
        // Escaping a message again (as `Diagnostic.message` does) changes nothing.
        let quoted = MessageEscaping.quoted("x\u{1B}[31m\ty")
        #expect(MessageEscaping.escaped(quoted) == quoted)
    }

    /// Every kind of scalar that is escaped, beside text whose bytes start the same way but
    /// needs nothing (U+00A0 and U+00E9 after a 0xC2/0xC3 byte, U+2014 after 0xE2).
    @Test(arguments: [
        ("a\u{7F}b", #"a\u{7F}b"#), ("\u{80}", #"\u{80}"#), ("x\u{9F}", #"x\u{9F}"#),
        ("\u{2028}", #"\u{2028}"#), ("p\u{2029}q", #"p\u{2029}q"#), ("\u{1F}", #"\u{1F}"#),
        ("tab\there", #"tab\there"#), ("\u{A0}é—", "\u{A0}é—"), ("plain text", "plain text"),
        ("€ \u{2027}\u{202A}", "€ \u{2027}\u{202A}"),
    ])
    func escapedTouchesOnlyWhatBreaksALine(text: String, expected: String) {
        #expect(MessageEscaping.escaped(text) == expected)
    }

    @Test func longTextIsCutAfterSixtyCharacters() {
        let text = String(repeating: "é", count: 61)
        #expect(MessageEscaping.quoted(text) == "\"" + String(repeating: "é", count: 60) + "…\"")
        #expect(MessageEscaping.quoted(String(text.dropLast())) == "\"" + String(text.dropLast()) + "\"")
    }
}
