import Testing
@testable import ErrorFormatter

/// One test per row of the behaviour table (reference strings-format.md §3): what CoreFoundation
/// returns for each situation. Expected values were checked against CFPropertyListCreateWithData.
@Suite struct PropertyListParserBehaviourTests {
    typealias Support = PropertyListTestSupport

    enum Outcome: Sendable {
        case value(PropertyListValue)
        /// CF's old-style message and our code.
        case failure(String, code: String)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var input: String
        var outcome: Outcome
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "comments between tokens",
             input: "/* c */ \"a\" /* c */ = // c\n \"b\" /* */ ; // end",
             outcome: .value(Support.strings([("a", "b")]))),
        Case(name: "nested comment at file start",
             input: "/* outer /* inner */ still */\n\"a\" = \"b\";",
             outcome: .failure("Expected ';' or '=' after key at line 1", code: "missing-equals")),
        Case(name: "nested comment after an entry truncates",
             input: "\"a\" = \"b\";\n/* /* */ */\n\"c\" = \"d\";",
             outcome: .value(Support.strings([("a", "b")]))),
        Case(name: "unterminated comment swallows the rest",
             input: "\"a\" = \"b\";\n/* never closed\n\"c\" = \"d\";",
             outcome: .value(Support.strings([("a", "b")]))),
        Case(name: "comment markers inside quotes are text",
             input: "\"url\" = \"http://x/*y*/ // z\";",
             outcome: .value(Support.strings([("url", "http://x/*y*/ // z")]))),
        Case(name: "common escapes",
             input: #""k" = "\n\t\r\"\\";"#,
             outcome: .value(Support.strings([("k", "\n\t\r\"\\")]))),
        Case(name: "bell, backspace, form feed, vertical tab",
             input: #""k" = "\a\b\f\v";"#,
             outcome: .value(Support.strings([("k", "\u{07}\u{08}\u{0C}\u{0B}")]))),
        Case(name: "unknown escapes keep the character",
             input: #""k" = "\x\'\u00e9\?\%\ \8\Č\e\/\\";"#,
             outcome: .value(Support.strings([("k", "x'u00e9?% 8Če/\\")]))),
        Case(name: "\\U with one to four hex digits is one UTF-16 unit",
             input: #""k" = "\U41|\U00e9|\U1F600";"#,
             outcome: .value(Support.strings([("k", "A|é|\u{1F60}0")]))),
        Case(name: "\\U surrogate pair",
             input: #""k" = "\UD83D\UDE00";"#,
             outcome: .value(Support.strings([("k", "😀")]))),
        Case(name: "lone \\U surrogate becomes U+FFFD",
             input: #""k" = "a\UD800b";"#,
             outcome: .value(Support.strings([("k", "a\u{FFFD}b")]))),
        Case(name: "\\U without hex digits is U+0000",
             input: #""k" = "\Uzz";"#,
             outcome: .value(Support.strings([("k", "\u{0}zz")]))),
        Case(name: "octal escapes take at most three digits",
             input: #""k" = "\101|\0101|\1234";"#,
             outcome: .value(Support.strings([("k", "A|\u{08}1|S4")]))),
        Case(name: "high octal escapes go through NeXTSTEP",
             input: #""k" = "\351|\376|\377|\777";"#,
             outcome: .value(Support.strings([("k", "\u{D8}|\u{0}|\u{0}|\u{0}")]))),
        Case(name: "backslash newline keeps the newline",
             input: "\"k\" = \"a\\\nb\\\r\nc\";",
             outcome: .value(Support.strings([("k", "a\nb\r\nc")]))),
        Case(name: "raw newlines and control characters in quotes are kept",
             input: "\"k\" = \"a\nb\u{01}\tc\";",
             outcome: .value(Support.strings([("k", "a\nb\u{01}\tc")]))),
        Case(name: "single-quoted strings",
             input: "'a' = 'b\"c';",
             outcome: .value(Support.strings([("a", "b\"c")]))),
        Case(name: "unquoted keys and values",
             input: "key.name-1/$:_ = value_2;\nNSCameraUsageDescription = \"x\";",
             outcome: .value(Support.strings([("key.name-1/$:_", "value_2"), ("NSCameraUsageDescription", "x")]))),
        Case(name: "unquoted non-ASCII",
             input: "\"k\" = café;",
             outcome: .failure("Missing ';' on line 1", code: "missing-semicolon")),
        Case(name: "comment start inside an unquoted value",
             input: "\"k\" = value// note\n;",
             outcome: .failure("Missing ';' on line 1", code: "missing-semicolon")),
        Case(name: "key; shorthand",
             input: "\"OK\";\n\"a\" = \"b\";",
             outcome: .value(Support.strings([("OK", "OK"), ("a", "b")]))),
        Case(name: "last duplicate wins, also when spelled with escapes",
             input: "\"A\" = \"1\";\n\"b\" = \"2\";\n\"\\U0041\" = \"3\";",
             outcome: .value(Support.strings([("A", "3"), ("b", "2")]))),
        Case(name: "NFC and NFD keys stay two keys",
             input: "\"caf\u{E9}\" = \"nfc\";\n\"cafe\u{301}\" = \"nfd\";",
             outcome: .value(Support.strings([("caf\u{E9}", "nfc"), ("cafe\u{301}", "nfd")]))),
        Case(name: "empty key and value",
             input: "\"\" = \"\";",
             outcome: .value(Support.strings([("", "")]))),
        Case(name: "format specifiers are opaque",
             input: "\"k\" = \"%@ %1$@ %% %d\";",
             outcome: .value(Support.strings([("k", "%@ %1$@ %% %d")]))),
        Case(name: "whitespace set, no whitespace needed",
             input: "\"a\"=\"b\";\"c\"\u{0B}=\u{0C}\"d\"\u{2028};\u{2029}",
             outcome: .value(Support.strings([("a", "b"), ("c", "d")]))),
        Case(name: "NBSP is not whitespace",
             input: "\"a\"\u{A0}= \"b\";",
             outcome: .failure("Expected ';' or '=' after key at line 1", code: "missing-equals")),
        Case(name: "missing ; in the middle reports the next token's line",
             input: "\"a\" = \"b\"\n\n\"c\" = \"d\";",
             outcome: .failure("Missing ';' on line 3", code: "missing-semicolon")),
        Case(name: "missing ; after the last entry",
             input: "\"a\" = \"b\";\n\"c\" = \"d\"\n",
             outcome: .failure("Missing ';' on line 3", code: "missing-semicolon")),
        Case(name: "missing ; with CRLF counts each CRLF once",
             input: "\"a\" = \"b\"\r\n\r\n\"c\" = \"d\";",
             outcome: .failure("Missing ';' on line 3", code: "missing-semicolon")),
        Case(name: "unescaped quote in a value",
             input: "\"a\" = \"say \"hi\"\";",
             outcome: .failure("Missing ';' on line 1", code: "missing-semicolon")),
        Case(name: "unterminated string reports its start line",
             input: "\"a\" = \"b\";\n\"c\" = \"d;\n\n",
             outcome: .failure("Unterminated quoted string starting on line 2", code: "unterminated-string")),
        Case(name: "= without a value",
             input: "\"a\" = ;",
             outcome: .failure("Unexpected character '0x3b' at line 1", code: "unexpected-character")),
        Case(name: "missing =",
             input: "\"a\" \"b\";",
             outcome: .failure("Expected ';' or '=' after key at line 1", code: "missing-equals")),
        Case(name: ";; after an entry truncates",
             input: "\"a\" = \"b\";;\n\"c\" = \"d\";",
             outcome: .value(Support.strings([("a", "b")]))),
        Case(name: "} after an entry truncates",
             input: "\"a\" = \"b\";\n}\n\"c\" = \"d\";",
             outcome: .value(Support.strings([("a", "b")]))),
        Case(name: "# after an entry truncates",
             input: "\"a\" = \"b\";\n# comment\n\"c\" = \"d\";",
             outcome: .value(Support.strings([("a", "b")]))),
        Case(name: "garbage before the first entry",
             input: "# comment\n\"a\" = \"b\";",
             outcome: .failure("Unexpected character '0x23' at line 1", code: "unexpected-character")),
        Case(name: "backslash at the end of the file",
             input: "\"a\" = \"b\\",
             outcome: .failure("Unterminated backslash sequence on line 1", code: "unterminated-escape")),
        Case(name: "braces around the whole file",
             input: "{\n\"a\" = \"b\";\n}\n",
             outcome: .value(Support.strings([("a", "b")]))),
        Case(name: "junk after a braced file",
             input: "{ \"a\" = \"b\"; }\nx",
             outcome: .failure("Junk after plist at line 2", code: "junk-after-plist")),
        Case(name: "top-level string",
             input: "\"just a string\"\n",
             outcome: .value(.string("just a string"))),
        Case(name: "top-level array",
             input: "(\"a\", b, )",
             outcome: .value(.array([.string("a"), .string("b")]))),
        Case(name: "nested array, dictionary and data values",
             input: "\"a\" = (\"x\", { \"k\" = \"v\"; }, <0fbd 7E>);",
             outcome: .value(Support.table([("a", .array([
                 .string("x"), Support.strings([("k", "v")]), .data([0x0F, 0xBD, 0x7E]),
             ]))]))),
        Case(name: "only whitespace and comments is an empty table",
             input: " \n// nothing\n/* here */\n",
             outcome: .value(Support.strings([]))),
        Case(name: "U+FEFF between entries truncates",
             input: "\"a\" = \"b\";\u{FEFF}\"c\" = \"d\";",
             outcome: .value(Support.strings([("a", "b")]))),
        Case(name: "unquoted key then the end of the file",
             input: "\"a\" = \"b\";\nc",
             outcome: .failure("Missing ';' on line 2", code: "missing-semicolon")),
        Case(name: "value missing at the end of the file",
             input: "\"a\" = \"b\";\n\"c\" =",
             outcome: .failure("Unexpected EOF while parsing plist", code: "unexpected-end-of-file")),
        Case(name: "unterminated nested dictionary",
             input: "\"a\" = { \"k\" = \"v\"; ;",
             outcome: .failure("Expected terminating '}' for dictionary at line 1", code: "unterminated-dictionary")),
        Case(name: "array without its )",
             input: "\"a\" = (\"x\" \"y\");",
             outcome: .failure("Expected terminating ')' for array at line 1", code: "unterminated-array")),
        Case(name: "array cut by the end of the file",
             input: "\"a\" = (\"x\"\n",
             outcome: .failure("Expected ',' for array at line 2", code: "missing-array-comma")),
        Case(name: "data with an odd number of digits",
             input: "\"a\" = <0fb>;",
             outcome: .failure("Malformed data byte group at line 1; uneven length", code: "malformed-data")),
        Case(name: "data with a non-hex character",
             input: "\"a\" = <0fzz>;",
             outcome: .failure("Malformed data byte group at line 1; invalid hex", code: "malformed-data")),
        Case(name: "data without its >",
             input: "\"a\" = <0f",
             outcome: .failure("Expected terminating '>' for data at line 1", code: "unterminated-data")),
        Case(name: "unterminated last key ends the table",
             input: "\"a\" = \"b\";\n\"c",
             outcome: .value(Support.strings([("a", "b")]))),
    ]

    @Test(arguments: cases)
    func behaviour(_ testCase: Case) {
        let result = Support.parse(testCase.input)
        switch testCase.outcome {
        case .value(let expected):
            #expect(result.value == expected)
            #expect(result.error == nil)
            #expect(result.foundationMessage == nil)
        case .failure(let message, let code):
            #expect(result.value == nil)
            #expect(result.foundationMessage == message)
            #expect(result.error?.code == code)
            #expect(result.error?.severity == .error)
        }
    }

    @Test func nestingDeeperThan512LevelsFails() {
        let deep = String(repeating: "{\"a\"=", count: 513) + "\"x\"" + String(repeating: ";}", count: 513)
        let result = Support.parse(deep)
        #expect(result.value == nil)
        #expect(result.foundationMessage == "Too many nested arrays or dictionaries at line 1")
        #expect(result.error?.code == "too-deep")
        let allowed = String(repeating: "{\"a\"=", count: 511) + "\"x\"" + String(repeating: ";}", count: 511)
        #expect(Support.parse(allowed).value != nil)
    }

    @Test func veryDeepInputDoesNotOverflowTheStack() {
        let result = Support.parse(String(repeating: "(", count: 100_000))
        #expect(result.value == nil)
        #expect(result.error != nil)
    }
}

/// `StringsLiteral` writes what the parser reads back unchanged.
@Suite struct StringsLiteralTests {
    @Test(arguments: ["plain", "quote \" backslash \\ tab\t", "lines\n\r\u{2028}\u{2029}", "\u{0}\u{7}\u{7F}", "é😀 %@", ""])
    func roundTrip(_ text: String) {
        let literal = StringsLiteral.quoted(text)
        #expect(!literal.contains("\n") && !literal.contains("\r"))
        let parsed = PropertyListParser.parse(Array("\"k\" = \(literal);".utf8))
        #expect(parsed.value == PropertyListTestSupport.strings([("k", text)]))
    }
}
