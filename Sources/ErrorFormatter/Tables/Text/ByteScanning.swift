/// Finding the next occurrence of one of a few bytes, sixteen and eight bytes at a time.
///
/// Quoted strings, comments and line counting spend their time looking for one of two or three
/// ASCII bytes in long runs of text. Testing a 64-bit word at once (the classic "has zero
/// byte" bit trick on `word XOR pattern`) skips runs without a match; the exact position is
/// then found bytewise. Reads never go past `end`: whole words are loaded only while eight
/// bytes remain.
enum ByteScanning {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Non-zero when some byte of `word` equals the byte repeated in `pattern`.
    @inline(__always)
    private static func matches(_ word: UInt64, _ pattern: UInt64) -> UInt64 {
        let x = word ^ pattern
        return (x &- ones) & ~x & highs
    }

    /// The offset of the first byte in `start..<end` equal to `a`, `b` or `c`, or `end`.
    @inline(__always)
    static func firstIndex(
        in text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, of a: UInt8, _ b: UInt8, _ c: UInt8
    ) -> Int {
        // The accumulating scan with its accumulator thrown away: once inlined, the ORs into
        // a dead variable are removed, so this costs what a separate loop would.
        var ignored: UInt64 = 0
        return firstIndex(in: text, from: start, to: end, of: a, b, c, accumulatingInto: &ignored)
    }

    /// `firstIndex(in:from:to:of:_:_:)` that also ORs every byte it passes over (those before
    /// the match, or up to `end`) into `seen`, so that the caller learns for free whether the
    /// run was all ASCII (`seen & 0x80…80 == 0`).
    @inline(__always)
    static func firstIndex(
        in text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, of a: UInt8, _ b: UInt8, _ c: UInt8,
        accumulatingInto seen: inout UInt64
    ) -> Int {
        var index = start
        let limit = min(end, text.count)
        if let base = text.baseAddress {
            // Sixteen bytes at a time (vector compares, exact: a few instructions a block).
            let raw = UnsafeRawPointer(base)
            let vectorA = SIMD16<UInt8>(repeating: a), vectorB = SIMD16<UInt8>(repeating: b)
            let vectorC = SIMD16<UInt8>(repeating: c)
            while limit - index >= 16 {
                let block = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
                let hits = (block .== vectorA) .| (block .== vectorB) .| (block .== vectorC)
                let halves = unsafeBitCast(block, to: SIMD2<UInt64>.self)
                if any(hits) {
                    // 0xFF in each matching byte, read as two little-endian words.
                    let marks = unsafeBitCast(SIMD16<UInt8>().replacing(with: 0xFF, where: hits), to: SIMD2<UInt64>.self)
                    let low = UInt64(littleEndian: marks[0]), high = UInt64(littleEndian: marks[1])
                    let first = UInt64(littleEndian: halves[0]), second = UInt64(littleEndian: halves[1])
                    if low != 0 {
                        let before = low.trailingZeroBitCount >> 3  // 0…7
                        seen |= first & ((1 &<< (before &* 8)) &- 1)
                        return index + before
                    }
                    let before = high.trailingZeroBitCount >> 3  // 0…7
                    seen |= first | second & ((1 &<< (before &* 8)) &- 1)
                    return index + 8 + before
                }
                seen |= halves[0] | halves[1]
                index += 16
            }
            let patternA = ones &* UInt64(a), patternB = ones &* UInt64(b), patternC = ones &* UInt64(c)
            while limit - index >= 8 {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                let found = matches(word, patternA) | matches(word, patternB) | matches(word, patternC)
                if found != 0 {
                    // The lowest flagged byte is always a real match (a false flag can only
                    // sit above a real one, where a borrow ran on), so it is the first one.
                    let before = found.trailingZeroBitCount >> 3  // 0…7
                    seen |= word & ((1 &<< (before &* 8)) &- 1)
                    return index + before
                }
                seen |= word
                index += 8
            }
        }
        while index < limit {
            let byte = text[index]
            if byte == a || byte == b || byte == c { return index }
            seen |= UInt64(byte)
            index += 1
        }
        return limit
    }
}
