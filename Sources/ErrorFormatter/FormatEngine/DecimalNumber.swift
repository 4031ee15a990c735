/// A non-negative number as decimal digits, rounded the way ICU rounds what it formats: the
/// digits of ``LocalizedNumberFormatter``.
///
/// The value is `0.d₁d₂…dₙ × 10^point`: `digits` holds d₁…dₙ (each 0–9) with neither leading
/// nor trailing zeros, so zero has no digits; `point` is how many digits stand before the
/// decimal point (negative for values below 0.1). The digit at index `i` has magnitude
/// `point - 1 - i` (its place value is 10 to that power).
struct DecimalNumber: Equatable {
    private(set) var digits: [UInt8]
    private(set) var point: Int

    /// An integer's exact digits.
    init(_ magnitude: UInt64) {
        var digits: [UInt8] = []
        var value = magnitude
        while value != 0 {
            digits.append(UInt8(truncatingIfNeeded: value % 10))
            value /= 10
        }
        self.digits = digits.reversed()
        point = self.digits.count
        stripTrailingZeros()
    }

    /// The shortest digits that read back as `magnitude` (finite, not negative): what ICU
    /// formats a double from, so that `0.1` shows as `0.10000000000000000` with 17 fraction digits
    /// where C's `printf` shows the binary value's `0.10000000000000001`.
    ///
    /// Swift's `description` of a double is that shortest round-trip text (the digits closest
    /// to the value among the shortest), as is ICU's: it is read back here.
    init(shortest magnitude: Double) {
        digits = []
        point = 0
        guard magnitude.isFinite, magnitude > 0 else { return }
        var exponent = 0
        var sawPoint = false
        var negativeExponent = false
        var inExponent = false
        for byte in magnitude.description.utf8 {
            switch byte {
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                inExponent = true
            case UInt8(ascii: "-") where inExponent:
                negativeExponent = true
            case UInt8(ascii: "+"):
                continue
            case UInt8(ascii: "."):
                sawPoint = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let digit = byte &- UInt8(ascii: "0")
                if inExponent {
                    // A double's decimal exponent has at most three digits.
                    exponent = min(exponent &* 10 &+ Int(digit), 10_000)
                } else {
                    if !sawPoint { point += 1 }
                    digits.append(digit)
                }
            default:
                continue
            }
        }
        point += negativeExponent ? -exponent : exponent
        stripLeadingZeros()
        stripTrailingZeros()
    }

    var isZero: Bool { digits.isEmpty }

    /// The digit of magnitude `magnitude` (0 outside the digits).
    func digit(atMagnitude magnitude: Int) -> UInt8 {
        let index = point - 1 - magnitude
        return digits.indices.contains(index) ? digits[index] : 0
    }

    /// Rounds half to even, keeping the digits of magnitude `magnitude` and above (`-2`: two
    /// fraction digits).
    mutating func round(toMagnitude magnitude: Int) {
        round(keeping: point - magnitude)
    }

    /// Rounds half to even to `count` significant digits.
    mutating func round(significantDigits count: Int) {
        guard !isZero else { return }
        round(keeping: count)
    }

    /// Rounds half to even, keeping the first `count` digits (none or fewer: the value is
    /// rounded at the magnitude just above its first digit).
    private mutating func round(keeping count: Int) {
        guard count < digits.count else { return }
        guard count >= 0 else {
            // Every digit is below half a unit of the place kept.
            digits = []
            return
        }
        let next = digits[count]
        let previousIsOdd = count > 0 && digits[count - 1] % 2 == 1
        let roundsUp = next > 5 || (next == 5 && (digits.count > count + 1 || previousIsOdd))
        digits.removeLast(digits.count - count)
        if roundsUp {
            var index = count - 1
            while index >= 0, digits[index] == 9 {
                digits[index] = 0
                index -= 1
            }
            if index >= 0 {
                digits[index] += 1
            } else {
                digits.insert(1, at: 0)
                point += 1
            }
        }
        stripTrailingZeros()
    }

    private mutating func stripLeadingZeros() {
        let zeros = digits.prefix { $0 == 0 }.count
        digits.removeFirst(zeros)
        point -= zeros
        if digits.isEmpty { point = 0 }
    }

    private mutating func stripTrailingZeros() {
        while digits.last == 0 { digits.removeLast() }
        if digits.isEmpty { point = 0 }
    }
}
