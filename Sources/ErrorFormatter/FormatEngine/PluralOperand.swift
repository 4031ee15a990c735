/// The number a plural rule is applied to, as the argument's value type shows it.
///
/// CLDR categories depend on the digits displayed, not only on the value: English `1` is `one`
/// but `1.0` is `other`. So the operand is, whenever possible, the decimal text the value type
/// renders (`%d` of 2^32 + 1 is `1`; `%.1f` of 1 is `1.0`).
enum PluralOperand: Sendable, Hashable {
    /// Plain decimal text: an optional `-`, digits, and optionally `.` and digits.
    case decimal(String)
    /// A value whose rendering is not plain decimal (`%e`, `%a`, infinities, NaN, exponent
    /// forms): ICU derives the operands from the double itself (shortest representation).
    case double(Double)

    /// `.decimal(text)` when `text` is plain decimal, else `.double(fallback)`.
    static func from(text: String, fallback: Double) -> PluralOperand {
        isPlainDecimal(text) ? .decimal(text) : .double(fallback)
    }

    static func isPlainDecimal(_ text: String) -> Bool {
        var digits = 0
        var sawPoint = false
        for (index, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "-") where index == 0: continue
            case UInt8(ascii: "."):
                guard !sawPoint, digits > 0 else { return false }
                sawPoint = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            default: return false
            }
        }
        return digits > 0 && text.utf8.last != UInt8(ascii: ".")
    }
}

extension FormatSpecifier {
    /// The plural operand of `argument` read through this specifier (a `.stringsdict` variable's
    /// `NSStringFormatValueTypeKey`), matching what the same specifier would print.
    ///
    /// - Throws: `wrong-argument-type` when the argument does not fit the specifier,
    ///   `plural-argument-not-a-number` for a string.
    func pluralOperand(of given: FormatArgument) throws(FormatFailure) -> PluralOperand {
        // Read as the specifier would print it: an exact integer for `f`, and the reverse.
        guard let argument = argumentKind.reading(given) else {
            throw FormatFailure(
                code: "wrong-argument-type",
                message: "value type '%\(conversion.rawValue)' cannot read \(given.kindDescription)"
                    + (argumentKind.decidesByKind(given) ? "" : " (\(given.description)) exactly"),
                offset: offset)
        }
        switch argument {
        case .string:
            throw FormatFailure(code: "plural-argument-not-a-number",
                                message: "a plural variable needs a number but the argument is a string",
                                offset: offset)
        case .int, .uint:
            return .decimal(integerOperandText(of: argument))
        case .double(let value):
            guard value.isFinite else { return .double(value) }
            // The digits only: a width would add spaces, a sign flag a '+'.
            var digitsOnly = self
            digitsOnly.width = nil
            switch conversion {
            case .fixed, .upperFixed:
                return .from(text: try digitsOnly.cFormat(flagsAllowed: Flags(rawValue: 0), conversion: "f", value: value), fallback: value)
            case .general, .upperGeneral:
                return .from(text: try digitsOnly.cFormat(flagsAllowed: .alternateForm, conversion: "g", value: value),
                             fallback: value)
            case .object:
                return .from(text: argument.description, fallback: value)
            default:
                return .double(value)
            }
        }
    }

    /// An integer argument as this specifier reads it, when its magnitude is below 10^14: then its
    /// decimal text (at most 15 characters, no fraction digits) is what ``pluralOperand(of:)``
    /// would give, and ICU's plain select of the exact double gives the same category as that
    /// text does. `nil` for anything else (the caller takes the general path).
    func smallIntegerOperand(of given: FormatArgument) -> Int64? {
        let limit: UInt64 = 100_000_000_000_000
        guard let argument = argumentKind.reading(given) else { return nil }
        let bits: UInt64
        switch argument {
        case .int(let value):
            if conversion == .object { return value.magnitude < limit ? value : nil }
            bits = UInt64(bitPattern: value)
        case .uint(let value):
            if conversion == .object { return value < limit ? Int64(truncatingIfNeeded: value) : nil }
            bits = value
        case .string, .double:
            return nil
        }
        if argumentKind == .signedInteger {
            let value = Self.signExtended(bits, from: integerBits)
            return value.magnitude < limit ? value : nil
        }
        let value = Self.zeroExtended(bits, from: integerBits)
        return value < limit ? Int64(truncatingIfNeeded: value) : nil
    }

    /// An integer argument as this specifier reads it: `%@` takes the value as is, integer
    /// conversions truncate to their length (signed for `%d %i`, unsigned otherwise).
    private func integerOperandText(of argument: FormatArgument) -> String {
        let bits: UInt64
        switch argument {
        case .int(let value):
            if conversion == .object { return String(value) }
            bits = UInt64(bitPattern: value)
        case .uint(let value):
            if conversion == .object { return String(value) }
            bits = value
        case .string, .double:
            return argument.description
        }
        if argumentKind == .signedInteger {
            return String(Self.signExtended(bits, from: integerBits))
        }
        return String(Self.zeroExtended(bits, from: integerBits))
    }
}
