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
    /// that need no escape (almost every byte of a message) are found by one comparison per byte
    /// and written whole.
    ///
    /// - Complexity: O(*n*) in the bytes of `utf8`.
    package static func writeEscaped(
        _ utf8: UnsafeRawBufferPointer, escapingLineSeparators: Bool = false, to output: inout some JSONOutput
    ) {
        guard let base = utf8.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        let count = utf8.count
        // A byte needs a look when it is a control character (below 0x20), `"` (0x22), `\`
        // (0x5C), or the lead byte of U+2028 and U+2029 (0xE2) when those are escaped.
        var runStart = 0
        var index = 0
        while index < count {
            // Eight bytes at a time while none may need a look (a byte below 0x20, `"`, `\`, or
            // 0xE2 when it is looked at): the test can only err towards a look.
            while count - index >= 8, !mayNeedEscape(
                UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self), lookingAtE2: escapingLineSeparators) {
                index += 8
            }
            guard index < count else { break }
            let byte = base[index]
            if byte >= 0x20, byte != 0x22, byte != 0x5C, byte != 0xE2 || !escapingLineSeparators {
                index += 1
                continue
            }
            var length = 1
            let escape: (UInt8, UInt8)?
            switch byte {
            case 0x22: escape = (0x5C, 0x22)
            case 0x5C: escape = (0x5C, 0x5C)
            case 0x0A: escape = (0x5C, UInt8(ascii: "n"))
            case 0x0D: escape = (0x5C, UInt8(ascii: "r"))
            case 0x09: escape = (0x5C, UInt8(ascii: "t"))
            case 0x08: escape = (0x5C, UInt8(ascii: "b"))
            case 0x0C: escape = (0x5C, UInt8(ascii: "f"))
            case 0xE2:
                // U+2028 is E2 80 A8, U+2029 E2 80 A9; any other E2 sequence is written as it is.
                guard count - index >= 3, base[index + 1] == 0x80, base[index + 2] & 0xFE == 0xA8 else {
                    index += 1
                    continue
                }
                escape = nil
                length = 3
            default: escape = nil
            }
            if index > runStart { output.append(UnsafeRawBufferPointer(start: base + runStart, count: index - runStart)) }
            if let (first, second) = escape {
                output.append(byte: first)
                output.append(byte: second)
            } else if length == 3 {
                writeUnicodeEscape(0x20, base[index + 2] == 0xA8 ? 0x28 : 0x29, to: &output)
            } else {
                writeUnicodeEscape(0, byte, to: &output)
            }
            index += length
            runStart = index
        }
        if index > runStart { output.append(UnsafeRawBufferPointer(start: base + runStart, count: index - runStart)) }
    }

    /// Whether any of the eight bytes of `word` may need escaping: true for every word that has
    /// a byte below 0x20, a `"`, a `\` (or 0xE2, when `lookingAtE2`), and for some others.
    @inline(__always)
    private static func mayNeedEscape(_ word: UInt64, lookingAtE2: Bool) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
        let control = (word &- 0x2020_2020_2020_2020) & ~word & highs != 0
        return control || hasZeroByte(word ^ (ones &* 0x22)) || hasZeroByte(word ^ (ones &* 0x5C))
            || (lookingAtE2 && hasZeroByte(word ^ (ones &* 0xE2)))
    }

    /// `\uHHLL`: a control character without a short form (`HH` 0), U+2028 or U+2029.
    private static func writeUnicodeEscape(_ high: UInt8, _ low: UInt8, to output: inout some JSONOutput) {
        func hex(_ nibble: UInt8) -> UInt8 { nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10 }
        output.append(byte: UInt8(ascii: "\\"))
        output.append(byte: UInt8(ascii: "u"))
        for byte in [high, low] {
            output.append(byte: hex(byte >> 4))
            output.append(byte: hex(byte & 0xF))
        }
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
