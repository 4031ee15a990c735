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

    @Test func longTextIsCutAfterSixtyCharacters() {
        let text = String(repeating: "é", count: 61)
        #expect(MessageEscaping.quoted(text) == "\"" + String(repeating: "é", count: 60) + "…\"")
        #expect(MessageEscaping.quoted(String(text.dropLast())) == "\"" + String(text.dropLast()) + "\"")
    }
}
