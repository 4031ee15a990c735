/// Input text embedded in diagnostic messages.
///
/// Messages are one line (tools split on newlines), so text from the file is quoted and
/// escaped like a `.strings` literal, and cut at 60 characters so one huge value cannot flood
/// a terminal.
enum MessageText {
    /// `"text"` with `"`, `\\` and control characters escaped, at most 60 characters long.
    static func quoted(_ string: String) -> String {
        var out = "\""
        var length = 0
        for scalar in string.unicodeScalars {
            if length == 60 {
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
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value) {
                    out += "\\U" + String(scalar.value, radix: 16, uppercase: true)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
