#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Quoted and unquoted strings and the backslash escapes of `getSlashedChar`.
///
/// Each string is built once: straight from its byte range when it has no escape (the common
/// case), otherwise in a reused scratch buffer. `\U` escapes yield UTF-16 units, so a high
/// surrogate waits for a low one from the very next escape (`\UD83D\UDE00` is 😀); a surrogate
/// left alone cannot live in a Swift string and becomes U+FFFD with a warning.
extension OldStylePropertyListParser {
    /// `parseUnquotedPlistString`; the cursor is on a valid first character.
    @inline(never)
    mutating func parseUnquotedString() -> String {
        let start = position
        while position < count, Self.isUnquotedStringByte(text[position]) {
            position += 1
        }
        return string(from: start, to: position, isASCII: true)  // unquoted strings are ASCII
    }

    /// `parseQuotedPlistString`; the cursor is just after the opening `quote`.
    ///
    /// On an unterminated string the cursor goes back to just after the opening quote, as in CF
    /// (it matters: a nested dictionary then looks for its `}` there).
    @inline(never)  // not recursive: keep its locals out of the recursive frames
    mutating func parseQuotedString(quote: UInt8, isKey: Bool = false) -> String? {
        let contentStart = position
        var segmentStart = position
        var hasEscapes = false
        var seen: UInt64 = 0  // every byte scanned, OR-ed: tells whether the string is ASCII
        while position < count {
            position = ByteScanning.firstIndex(
                in: text, from: position, to: count, of: quote, UInt8(ascii: "\\"), quote, accumulatingInto: &seen)
            guard position < count else { break }
            if text[position] == quote { break }
            if !hasEscapes {
                hasEscapes = true
                scratch.removeAll(keepingCapacity: true)
                pendingHighSurrogate = nil
            }
            appendSegment(from: segmentStart, to: position)
            let backslash = position
            position += 1
            guard position < count else {
                fail(.unterminatedEscape, at: position, reportedAt: backslash,
                     message: "the file ends right after a backslash inside a quoted string")
                return nil
            }
            if let unit = parseEscape(backslashAt: backslash) {
                appendUnit(unit, escapeAt: backslash)
            }
            segmentStart = position
        }
        guard position < count else {
            position = contentStart
            fail(.unterminatedString, at: contentStart, reportedAt: contentStart - 1,
                 message: "quoted string is never closed (no matching \(quote == UInt8(ascii: "'") ? "'" : "\""))")
            return nil
        }
        let string: String
        if hasEscapes {
            appendSegment(from: segmentStart, to: position)
            flushPendingSurrogate()
            string = stringFromScratch()
        } else if isKey, keySource != nil {
            string = keyString(from: contentStart, to: position, isASCII: seen & 0x8080_8080_8080_8080 == 0)
        } else {
            string = self.string(from: contentStart, to: position, isASCII: seen & 0x8080_8080_8080_8080 == 0)
        }
        position += 1
        clearFailure()  // CF clears errors on this success path.
        return string
    }

    /// The string of the text's bytes `start..<end`, both next to an ASCII delimiter (the
    /// callers' quotes and unquoted-string bytes), hence on scalar boundaries.
    @inline(__always)
    private func string(from start: Int, to end: Int, isASCII: Bool) -> String {
        let bytes = UnsafeBufferPointer(rebasing: text[start..<end])
        // Validated text needs no second validation; text with CF's tolerated stray byte does
        // (the repairing decoder turns that byte into U+FFFD, as CF reads it).
        return isStrictlyValidUTF8
            ? KnownValidUTF8.string(bytes, isASCII: isASCII) : String(decoding: bytes, as: UTF8.self)
    }

    /// A key's string: the key source's own when it holds the same bytes (a reference, where
    /// a new string would be an allocation and a copy), else a new one. Keys of up to 15
    /// bytes are stored inline in the string and cost less to make than to look up.
    ///
    /// The localizations of a table mostly list the same keys in the same order, so the key
    /// after the last one found is compared first (the source's keys and their storage are then
    /// read in order); only when it differs is the key looked up by hash. The hash of a shared
    /// key is kept in `sharedKeyHash` for the key's own table.
    private mutating func keyString(from start: Int, to end: Int, isASCII: Bool) -> String {
        if end - start > 15, let secrets = keySecrets {
            let bytes = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: text[start..<end]))
            let hash = PropertyListKeyIndex.hash(ofBytes: bytes, secrets: secrets)
            let next = keySourceCursor
            if next < keySourceKeys.count, Self.utf8(of: keySourceKeys[next], equals: bytes) {
                sharedKeyHash = hash
                keySourceCursor = next + 1
                return keySourceKeys[next].string
            }
            if let entry = keySource?.keyIndex(forKeyBytes: bytes, hash: hash), entry < keySourceKeys.count {
                sharedKeyHash = hash
                keySourceCursor = entry + 1
                return keySourceKeys[entry].string
            }
        }
        return string(from: start, to: end, isASCII: isASCII)
    }

    /// Whether `key`'s UTF-8 is `bytes`.
    @inline(__always)
    private static func utf8(of key: TableKey, equals bytes: UnsafeRawBufferPointer) -> Bool {
        let utf8 = key.string.utf8
        guard utf8.count == bytes.count else { return false }
        return utf8.withContiguousStorageIfAvailable { stored in
            guard let a = stored.baseAddress, let b = bytes.baseAddress else { return stored.isEmpty }
            return memcmp(a, b, stored.count) == 0
        } ?? utf8.elementsEqual(bytes)
    }

    /// The string of a quoted string with escapes, assembled in `scratch`.
    ///
    /// Its pieces are text cut next to ASCII delimiters (a backslash, the character after an
    /// escape) and the UTF-8 of whole scalars from escapes (a lone surrogate is U+FFFD by then),
    /// so it is valid UTF-8 whenever the text is: no second validation. Text with CF's
    /// tolerated stray byte goes through the repairing decoder, as in `string(from:to:isASCII:)`.
    private func stringFromScratch() -> String {
        guard isStrictlyValidUTF8 else { return String(decoding: scratch, as: UTF8.self) }
        return scratch.withUnsafeBufferPointer { KnownValidUTF8.string($0) }
    }

    /// `getSlashedChar`, with the cursor after the backslash (and not at the end).
    ///
    /// Returns the UTF-16 unit to append, or `nil` when the escaped character is non-ASCII and
    /// stays in the text as is (the backslash alone is dropped; this keeps a supplementary
    /// character whole, which is what CF's unit-by-unit copy amounts to).
    private mutating func parseEscape(backslashAt backslash: Int) -> UInt16? {
        let byte = text[position]
        guard byte < 0x80 else { return nil }
        position += 1
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            // Up to three octal digits; the value is kept in 8 bits (CF's uint8_t wraps).
            var value = byte &- UInt8(ascii: "0")
            var digits = 1
            while digits < 3, position < count {
                let digit = text[position]
                guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "7") else { break }
                value = value &<< 3 &+ (digit &- UInt8(ascii: "0"))
                position += 1
                digits += 1
            }
            return NeXTSTEPLatin.unit(for: value)
        case UInt8(ascii: "U"):
            // Zero to four hex digits make ONE UTF-16 unit; no digits gives U+0000.
            var value: UInt16 = 0
            var digits = 0
            while digits < 4, position < count, let digit = Self.hexDigitValue(text[position]) {
                value = value &<< 4 | UInt16(digit)
                position += 1
                digits += 1
            }
            return value
        case UInt8(ascii: "a"): return 0x07
        case UInt8(ascii: "b"): return 0x08
        case UInt8(ascii: "f"): return 0x0C
        case UInt8(ascii: "n"): return 0x0A
        case UInt8(ascii: "r"): return 0x0D
        case UInt8(ascii: "t"): return 0x09
        case UInt8(ascii: "v"): return 0x0B
        case UInt8(ascii: "u"):
            reportLowercaseUEscape(backslashAt: backslash)
            return UInt16(byte)
        default:
            // `\"`, `\\`, `\'`, backslash-newline and every unknown escape: the character itself.
            return UInt16(byte)
        }
    }

    /// `\u` is not an escape in CF (`\u00e9` gives `u00e9`); translators usually meant `\U`.
    private mutating func reportLowercaseUEscape(backslashAt backslash: Int) {
        var digits = 0
        while digits < 4, position + digits < count, Self.hexDigitValue(text[position + digits]) != nil {
            digits += 1
        }
        let spelled = String(decoding: UnsafeBufferPointer(rebasing: text[position..<(position + digits)]), as: UTF8.self)
        let hint = digits == 4 ? "; write \\U\(spelled) for U+\(spelled.uppercased())" : ""
        diagnostics.append(OffsetDiagnostic(
            severity: .warning, code: "lowercase-u-escape",
            message: "'\\u\(spelled)' is not an escape: CoreFoundation drops the backslash and keeps 'u\(spelled)'\(hint)",
            offset: backslash))
    }

    /// The value of an ASCII hex digit.
    @inline(__always)
    static func hexDigitValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte &- UInt8(ascii: "A") &+ 10
        default: nil
        }
    }

    /// Copies raw text into the scratch buffer (ending any pending surrogate first).
    private mutating func appendSegment(from start: Int, to end: Int) {
        guard start < end else { return }
        flushPendingSurrogate()
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<end]))
    }

    /// Appends one UTF-16 unit from an escape, pairing surrogates from adjacent escapes.
    private mutating func appendUnit(_ unit: UInt16, escapeAt offset: Int) {
        if let pending = pendingHighSurrogate {
            if unit & 0xFC00 == 0xDC00 {
                pendingHighSurrogate = nil
                let scalar = 0x10000 + (UInt32(pending.unit) - 0xD800) << 10 + (UInt32(unit) - 0xDC00)
                UTF8Encoding.append(scalar, to: &scratch)
                return
            }
            flushPendingSurrogate()
        }
        switch unit & 0xFC00 {
        case 0xD800:
            pendingHighSurrogate = (unit, offset)
        case 0xDC00:
            replaceLoneSurrogate(unit, at: offset)
        default:
            UTF8Encoding.append(UInt32(unit), to: &scratch)
        }
    }

    /// A high surrogate not followed by a low one is alone after all.
    private mutating func flushPendingSurrogate() {
        guard let pending = pendingHighSurrogate else { return }
        pendingHighSurrogate = nil
        replaceLoneSurrogate(pending.unit, at: pending.offset)
    }

    private mutating func replaceLoneSurrogate(_ unit: UInt16, at offset: Int) {
        UTF8Encoding.append(0xFFFD, to: &scratch)
        diagnostics.append(Self.loneSurrogateDiagnostic(unit, at: offset))
    }

    /// The warning for a lone surrogate (from an escape, or raw in UTF-16 input).
    static func loneSurrogateDiagnostic(_ unit: UInt16, at offset: Int) -> OffsetDiagnostic {
        let hex = String(unit, radix: 16, uppercase: true)
        return OffsetDiagnostic(
            severity: .warning, code: "lone-surrogate",
            message: "lone UTF-16 surrogate U+\(hex) (half of a pair) is replaced by U+FFFD; CoreFoundation keeps the invalid unit",
            offset: offset)
    }
}
