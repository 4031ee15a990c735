/// Whitespace, comments and character classes, exactly as `advanceToNonSpace` and
/// `isValidUnquotedStringCharacter` define them.
extension OldStylePropertyListParser {
    /// `[A-Za-z0-9_$/:.-]`: the characters of an unquoted string (ASCII only).
    @inline(__always)
    static func isUnquotedStringByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"),
             UInt8(ascii: "."), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    /// True when U+2028 or U+2029 (E2 80 A8 / E2 80 A9) starts at `offset`.
    @inline(__always)
    func isLineOrParagraphSeparator(at offset: Int) -> Bool {
        guard offset + 2 < count, text[offset] == 0xE2, text[offset + 1] == 0x80 else { return false }
        let last = text[offset + 2]
        return last == 0xA8 || last == 0xA9
    }

    /// `advanceToNonSpace`: skips whitespace and comments; false when the text ends first.
    ///
    /// Whitespace is TAB, LF, VT, FF, CR, space, U+2028, U+2029 and nothing else (not NBSP, not
    /// U+FEFF). `//` runs to the next line break; `/*` to the first `*/` (no nesting) or, if
    /// there is none, silently to the end of the text, which we report.
    ///
    /// Most calls stand on a token already (a quote, `=`, `;`) or on the one space of
    /// `"key" = "value"`: those are answered here, inline, and only the others make the call.
    @inline(__always)
    mutating func skipWhitespace() -> Bool {
        if position < count {
            let byte = text[position]
            if Self.startsToken(byte) { return true }
            if byte == 0x20, position + 1 < count, Self.startsToken(text[position + 1]) {
                position += 1
                return true
            }
        }
        return skipWhitespaceAndComments()
    }

    /// True for a byte that is surely not whitespace and does not start a comment or a line
    /// separator (every byte above space but `/` and the lead byte of U+2028 and U+2029).
    @inline(__always)
    private static func startsToken(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte != UInt8(ascii: "/") && byte != 0xE2
    }

    /// `skipWhitespace()` for the general case: runs of whitespace, comments, separators.
    @inline(never)
    private mutating func skipWhitespaceAndComments() -> Bool {
        while position < count {
            switch text[position] {
            case 0x09...0x0D, 0x20:
                position += 1
            case 0xE2:
                guard isLineOrParagraphSeparator(at: position) else { return true }
                position += 3
            case UInt8(ascii: "/"):
                let next = position + 1
                guard next < count else { return true }
                if text[next] == UInt8(ascii: "/") {
                    position = next + 1
                    while position < count {
                        position = ByteScanning.firstIndex(in: text, from: position, to: count, of: 0x0A, 0x0D, 0xE2)
                        if position >= count || text[position] != 0xE2 || isLineOrParagraphSeparator(at: position) {
                            break
                        }
                        position += 1
                    }
                } else if text[next] == UInt8(ascii: "*") {
                    skipBlockComment(openedAt: position)
                } else {
                    return true
                }
            default:
                return true
            }
        }
        return false
    }

    /// Skips a `/* … */` comment starting at `start` (CF checks for `*/` only after the `/*`).
    private mutating func skipBlockComment(openedAt start: Int) {
        position = start + 2
        while position < count {
            let star = UInt8(ascii: "*")
            position = ByteScanning.firstIndex(in: text, from: position, to: count, of: star, star, star) + 1
            if position < count, text[position] == UInt8(ascii: "/") {
                position += 1
                return
            }
        }
        position = count
        diagnostics.append(OffsetDiagnostic(
            severity: .warning, code: "unterminated-comment",
            message: "'/*' is never closed; the comment silently swallows the rest of the file",
            offset: start))
    }

    /// The scalar value and UTF-8 length of the character at `offset` (valid text assumed;
    /// anything unexpected decodes as one byte rather than trapping).
    func scalar(at offset: Int) -> (value: UInt32, length: Int) {
        guard offset < count else { return (0, 0) }
        let lead = UInt32(text[offset])
        func continuation(_ index: Int) -> UInt32 {
            let position = offset + index
            return position < count ? UInt32(text[position] & 0x3F) : 0
        }
        switch lead {
        case 0..<0x80: return (lead, 1)
        case 0xC0..<0xE0: return ((lead & 0x1F) << 6 | continuation(1), 2)
        case 0xE0..<0xF0: return ((lead & 0x0F) << 12 | continuation(1) << 6 | continuation(2), 3)
        case 0xF0..<0xF8:
            return ((lead & 0x07) << 18 | continuation(1) << 12 | continuation(2) << 6 | continuation(3), 4)
        default: return (lead, 1)
        }
    }

    /// The UTF-16 unit CF would see at `offset` (the high surrogate for a supplementary
    /// character; the original unit where a lone surrogate was replaced).
    func utf16Unit(at offset: Int) -> UInt16 {
        if let original = replacedSurrogates[offset] { return original }
        let value = scalar(at: offset).value
        if value > 0xFFFF { return UInt16(truncatingIfNeeded: 0xD800 + ((value - 0x10000) >> 10)) }
        return UInt16(truncatingIfNeeded: value)
    }

    /// "'x' (U+0078)" or "the end of the file", for messages.
    func describeCharacter(at offset: Int) -> String {
        guard offset < count else { return "the end of the file" }
        let value = scalar(at: offset).value
        var hex = String(value, radix: 16, uppercase: true)
        if hex.count < 4 { hex = String(repeating: "0", count: 4 - hex.count) + hex }
        guard value >= 0x20, value != 0x7F, value < 0x80 || !Self.isInvisible(value),
              let scalar = Unicode.Scalar(value)
        else { return "U+\(hex)" }
        return "'\(Character(scalar))' (U+\(hex))"
    }

    /// Characters that would print as nothing or as a space in a message.
    static func isInvisible(_ value: UInt32) -> Bool {
        switch value {
        case 0x80...0xA0, 0xAD, 0x1680, 0x2000...0x200F, 0x2028...0x202F, 0x205F...0x206F, 0x3000, 0xFEFF:
            return true
        default:
            return false
        }
    }

    /// A key or value quoted for a message (see `MessageEscaping.quoted`).
    func quotedForMessage(_ string: String) -> String { MessageEscaping.quoted(string) }

    /// Whitespace lookalikes CF does not skip: where one stops the parser, the author almost
    /// certainly meant whitespace.
    static func whitespaceLookalikeName(_ value: UInt32) -> String? {
        switch value {
        case 0x00A0: "U+00A0 NO-BREAK SPACE"
        case 0x1680: "U+1680 OGHAM SPACE MARK"
        case 0x2000...0x200A: "U+\(String(value, radix: 16, uppercase: true)) (a typographic space)"
        case 0x200B: "U+200B ZERO WIDTH SPACE"
        case 0x202F: "U+202F NARROW NO-BREAK SPACE"
        case 0x205F: "U+205F MEDIUM MATHEMATICAL SPACE"
        case 0x3000: "U+3000 IDEOGRAPHIC SPACE"
        case 0xFEFF: "U+FEFF BYTE ORDER MARK (ZERO WIDTH NO-BREAK SPACE)"
        default: nil
        }
    }
}
