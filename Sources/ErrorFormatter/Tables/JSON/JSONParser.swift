/// A strict JSON parser (RFC 8259) that keeps the line and column of every value and reports,
/// rather than hides, what lenient parsers silently accept.
///
/// Strict: UTF-8 only; no comments, trailing commas, single quotes, `NaN` or leading `+`;
/// control characters must be escaped; nothing may follow the top-level value. Reported but
/// accepted: a UTF-8 byte order mark (skipped), duplicate object keys (the last one wins, as in
/// JavaScript and Xcode), and lone UTF-16 surrogate escapes (read as U+FFFD, since a Swift
/// `String` cannot hold them). Nesting is limited to `maximumDepth` so that hostile input cannot
/// exhaust the stack of the thread calling into the library.
enum JSONParser {
    /// The deepest nesting of arrays and objects accepted. String Catalogs need about 10.
    static let maximumDepth = 128

    /// The outcome of parsing a JSON document.
    struct Result: Sendable {
        /// The top-level value, or `nil` when the document is not valid JSON.
        var value: JSONValue?
        /// Why the document is not valid JSON (severity error, with line and column).
        var error: Diagnostic?
        /// Warnings and notes about accepted input (duplicate keys, lone surrogates, BOM).
        var diagnostics: [Diagnostic]
    }

    /// Parses a whole JSON document.
    ///
    /// - Parameter bytes: The document, in UTF-8.
    /// - Returns: The value or the error, and the diagnostics; `file` is not set.
    /// - Complexity: O(n) in the number of bytes.
    static func parse(_ bytes: [UInt8]) -> Result {
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(text: buffer)
            return scanner.parseDocument()
        }
    }
}

/// A JSON syntax error at a byte offset.
struct JSONSyntaxError: Error {
    var code: String
    var message: String
    var offset: Int
}

/// The cursor, position bookkeeping and grammar of `JSONParser`.
struct JSONScanner {
    let text: UnsafeBufferPointer<UInt8>
    var position = 0
    var diagnostics: [Diagnostic] = []
    // Lines are counted as the cursor passes line breaks (they only occur in whitespace in valid
    // JSON); columns are counted from a checkpoint that only moves forward, so computing the
    // position of every value costs O(n) in total even for a one-line (minified) document.
    private var line = 1
    private var lineStart = 0
    private var checkpointOffset = 0
    private var checkpointColumn = 1
    /// Where the text after a byte order mark starts (0 or 3); line 1 column 1 is there.
    private var bodyStart = 0

    init(text: UnsafeBufferPointer<UInt8>) { self.text = text }

    mutating func parseDocument() -> JSONParser.Result {
        if text.count >= 3, text[0] == 0xEF, text[1] == 0xBB, text[2] == 0xBF {
            diagnostics.append(Diagnostic(
                severity: .warning, code: "byte-order-mark",
                message: "the file starts with a UTF-8 byte order mark, which RFC 8259 does not allow; it is ignored",
                line: 1, column: 1))
            bodyStart = 3
            position = 3
            lineStart = 3
            checkpointOffset = 3
        }
        if let invalid = UTF8Validation.firstInvalidOffset(in: text) {
            return failed(JSONSyntaxError(code: "invalid-utf8", message: "invalid UTF-8; JSON text must be UTF-8", offset: invalid))
        }
        do throws(JSONSyntaxError) {
            skipWhitespace()
            guard position < text.count else {
                throw JSONSyntaxError(code: "invalid-json", message: "the file holds no JSON value", offset: position)
            }
            let value = try readValue(depth: 0)
            skipWhitespace()
            guard position >= text.count else {
                throw JSONSyntaxError(
                    code: "invalid-json", message: "unexpected \(describeByte(at: position)) after the JSON value", offset: position)
            }
            return JSONParser.Result(value: value, error: nil, diagnostics: diagnostics)
        } catch {
            return failed(error)
        }
    }

    private mutating func failed(_ error: JSONSyntaxError) -> JSONParser.Result {
        // Positions are counted after a skipped byte order mark, as for values.
        let body = UnsafeBufferPointer(rebasing: text[bodyStart...])
        let (line, column) = SourceLocator(text: body).location(of: max(0, error.offset - bodyStart))
        let diagnostic = Diagnostic(severity: .error, code: error.code, message: error.message, line: line, column: column)
        return JSONParser.Result(value: nil, error: diagnostic, diagnostics: diagnostics)
    }

    // MARK: Positions

    /// Line and column of `offset`, which must be on the current line and not before the last
    /// offset asked for.
    private mutating func location(of offset: Int) -> (line: Int, column: Int) {
        if checkpointOffset < lineStart {
            checkpointOffset = lineStart
            checkpointColumn = 1
        }
        var index = checkpointOffset
        var column = checkpointColumn
        let end = min(offset, text.count)
        while index < end {
            if text[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        checkpointOffset = max(checkpointOffset, end)
        checkpointColumn = column
        return (line, column)
    }

    private mutating func skipWhitespace() {
        while position < text.count {
            switch text[position] {
            case 0x20, 0x09:
                position += 1
            case 0x0A:
                position += 1
                line += 1
                lineStart = position
            case 0x0D:
                position += 1
                if position < text.count, text[position] == 0x0A { position += 1 }
                line += 1
                lineStart = position
            default:
                return
            }
        }
    }

    private func describeByte(at offset: Int) -> String {
        guard offset < text.count else { return "end of file" }
        let byte = text[offset]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    // MARK: Values

    private mutating func readValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        let (line, column) = location(of: position)
        guard position < text.count else {
            throw JSONSyntaxError(code: "invalid-json", message: "unexpected end of file; a value is missing", offset: position)
        }
        switch text[position] {
        case UInt8(ascii: "{"):
            return JSONValue(.object(try readObject(depth: depth + 1)), line: line, column: column)
        case UInt8(ascii: "["):
            return JSONValue(.array(try readArray(depth: depth + 1)), line: line, column: column)
        case UInt8(ascii: "\""):
            return JSONValue(.string(try readString()), line: line, column: column)
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return JSONValue(.bool(true), line: line, column: column)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return JSONValue(.bool(false), line: line, column: column)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return JSONValue(.null, line: line, column: column)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(.number(try readNumber()), line: line, column: column)
        default:
            throw JSONSyntaxError(code: "invalid-json", message: "unexpected \(describeByte(at: position)); a value is expected", offset: position)
        }
    }

    private func checkDepth(_ depth: Int) throws(JSONSyntaxError) {
        guard depth <= JSONParser.maximumDepth else {
            throw JSONSyntaxError(
                code: "nesting-too-deep",
                message: "more than \(JSONParser.maximumDepth) nested arrays or objects", offset: position)
        }
    }

    private mutating func readObject(depth: Int) throws(JSONSyntaxError) -> JSONObject {
        try checkDepth(depth)
        position += 1  // {
        var object = JSONObject()
        skipWhitespace()
        if position < text.count, text[position] == UInt8(ascii: "}") {
            position += 1
            return object
        }
        while true {
            skipWhitespace()
            guard position < text.count, text[position] == UInt8(ascii: "\"") else {
                throw JSONSyntaxError(
                    code: "invalid-json", message: "unexpected \(describeByte(at: position)); an object key (a string) is expected",
                    offset: position)
            }
            let (keyLine, keyColumn) = location(of: position)
            let key = try readString()
            skipWhitespace()
            guard position < text.count, text[position] == UInt8(ascii: ":") else {
                throw JSONSyntaxError(code: "invalid-json", message: "unexpected \(describeByte(at: position)); ':' is expected", offset: position)
            }
            position += 1
            skipWhitespace()
            let value = try readValue(depth: depth)
            let member = JSONObject.Member(key: key, keyLine: keyLine, keyColumn: keyColumn, value: value)
            if let replaced = object.insert(member) {
                diagnostics.append(Diagnostic(
                    severity: .warning, code: "duplicate-key",
                    message: "duplicate key \"\(key)\"; this later value replaces the earlier one",
                    line: keyLine, column: keyColumn))
                diagnostics.append(Diagnostic(
                    severity: .note, code: "duplicate-key", message: "earlier definition of \"\(key)\", ignored",
                    line: replaced.keyLine, column: replaced.keyColumn))
            }
            skipWhitespace()
            guard position < text.count else {
                throw JSONSyntaxError(code: "invalid-json", message: "unexpected end of file; the object is never closed", offset: position)
            }
            if text[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            if text[position] == UInt8(ascii: "}") {
                position += 1
                return object
            }
            throw JSONSyntaxError(code: "invalid-json", message: "unexpected \(describeByte(at: position)); ',' or '}' is expected", offset: position)
        }
    }

    private mutating func readArray(depth: Int) throws(JSONSyntaxError) -> [JSONValue] {
        try checkDepth(depth)
        position += 1  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if position < text.count, text[position] == UInt8(ascii: "]") {
            position += 1
            return elements
        }
        while true {
            skipWhitespace()
            elements.append(try readValue(depth: depth))
            skipWhitespace()
            guard position < text.count else {
                throw JSONSyntaxError(code: "invalid-json", message: "unexpected end of file; the array is never closed", offset: position)
            }
            if text[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            if text[position] == UInt8(ascii: "]") {
                position += 1
                return elements
            }
            throw JSONSyntaxError(code: "invalid-json", message: "unexpected \(describeByte(at: position)); ',' or ']' is expected", offset: position)
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let start = position
        var index = position
        var matches = true
        literal.withUTF8Buffer { bytes in
            for byte in bytes {
                guard index < text.count, text[index] == byte else {
                    matches = false
                    return
                }
                index += 1
            }
        }
        guard matches else {
            throw JSONSyntaxError(code: "invalid-json", message: "unexpected \(describeByte(at: start)); a value is expected", offset: start)
        }
        position = index
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, returned as written.
    private mutating func readNumber() throws(JSONSyntaxError) -> String {
        let start = position
        func isDigit(_ offset: Int) -> Bool {
            offset < text.count && text[offset] >= UInt8(ascii: "0") && text[offset] <= UInt8(ascii: "9")
        }
        if text[position] == UInt8(ascii: "-") { position += 1 }
        guard isDigit(position) else {
            throw JSONSyntaxError(code: "invalid-json", message: "a digit is expected after '-'", offset: position)
        }
        if text[position] == UInt8(ascii: "0") {
            position += 1
            if isDigit(position) {
                throw JSONSyntaxError(code: "invalid-json", message: "numbers may not have leading zeros", offset: start)
            }
        } else {
            while isDigit(position) { position += 1 }
        }
        if position < text.count, text[position] == UInt8(ascii: ".") {
            position += 1
            guard isDigit(position) else {
                throw JSONSyntaxError(code: "invalid-json", message: "a digit is expected after '.'", offset: position)
            }
            while isDigit(position) { position += 1 }
        }
        if position < text.count, text[position] == UInt8(ascii: "e") || text[position] == UInt8(ascii: "E") {
            position += 1
            if position < text.count, text[position] == UInt8(ascii: "+") || text[position] == UInt8(ascii: "-") { position += 1 }
            guard isDigit(position) else {
                throw JSONSyntaxError(code: "invalid-json", message: "a digit is expected in the exponent", offset: position)
            }
            while isDigit(position) { position += 1 }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: text[start..<position]), as: UTF8.self)
    }

    // MARK: Strings

    private mutating func readString() throws(JSONSyntaxError) -> String {
        let opening = position
        position += 1  // "
        var segmentStart = position
        var decoded: [UInt8]?
        while position < text.count {
            let byte = text[position]
            if byte == UInt8(ascii: "\"") {
                let segment = UnsafeBufferPointer(rebasing: text[segmentStart..<position])
                position += 1
                guard var decoded else { return String(decoding: segment, as: UTF8.self) }
                decoded.append(contentsOf: segment)
                return String(decoding: decoded, as: UTF8.self)
            }
            if byte < 0x20 {
                throw JSONSyntaxError(
                    code: "invalid-json",
                    message: "unescaped control character U+00\(byte < 0x10 ? "0" : "")\(String(byte, radix: 16, uppercase: true)) in a string",
                    offset: position)
            }
            if byte == UInt8(ascii: "\\") {
                var collected = decoded ?? []
                collected.append(contentsOf: UnsafeBufferPointer(rebasing: text[segmentStart..<position]))
                try readEscape(into: &collected)
                decoded = collected
                segmentStart = position
                continue
            }
            position += 1
        }
        throw JSONSyntaxError(code: "invalid-json", message: "the string is never closed", offset: opening)
    }

    /// Decodes the escape at the cursor (a backslash) into `bytes`.
    private mutating func readEscape(into bytes: inout [UInt8]) throws(JSONSyntaxError) {
        let start = position
        guard position + 1 < text.count else {
            throw JSONSyntaxError(code: "invalid-json", message: "the string is never closed", offset: start)
        }
        let letter = text[position + 1]
        position += 2
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(letter)
        case UInt8(ascii: "b"): bytes.append(0x08)
        case UInt8(ascii: "f"): bytes.append(0x0C)
        case UInt8(ascii: "n"): bytes.append(0x0A)
        case UInt8(ascii: "r"): bytes.append(0x0D)
        case UInt8(ascii: "t"): bytes.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try readHexUnit(escapeAt: start)
            var scalar = UInt32(unit)
            if (0xD800..<0xDC00).contains(unit), position + 1 < text.count,
               text[position] == UInt8(ascii: "\\"), text[position + 1] == UInt8(ascii: "u") {
                let saved = position
                position += 2
                let low = try readHexUnit(escapeAt: saved)
                if (0xDC00..<0xE000).contains(low) {
                    scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                } else {
                    position = saved  // not a pair: the next escape is read on its own
                }
            }
            if (0xD800..<0xE000).contains(scalar) {
                let (line, column) = location(of: start)
                diagnostics.append(Diagnostic(
                    severity: .warning, code: "lone-surrogate",
                    message: "\\u\(String(unit, radix: 16, uppercase: true)) is an unpaired UTF-16 surrogate; it is read as U+FFFD",
                    line: line, column: column))
                scalar = 0xFFFD
            }
            UTF8Encoding.append(scalar, to: &bytes)
        default:
            throw JSONSyntaxError(code: "invalid-json", message: "invalid escape sequence in a string", offset: start)
        }
    }

    /// Four hex digits at the cursor.
    private mutating func readHexUnit(escapeAt start: Int) throws(JSONSyntaxError) -> UInt16 {
        var unit: UInt16 = 0
        for _ in 0..<4 {
            guard position < text.count else {
                throw JSONSyntaxError(code: "invalid-json", message: "\\u needs four hex digits", offset: start)
            }
            let byte = text[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte &- UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte &- UInt8(ascii: "a") &+ 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte &- UInt8(ascii: "A") &+ 10
            default: throw JSONSyntaxError(code: "invalid-json", message: "\\u needs four hex digits", offset: start)
            }
            unit = unit &<< 4 | UInt16(digit)
            position += 1
        }
        return unit
    }
}
