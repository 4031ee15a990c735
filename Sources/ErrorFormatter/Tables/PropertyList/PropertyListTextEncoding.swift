/// The text encodings CoreFoundation recognises in a textual property list, and how it picks one.
///
/// This mirrors `encodingForXMLData` in CFPropertyList.c, quirks included: the length tests are
/// strict (`> 4`, `> 3`, `> 2`), so a file that is only a BOM is not recognised as one, and any
/// file whose first or second byte is 0 is taken for BOM-less UTF-16 in host byte order (little
/// endian on every platform we build for) and loses its first code unit.
enum PropertyListTextEncoding: Sendable, Equatable {
    case utf8
    case utf16LittleEndian
    case utf16BigEndian
    case utf32LittleEndian
    case utf32BigEndian

    /// What the sniffing decided: the encoding, and how many leading bytes CF skips.
    struct Detection: Sendable, Equatable {
        var encoding: PropertyListTextEncoding
        var skippedBytes: Int
        /// True when CF guessed UTF-16 from a zero byte (no BOM) and dropped the first unit.
        var isBOMLessUTF16: Bool
    }

    /// CF's choice for `bytes` (not `bplist00`; binary plists are recognised before this).
    static func detect(_ bytes: UnsafeBufferPointer<UInt8>) -> Detection {
        let count = bytes.count
        func starts(with prefix: [UInt8]) -> Bool {
            guard count >= prefix.count else { return false }
            for (index, byte) in prefix.enumerated() where bytes[index] != byte { return false }
            return true
        }
        if count > 4 && starts(with: [0x00, 0x00, 0xFE, 0xFF]) {
            return Detection(encoding: .utf32BigEndian, skippedBytes: 4, isBOMLessUTF16: false)
        }
        if count > 4 && starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
            return Detection(encoding: .utf32LittleEndian, skippedBytes: 4, isBOMLessUTF16: false)
        }
        if count > 3 && starts(with: [0xEF, 0xBB, 0xBF]) {
            return Detection(encoding: .utf8, skippedBytes: 3, isBOMLessUTF16: false)
        }
        if count > 2 {
            if starts(with: [0xFF, 0xFE]) {
                return Detection(encoding: .utf16LittleEndian, skippedBytes: 2, isBOMLessUTF16: false)
            }
            if starts(with: [0xFE, 0xFF]) {
                return Detection(encoding: .utf16BigEndian, skippedBytes: 2, isBOMLessUTF16: false)
            }
            if bytes[0] == 0 || bytes[1] == 0 {
                return Detection(encoding: .utf16LittleEndian, skippedBytes: 2, isBOMLessUTF16: true)
            }
        }
        return Detection(encoding: .utf8, skippedBytes: 0, isBOMLessUTF16: false)
    }
}

/// Conversion of UTF-16 and UTF-32 property lists to the UTF-8 text the parsers work on.
///
/// CF keeps UTF-16 text as UTF-16 and would carry a lone surrogate into a value; Swift strings
/// cannot hold one, so each becomes U+FFFD and is reported (with the unit, for CF's messages).
struct TranscodedText {
    var utf8: [UInt8]
    /// UTF-8 offsets of the U+FFFD that replaced a lone surrogate, with the original unit.
    var replacedSurrogates: [(offset: Int, unit: UInt16)]

    /// Decodes `bytes` (BOM already skipped), or returns `nil` where CF's conversion fails (a
    /// UTF-32 value that is not a Unicode scalar, or no whole UTF-32 unit). Trailing bytes
    /// short of a whole code unit are otherwise ignored, as CF does.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, as encoding: PropertyListTextEncoding) -> TranscodedText? {
        var result = TranscodedText(utf8: [], replacedSurrogates: [])
        switch encoding {
        case .utf8:
            result.utf8.append(contentsOf: bytes)
        case .utf16LittleEndian, .utf16BigEndian:
            // CF ignores a trailing odd byte.
            result.decodeUTF16(bytes, bigEndian: encoding == .utf16BigEndian)
        case .utf32LittleEndian, .utf32BigEndian:
            // A partial trailing unit is ignored, but with no whole unit at all CF's
            // conversion fails (UTF-16 instead yields an empty string).
            guard bytes.count >= 4 else { return nil }
            let bigEndian = encoding == .utf32BigEndian
            result.utf8.reserveCapacity(bytes.count)
            var index = 0
            while index + 3 < bytes.count {
                let b0 = UInt32(bytes[index]), b1 = UInt32(bytes[index + 1])
                let b2 = UInt32(bytes[index + 2]), b3 = UInt32(bytes[index + 3])
                let value = bigEndian ? b0 << 24 | b1 << 16 | b2 << 8 | b3 : b3 << 24 | b2 << 16 | b1 << 8 | b0
                guard value <= 0x10FFFF, value & 0xFFFF_F800 != 0xD800 else { return nil }
                result.appendScalar(value)
                index += 4
            }
        }
        return result
    }

    /// Converts UTF-16 to UTF-8 in one pre-sized buffer (UTF-16 tables are common and large).
    ///
    /// Each unit yields at most 3 UTF-8 bytes (a surrogate pair 4 for 2 units), so writing at
    /// `written` never passes the `3 * units` capacity: `written` ≤ 3 × `index` throughout.
    /// Eight units are read at a time; their ASCII prefix is stored as eight packed bytes at
    /// once (the bytes past the prefix are overwritten next), so text that mixes a few
    /// non-ASCII letters into ASCII markup (most translations) stays on the word path.
    private mutating func decodeUTF16(_ bytes: UnsafeBufferPointer<UInt8>, bigEndian: Bool) {
        let units = bytes.count / 2
        var replaced: [(offset: Int, unit: UInt16)] = []
        guard units > 0, let input = bytes.baseAddress else {
            utf8 = []
            replacedSurrogates = []
            return
        }
        let raw = UnsafeRawPointer(input)
        utf8 = [UInt8](unsafeUninitializedCapacity: units * 3) { output, initialized in
            guard let out = output.baseAddress else {
                initialized = 0
                return
            }
            /// The unit at `index` (< `units`).
            func unit(_ index: Int) -> UInt16 {
                let value = raw.loadUnaligned(fromByteOffset: 2 &* index, as: UInt16.self)
                return bigEndian ? UInt16(bigEndian: value) : UInt16(littleEndian: value)
            }
            /// Four units starting at byte `offset`, as a little-endian word of 16-bit lanes.
            func word(at offset: Int) -> UInt64 {
                let value = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                return bigEndian ? Self.swapLanes(value) : value
            }
            var written = 0
            var index = 0
            while index < units {
                if units &- index >= 8 {
                    let low = word(at: 2 &* index), high = word(at: 2 &* index &+ 8)
                    let lowMarks = low & 0xFF80_FF80_FF80_FF80, highMarks = high & 0xFF80_FF80_FF80_FF80
                    // In bounds: `written + 8` ≤ 3 × `index` + 8 ≤ 3 × `units` (8 units remain).
                    let packed = Self.packASCII(low) | Self.packASCII(high) << 32
                    UnsafeMutableRawPointer(out + written).storeBytes(of: UInt64(littleEndian: packed), as: UInt64.self)
                    let ascii = lowMarks != 0 ? lowMarks.trailingZeroBitCount >> 4
                        : highMarks != 0 ? 4 &+ highMarks.trailingZeroBitCount >> 4 : 8
                    written &+= ascii
                    index &+= ascii
                    if ascii == 8 { continue }
                }
                // The unit at `index` is not ASCII (or fewer than 8 remain): convert one by one
                // while the run of non-ASCII units lasts (a word of Cyrillic or CJK), then go
                // back to reading words.
                repeat {
                    let current = unit(index)
                    index &+= 1
                    var scalar = UInt32(current)
                    if current < 0x80 {
                        out[written] = UInt8(truncatingIfNeeded: current)
                        written &+= 1
                        continue
                    }
                    if current & 0xFC00 == 0xD800, index < units, unit(index) & 0xFC00 == 0xDC00 {
                        scalar = 0x10000 &+ ((UInt32(current) &- 0xD800) << 10) &+ (UInt32(unit(index)) &- 0xDC00)
                        index &+= 1
                    } else if current & 0xF800 == 0xD800 {
                        replaced.append((written, current))
                        scalar = 0xFFFD
                    }
                    switch scalar {
                    case 0..<0x800:
                        out[written] = UInt8(truncatingIfNeeded: 0xC0 | scalar >> 6)
                        out[written &+ 1] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
                        written &+= 2
                    case 0x800..<0x10000:
                        out[written] = UInt8(truncatingIfNeeded: 0xE0 | scalar >> 12)
                        out[written &+ 1] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F)
                        out[written &+ 2] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
                        written &+= 3
                    default:
                        out[written] = UInt8(truncatingIfNeeded: 0xF0 | scalar >> 18)
                        out[written &+ 1] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 12 & 0x3F)
                        out[written &+ 2] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F)
                        out[written &+ 3] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
                        written &+= 4
                    }
                } while index < units && (units &- index < 8 || unit(index) >= 0x80)
            }
            initialized = written
        }
        replacedSurrogates = replaced
    }

    /// Four ASCII UTF-16 units (a little-endian word of 16-bit lanes) as four bytes in the low
    /// half: each lane's low byte, moved down in two shifts. A byte comes out right when its
    /// unit and the one before are ASCII, which is all the caller keeps (an ASCII prefix).
    @inline(__always)
    private static func packASCII(_ word: UInt64) -> UInt64 {
        let pairs = (word | word >> 8) & 0x0000_FFFF_0000_FFFF
        return (pairs | pairs >> 16) & 0xFFFF_FFFF
    }

    /// Big-endian units read as a little-endian word: the two bytes of each 16-bit lane swapped.
    @inline(__always)
    private static func swapLanes(_ word: UInt64) -> UInt64 {
        (word & 0x00FF_00FF_00FF_00FF) << 8 | (word >> 8) & 0x00FF_00FF_00FF_00FF
    }

    /// Appends the UTF-8 form of a valid scalar value.
    mutating func appendScalar(_ scalar: UInt32) {
        UTF8Encoding.append(scalar, to: &utf8)
    }
}

/// Encoding one scalar value as UTF-8 (shared by the transcoder and the string builder).
enum UTF8Encoding {
    /// Appends `scalar` (assumed to be ≤ U+10FFFF and not a surrogate) as UTF-8.
    @inline(__always)
    static func append(_ scalar: UInt32, to bytes: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            bytes.append(UInt8(truncatingIfNeeded: scalar))
        case 0x80..<0x800:
            bytes.append(UInt8(truncatingIfNeeded: 0xC0 | scalar >> 6))
            bytes.append(UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            bytes.append(UInt8(truncatingIfNeeded: 0xE0 | scalar >> 12))
            bytes.append(UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F))
            bytes.append(UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F))
        default:
            bytes.append(UInt8(truncatingIfNeeded: 0xF0 | scalar >> 18))
            bytes.append(UInt8(truncatingIfNeeded: 0x80 | scalar >> 12 & 0x3F))
            bytes.append(UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F))
            bytes.append(UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F))
        }
    }
}
