/// JSON text as the writers emit it: strings escaped as RFC 8259 requires (`"`, `\`, control
/// characters; `\n \r \t \b \f` in short form) and nothing else, so non-ASCII text stays readable.
/// The CLI's `--json` lines use it too, with U+2028 and U+2029 escaped.
package enum JSONText {
    /// - Parameter escapingLineSeparators: also escape U+2028 and U+2029, which are valid raw in
    ///   JSON but line breaks to many line-based readers (Python's `splitlines`, older
    ///   JavaScript), so that one object stays one line.
    package static func quoted(_ value: String, escapingLineSeparators: Bool = false) -> String {
        var out = "\""
        out.reserveCapacity(value.utf8.count + 2)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\u{2028}" where escapingLineSeparators: out += "\\u2028"
            case "\u{2029}" where escapingLineSeparators: out += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
