/// Writes an integer's decimal digits into a byte buffer, as `String(value)` spells them
/// (`-` then digits, no grouping), for renderers that assemble their output in place.
enum DecimalDigits {
    /// The longest text: `-` and the 20 digits of 2^64 - 1.
    static let maximumLength = 21

    /// Writes `number` at `destination` and returns how many bytes it took, or `nil` (nothing
    /// written) when it needs more than `capacity`.
    static func write(_ number: (negative: Bool, magnitude: UInt64), to destination: UnsafeMutablePointer<UInt8>,
                      capacity: Int) -> Int? {
        // Digits come out last first: they go right-aligned into 24 bytes of stack scratch
        // (a tuple: no allocation), then forward into the destination.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        return withUnsafeMutableBytes(of: &digits) { scratch -> Int? in
            var value = number.magnitude
            var count = 0
            repeat {
                // `count` stays below 20: a UInt64 has at most 20 digits.
                scratch[19 - count] = UInt8(truncatingIfNeeded: value % 10) &+ UInt8(ascii: "0")
                value /= 10
                count += 1
            } while value != 0
            let sign = number.negative ? 1 : 0
            guard count + sign <= capacity else { return nil }
            if number.negative { destination.pointee = UInt8(ascii: "-") }
            for index in 0..<count { destination[sign + index] = scratch[20 - count + index] }
            return count + sign
        }
    }
}
