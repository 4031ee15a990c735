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
    /// `written` never passes the `3 * units` capacity.
    private mutating func decodeUTF16(_ bytes: UnsafeBufferPointer<UInt8>, bigEndian: Bool) {
        let units = bytes.count / 2
        var replaced: [(offset: Int, unit: UInt16)] = []
        utf8 = [UInt8](unsafeUninitializedCapacity: units * 3) { output, initialized in
            func unit(_ index: Int) -> UInt16 {
                let first = UInt16(bytes[2 * index]), second = UInt16(bytes[2 * index + 1])
                return bigEndian ? first << 8 | second : second << 8 | first
            }
            var written = 0
            var index = 0
            while index < units {
                // Eight ASCII units at a time (little-endian, the form real files use), packed
                // into one 8-byte store. In bounds: `written` ≤ 3 × `index` (no unit makes more
                // than 3 bytes) and 8 units remain, so `written + 8` ≤ 3 × `units`.
                if !bigEndian, units - index >= 8, let base = bytes.baseAddress, let out = output.baseAddress {
                    let raw = UnsafeRawPointer(base + 2 * index)
                    let low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
                    let high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
                    if (low | high) & 0xFF80_FF80_FF80_FF80 == 0 {
                        let packed = Self.packASCII(low) | Self.packASCII(high) << 32
                        UnsafeMutableRawPointer(out + written).storeBytes(of: UInt64(littleEndian: packed), as: UInt64.self)
                        written += 8
                        index += 8
                        continue
                    }
                }
                let current = unit(index)
                index += 1
                var scalar = UInt32(current)
                if current < 0x80 {
                    output[written] = UInt8(truncatingIfNeeded: current)
                    written += 1
                    continue
                }
                if current & 0xFC00 == 0xD800, index < units, unit(index) & 0xFC00 == 0xDC00 {
                    scalar = 0x10000 + ((UInt32(current) - 0xD800) << 10) + (UInt32(unit(index)) - 0xDC00)
                    index += 1
                } else if current & 0xF800 == 0xD800 {
                    replaced.append((written, current))
                    scalar = 0xFFFD
                }
                switch scalar {
                case 0..<0x800:
                    output[written] = UInt8(truncatingIfNeeded: 0xC0 | scalar >> 6)
                    output[written + 1] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
                    written += 2
                case 0x800..<0x10000:
                    output[written] = UInt8(truncatingIfNeeded: 0xE0 | scalar >> 12)
                    output[written + 1] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F)
                    output[written + 2] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
                    written += 3
                default:
                    output[written] = UInt8(truncatingIfNeeded: 0xF0 | scalar >> 18)
                    output[written + 1] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 12 & 0x3F)
                    output[written + 2] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F)
                    output[written + 3] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
                    written += 4
                }
            }
            initialized = written
        }
        replacedSurrogates = replaced
    }

    /// Four ASCII UTF-16LE units (a little-endian word) as four bytes in the low half.
    @inline(__always)
    private static func packASCII(_ word: UInt64) -> UInt64 {
        (word & 0xFF) | (word >> 8 & 0xFF00) | (word >> 16 & 0xFF_0000) | (word >> 24 & 0xFF00_0000)
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
