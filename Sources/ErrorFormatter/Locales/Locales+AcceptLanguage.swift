extension Locales {
    /// The language ranges of an HTTP `Accept-Language` header (RFC 9110 §12.5.4), best first.
    ///
    /// Ranges are ordered by q-value, stably (equal q keeps the header's order); `q=0` ranges and
    /// `*` are dropped; a part that is not `language-range [; q=qvalue]` (RFC 4647 syntax: 1–8
    /// letters, then `-`-separated 1–8 alphanumerics) is ignored rather than failing the header.
    /// At most `Limits.maximumAcceptLanguageRanges` (64) ranges are read, the first ones of the
    /// header.
    ///
    /// - Returns: the ranges as written (`fr-CA`); ``negotiate(preferences:available:mode:)``
    ///   normalizes them.
    public static func preferencesFromAcceptLanguage(_ header: String) -> [String] {
        var bytes = Array(header.utf8)
        if bytes.count > Limits.maximumAcceptLanguageBytes {
            // Keep every entry that ends within the first 4,096 bytes: the comma that ends such
            // an entry may be byte 4,097 itself, so it is looked for one byte further.
            let window = bytes.prefix(Limits.maximumAcceptLanguageBytes + 1)
            if let comma = window.lastIndex(of: UInt8(ascii: ",")) {
                bytes = Array(bytes[..<comma])
            } else {
                return []
            }
        }
        var ranked: [(range: String, quality: Int)] = []
        for part in bytes.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: true) {
            guard ranked.count < Limits.maximumAcceptLanguageRanges, let parsed = parseAcceptLanguagePart(Array(part)) else { continue }
            if parsed.quality > 0 && parsed.range != "*" { ranked.append(parsed) }
        }
        // Swift's sort is not guaranteed stable: sort by (quality, original position).
        return ranked.enumerated()
            .sorted { ($0.element.quality, -$0.offset) > ($1.element.quality, -$1.offset) }
            .map(\.element.range)
    }

    /// `range [ OWS ";" OWS "q=" qvalue ]`, other parameters ignored; quality in thousandths.
    private static func parseAcceptLanguagePart(_ part: [UInt8]) -> (range: String, quality: Int)? {
        let pieces = part.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
            .map { trimmedWhitespace(Array($0)) }
        guard let rangeBytes = pieces.first, isLanguageRange(rangeBytes) else { return nil }
        var quality = 1000
        for parameter in pieces.dropFirst() {
            guard parameter.count >= 2, parameter[0] | 0x20 == UInt8(ascii: "q"),
                  parameter[1] == UInt8(ascii: "=")
            else { continue }
            guard let value = qValue(Array(parameter.dropFirst(2))) else { return nil }
            quality = value
        }
        return (String(decoding: rangeBytes, as: UTF8.self), quality)
    }

    /// `*`, or 1–8 letters followed by `-` + 1–8 alphanumerics, any number of times.
    private static func isLanguageRange(_ bytes: [UInt8]) -> Bool {
        if bytes == [UInt8(ascii: "*")] { return true }
        let subtags = bytes.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard let first = subtags.first, (1...8).contains(first.count),
              first.allSatisfy(isASCIILetter)
        else { return false }
        return subtags.dropFirst().allSatisfy { subtag in
            (1...8).contains(subtag.count) && subtag.allSatisfy { isASCIILetter($0) || isASCIIDigit($0) }
        }
    }

    /// RFC 9110 qvalue: `0[.ddd]` or `1[.000]`, in thousandths; `nil` when malformed.
    private static func qValue(_ bytes: [UInt8]) -> Int? {
        guard let leading = bytes.first, leading == UInt8(ascii: "0") || leading == UInt8(ascii: "1")
        else { return nil }
        let whole = Int(leading - UInt8(ascii: "0")) * 1000
        guard bytes.count > 1 else { return whole }
        let fraction = bytes.dropFirst(2)
        guard bytes[1] == UInt8(ascii: "."), fraction.count <= 3, fraction.allSatisfy(isASCIIDigit)
        else { return nil }
        var thousandths = 0
        for (position, digit) in fraction.enumerated() {
            thousandths += Int(digit - UInt8(ascii: "0")) * [100, 10, 1][position]
        }
        guard whole == 0 || thousandths == 0 else { return nil }
        return whole + thousandths
    }

    private static func trimmedWhitespace(_ bytes: [UInt8]) -> [UInt8] {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }),
              let end = bytes.lastIndex(where: { !isSpace($0) })
        else { return [] }
        return Array(bytes[start...end])
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    private static func isASCIIDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
