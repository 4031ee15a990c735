/// An integer written in decimal inside a packed run (an `n` argument, a request's code): an
/// optional `-`, then one or more ASCII digits, leading zeros allowed. A binding whose strings
/// are cheaper to make than bytes (Python) writes its integers this way.
enum PackedDecimal {
    /// What the digits say, or `nil` when they are not such a decimal.
    enum Value {
        /// From -2^63 to 2^63-1.
        case signed(Int64)
        /// From 2^63 to 2^64-1.
        case unsigned(UInt64)
        /// Further from zero than 64 bits reach.
        case outOfRange
    }

    static func read(_ digits: UnsafeRawBufferPointer) -> Value? {
        let negative = digits.first == UInt8(ascii: "-")
        let start = negative ? 1 : 0
        guard start < digits.count else { return nil }
        var magnitude: UInt64 = 0
        var overflowed = false
        for index in start..<digits.count {
            let digit = digits[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            // Past 64 bits the remaining bytes are still checked to be digits.
            if overflowed { continue }
            let (tenfold, over) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, carried) = tenfold.addingReportingOverflow(UInt64(digit))
            overflowed = over || carried
            magnitude = sum
        }
        if overflowed { return .outOfRange }
        if !negative {
            return magnitude <= UInt64(Int64.max) ? .signed(Int64(magnitude)) : .unsigned(magnitude)
        }
        // -2^63 is the one negative value whose magnitude is no Int64.
        let lowest = UInt64(Int64.max) + 1
        guard magnitude <= lowest else { return .outOfRange }
        return .signed(magnitude == lowest ? Int64.min : -Int64(magnitude))
    }

    /// The digits as a message quotes them: at most 40 (leading zeros make a long run).
    static func quoted(_ digits: UnsafeRawBufferPointer) -> String {
        String(decoding: digits.prefix(40), as: UTF8.self) + (digits.count > 40 ? "…" : "")
    }
}
