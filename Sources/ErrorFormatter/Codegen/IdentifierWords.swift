/// A name cut into words, to be spelled in each language's convention (`sync_error_domain_1`,
/// `syncErrorDomain1`, `SyncErrorDomain1`).
///
/// Words are the runs of ASCII letters and digits, cut again where the case changes
/// (`syncError` → `sync`, `Error`; `NSURLError` → `NSURL`, `Error`). Every other ASCII character
/// separates words; every character outside ASCII becomes a word of its own spelling its code
/// point (`é` → `u00e9`), so that the identifier is legal in every target language (C and C++
/// compilers, javac in an ASCII locale) and two different names stay different.
struct IdentifierWords: Sendable, Hashable {
    var words: [String]

    init(_ words: [String]) {
        self.words = words.filter { !$0.isEmpty }
    }

    /// The words of `text`.
    init(splitting text: String) {
        var words: [String] = []
        var run: [Unicode.Scalar] = []
        func endRun() {
            words += Self.camelCaseWords(run)
            run = []
        }
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                if Self.isLetter(scalar) || Self.isDigit(scalar) {
                    run.append(scalar)
                } else {
                    endRun()
                }
            } else {
                endRun()
                let hex = String(scalar.value, radix: 16)
                words.append("u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex)
            }
        }
        endRun()
        self.init(words)
    }

    /// The words of an error's default name: its domain's, then its code (`minus` before a
    /// negative one).
    init(domain: String, code: Int64) {
        var words = IdentifierWords(splitting: domain).words
        let digits = String(code)
        if digits.hasPrefix("-") {
            words += ["minus", String(digits.dropFirst())]
        } else {
            words.append(digits)
        }
        self.init(words)
    }

    /// `sync_error_domain_1`.
    var snakeCase: String { words.map { $0.lowercased() }.joined(separator: "_") }
    /// `SYNC_ERROR_DOMAIN_1`.
    var screamingSnakeCase: String { words.map { $0.uppercased() }.joined(separator: "_") }
    /// `syncErrorDomain1`: the first word lowercased, the others capitalized.
    var lowerCamelCase: String {
        guard let first = words.first else { return "" }
        return first.lowercased() + words.dropFirst().map(Self.capitalized).joined()
    }
    /// `SyncErrorDomain1`: every word capitalized (its other letters kept: `NSURLError`).
    var upperCamelCase: String { words.map(Self.capitalized).joined() }
    /// `syncerrordomain1`: every word lowercased, nothing between them (Go's package names).
    var flatCase: String { words.map { $0.lowercased() }.joined() }

    static func capitalized(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar >= "0" && scalar <= "9" }

    private static func isUpper(_ scalar: Unicode.Scalar) -> Bool { scalar >= "A" && scalar <= "Z" }

    private static func isLower(_ scalar: Unicode.Scalar) -> Bool { scalar >= "a" && scalar <= "z" }

    /// An ASCII run cut where a lowercase letter or digit meets an uppercase one (`syncError`),
    /// and before the last capital of a run of capitals followed by a lowercase letter
    /// (`NSURLError`).
    private static func camelCaseWords(_ run: [Unicode.Scalar]) -> [String] {
        guard !run.isEmpty else { return [] }
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for (index, scalar) in run.enumerated() {
            if index > 0, isUpper(scalar) {
                let previous = run[index - 1]
                let next = index + 1 < run.count ? run[index + 1] : nil
                let lowerToUpper = isLower(previous) || isDigit(previous)
                let acronymEnd = isUpper(previous) && next.map(isLower) == true
                if lowerToUpper || acronymEnd {
                    words.append(String(current))
                    current = String.UnicodeScalarView()
                }
            }
            current.append(scalar)
        }
        words.append(String(current))
        return words
    }
}
