/// One text of the development localization as a pseudo-locale shows it.
///
/// What the program fills in or reads is never touched: format specifiers and variable
/// references (`%@`, `%2$lld`, `%#@files@`, `%%`: the pseudo text takes exactly the source's
/// arguments), markup tags, `{placeholders}`, `$(NAME)`, entities, URLs and email addresses.
/// Leading and trailing whitespace stays outside the brackets. A text that does not parse as a
/// format, or whose pseudo text would not keep every specifier as it is (a case the scanner
/// below reads otherwise than the format parser), is left as it is: it fails, or shows, the same.
enum PseudoText {
    /// `text` for `pseudo`. `isWhole`: a table text or a variable format's format (brackets in
    /// `en-XA`); otherwise a variant, which its format's brackets already enclose.
    static func make(_ text: String, for pseudo: PseudoLocale, isWhole: Bool) -> String {
        let pieces = pieces(of: text)
        guard let first = pieces.firstIndex(where: { !$0.isWhitespace }),
              let last = pieces.lastIndex(where: { !$0.isWhitespace })
        else { return text }
        var made = ""
        for piece in pieces[..<first] { piece.append(to: &made) }
        switch pseudo {
        case .accented:
            made += accented(pieces[first...last], isWhole: isWhole)
        case .bidirectional:
            made += wrappingWords(pieces[first...last])
        }
        for piece in pieces[(last + 1)...] { piece.append(to: &made) }
        guard made.utf8.count <= Limits.maximumFormatLength, keepsEveryArgument(of: text, in: made) else {
            return text
        }
        return made
    }

    // MARK: - en-XA

    /// The letters, accented; then words that make the text about 40% longer; in brackets.
    private static func accented(_ pieces: ArraySlice<Piece>, isWhole: Bool) -> String {
        var made = isWhole ? "[" : ""
        var visible = 0
        for piece in pieces {
            switch piece {
            case .scalar(let scalar):
                visible += 1
                made.unicodeScalars.append(accents[scalar] ?? scalar)
            case .kept(let text):
                made += text
            }
        }
        let wanted = (visible * 2 + 4) / 5
        var added = 0, word = 0
        while added < wanted {
            let filler = " " + fillerWords[word % fillerWords.count]
            made += filler
            added += filler.unicodeScalars.count
            word += 1
        }
        return isWhole ? made + "]" : made
    }

    /// Each ASCII letter as a Latin letter with a mark above or below it: still readable, never
    /// mistaken for untranslated English.
    private static let accents: [Unicode.Scalar: Unicode.Scalar] = {
        let plain = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".unicodeScalars)
        let marked = Array("ÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽåƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýž".unicodeScalars)
        return Dictionary(uniqueKeysWithValues: zip(plain, marked))
    }()

    private static let fillerWords = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
    ]

    // MARK: - ar-XB

    /// Each word (what lies between whitespace, specifiers included) between a right-to-left
    /// mark and override and a pop and a right-to-left mark, as Android's `ar-XB` writes them.
    /// A variable reference standing alone is not a word: its variant's words are wrapped.
    private static func wrappingWords(_ pieces: ArraySlice<Piece>) -> String {
        var made = ""
        var inWord = false
        for piece in pieces {
            if piece.isWhitespace, inWord {
                made += "\u{202C}\u{200F}"
                inWord = false
            } else if !piece.isWhitespace, !inWord, !piece.isVariableReference {
                made += "\u{200F}\u{202E}"
                inWord = true
            }
            piece.append(to: &made)
        }
        if inWord { made += "\u{202C}\u{200F}" }
        return made
    }

    // MARK: - What is kept

    /// A scalar of text, or a run kept as it is.
    private enum Piece {
        case scalar(Unicode.Scalar)
        case kept(String)

        var isWhitespace: Bool {
            if case .scalar(let scalar) = self { return scalar.properties.isWhitespace }
            return false
        }

        /// `%#@name@` or `%N$#@name@`.
        var isVariableReference: Bool {
            guard case .kept(let text) = self, text.hasPrefix("%"), text.hasSuffix("@") else { return false }
            return text.contains("#@")
        }

        func append(to text: inout String) {
            switch self {
            case .scalar(let scalar): text.unicodeScalars.append(scalar)
            case .kept(let kept): text += kept
            }
        }
    }

    private static func pieces(of text: String) -> [Piece] {
        let scalars = Array(text.unicodeScalars)
        var pieces: [Piece] = []
        var index = 0
        var atWordStart = true
        while index < scalars.count {
            let scalar = scalars[index]
            var end: Int?
            if atWordStart { end = addressEnd(scalars, from: index) }
            if end == nil {
                switch scalar {
                case "%": end = specifierEnd(scalars, from: index)
                case "<": end = tagEnd(scalars, from: index)
                case "{", "$": end = placeholderEnd(scalars, from: index)
                case "&": end = entityEnd(scalars, from: index)
                default: end = nil
                }
            }
            if let end, end > index {
                pieces.append(.kept(String(String.UnicodeScalarView(scalars[index..<end]))))
                index = end
                atWordStart = false
            } else {
                pieces.append(.scalar(scalar))
                index += 1
                atWordStart = scalar.properties.isWhitespace
            }
        }
        return pieces
    }

    /// The end of the specifier at `start` (a `%`), read as ``FormatParser`` reads one: `%%`;
    /// an optional position `N$`; a variable reference `#@name@`; or flags, width, precision,
    /// length and one conversion character. A `%` that ends the text is kept alone.
    private static func specifierEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start + 1
        guard index < scalars.count else { return scalars.count }
        if scalars[index] == "%" { return index + 1 }
        var afterDigits = index
        while afterDigits < scalars.count, isDigit(scalars[afterDigits]) { afterDigits += 1 }
        if afterDigits < scalars.count, scalars[afterDigits] == "$" { index = afterDigits + 1 }
        if index + 1 < scalars.count, scalars[index] == "#", scalars[index + 1] == "@" {
            var close = index + 2
            while close < scalars.count, scalars[close] != "@" { close += 1 }
            return min(close + 1, scalars.count)
        }
        while index < scalars.count, "-+ #0'".unicodeScalars.contains(scalars[index]) { index += 1 }
        if index < scalars.count, scalars[index] == "*" { index += 1 }
        while index < scalars.count, isDigit(scalars[index]) { index += 1 }
        if index < scalars.count, scalars[index] == "." {
            index += 1
            if index < scalars.count, scalars[index] == "*" { index += 1 }
            while index < scalars.count, isDigit(scalars[index]) { index += 1 }
        }
        if index + 1 < scalars.count, scalars[index] == scalars[index + 1], scalars[index] == "h" || scalars[index] == "l" {
            index += 2
        } else if index < scalars.count, "hlqLztj".unicodeScalars.contains(scalars[index]) {
            index += 1
        }
        return min(index + 1, scalars.count)
    }

    /// `<b>`, `</a>`, `<br/>`, `<a href="…">`: `<`, a letter or `/`, then up to `>` on the same
    /// line; `nil` for a `<` that starts no tag (`a < b`).
    private static func tagEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start + 1
        if index < scalars.count, scalars[index] == "/" { index += 1 }
        guard index < scalars.count, scalars[index].properties.isAlphabetic else { return nil }
        while index < scalars.count, index - start < 512 {
            switch scalars[index] {
            case ">": return index + 1
            case "<", "\n": return nil
            default: index += 1
            }
        }
        return nil
    }

    /// `{name}`, `{{name}}`, `{0}`, `$(NAME)`, `${name}`: filled in by code.
    private static func placeholderEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start
        let closing: Unicode.Scalar
        if scalars[index] == "$" {
            guard index + 1 < scalars.count, scalars[index + 1] == "(" || scalars[index + 1] == "{" else { return nil }
            closing = scalars[index + 1] == "(" ? ")" : "}"
            index += 2
        } else {
            closing = "}"
            while index < scalars.count, scalars[index] == "{" { index += 1 }
        }
        let nameStart = index
        while index < scalars.count, isNameCharacter(scalars[index]) { index += 1 }
        guard index > nameStart, index < scalars.count, scalars[index] == closing else { return nil }
        while index < scalars.count, scalars[index] == closing { index += 1 }
        return index
    }

    /// `&amp;`, `&#8217;`, `&#x2019;`.
    private static func entityEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start + 1
        if index < scalars.count, scalars[index] == "#" { index += 1 }
        let nameStart = index
        while index < scalars.count, index - nameStart < 10,
              scalars[index].properties.isAlphabetic || isDigit(scalars[index]) { index += 1 }
        guard index > nameStart, index < scalars.count, scalars[index] == ";" else { return nil }
        return index + 1
    }

    /// A URL (`https://`, `http://`, `mailto:`, `www.`) or an email address (`@` with a `.`
    /// after it) starting a word: the whole word.
    private static func addressEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var end = start
        while end < scalars.count, !scalars[end].properties.isWhitespace { end += 1 }
        let word = String(String.UnicodeScalarView(scalars[start..<end]))
        let isURL = ["https://", "http://", "mailto:", "www."].contains { word.hasPrefix($0) }
        let isEmail = !word.contains("%") && word.firstIndex(of: "@").map { at in
            at > word.startIndex && word[word.index(after: at)...].contains(".")
        } ?? false
        return isURL || isEmail ? end : nil
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || isDigit(scalar) || scalar == "_" || scalar == "." || scalar == "-"
            || scalar == ":"
    }

    // MARK: - The promise

    /// Whether `made` has exactly the specifiers and variable references of `source`, in order
    /// (their places aside); false when `source` is not a valid format at all.
    private static func keepsEveryArgument(of source: String, in made: String) -> Bool {
        guard let before = arguments(of: source), let after = arguments(of: made) else { return false }
        return before == after
    }

    /// Each specifier and variable reference of `text` as parsed, without its offset.
    private static func arguments(of text: String) -> [FormatSegment]? {
        guard let segments = try? FormatParser.parse(text, allowsVariables: true) else { return nil }
        return segments.compactMap { segment in
            switch segment {
            case .literal:
                return nil
            case .specifier(var specifier):
                specifier.offset = 0
                return .specifier(specifier)
            case .variable(var reference):
                reference.offset = 0
                reference.bytes = 0..<0
                return .variable(reference)
            }
        }
    }
}
