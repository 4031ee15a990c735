/// Writing a string as a quoted `.strings` literal that CoreFoundation reads back unchanged.
package enum StringsLiteral {
    /// `"text"` with `"`, `\` and line breaks escaped (`\"`, `\\`, `\n`, `\r`, `\t`), and other
    /// control characters, DEL, U+2028 and U+2029 written as `\UXXXX`, so the literal stays on
    /// one line. Everything else is kept as is.
    ///
    /// - Parameters:
    ///   - string: The text.
    ///   - maximumLength: If given, at most this many characters (Unicode scalars) are
    ///     written, followed by `…` inside the quotes when the text is longer; such a literal is
    ///     for messages, not for reading back.
    /// - Returns: The literal, quotes included.
    package static func quoted(_ string: String, maximumLength: Int? = nil) -> String {
        var out = "\""
        var length = 0
        for scalar in string.unicodeScalars {
            if let maximumLength, length == maximumLength {
                out += "…"
                break
            }
            length += 1
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
}
