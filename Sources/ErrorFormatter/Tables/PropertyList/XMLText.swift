/// Text written into an XML property list (the `.stringsdict` writer's output).
enum XMLText {
    /// XML character data: `&`, `<` and `>` as entities; carriage returns and the other control
    /// characters XML does not keep as they are (parsers turn a raw CR into LF) as character
    /// references, which CoreFoundation's parser decodes back to the same scalar.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "&#\(scalar.value);"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
