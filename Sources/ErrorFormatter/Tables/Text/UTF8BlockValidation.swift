/// The strictly valid UTF-8 at the start of a text, checked sixteen bytes at a time.
///
/// Why: most tables are translations, and text in Cyrillic, Greek or CJK scripts is mostly
/// two- and three-byte sequences, which a sequence-by-sequence check walks a few bytes at a
/// time. Here every byte is checked on its own lane, from the bytes just before it: a byte
/// must be a continuation byte (`10xxxxxx`) exactly when one of the three bytes before it is a
/// lead byte whose sequence reaches it, and the four lead bytes with a narrower second byte
/// (E0, ED, F0, F4) and the bytes that never occur (C0, C1, F5–FF) are checked against the byte
/// that follows them. The bytes before a block are read by loading the text again one, two
/// and three bytes earlier, so sequences that cross a block boundary need no carried state.
///
/// It stops at the first block with a problem (or at the last whole block) and says where a
/// byte-by-byte check can take over: a sequence boundary at or before that block, with
/// everything before it valid. That check finds the exact offset, and CF's tolerated stray
/// byte, which this one treats as a problem like any other.
enum UTF8BlockValidation {
    private typealias Block = SIMD16<UInt8>

    /// An offset where a sequence starts (or `bytes.count`), at least `start`, such that
    /// `bytes[..<offset]` is strictly valid UTF-8 and ends with a whole sequence.
    ///
    /// - Precondition: `bytes[..<start]` is strictly valid UTF-8 ending with a whole sequence,
    ///   and `start` is at least 3 (the bytes before the first block are read from the text).
    static func validPrefixEnd(of bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let count = bytes.count
        guard let base = bytes.baseAddress, start >= 3, start <= count else { return start }
        let raw = UnsafeRawPointer(base)
        var index = start
        while count - index >= 16 {
            let block = raw.loadUnaligned(fromByteOffset: index, as: Block.self)
            let halves = unsafeBitCast(block, to: SIMD2<UInt64>.self)
            if (halves[0] | halves[1]) & 0x8080_8080_8080_8080 == 0 {
                // All ASCII: valid unless the text before it ends inside a sequence. What
                // follows is likely ASCII too (most tables are): 32 bytes at a time.
                guard !endsInsideSequence(bytes, before: index) else { break }
                index = UTF8Validation.asciiBlocksEnd(in: raw, from: index + 16, count: count)
                continue
            }
            let before1 = raw.loadUnaligned(fromByteOffset: index - 1, as: Block.self)
            let before2 = raw.loadUnaligned(fromByteOffset: index - 2, as: Block.self)
            let before3 = raw.loadUnaligned(fromByteOffset: index - 3, as: Block.self)
            guard isValid(block, after: before1, before2, before3) else { break }
            index += 16
        }
        // Back to where the sequence that `index` may be inside starts: the three bytes before
        // it were checked only as far as they go, not whether their sequence ends in time.
        guard index > start else { return start }
        var boundary = index - 3
        while boundary < index, bytes[boundary] & 0xC0 == 0x80 { boundary += 1 }
        return boundary
    }

    /// Whether every byte of `block` is right given the one, two and three bytes before it
    /// (`before1`, `before2`, `before3`, lane by lane).
    ///
    /// Written with vector operands only: comparing a vector with a scalar, and `any`, compile
    /// to loops over the lanes.
    @inline(__always)
    private static func isValid(_ block: Block, after before1: Block, _ before2: Block, _ before3: Block) -> Bool {
        let isContinuation = block & Block(repeating: 0xC0) .== Block(repeating: 0x80)
        // A lead byte reaches one (C2–DF), two (E0–EF) or three (F0–F4) bytes further.
        let mustContinue = before1 .>= Block(repeating: 0xC0) .| before2 .>= Block(repeating: 0xE0)
            .| before3 .>= Block(repeating: 0xF0)
        var problems = isContinuation .^ mustContinue
        problems .|= block .== Block(repeating: 0xC0) .| block .== Block(repeating: 0xC1)
            .| block .>= Block(repeating: 0xF5)
        // Overlong three-byte form, encoded surrogate, overlong four-byte form, above U+10FFFF.
        problems .|= before1 .== Block(repeating: 0xE0) .& block .< Block(repeating: 0xA0)
        problems .|= before1 .== Block(repeating: 0xED) .& block .> Block(repeating: 0x9F)
        problems .|= before1 .== Block(repeating: 0xF0) .& block .< Block(repeating: 0x90)
        problems .|= before1 .== Block(repeating: 0xF4) .& block .> Block(repeating: 0x8F)
        let lanes = unsafeBitCast(problems, to: SIMD2<UInt64>.self)
        return lanes[0] | lanes[1] == 0
    }

    /// Whether the bytes before `index` (which is at least 3) end with a lead byte whose
    /// sequence reaches `index` or beyond.
    @inline(__always)
    private static func endsInsideSequence(_ bytes: UnsafeBufferPointer<UInt8>, before index: Int) -> Bool {
        bytes[index - 1] >= 0xC0 || bytes[index - 2] >= 0xE0 || bytes[index - 3] >= 0xF0
    }
}
