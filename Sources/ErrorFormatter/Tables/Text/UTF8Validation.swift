/// Strict UTF-8 validation, as CoreFoundation applies it before the old-style parser runs.
///
/// CF converts the whole file to a CFString first, so one bad byte anywhere rejects the file
/// ("Conversion of string failed."), even inside a comment. Overlong forms, encoded surrogates
/// and values above U+10FFFF are invalid; a stray 0xA9 is CF's one exception (see below).
/// Valid text is checked sixteen bytes at a time (`UTF8BlockValidation`); from the first
/// problem on, sequence by sequence, ASCII runs a word at a time.
package enum UTF8Validation {
    /// Whether `bytes` is strictly valid UTF-8, CF's tolerated stray byte counting as invalid:
    /// what `String(validatingCString:)` accepts, without making a string. The C layer checks a
    /// caller's text this way where it only needs to know, not to read it (a memoized answer).
    package static func isStrictlyValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Most texts a caller passes are ASCII, found so a word at a time; the rest is valid
        // exactly when what follows the ASCII prefix is (its first byte starts a sequence).
        let ascii = asciiPrefixLength(of: bytes)
        guard ascii < bytes.count else { return true }
        var sawStrayByte = false
        return firstInvalidOffset(in: UnsafeBufferPointer(rebasing: bytes[ascii...]), sawStrayByte: &sawStrayByte) == nil
            && !sawStrayByte
    }

    /// How many bytes `bytes` starts with that are ASCII (below 0x80), a word at a time. Text
    /// split there is valid when its rest is: the first byte past the prefix starts a sequence.
    package static func asciiPrefixLength(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let count = bytes.count
        var index = 0
        while count - index >= 8 {
            let high = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                & 0x8080_8080_8080_8080
            if high != 0 { return index + high.trailingZeroBitCount >> 3 }
            index += 8
        }
        // The last bytes of a text of eight or more: one word that ends where the text ends.
        if index < count, count >= 8,
           UInt64(littleEndian: UnsafeRawPointer(base + count - 8).loadUnaligned(as: UInt64.self))
               & 0x8080_8080_8080_8080 == 0 {
            return count
        }
        while index < count, bytes[index] < 0x80 {
            index += 1
        }
        return index
    }

    /// The offset of the first byte that does not begin a valid UTF-8 sequence, or `nil` when
    /// `bytes` is entirely valid.
    ///
    /// - Complexity: O(n).
    static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var sawStrayByte = false
        return firstInvalidOffset(in: bytes, sawStrayByte: &sawStrayByte)
    }

    /// `firstInvalidOffset(in:)`, also telling whether CF's tolerated stray byte occurs (the text
    /// is then acceptable to CF but not strictly valid UTF-8).
    static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>, sawStrayByte: inout Bool) -> Int? {
        let count = bytes.count
        guard let base = bytes.baseAddress else { return nil }
        var index = 0
        // Once past the first few bytes, sixteen bytes at a time as far as the text is valid,
        // then on sequence by sequence: to the end, or for the exact offset of a problem (and
        // CF's stray byte). Short texts (a caller's argument) only go sequence by sequence.
        var blocksTried = count < 64
        while index < count {
            if !blocksTried, index >= 3 {
                blocksTried = true
                index = UTF8BlockValidation.validPrefixEnd(of: bytes, from: index)
                continue
            }
            // ASCII fast path: a word at a time; long runs 32 bytes at a time.
            if count - index >= 8 {
                let high = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                    & 0x8080_8080_8080_8080
                if high == 0 {
                    index = asciiBlocksEnd(in: UnsafeRawPointer(base), from: index + 8, count: count)
                    continue
                }
                // Skip the ASCII bytes before the first non-ASCII one (which is in this word,
                // so `index` stays below `count`): mixed text then costs no byte-wise steps.
                index += high.trailingZeroBitCount >> 3
            }
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            // Two-byte sequences (Latin, Greek, Cyrillic, Hebrew, Arabic) inline.
            if lead >= 0xC2, lead <= 0xDF, index + 1 < count, bytes[index + 1] & 0xC0 == 0x80 {
                index += 2
                continue
            }
            // Three-byte sequences without the E0/ED special cases (most of the BMP, CJK).
            if lead >= 0xE1, lead <= 0xEF, lead != 0xED, index + 2 < count,
               bytes[index + 1] & 0xC0 == 0x80, bytes[index + 2] & 0xC0 == 0x80 {
                index += 3
                continue
            }
            let length = sequenceLength(in: bytes, at: index)
            if length == 0 {
                // CF's decoder quirk (verified): a stray 0xA9, and no other stray byte, is
                // accepted and read as U+FFFD, as Swift's repairing decoder also reads it.
                if lead == 0xA9 {
                    sawStrayByte = true
                    index += 1
                    continue
                }
                return index
            }
            index += length
        }
        return nil
    }

    /// Where the run of whole 32-byte blocks of ASCII starting at `index` ends: `index` plus
    /// a multiple of 32, with fewer than 32 bytes or a non-ASCII byte in the next 32.
    @inline(__always)
    static func asciiBlocksEnd(in base: UnsafeRawPointer, from index: Int, count: Int) -> Int {
        var index = index
        while count - index >= 32 {
            let block = base + index
            let any = block.loadUnaligned(as: UInt64.self) | block.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                | block.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
                | block.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
            if any & 0x8080_8080_8080_8080 != 0 { break }
            index += 32
        }
        return index
    }

    /// The length of the valid UTF-8 sequence starting at `index`, or 0 if it is invalid.
    static func sequenceLength(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let count = bytes.count
        guard index < count else { return 0 }
        let lead = bytes[index]
        func continuation(_ offset: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            let position = index + offset
            guard position < count else { return false }
            let byte = bytes[position]
            return byte >= low && byte <= high
        }
        switch lead {
        case 0x00...0x7F:
            return 1
        case 0xC2...0xDF:
            return continuation(1) ? 2 : 0
        case 0xE0:
            return continuation(1, 0xA0) && continuation(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF:
            return continuation(1) && continuation(2) ? 3 : 0
        case 0xED:  // U+D000...U+D7FF; ED A0...ED BF would encode surrogates
            return continuation(1, 0x80, 0x9F) && continuation(2) ? 3 : 0
        case 0xF0:
            return continuation(1, 0x90) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3:
            return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4:
            return continuation(1, 0x80, 0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default:
            return 0
        }
    }
}
