/// Writing a string as a quoted `.strings` literal that CoreFoundation reads back unchanged.
package enum StringsLiteral {
    /// `"text"` with `"`, `\` and line breaks escaped (`\"`, `\\`, `\n`, `\r`, `\t`), and other
    /// control characters, DEL, U+2028 and U+2029 written as `\UXXXX`, so the literal stays on
    /// one line. Everything else is kept as is.
    ///
    /// (Text quoted inside a message is `MessageEscaping.quoted(_:)`, not this.)
    ///
    /// - Parameter string: The text.
    /// - Returns: The literal, quotes included.
    package static func quoted(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\U" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// The digits of a data value as `.strings` writes it between `<` and `>`: two lowercase hex
    /// digits per byte, no spaces (the old-style parser reads them back; errfmt's JSON dump writes
    /// data the same way).
    package static func hexDigits(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".unicodeScalars)
        var out = String.UnicodeScalarView()
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(out)
    }
}
