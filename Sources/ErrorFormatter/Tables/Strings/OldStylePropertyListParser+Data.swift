/// `<0fbd 7e>` data values (`parsePlistData` / `getDataBytes`).
///
/// CF reads data one UTF-16 unit at a time and truncates each unit to its low byte before
/// testing for a hex digit (`fromHexDigit((unsigned char)ch)`), so e.g. U+0130 counts as `0`.
/// To reproduce that, this walks UTF-16 units: `inLowHalf` marks the second unit of a
/// supplementary character, which has no byte offset of its own in UTF-8.
extension OldStylePropertyListParser {
    /// Parses data after the `<`, up to and including the `>`.
    @inline(never)  // not recursive: keep its locals out of the recursive frames
    mutating func parseData(openedAt start: Int) -> PropertyListValue? {
        var bytes: [UInt8] = []
        var inLowHalf = false

        func currentUnit() -> UInt16 {
            let unit = utf16Unit(at: position)
            guard inLowHalf else { return unit }
            let value = scalar(at: position).value
            return UInt16(truncatingIfNeeded: 0xDC00 + ((value &- 0x10000) & 0x3FF))
        }
        func advance() {
            let (value, length) = scalar(at: position)
            if value > 0xFFFF && !inLowHalf {
                inLowHalf = true
            } else {
                inLowHalf = false
                position += max(length, 1)
            }
        }

        while position < count {
            let first = currentUnit()
            if first == UInt16(UInt8(ascii: ">")) { break }
            if let high = Self.hexDigitValue(UInt8(truncatingIfNeeded: first)) {
                advance()
                guard position < count,
                      let low = Self.hexDigitValue(UInt8(truncatingIfNeeded: currentUnit()))
                else {
                    fail(.malformedData(unevenLength: true), at: position,
                         message: "data ends with half a byte (an odd number of hex digits)")
                    return nil
                }
                bytes.append(high &<< 4 | low)
                advance()
            } else if first == 0x20 || first == 0x0A || first == 0x09 || first == 0x0D
                        || first == 0x2028 || first == 0x2029 {
                advance()
            } else {
                fail(.malformedData(unevenLength: false), at: position,
                     message: "\(describeCharacter(at: position)) is not a hex digit in data")
                return nil
            }
        }
        clearFailure()  // CF clears errors on this success path.
        guard position < count, !inLowHalf, text[position] == UInt8(ascii: ">") else {
            fail(.unterminatedData, at: position, message: "data opened with '<' is never closed with '>'")
            return nil
        }
        position += 1
        return .data(bytes)
    }
}
