/// Makes text from outside the library (a caller's locale, a file name, a key, a value read from
/// a file) safe to put in a one-line message or diagnostic: the one escaper of messages.
///
/// Messages end up in logs and terminals: a newline copied from a file name starts a forged log
/// line, an escape sequence recolours a terminal. Every control character (C0, DEL, C1) and the
/// Unicode line and paragraph separators are written as escapes instead: `\n`, `\r`, `\t`, and
/// `\u{XX}` for the others. Nothing else changes, so ordinary text reads as before.
package enum MessageEscaping {
    /// Whether `scalar` would break a line or drive a terminal.
    package static func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (value >= 0x7F && value <= 0x9F) || value == 0x2028 || value == 0x2029
    }

    /// `text` with every control character escaped.
    package static func escaped(_ text: String) -> String {
        guard mayNeedEscaping(text), text.unicodeScalars.contains(where: needsEscaping) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            append(scalar, to: &result)
        }
        return result
    }

    /// False when no scalar of `text` can need escaping, from its UTF-8 bytes alone: every such
    /// scalar starts with a byte below 0x20, 0x7F, 0xC2 (U+0080–U+009F) or 0xE2 (U+2028,
    /// U+2029). Most text has none of them, and a byte scan costs far less than decoding scalars.
    private static func mayNeedEscaping(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            bytes.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }
        }
    }

    /// `scalar` as `escaped(_:)` writes it.
    private static func append(_ scalar: Unicode.Scalar, to result: inout String) {
        guard needsEscaping(scalar) else {
            result.unicodeScalars.append(scalar)
            return
        }
        switch scalar {
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }

    /// Text from a file quoted inside a message: `"text"` with `"` and `\` escaped as `\"` and
    /// `\\`, control characters as `escaped(_:)` writes them, and cut after
    /// `quotedMaximumLength` characters (Unicode scalars) with `…` inside the quotes, so that one
    /// huge value cannot flood a terminal.
    package static func quoted(_ text: String) -> String {
        var result = "\""
        var length = 0
        for scalar in text.unicodeScalars {
            if length == quotedMaximumLength {
                result += "…"
                break
            }
            length += 1
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default: append(scalar, to: &result)
            }
        }
        return result + "\""
    }

    /// The most characters of a text that `quoted(_:)` keeps.
    package static let quotedMaximumLength = 60

    /// Bytes that may not be UTF-8 (a directory entry's name), for a message: valid UTF-8 as
    /// `escaped(_:)` writes it, every byte of an invalid sequence as `\xNN`.
    package static func escapedBytes(_ bytes: [UInt8]) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return escaped(text) }
        var result = ""
        var index = 0
        while index < bytes.count {
            // The longest valid sequence starting here (1...4 bytes), else one invalid byte.
            var decoded: String?
            var length = 1
            for candidate in 1...4 where index + candidate <= bytes.count {
                if let text = String(validating: bytes[index..<(index + candidate)], as: UTF8.self) {
                    decoded = text
                    length = candidate
                    break
                }
            }
            if let decoded {
                result += escaped(decoded)
            } else {
                result += "\\x" + (bytes[index] < 0x10 ? "0" : "") + String(bytes[index], radix: 16, uppercase: true)
            }
            index += length
        }
        return result
    }
}
