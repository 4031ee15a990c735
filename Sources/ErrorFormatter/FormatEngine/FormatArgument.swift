/// One positional argument of an error, for the format specifiers of its strings.
///
/// Arguments are typed, so a translation's `%@`, `%lld` or `%f` can be checked against what was
/// actually passed: a string that asks for an argument of another type, or for one that was not
/// passed, is never rendered.
public enum FormatArgument: Sendable, Hashable, CustomStringConvertible {
    case string(String)
    case int(Int64)
    case uint(UInt64)
    case double(Double)

    /// Apple's `%@` text of the argument: a string as is, a number as `NSNumber.description`
    /// would print it (`42`, `-7`, `3.5`).
    public var description: String {
        switch self {
        case .string(let string): string
        case .int(let value): String(value)
        case .uint(let value): String(value)
        case .double(let value): Self.shortestDescription(of: value)
        }
    }

    /// `3.0` prints as `3`, like `NSNumber(value: 3.0).description`; other values use Swift's
    /// shortest round-tripping form.
    static func shortestDescription(of value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        if value == 0 { return value.sign == .minus ? "-0" : "0" }
        if value == value.rounded(.towardZero), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}

extension FormatArgument {
    /// The integer `value` holds exactly, as an argument: `.int`, or `.uint` above `Int64.max`;
    /// `nil` for a fraction, an infinity, a NaN or a value beyond both.
    static func exactInteger(_ value: Double) -> FormatArgument? {
        if let signed = Int64(exactly: value) { return .int(signed) }
        if let unsigned = UInt64(exactly: value) { return .uint(unsigned) }
        return nil
    }
}
