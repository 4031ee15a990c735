/// The parts of a text the pofilter-style comparisons look at, found in its literal text
/// (`FormatText.literalText`, so specifiers never count as numbers, words or brackets).
enum TextFeatures {
    static func list(_ items: [String]) -> String {
        items.isEmpty ? "none" : items.map { MessageEscaping.quoted($0) }.joined(separator: ", ")
    }

    /// Occurrences of an ASCII character (a line break, a tab), counted in bytes.
    static func count(_ character: Character, in text: String) -> Int {
        guard let byte = character.asciiValue else { return 0 }
        return text.utf8.reduce(0) { $0 + ($1 == byte ? 1 : 0) }
    }

    /// Whether the UTF-8 of `text` holds `byte`: the comparisons look for their features only
    /// in the few texts that can have them (most strings have no `<`, `{`, `@` or `://`).
    static func has(_ byte: UInt8, in text: String) -> Bool {
        text.utf8.contains(byte)
    }

    /// Tag names in order, `<b>` as `b`, `</b>` as `/b`, `<br/>` as `br/` (attributes left
    /// out: a translated `title=` is fine).
    static func tags(in text: String) -> [String] {
        guard has(UInt8(ascii: "<"), in: text) else { return [] }
        var tags: [String] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            defer { index += 1 }
            guard scalars[index] == "<" else { continue }
            var end = index + 1
            var name = ""
            if end < scalars.count, scalars[end] == "/" {
                name = "/"
                end += 1
            }
            let nameStart = end
            while end < scalars.count, scalars[end].properties.isAlphabetic || ("0"..."9").contains(scalars[end]) { end += 1 }
            guard end > nameStart, end - nameStart <= 20 else { continue }
            name += String(String.UnicodeScalarView(scalars[nameStart..<end]))
            var close = end
            while close < scalars.count, scalars[close] != ">", scalars[close] != "<" { close += 1 }
            guard close < scalars.count, scalars[close] == ">" else { continue }
            // Between the name and `>`: nothing, `/`, or attributes (`href="…"`); text such as
            // `<a letter of %lld characters>` is prose in angle brackets, not a tag.
            let inside = String(String.UnicodeScalarView(scalars[end..<close])).trimmingWhitespace
            guard inside.isEmpty || inside == "/" || (scalars[end] == " " && inside.contains("=")) else { continue }
            if close > end, scalars[close - 1] == "/" { name += "/" }
            // `< 5 >` and `a<b` are comparisons, not tags: a tag's name follows `<` directly.
            tags.append(name.lowercased())
            index = close
        }
        return tags.sorted()
    }

    /// `{name}`, `{{name}}`, `{0}`, `$(NAME)`, `${name}`: placeholders filled in by code.
    static func placeholders(in text: String) -> [String] {
        guard has(UInt8(ascii: "{"), in: text) || has(UInt8(ascii: "$"), in: text) else { return [] }
        var found: [String] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let opensDollar = scalars[index] == "$" && index + 1 < scalars.count && (scalars[index + 1] == "(" || scalars[index + 1] == "{")
            guard scalars[index] == "{" || opensDollar else {
                index += 1
                continue
            }
            let open = opensDollar ? scalars[index + 1] : "{"
            let closing: Unicode.Scalar = open == "(" ? ")" : "}"
            var end = index + (opensDollar ? 2 : 1)
            while end < scalars.count, scalars[end] == "{" { end += 1 }
            let nameStart = end
            while end < scalars.count, isPlaceholderName(scalars[end]) { end += 1 }
            guard end > nameStart, end < scalars.count, scalars[end] == closing else {
                index += 1
                continue
            }
            while end < scalars.count, scalars[end] == closing { end += 1 }
            found.append(String(String.UnicodeScalarView(scalars[index..<end])))
            index = end
        }
        return found.sorted()
    }

    private static func isPlaceholderName(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "." || scalar == "-")
    }

    /// `http://…`, `https://…` up to whitespace or a closing bracket/quote, trailing
    /// sentence punctuation dropped.
    static func urls(in text: String) -> [String] {
        guard has(UInt8(ascii: ":"), in: text), text.utf8.count >= 8 else { return [] }
        return words(in: text).compactMap { word in
            guard word.utf8.count >= 8, word.contains(":"),
                  let start = word.firstRange(of: "https://") ?? word.firstRange(of: "http://")
            else { return nil }
            var url = String(word[start.lowerBound...])
            while let last = url.last, ".,;:!?)]}\"'”’»".contains(last) { url.removeLast() }
            return url
        }
    }

    /// `name@example.com`-shaped words.
    static func emails(in text: String) -> [String] {
        // `%@` is everywhere; an address has a letter or digit right before its `@`.
        var previous: UInt8 = 0
        var hasAddressSign = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: "@"), (previous >= 0x30 && previous <= 0x39) || (previous | 0x20 >= 0x61 && previous | 0x20 <= 0x7A) {
                hasAddressSign = true
                break
            }
            previous = byte
        }
        guard hasAddressSign else { return [] }
        return words(in: text).compactMap { word in
            var candidate = word
            while let last = candidate.last, !last.isLetter && !last.isNumber { candidate.removeLast() }
            while let first = candidate.first, !first.isLetter && !first.isNumber { candidate.removeFirst() }
            let parts = candidate.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !candidate.contains("://"),
                  candidate.unicodeScalars.allSatisfy(\.isASCII)
            else { return nil }
            return candidate
        }
    }

    private static func words(in text: String) -> [String] {
        text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
    }

    static func leadingWhitespace(_ text: String) -> String {
        String(text.prefix { $0 == " " || $0 == "\t" || $0 == "\n" })
    }

    static func trailingWhitespace(_ text: String) -> String {
        String(text.reversed().prefix { $0 == " " || $0 == "\t" || $0 == "\n" }.reversed())
    }

    /// A word (two or more letters) written twice in a row, compared case-insensitively.
    static func repeatedWord(in text: String) -> String? {
        guard has(UInt8(ascii: " "), in: text) else { return nil }
        var previous: Substring?
        let literal = FormatText.literalText(of: text)
        for word in literal.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }) {
            // Cheap tests first: the same length in bytes, then the same letters ignoring case.
            if let last = previous, last.utf8.count == word.utf8.count, word.count >= 2,
               last.lowercased() == word.lowercased(), word.allSatisfy(\.isLetter) {
                return String(word)
            }
            previous = word
        }
        return nil
    }

    /// The final punctuation mark, as its Latin equivalent (`。` as `.`, `？` and `؟` as `?`).
    static func endPunctuation(_ text: String) -> String? {
        let trimmed = text.reversed().drop { $0.isWhitespace }
        guard let last = trimmed.first else { return nil }
        if last == "." {
            // `...` is an ellipsis.
            return trimmed.prefix(3).allSatisfy { $0 == "." } && trimmed.count >= 3 ? "…" : "."
        }
        switch last {
        case "。", "｡", "।", "۔", "።": return "."
        case "?", "？", "؟": return "?"
        case "!", "！": return "!"
        case ":", "：": return ":"
        case "…", "⋯": return "…"
        default: return nil
        }
    }

    /// Whether `text` may hold a bracket (ASCII, or a fullwidth form, which starts with 0xEF).
    static func mayHaveBrackets(_ text: String) -> Bool {
        text.utf8.contains { $0 == 0x28 || $0 == 0x29 || $0 == 0x5B || $0 == 0x5D || $0 == 0x7B || $0 == 0x7D || $0 == 0xEF }
    }

    /// Counts of each bracket, fullwidth forms as ASCII, e.g. `() 2, [] 0, {} 0`.
    static func brackets(in text: String) -> String {
        var round = 0, square = 0, curly = 0
        for scalar in FormatText.literalText(of: text).unicodeScalars {
            switch scalar.value {
            case 0x28, 0x29, 0xFF08, 0xFF09: round += 1
            case 0x5B, 0x5D, 0xFF3B, 0xFF3D: square += 1
            case 0x7B, 0x7D, 0xFF5B, 0xFF5D: curly += 1
            default: break
            }
        }
        return "() \(round), [] \(square), {} \(curly)"
    }

    /// Runs of ASCII digits in the literal text (specifiers excluded).
    static func numbers(in text: String) -> [String] {
        guard text.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) else { return [] }
        var numbers: [String] = []
        var current = ""
        for scalar in FormatText.literalText(of: text).unicodeScalars {
            if ("0"..."9").contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                numbers.append(current)
                current = ""
            }
        }
        if !current.isEmpty { numbers.append(current) }
        return numbers
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and line breaks.
    var trimmingWhitespace: String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
