/// JSON text as the writers emit it: strings escaped as RFC 8259 requires (`"`, `\`, control
/// characters; `\n \r \t \b \f` in short form) and nothing else, so non-ASCII text stays readable.
/// The CLI's `--json` lines use it too, with U+2028 and U+2029 escaped, and so do problem
/// responses, which write their bodies straight into the caller's buffer
/// (``writeQuoted(_:escapingLineSeparators:to:)``): one escaper for every JSON the project writes.
package enum JSONText {
    /// - Parameter escapingLineSeparators: also escape U+2028 and U+2029, which are valid raw in
    ///   JSON but line breaks to many line-based readers (Python's `splitlines`, older
    ///   JavaScript), so that one object stays one line.
    package static func quoted(_ value: String, escapingLineSeparators: Bool = false) -> String {
        var output = JSONByteArray()
        output.bytes.reserveCapacity(value.utf8.count + 2)
        var value = value
        value.withUTF8 { writeQuoted(UnsafeRawBufferPointer($0), escapingLineSeparators: escapingLineSeparators, to: &output) }
        return String(decoding: output.bytes, as: UTF8.self)
    }

    /// Writes `utf8` (valid UTF-8) as a JSON string, quotes included, to `output`.
    ///
    /// - Complexity: O(*n*) in the bytes of `utf8`.
    @inline(__always)
    package static func writeQuoted(
        _ utf8: UnsafeRawBufferPointer, escapingLineSeparators: Bool = false, to output: inout some JSONOutput
    ) {
        output.append(byte: UInt8(ascii: "\""))
        writeEscaped(utf8, escapingLineSeparators: escapingLineSeparators, to: &output)
        output.append(byte: UInt8(ascii: "\""))
    }

    /// Writes `utf8` (valid UTF-8) escaped for the inside of a JSON string, to `output`: runs
    /// that need no escape are written whole.
    ///
    /// - Complexity: O(*n*) in the bytes of `utf8`.
    package static func writeEscaped(
        _ utf8: UnsafeRawBufferPointer, escapingLineSeparators: Bool = false, to output: inout some JSONOutput
    ) {
        var runStart = 0
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            let escape: StaticString?
            var length = 1
            switch byte {
            case UInt8(ascii: "\""): escape = "\\\""
            case UInt8(ascii: "\\"): escape = "\\\\"
            case 0x0A: escape = "\\n"
            case 0x0D: escape = "\\r"
            case 0x09: escape = "\\t"
            case 0x08: escape = "\\b"
            case 0x0C: escape = "\\f"
            case 0xE2 where escapingLineSeparators && index + 2 < utf8.count && utf8[index + 1] == 0x80
                && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                escape = utf8[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                length = 3
            default: escape = byte < 0x20 ? "" : nil
            }
            guard let escape else {
                index += 1
                continue
            }
            if index > runStart { output.append(UnsafeRawBufferPointer(rebasing: utf8[runStart..<index])) }
            if escape.utf8CodeUnitCount > 0 {
                output.append(UnsafeRawBufferPointer(start: escape.utf8Start, count: escape.utf8CodeUnitCount))
            } else {
                writeUnicodeEscape(byte, to: &output)
            }
            index += length
            runStart = index
        }
        if index > runStart { output.append(UnsafeRawBufferPointer(rebasing: utf8[runStart..<index])) }
    }

    /// `\u00XX` for a control character without a short form.
    private static func writeUnicodeEscape(_ byte: UInt8, to output: inout some JSONOutput) {
        let hex: StaticString = "0123456789abcdef"
        for digit in [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")] {
            output.append(byte: digit)
        }
        output.append(byte: hex.utf8Start[Int(byte >> 4)])
        output.append(byte: hex.utf8Start[Int(byte & 0xF)])
    }
}

/// Where JSON text is written, a byte or a run of bytes at a time: an array (``JSONByteArray``),
/// or a caller's buffer that a problem response is written into.
package protocol JSONOutput {
    mutating func append(byte: UInt8)
    mutating func append(_ bytes: UnsafeRawBufferPointer)
}

/// JSON text collected in an array.
package struct JSONByteArray: JSONOutput {
    package var bytes: [UInt8] = []

    package init() {}

    package mutating func append(byte: UInt8) { bytes.append(byte) }

    package mutating func append(_ bytes: UnsafeRawBufferPointer) { self.bytes.append(contentsOf: bytes) }
}
