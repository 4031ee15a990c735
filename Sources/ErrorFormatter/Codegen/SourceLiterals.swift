/// Text and numbers written into generated source: string literals each language reads back
/// as the same string, comments no text can end early, and integer literals every compiler
/// accepts (`INT64_MIN` has no literal in C).
enum SourceLiterals {
    /// `text` as a string literal of `language`.
    ///
    /// C and C++ get printable ASCII as is and every other byte of the UTF-8 as a three-digit
    /// octal escape (which cannot run into the next character as a hexadecimal one can), with
    /// `?` escaped against trigraphs. Java gets every non-ASCII UTF-16 unit as `\uXXXX`, so
    /// the file is ASCII and javac reads it alike in every locale. The others keep non-ASCII
    /// text and escape the control characters and the line and paragraph separators.
    static func string(_ text: String, for language: CodegenLanguage) -> String {
        switch language {
        case .c, .cpp:
            var out = "\""
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\""): out += "\\\""
                case UInt8(ascii: "\\"): out += "\\\\"
                case UInt8(ascii: "?"): out += "\\?"
                case 0x20...0x7E: out.unicodeScalars.append(Unicode.Scalar(byte))
                default:
                    let octal = String(byte, radix: 8)
                    out += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
                }
            }
            return out + "\""
        case .java:
            var out = "\""
            for unit in text.utf16 {
                switch unit {
                case 0x22: out += "\\\""
                case 0x5C: out += "\\\\"
                case 0x20...0x7E: out.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
                default: out += "\\u" + hex(UInt32(unit), digits: 4)
                }
            }
            return out + "\""
        case .json:
            return JSONText.quoted(text, escapingLineSeparators: true)
        case .swift, .python, .typescript, .go, .rust:
            let quote: Unicode.Scalar = language == .typescript ? "'" : "\""
            var out = String(quote)
            for scalar in text.unicodeScalars {
                if scalar == quote || scalar == "\\" {
                    out += "\\" + String(scalar)
                } else if scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value <= 0x9F)
                            || scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.value == 0xFEFF {
                    out += escape(scalar, for: language)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
            return out + String(quote)
        }
    }

    /// A control or separator character as an escape of `language`.
    private static func escape(_ scalar: Unicode.Scalar, for language: CodegenLanguage) -> String {
        switch language {
        case .swift: "\\u{" + hex(scalar.value, digits: 1) + "}"
        case .rust: "\\u{" + hex(scalar.value, digits: 4) + "}"
        case .go: "\\u" + hex(scalar.value, digits: 4)
        default: "\\u" + hex(scalar.value, digits: 4)
        }
    }

    static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// `text` safe inside any comment of any language: printable ASCII, except what could end
    /// or change a comment (`*/`, a backslash, which Java reads as the start of a Unicode
    /// escape even in comments, `?` as in C's trigraphs, `"` which could close a Python
    /// docstring), and every other character as `U+XXXX`.
    static func comment(_ text: String) -> String {
        var out = ""
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value >= 0x20, value <= 0x7E, scalar != "\\", scalar != "?", scalar != "\"",
               !(scalar == "/" && previous == "*") {
                out.unicodeScalars.append(scalar)
            } else {
                out += "U+" + hex(value, digits: 4)
            }
            previous = scalar
        }
        return out
    }

    /// `code` as an integer literal of `language`. `Int64.min` has no literal in C and C++
    /// (the minus applies to a literal too large for `long`), nor does `-2^63` fit a JavaScript
    /// number exactly: TypeScript gets a `BigInt` for any code past ±2^53.
    static func code(_ code: Int64, for language: CodegenLanguage) -> String {
        switch language {
        case .c, .cpp:
            code == Int64.min ? "(-INT64_C(9223372036854775807) - 1)" : "INT64_C(\(code))"
        case .java:
            "\(code)L"
        case .typescript:
            abs(Double(code)) < 9_007_199_254_740_992 ? "\(code)" : "BigInt('\(code)')"
        case .swift, .python, .go, .rust, .json:
            "\(code)"
        }
    }
}
