/// How one specifier turns its (already type-checked) argument into text.
extension FormatSpecifier {
    /// The text of `argument` under this specifier.
    ///
    /// Integers follow C on LP64: the value is truncated to the width the length modifier names
    /// (32 bits without one) and read as signed for `%d %i`, unsigned for `%u %o %x %X`, so
    /// `%d` of 2^32 + 5 is `5` and `%u` of -1 is `4294967295`. Numbers are formatted in the C
    /// locale: `.` as decimal point, no grouping. A number of the other family is read as
    /// ``ArgumentKind/reading(_:)`` reads it (an exact integer for `%f`, and the reverse).
    func render(_ given: FormatArgument) throws(FormatFailure) -> String {
        guard let argument = argumentKind.reading(given) else { throw mismatch(given) }
        switch conversion {
        case .object:
            return pad(truncated(argument.description))
        case .string:
            guard case .string(let text) = argument else { throw mismatch(argument) }
            return pad(truncated(text))
        case .character:
            guard let bits = Self.integerBits(of: argument) else { throw mismatch(argument) }
            return pad(Self.character(code: UInt8(truncatingIfNeeded: bits)))
        case .signedDecimal, .signedInteger:
            guard let bits = Self.integerBits(of: argument) else { throw mismatch(argument) }
            let value = Self.signExtended(bits, from: integerBits)
            if isPlain { return String(value) }
            return try cFormat(flagsAllowed: .signedIntegerFlags,
                               conversion: "lld", value: value)
        case .unsignedDecimal, .octal, .hexadecimal, .upperHexadecimal:
            guard let bits = Self.integerBits(of: argument) else { throw mismatch(argument) }
            let value = Self.zeroExtended(bits, from: integerBits)
            if isPlain { return Self.plainText(of: value, conversion: conversion) }
            return try cFormat(flagsAllowed: .unsignedIntegerFlags,
                               conversion: "ll" + String(conversion.rawValue), value: value)
        case .fixed, .upperFixed, .exponent, .upperExponent, .general, .upperGeneral,
             .hexadecimalFloat, .upperHexadecimalFloat:
            guard case .double(let value) = argument else { throw mismatch(argument) }
            return try cFormat(flagsAllowed: .floatingPointFlags,
                               conversion: String(conversion.rawValue), value: value)
        }
    }

    /// The text of `argument` under this specifier with numbers in the locale of `numbers`
    /// (``LocalizedNumberFormatter``); `nil` `numbers`, or a conversion no locale changes, is
    /// ``render(_:)``.
    func render(_ given: FormatArgument, numbers: NumberSymbols?) throws(FormatFailure) -> String {
        guard let numbers, LocalizedNumberFormatter.localizes(conversion) else { return try render(given) }
        guard let argument = argumentKind.reading(given),
              let text = LocalizedNumberFormatter.render(self, argument, symbols: numbers)
        else {
            throw mismatch(given)
        }
        return text
    }

    /// The integer this specifier prints as bare decimal digits, as sign and magnitude: `%d %i
    /// %u` without flag, width or precision, and `%@` of an integer without width or
    /// precision. `nil` for anything else. What ``render(_:)`` prints for these is exactly the
    /// digits, so a caller may write them itself without making a `String`.
    func plainDecimal(of argument: FormatArgument) -> (negative: Bool, magnitude: UInt64)? {
        switch conversion {
        case .signedDecimal, .signedInteger:
            guard isPlain, let bits = Self.integerBits(of: argument) else { return nil }
            let value = Self.signExtended(bits, from: integerBits)
            return (value < 0, value.magnitude)
        case .unsignedDecimal:
            guard isPlain, let bits = Self.integerBits(of: argument) else { return nil }
            return (false, Self.zeroExtended(bits, from: integerBits))
        case .object:
            guard width == nil, precision == nil else { return nil }
            switch argument {
            case .int(let value): return (value < 0, value.magnitude)
            case .uint(let value): return (false, value)
            case .string, .double: return nil
            }
        default:
            return nil
        }
    }

    /// The string this specifier prints as it is: `%@` or `%s` of a string without width or
    /// precision (what ``render(_:)`` returns unchanged). `nil` for anything else.
    func plainText(of argument: FormatArgument) -> String? {
        guard conversion == .object || conversion == .string, width == nil, precision == nil,
              case .string(let text) = argument
        else { return nil }
        return text
    }

    /// No flag, width or precision: integers then print as Swift prints them, without the C
    /// library (the common `%d`/`%lld` case, several times faster).
    private var isPlain: Bool {
        width == nil && precision == nil && flags.subtracting(.thousandsGrouping).isEmpty
    }

    private static func plainText(of value: UInt64, conversion: Conversion) -> String {
        switch conversion {
        case .octal: String(value, radix: 8)
        case .hexadecimal: String(value, radix: 16)
        case .upperHexadecimal: String(value, radix: 16, uppercase: true)
        default: String(value)
        }
    }

    /// Bits kept by an integer conversion: the length modifier's, else C's `int` (32).
    var integerBits: Int { lengthModifier?.integerBits ?? 32 }

    private func mismatch(_ argument: FormatArgument) -> FormatFailure {
        FormatFailure(code: "wrong-argument-type",
                      message: "'%\(conversion.rawValue)' cannot format \(argument.kindDescription)", offset: offset)
    }

    static func integerBits(of argument: FormatArgument) -> UInt64? {
        switch argument {
        case .int(let value): UInt64(bitPattern: value)
        case .uint(let value): value
        case .string, .double: nil
        }
    }

    static func signExtended(_ bits: UInt64, from width: Int) -> Int64 {
        guard width < 64 else { return Int64(bitPattern: bits) }
        let shift = UInt64(64 - width)
        return Int64(bitPattern: bits << shift) >> Int64(shift)
    }

    static func zeroExtended(_ bits: UInt64, from width: Int) -> UInt64 {
        guard width < 64 else { return bits }
        return bits & ((1 << UInt64(width)) - 1)
    }

    /// C converts `%c`'s argument to `unsigned char`. Bytes below 0x80 are ASCII; the others are
    /// read as Latin-1 (a lone byte ≥ 0x80 is not UTF-8). NUL is omitted: the result crosses C
    /// strings, where it would end the text.
    private static func character(code: UInt8) -> String {
        guard code != 0 else { return "" }
        return String(Character(Unicode.Scalar(code)))
    }

    /// String precision: at most that many Unicode scalars (C counts bytes and may split a
    /// character; Apple counts UTF-16 units and may split a surrogate pair).
    private func truncated(_ text: String) -> String {
        guard let precision else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars.prefix(precision) { scalars.append(scalar) }
        return String(scalars)
    }

    /// Pads with spaces to the width, counted in Unicode scalars; `-` pads on the right.
    private func pad(_ text: String) -> String {
        guard let width else { return text }
        var count = 0
        for _ in text.unicodeScalars {
            count += 1
            if count >= width { return text }
        }
        // From bytes: building it a character at a time is slow at the 1024 width limit.
        let padding = String(decoding: [UInt8](repeating: 0x20, count: width - count), as: UTF8.self)
        return flags.contains(.leftJustify) ? text + padding : padding + text
    }

    /// Formats a number with C's printf from a format built here: only the flags C defines for
    /// the conversion, the bounded width and precision, and a conversion of the argument's C type.
    func cFormat(flagsAllowed: Flags, conversion suffix: String, value: any CVarArg) throws(FormatFailure)
        -> String
    {
        var format = "%"
        let kept = flags.intersection(flagsAllowed)
        if kept.contains(.leftJustify) { format += "-" }
        if kept.contains(.plusSign) { format += "+" }
        if kept.contains(.spaceSign) { format += " " }
        if kept.contains(.alternateForm) { format += "#" }
        if kept.contains(.zeroPad) { format += "0" }
        if let width { format += String(width) }
        if let precision { format += "." + String(precision) }
        format += suffix
        guard let text = CLocaleNumberFormatter.format(format, value) else {
            throw FormatFailure(code: "number-formatting-failed",
                                message: "the C library could not format the number", offset: offset)
        }
        return text
    }
}

extension FormatSpecifier.Flags {
    /// The flags C defines for each family of numeric conversions; others are dropped (C
    /// ignores them or leaves them undefined). Spelled with bits, not array literals, because
    /// these are used on every rendering.
    static let signedIntegerFlags = Self(rawValue: leftJustify.rawValue | plusSign.rawValue | spaceSign.rawValue
        | zeroPad.rawValue)
    static let unsignedIntegerFlags = Self(rawValue: leftJustify.rawValue | alternateForm.rawValue | zeroPad.rawValue)
    static let floatingPointFlags = Self(rawValue: signedIntegerFlags.rawValue | alternateForm.rawValue)
}
