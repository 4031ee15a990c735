/// The language ranges of an HTTP `Accept-Language` header (RFC 9110 §12.5.4), read from its
/// bytes: the one reader behind ``Locales/preferencesFromAcceptLanguage(_:)`` and the problem
/// responses, which read a request's header as it arrived, without making a `String` of it.
///
/// Ranges are ordered by q-value, stably (equal q keeps the header's order); `q=0` ranges and
/// `*` are dropped; a part that is not `language-range [; q=qvalue]` (RFC 4647 syntax: 1–8
/// letters, then `-`-separated 1–8 alphanumerics) is ignored rather than failing the header. The
/// grammar is ASCII, so bytes that are not (not UTF-8 either) only make their own part malformed.
/// A header longer than `Limits.maximumAcceptLanguageBytes` is cut after the last entry that
/// ends within them; at most `Limits.maximumAcceptLanguageRanges` ranges are kept, the first ones
/// of the header.
package enum AcceptLanguageRanges {
    /// A range: where it is in the header, and its quality in thousandths.
    package struct Range {
        package var start: Int
        package var count: Int
        var quality: Int

        /// The range's bytes in `header`, the header it was read from.
        package func bytes(in header: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(rebasing: header[start..<(start + count)])
        }
    }

    /// `body` applied to the header's ranges, best first (at most
    /// `Limits.maximumAcceptLanguageRanges`, in memory that lives during the call only).
    ///
    /// - Complexity: O(*n*) in the header's bytes read (at most `Limits.maximumAcceptLanguageBytes`).
    package static func withRanges<Result>(
        _ header: UnsafeRawBufferPointer, _ body: (UnsafeBufferPointer<Range>) -> Result
    ) -> Result {
        withUnsafeTemporaryAllocation(of: Range.self, capacity: Limits.maximumAcceptLanguageRanges) { ranges in
            var count = 0
            forEachPart(of: header) { start, end in
                guard count < ranges.count, let range = parsePart(header, start: start, end: end) else { return }
                guard range.quality > 0, !(range.count == 1 && header[range.start] == UInt8(ascii: "*")) else {
                    return
                }
                // Insertion keeps the order stable: a range goes after every one at least as good.
                var at = count
                while at > 0, ranges[at - 1].quality < range.quality {
                    ranges[at] = ranges[at - 1]
                    at -= 1
                }
                ranges[at] = range
                count += 1
            }
            return body(UnsafeBufferPointer(rebasing: ranges[0..<count]))
        }
    }

    /// Calls `part` with the bounds of each comma-separated part of the header that is read:
    /// all of it, or, past the limit, the entries that end within it.
    private static func forEachPart(of header: UnsafeRawBufferPointer, _ part: (Int, Int) -> Void) {
        var end = header.count
        if end > Limits.maximumAcceptLanguageBytes {
            // The comma that ends an entry ending at byte 4,096 may be byte 4,097 itself.
            var comma = Limits.maximumAcceptLanguageBytes
            while comma >= 0, header[comma] != UInt8(ascii: ",") { comma -= 1 }
            guard comma >= 0 else { return }
            end = comma
        }
        var start = 0
        for index in 0...end where index == end || header[index] == UInt8(ascii: ",") {
            if index > start { part(start, index) }
            start = index + 1
        }
    }

    /// `range [ OWS ";" OWS "q=" qvalue ]` between `start` and `end`, other parameters ignored.
    private static func parsePart(_ header: UnsafeRawBufferPointer, start: Int, end: Int) -> Range? {
        var pieceStart = start
        var range: Range?
        var quality = 1000
        for index in start...end where index == end || header[index] == UInt8(ascii: ";") {
            let (from, to) = trimmed(header, pieceStart, index)
            pieceStart = index + 1
            guard range != nil else {
                guard isLanguageRange(header, from, to) else { return nil }
                range = Range(start: from, count: to - from, quality: 0)
                continue
            }
            guard to - from >= 2, header[from] | 0x20 == UInt8(ascii: "q"), header[from + 1] == UInt8(ascii: "=") else {
                continue
            }
            guard let value = qValue(header, from + 2, to) else { return nil }
            quality = value
        }
        range?.quality = quality
        return range
    }

    /// `*`, or 1–8 letters followed by `-` + 1–8 alphanumerics, any number of times.
    private static func isLanguageRange(_ header: UnsafeRawBufferPointer, _ from: Int, _ to: Int) -> Bool {
        if to - from == 1, header[from] == UInt8(ascii: "*") { return true }
        var subtagLength = 0
        var isFirst = true
        for index in from..<to {
            let byte = header[index]
            if byte == UInt8(ascii: "-") {
                guard subtagLength > 0 else { return false }
                subtagLength = 0
                isFirst = false
                continue
            }
            guard isASCIILetter(byte) || (!isFirst && isASCIIDigit(byte)) else { return false }
            subtagLength += 1
            guard subtagLength <= 8 else { return false }
        }
        return subtagLength > 0
    }

    /// RFC 9110 qvalue: `0[.ddd]` or `1[.000]`, in thousandths; `nil` when malformed.
    private static func qValue(_ header: UnsafeRawBufferPointer, _ from: Int, _ to: Int) -> Int? {
        guard from < to, header[from] == UInt8(ascii: "0") || header[from] == UInt8(ascii: "1") else { return nil }
        let whole = Int(header[from] - UInt8(ascii: "0")) * 1000
        guard to - from > 1 else { return whole }
        guard header[from + 1] == UInt8(ascii: "."), to - from - 2 <= 3 else { return nil }
        var thousandths = 0
        var scale = 100
        for index in (from + 2)..<to {
            guard isASCIIDigit(header[index]) else { return nil }
            thousandths += Int(header[index] - UInt8(ascii: "0")) * scale
            scale /= 10
        }
        guard whole == 0 || thousandths == 0 else { return nil }
        return whole + thousandths
    }

    private static func trimmed(_ header: UnsafeRawBufferPointer, _ from: Int, _ to: Int) -> (Int, Int) {
        var from = from, to = to
        while from < to, header[from] == 0x20 || header[from] == 0x09 { from += 1 }
        while to > from, header[to - 1] == 0x20 || header[to - 1] == 0x09 { to -= 1 }
        return (from, to)
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    private static func isASCIIDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
