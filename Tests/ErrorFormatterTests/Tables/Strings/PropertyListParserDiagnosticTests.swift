import Testing
@testable import ErrorFormatter

/// What the parser reports beyond CoreFoundation, with exact lines and columns (columns count
/// Unicode scalars), and where failures are reported.
@Suite struct PropertyListParserDiagnosticTests {
    typealias Support = PropertyListTestSupport

    @Test func duplicateKeyWarnsAtTheLaterAndNotesTheEarlier() {
        let result = Support.parse("\"a\" = \"1\";\n\"b\" = \"2\";\n  \"a\" = \"3\";\n\"a\" = \"4\";\n")
        #expect(result.value == Support.strings([("a", "4"), ("b", "2")]))
        #expect(Support.positions(result.diagnostics) == [
            "warning duplicate-key@3:3", "note duplicate-key@1:1",
            "warning duplicate-key@4:1", "note duplicate-key@3:3",
        ])
        #expect(result.diagnostics.first?.message.contains("\"a\"") == true)
    }

    @Test func escapeSpelledDuplicateIsFound() {
        let result = Support.parse("\"A\" = \"1\";\n\"\\U0041\" = \"2\";")
        #expect(Support.positions(result.diagnostics) == ["warning duplicate-key@2:1", "note duplicate-key@1:1"])
    }

    @Test func silentTruncationSaysWhereAndHowMuch() {
        let result = Support.parse("\"a\" = \"b\";;\n\"c\" = \"d\";\n\"e\" = \"f\";")
        #expect(result.value == Support.strings([("a", "b")]))
        #expect(Support.positions(result.diagnostics) == ["warning silent-truncation@1:11"])
        let message = result.diagnostics.first?.message ?? ""
        #expect(message.contains("3 lines"))
        #expect(message.contains("23 bytes"))
        // A final line break does not start another dropped line.
        let trailing = Support.parse("\"a\" = \"b\";\n}\n\"c\" = \"d\";\n")
        #expect(trailing.diagnostics.first?.message.contains("2 lines") == true)
    }

    @Test func unterminatedCommentIsReported() {
        let result = Support.parse("\"a\" = \"b\";\n  /* never closed\n\"c\" = \"d\";")
        #expect(result.value == Support.strings([("a", "b")]))
        #expect(Support.positions(result.diagnostics) == ["warning unterminated-comment@2:3"])
    }

    @Test func lowercaseUEscapeIsReportedAtTheBackslash() {
        let result = Support.parse("\"k\" = \"é\\u00e9\";")
        #expect(result.value == Support.strings([("k", "éu00e9")]))
        #expect(Support.positions(result.diagnostics) == ["warning lowercase-u-escape@1:9"])
        #expect(result.diagnostics.first?.message.contains("\\U00e9") == true)
    }

    @Test func loneSurrogateEscapes() {
        let result = Support.parse("\"k\" = \"\\UD83D|\\UDE00|\\UD83D\\UDE00\";")
        #expect(result.value == Support.strings([("k", "\u{FFFD}|\u{FFFD}|😀")]))
        #expect(Support.positions(result.diagnostics) == ["warning lone-surrogate@1:8", "warning lone-surrogate@1:15"])
    }

    @Test func whitespaceLookalikeWhereParsingStops() {
        let failing = Support.parse("\"a\"\u{A0}= \"b\";")
        #expect(failing.error?.code == "missing-equals")
        #expect(Support.positions(failing.diagnostics) == ["warning whitespace-lookalike@1:4"])

        let truncated = Support.parse("\"a\" = \"b\";\n\u{3000}\"c\" = \"d\";")
        #expect(Support.positions(truncated.diagnostics) == [
            "warning silent-truncation@2:1", "warning whitespace-lookalike@2:1",
        ])
    }

    /// CF names the line of the next token; the diagnostic points at the end of the value.
    @Test func missingSemicolonIsReportedAtTheEndOfTheValue() {
        let result = Support.parse("\"a\" = \"b\";\n\"cé\" = \"dé\"  // note\n\n\"e\" = \"f\";")
        #expect(result.foundationMessage == "Missing ';' on line 4")
        #expect(result.error?.code == "missing-semicolon")
        #expect(result.error?.line == 2)
        #expect(result.error?.column == 12)
        #expect(result.error?.message == "missing ';' after the value of \"cé\"")
    }

    @Test func missingSemicolonAfterAKeyAtTheEnd() {
        let result = Support.parse("\"a\" = \"b\";\n\"last\"\n\n")
        #expect(result.foundationMessage == "Missing ';' on line 4")
        #expect(result.error?.line == 2)
        #expect(result.error?.column == 7)
    }

    @Test func unterminatedStringIsReportedAtItsOpeningQuote() {
        let result = Support.parse("\"a\" = \"b\";\n\"c\" =  \"d;\n\"e\" = \"f;")
        // The value runs to the quote before `e` and ends there; the rest is an error later on.
        #expect(result.error != nil)
        let unterminated = Support.parse("\"a\" = \"b\";\n\"c\" =  \"d;\n")
        #expect(unterminated.foundationMessage == "Unterminated quoted string starting on line 2")
        #expect(unterminated.error?.line == 2)
        #expect(unterminated.error?.column == 8)
    }

    @Test func unexpectedCharacterColumnCountsScalars() {
        let result = Support.parse("\"é😀\" = @;")
        #expect(result.foundationMessage == "Unexpected character '0x40' at line 1")
        #expect(result.error?.line == 1)
        #expect(result.error?.column == 8)
        #expect(result.error?.message == "unexpected '@' (U+0040) where a value was expected")
    }

    @Test func supplementaryCharacterReportsItsHighSurrogateLikeCF() {
        let result = Support.parse("\"a\" = \"b\";\n\"c\" = 😀;")
        #expect(result.foundationMessage == "Unexpected character '0xd83d' at line 2")
    }

    @Test func lineBreaksCountLikeCoreFoundation() {
        // CR, LF and CRLF are one line each; U+2028 is whitespace but not a line break.
        let result = Support.parse("\"a\" = \"b\";\r\"c\" = \"d\";\r\n\"e\" = \"f\";\n\u{2028}\"g\" = @;")
        #expect(result.foundationMessage == "Unexpected character '0x40' at line 4")
        #expect(result.error?.line == 4)
        #expect(result.error?.column == 8)
    }

    @Test func columnsAfterCRLFStartAfterTheLineBreak() {
        // The LF of a CRLF is part of the break: the third character of the next line is column 3.
        let result = Support.parse("\"a\" = \"1\";\r\n  \"a\" = \"2\";\r\n  \"b\" = @;")
        #expect(result.diagnostics.first?.line == 2)
        #expect(result.diagnostics.first?.column == 3)
        #expect(result.error?.line == 3)
        #expect(result.error?.column == 9)
    }

    @Test func cleanFileHasNoDiagnostics() {
        let result = Support.parse("/* Title */\n\"a\" = \"b\";\n// c\n\"c\" = \"d\";\n")
        #expect(result.diagnostics.isEmpty)
        #expect(result.error == nil)
    }

    @Test func diagnosticsCarryNoFile() {
        let result = Support.parse("\"a\" = \"1\";\"a\" = \"2\";")
        #expect(result.diagnostics.allSatisfy { $0.file == nil })
    }
}
