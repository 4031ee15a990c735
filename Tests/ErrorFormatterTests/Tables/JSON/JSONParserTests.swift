import Testing
@testable import ErrorFormatter

/// The strict JSON parser: RFC 8259 grammar, escapes, positions of values and errors, and what
/// it reports about input it accepts.
@Suite struct JSONParserTests {
    static func parse(_ text: String) -> JSONParser.Result { JSONParser.parse(Array(text.utf8)) }

    static func error(_ text: String) -> String? {
        parse(text).error.map { "\($0.code)@\($0.line):\($0.column)" }
    }

    static func string(_ json: String) -> String? { parse(json).value?.stringValue }

    @Test func valuesOfEveryKind() {
        let result = Self.parse(#"{"a": [true, false, null, -0.5e+10, 0, "x"], "b": {}}"#)
        #expect(result.error == nil)
        let expected = JSONValue.Kind.array([
            JSONValue(.bool(true), line: 0, column: 0), JSONValue(.bool(false), line: 0, column: 0),
            JSONValue(.null, line: 0, column: 0), JSONValue(.number("-0.5e+10"), line: 0, column: 0),
            JSONValue(.number("0"), line: 0, column: 0), JSONValue(.string("x"), line: 0, column: 0),
        ])
        #expect(result.value?.objectValue?["a"]?.kind == expected)
        #expect(result.value?.objectValue?["b"]?.kind == .object(JSONObject()))
    }

    @Test func everyValueKnowsItsLineAndColumn() {
        let result = Self.parse("{\n  \"é\": [1,\r\n    \"two\"],\r  \"k\": \"v\"}")
        let object = result.value?.objectValue
        #expect(result.value?.line == 1 && result.value?.column == 1)
        #expect(object?.member("é")?.keyLine == 2 && object?.member("é")?.keyColumn == 3)
        #expect(object?["é"]?.column == 8)  // "é" counts as one column
        if case .array(let elements) = object?["é"]?.kind {
            #expect(elements.map { "\($0.line):\($0.column)" } == ["2:9", "3:5"])
        } else {
            Issue.record("not an array")
        }
        #expect(object?["k"].map { "\($0.line):\($0.column)" } == "4:8")
    }

    @Test func escapesIncludingSurrogatePairs() {
        #expect(Self.string(#""\" \\ \/ \b \f \n \r \t""#) == "\" \\ / \u{8} \u{C} \n \r \t")
        #expect(Self.string(#""\u00e9\u20AC""#) == "é€")
        #expect(Self.string(#""\uD83D\uDE00""#) == "😀")
        #expect(Self.parse(#""\uD83D\uDE00""#).diagnostics.isEmpty)
    }

    @Test func loneSurrogatesBecomeReplacementCharacters() {
        let high = Self.parse("[\"a\\uD800b\"]")
        #expect(high.value?.kind == .array([JSONValue(.string("a\u{FFFD}b"), line: 0, column: 0)]))
        #expect(high.diagnostics.map { "\($0.code)@\($0.line):\($0.column)" } == ["lone-surrogate@1:4"])
        let low = Self.parse(#""\uDC00""#)
        #expect(low.value?.stringValue == "\u{FFFD}")
        #expect(low.diagnostics.first?.severity == .warning)
        // A high surrogate followed by an escape that is not a low surrogate: both kept apart.
        let unpaired = Self.parse(#""\uD800\u0041""#)
        #expect(unpaired.value?.stringValue == "\u{FFFD}A")
        #expect(unpaired.diagnostics.count == 1)
    }

    @Test func numbersFollowTheGrammar() {
        for valid in ["0", "-0", "12", "1.5", "1e5", "1E-5", "-12.25e+3"] {
            #expect(Self.parse(valid).value?.kind == .number(valid), "\(valid)")
        }
        #expect(Self.error("01") == "invalid-json@1:1")
        #expect(Self.error("-") == "invalid-json@1:2")
        #expect(Self.error("1.") == "invalid-json@1:3")
        #expect(Self.error("1e") == "invalid-json@1:3")
        #expect(Self.error("+1") == "invalid-json@1:1")
        #expect(Self.error(".5") == "invalid-json@1:1")
        #expect(Self.error("NaN") == "invalid-json@1:1")
    }

    @Test func syntaxErrorsArePositioned() {
        #expect(Self.error("") == "invalid-json@1:1")
        #expect(Self.error("  \n ") == "invalid-json@2:2")
        #expect(Self.error("{\"a\": 1,}") == "invalid-json@1:9")
        #expect(Self.error("[1 2]") == "invalid-json@1:4")
        #expect(Self.error("{\"a\" 1}") == "invalid-json@1:6")
        #expect(Self.error("{'a': 1}") == "invalid-json@1:2")
        #expect(Self.error("\"tab\there\"") == "invalid-json@1:5")
        #expect(Self.error("\"never closed") == "invalid-json@1:1")
        #expect(Self.error("\"\\x\"") == "invalid-json@1:2")
        #expect(Self.error("\"\\u12G4\"") == "invalid-json@1:2")
        #expect(Self.error("[tru]") == "invalid-json@1:2")
        #expect(Self.error("// comment\n{}") == "invalid-json@1:1")
        #expect(Self.error("[1, 2") == "invalid-json@1:6")
    }

    @Test func trailingGarbageIsAnError() {
        #expect(Self.error("{} x") == "invalid-json@1:4")
        #expect(Self.error("{}\n{}") == "invalid-json@2:1")
        #expect(Self.parse("{}\n\t ").error == nil)
    }

    @Test func depthIsLimited() {
        let deepest = String(repeating: "[", count: JSONParser.maximumDepth) + String(repeating: "]", count: JSONParser.maximumDepth)
        #expect(Self.parse(deepest).error == nil)
        let tooDeep = String(repeating: "[", count: JSONParser.maximumDepth + 1) + String(repeating: "]", count: JSONParser.maximumDepth + 1)
        #expect(Self.error(tooDeep) == "nesting-too-deep@1:\(JSONParser.maximumDepth + 1)")
        // Far deeper than the limit must fail the same way, not exhaust the stack.
        #expect(Self.parse(String(repeating: "{\"a\":", count: 100_000)).error?.code == "nesting-too-deep")
    }

    @Test func byteOrderMarkIsSkippedWithAWarning() {
        let result = JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("{\"a\": \"b\"}".utf8))
        #expect(result.value?.objectValue?["a"]?.stringValue == "b")
        #expect(result.value?.objectValue?["a"]?.column == 7)
        #expect(result.diagnostics.map { "\($0.code)@\($0.line):\($0.column)" } == ["byte-order-mark@1:1"])
        let broken = JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("{\"a\" 1}".utf8))
        #expect(broken.error.map { "\($0.code)@\($0.line):\($0.column)" } == "invalid-json@1:6")
        let badByte = JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[\"".utf8) + [0xFF])
        #expect(badByte.error.map { "\($0.code)@\($0.line):\($0.column)" } == "invalid-utf8@1:3")
    }

    @Test func invalidUTF8IsAnError() {
        let result = JSONParser.parse(Array("[\"a".utf8) + [0xC3, 0x28] + Array("\"]".utf8))
        #expect(result.error.map { "\($0.code)@\($0.line):\($0.column)" } == "invalid-utf8@1:4")
    }

    @Test func duplicateKeysLastWinsWithWarningAndNote() {
        let result = Self.parse("{\"a\": 1,\n \"b\": 2,\n \"a\": 3}")
        let object = result.value?.objectValue
        #expect(object?.members.map(\.key) == ["a", "b"])
        #expect(object?["a"]?.kind == .number("3"))
        #expect(result.diagnostics.map { "\($0.severity.rawValue) \($0.code)@\($0.line):\($0.column)" }
            == ["warning duplicate-key@3:2", "note duplicate-key@1:2"])
    }

    @Test func keysAreComparedByCodeUnits() {
        let result = Self.parse("{\"caf\u{E9}\": 1, \"cafe\u{301}\": 2}")
        #expect(result.value?.objectValue?.count == 2)
        #expect(result.diagnostics.isEmpty)
    }
}
