/// Writes one number in a locale exactly as Foundation's `String(format:locale:)` does: the
/// specifier's argument read as CoreFoundation reads it, laid out by the properties
/// CoreFoundation gives ICU's number formatter for that specifier, with ``NumberSymbols`` read
/// from ICU. No ICU formatter is opened per call: the layout is ICU's, done here.
///
/// What CoreFoundation asks of ICU, per specifier (docs/formatting.md lists the consequences):
/// - `%d %i %u` (any length): the value read as a signed integer of the length's width (32 bits
///   without one; `%u` too, so `%u` of 2^32 - 1 is `-1`), in the decimal pattern: grouped, no
///   fraction. A precision is a minimum number of digits, zero-padded (and grouped).
/// - `%f %F`: the decimal pattern with exactly `precision` (6) fraction digits.
/// - `%e %E`: `#E+00` with `precision + 1` significant digits (at most 999): a sign always on
///   the exponent, two exponent digits at least, no grouping.
/// - `%g %G`: `precision` (6; 0 is 1) significant digits, trailing zeros dropped; `@#…#E+00` when
///   the value is above 10^precision or below 10^-4 in magnitude, else `@#…#` with the locale's
///   grouping only when the precision has more digits than a group.
/// - `%a %A`: C's text, its decimal point replaced by the locale's.
/// - A width pads to that many code points (spaces before, or after with `-`; after the sign with
///   `0`, with `0` digits for integers and `%g` only, spaces otherwise). `+` shows a plus sign on
///   values not below zero; space and `#` do nothing.
/// - A double is rounded half to even from its shortest decimal digits, as ICU rounds.
enum LocalizedNumberFormatter {
    /// Whether `conversion` is written by this formatter in a localized rendering; the others
    /// (`%@ %s %c %x %X %o`) are written as without a locale.
    static func localizes(_ conversion: FormatSpecifier.Conversion) -> Bool {
        switch conversion {
        case .signedDecimal, .signedInteger, .unsignedDecimal, .fixed, .upperFixed, .exponent, .upperExponent,
             .general, .upperGeneral, .hexadecimalFloat, .upperHexadecimalFloat:
            true
        case .object, .string, .character, .octal, .hexadecimal, .upperHexadecimal:
            false
        }
    }

    /// The integer an integer conversion shows, as CoreFoundation reads it: the low bits of the
    /// argument, as many as the length modifier names (32 without one, and for `L`), sign-extended
    /// whatever the conversion.
    static func integerValue(of bits: UInt64, for specifier: FormatSpecifier) -> Int64 {
        let width = specifier.lengthModifier == .L ? 32 : specifier.integerBits
        return FormatSpecifier.signExtended(bits, from: width)
    }

    /// The flags that change nothing in an integer with neither width nor precision: `'`, space
    /// and `#` are ignored, `-` and `0` only act on a width.
    private static let ignoredWithoutWidth: FormatSpecifier.Flags = [
        .thousandsGrouping, .spaceSign, .alternateForm, .leftJustify, .zeroPad,
    ]

    /// Whether `specifier` writes an integer argument as bare grouped digits: `%d %i %u` with no
    /// flag, width or precision (what ``writePlainInteger(_:symbols:to:capacity:)`` writes).
    static func isPlainInteger(_ specifier: FormatSpecifier) -> Bool {
        switch specifier.conversion {
        case .signedDecimal, .signedInteger, .unsignedDecimal:
            specifier.width == nil && specifier.precision == nil
                && specifier.flags.subtracting(ignoredWithoutWidth).isEmpty
        default:
            false
        }
    }

    /// Writes `value` as a plain integer specifier shows it (the sign's affix, then the digits,
    /// grouped) at `destination`; the bytes written, or `nil` (nothing written) when they need more
    /// than `capacity`. The common `%d`, without making a `String`.
    static func writePlainInteger(
        _ value: Int64, symbols: NumberSymbols, to destination: UnsafeMutablePointer<UInt8>, capacity: Int
    ) -> Int? {
        if let layout = symbols.plainInteger { return layout.write(value, to: destination, capacity: capacity) }
        var output = NumberText(capacity: 64)
        appendInteger(value.magnitude, negative: value < 0, minimumDigits: 1, plus: false, symbols: symbols,
                      into: &output)
        guard output.bytes.count <= capacity else { return nil }
        output.bytes.withUnsafeBufferPointer { bytes in
            if let source = bytes.baseAddress { destination.update(from: source, count: bytes.count) }
        }
        return output.bytes.count
    }

    /// The text of `argument` under `specifier` in the locale of `symbols`; `nil` for a
    /// conversion this formatter does not write or an argument of another kind (the caller
    /// checked both).
    static func render(_ specifier: FormatSpecifier, _ argument: FormatArgument, symbols: NumberSymbols) -> String? {
        switch specifier.conversion {
        case .signedDecimal, .signedInteger, .unsignedDecimal:
            guard let bits = FormatSpecifier.integerBits(of: argument) else { return nil }
            return integerText(integerValue(of: bits, for: specifier), specifier: specifier, symbols: symbols)
        case .fixed, .upperFixed, .exponent, .upperExponent, .general, .upperGeneral:
            guard case .double(let value) = argument else { return nil }
            return doubleText(value, specifier: specifier, symbols: symbols)
        case .hexadecimalFloat, .upperHexadecimalFloat:
            guard case .double = argument, let text = try? specifier.render(argument) else { return nil }
            return replacingFirstPoint(in: text, with: symbols.decimalSeparator)
        case .object, .string, .character, .octal, .hexadecimal, .upperHexadecimal:
            return nil
        }
    }

    // MARK: - Layout

    /// Where padding goes (ICU's pad positions).
    private enum PadPosition {
        case beforePrefix, afterPrefix, afterSuffix
    }

    /// ICU refuses more integer or significant digits than this (a larger minimum of integer
    /// digits leaves the pattern's one; more significant digits are this many).
    private static let icuDigitLimit = 999

    /// Fraction digits up to which Foundation's ICU shows a double's every shortest digit, and the
    /// significant digits it shows beyond.
    private static let maximumFixedFractionDigitsAtFullPrecision = 15
    private static let fixedSignificantDigitsBeyondIt = 15

    /// CoreFoundation does not apply a number pattern longer than this (its `%g` patterns grow
    /// with the precision): the formatter keeps the locale's pattern.
    private static let patternLengthLimit = 1_024

    /// The padding and affixes of one specifier, as CoreFoundation sets them.
    private struct Frame {
        var formatWidth: Int
        var padPosition: PadPosition
        var padByte: UInt8
        /// The minimum integer digits (integers with a zero flag or a precision), else 1.
        var minimumIntegerDigits: Int
        var plus: Bool
        /// For an integer with a precision: the width CoreFoundation pads to with spaces, after
        /// ICU, counting UTF-16 units, and on which side.
        var outerWidth: Int?
        var outerOnRight: Bool
    }

    private static func frame(_ specifier: FormatSpecifier, isInteger: Bool, isGeneral: Bool, notNegative: Bool)
        -> Frame
    {
        let leftJustify = specifier.flags.contains(.leftJustify)
        let zeroFlag = specifier.flags.contains(.zeroPad) && !leftJustify
        // CoreFoundation reads a bare `.` as a precision for floating conversions only.
        let hasPrecision = specifier.precision != nil && !(isInteger && specifier.hasEmptyPrecision)
        let precision = hasPrecision ? specifier.precision ?? 0 : 0
        let width = specifier.width ?? 0
        let integerPrecision = isInteger && hasPrecision
        let formatWidth = integerPrecision ? precision : width
        let padsWithZeros = zeroFlag || integerPrecision
        let position: PadPosition = leftJustify ? .afterSuffix : padsWithZeros ? .afterPrefix : .beforePrefix
        var minimumIntegerDigits = 1
        if isInteger, padsWithZeros, formatWidth > 0, position != .beforePrefix, formatWidth <= icuDigitLimit {
            minimumIntegerDigits = formatWidth
        }
        return Frame(
            formatWidth: formatWidth, padPosition: integerPrecision ? .afterPrefix : position,
            padByte: padsWithZeros && isGeneral ? UInt8(ascii: "0") : UInt8(ascii: " "),
            minimumIntegerDigits: minimumIntegerDigits, plus: specifier.flags.contains(.plusSign) && notNegative,
            outerWidth: integerPrecision ? width : nil, outerOnRight: leftJustify)
    }

    private static func integerText(_ value: Int64, specifier: FormatSpecifier, symbols: NumberSymbols) -> String {
        let frame = frame(specifier, isInteger: true, isGeneral: false, notNegative: value >= 0)
        var body = NumberText(capacity: 32)
        appendGroupedDigits(DecimalNumber(value.magnitude), minimumDigits: frame.minimumIntegerDigits,
                            grouping: Grouping(symbols), symbols: symbols, into: &body)
        return assemble(body, negative: value < 0, usesLocalePattern: true, frame: frame, symbols: symbols)
    }

    private static func doubleText(_ value: Double, specifier: FormatSpecifier, symbols: NumberSymbols) -> String {
        let isGeneral = specifier.conversion == .general || specifier.conversion == .upperGeneral
        // CoreFoundation's `value < 0`: false for -0 and a negative NaN, which still show a minus.
        var frame = frame(specifier, isInteger: false, isGeneral: isGeneral, notNegative: !(value < 0))
        let precision = specifier.precision ?? 6
        let magnitude = value.magnitude
        // Which pattern CoreFoundation gives ICU: its own for `%e` and `%g` (no affixes), the
        // locale's for `%f`, and for a `%g` whose pattern would be too long to apply.
        var style: DoubleStyle
        switch specifier.conversion {
        case .exponent, .upperExponent:
            style = .scientific(significantDigits: min(precision + 1, icuDigitLimit))
        case .general, .upperGeneral:
            let significant = max(precision, 1)
            let scientific = magnitude > pow10(significant) || (magnitude < 0.0001 && magnitude != 0)
            let length = generalPatternLength(significant, scientific: scientific, symbols: symbols)
            if length <= patternLengthLimit {
                style = .general(significantDigits: significant, scientific: scientific)
                // `+` goes before the pattern, which must still fit.
                if length + 1 > patternLengthLimit { frame.plus = false }
            } else {
                style = .fixed(fractionDigits: significant)
            }
        default:
            style = .fixed(fractionDigits: precision)
        }
        var body = NumberText(capacity: 64)
        if value.isNaN {
            body.append(symbols.notANumber)
        } else if value.isInfinite {
            body.append(symbols.infinity)
        } else {
            switch style {
            case .fixed(let fractionDigits):
                appendFixed(magnitude, fractionDigits: fractionDigits, symbols: symbols, into: &body)
            case .scientific(let significant):
                var number = DecimalNumber(shortest: magnitude)
                number.round(significantDigits: significant)
                appendScientific(number, significantDigits: significant, fixed: true, symbols: symbols, into: &body)
            case .general(let significant, let scientific):
                var number = DecimalNumber(shortest: magnitude)
                number.round(significantDigits: min(significant, icuDigitLimit))
                if scientific {
                    appendScientific(number, significantDigits: 1, fixed: false, symbols: symbols, into: &body)
                } else {
                    appendDecimal(number, grouping: generalGrouping(significant, symbols: symbols), symbols: symbols,
                                  into: &body)
                }
            }
        }
        let usesLocalePattern = if case .fixed = style { true } else { false }
        return assemble(body, negative: value.sign == .minus, usesLocalePattern: usesLocalePattern, frame: frame,
                        symbols: symbols)
    }

    /// How a double is laid out.
    private enum DoubleStyle {
        /// The locale's pattern with exactly this many fraction digits.
        case fixed(fractionDigits: Int)
        /// `#E+00` with exactly this many significant digits.
        case scientific(significantDigits: Int)
        /// `@#…#` or `@#…#E+00`: at most this many significant digits.
        case general(significantDigits: Int, scientific: Bool)
    }

    /// The affixes around `body`, the padding ICU adds, then CoreFoundation's.
    private static func assemble(
        _ body: NumberText, negative: Bool, usesLocalePattern: Bool, frame: Frame, symbols: NumberSymbols
    ) -> String {
        var prefix = NumberText(capacity: 16), suffix = NumberText(capacity: 8)
        // CoreFoundation's own patterns (`#E+00`, `@###`) have no affixes: a minus sign before
        // negative numbers, nothing else.
        let positivePrefix = usesLocalePattern ? symbols.positivePrefix : nil
        let positiveSuffix = usesLocalePattern ? symbols.positiveSuffix : nil
        if negative, usesLocalePattern, !symbols.negativeIsMinusThenPositive {
            prefix.append(symbols.negativePrefix)
            suffix.append(symbols.negativeSuffix)
        } else {
            if negative { prefix.append(symbols.minusSign) }
            if frame.plus { prefix.append(symbols.plusSign) }
            if let positivePrefix { prefix.append(positivePrefix) }
            if let positiveSuffix { suffix.append(positiveSuffix) }
        }
        var output = NumberText(capacity: prefix.bytes.count + body.bytes.count + suffix.bytes.count + 8)
        let padding = frame.formatWidth - (prefix.scalarCount + body.scalarCount + suffix.scalarCount)
        if padding > 0, frame.padPosition == .beforePrefix { output.appendRepeated(frame.padByte, count: padding) }
        output.append(prefix)
        if padding > 0, frame.padPosition == .afterPrefix { output.appendRepeated(frame.padByte, count: padding) }
        output.append(body)
        output.append(suffix)
        if padding > 0, frame.padPosition == .afterSuffix { output.appendRepeated(frame.padByte, count: padding) }
        if let outerWidth = frame.outerWidth, output.utf16Count < outerWidth {
            let spaces = outerWidth - output.utf16Count
            if frame.outerOnRight {
                output.appendRepeated(UInt8(ascii: " "), count: spaces)
            } else {
                var padded = NumberText(capacity: output.bytes.count + spaces)
                padded.appendRepeated(UInt8(ascii: " "), count: spaces)
                padded.append(output)
                output = padded
            }
        }
        return output.string
    }

    // MARK: - Digits

    /// Group sizes and the minimum digits for grouping; a primary size of 0 means none.
    private struct Grouping {
        var primary: Int
        var secondary: Int
        var minimum: Int

        init(_ symbols: NumberSymbols) {
            primary = symbols.primaryGrouping
            secondary = symbols.secondaryGrouping > 0 ? symbols.secondaryGrouping : symbols.primaryGrouping
            minimum = symbols.minimumGrouping
        }

        init(primary: Int, secondary: Int, minimum: Int) {
            self.primary = primary
            self.secondary = secondary
            self.minimum = minimum
        }

        static let none = Grouping(primary: 0, secondary: 0, minimum: 1)

        /// Whether ICU puts a separator just after the integer digit of magnitude `magnitude`
        /// in a number of `integerCount` integer digits.
        func separates(after magnitude: Int, integerCount: Int) -> Bool {
            guard primary > 0, magnitude >= primary, integerCount - primary >= minimum else { return false }
            return (magnitude - primary) % max(secondary, 1) == 0
        }
    }

    /// The plain-integer layout: the sign's affixes around the grouped digits.
    private static func appendInteger(
        _ magnitude: UInt64, negative: Bool, minimumDigits: Int, plus: Bool, symbols: NumberSymbols,
        into output: inout NumberText
    ) {
        if negative, !symbols.negativeIsMinusThenPositive {
            output.append(symbols.negativePrefix)
        } else {
            if negative { output.append(symbols.minusSign) }
            if plus { output.append(symbols.plusSign) }
            output.append(symbols.positivePrefix)
        }
        appendGroupedDigits(DecimalNumber(magnitude), minimumDigits: minimumDigits, grouping: Grouping(symbols),
                            symbols: symbols, into: &output)
        output.append(negative && !symbols.negativeIsMinusThenPositive ? symbols.negativeSuffix : symbols.positiveSuffix)
    }

    /// The integer digits of `number` (at least `minimumDigits`, zero-filled), grouped.
    private static func appendGroupedDigits(
        _ number: DecimalNumber, minimumDigits: Int, grouping: Grouping, symbols: NumberSymbols,
        into output: inout NumberText
    ) {
        let integerCount = max(number.point, minimumDigits, 1)
        for magnitude in stride(from: integerCount - 1, through: 0, by: -1) {
            output.append(symbols.digit(number.digit(atMagnitude: magnitude)))
            if magnitude > 0, grouping.separates(after: magnitude, integerCount: integerCount) {
                output.append(symbols.groupingSeparator)
            }
        }
    }

    /// `%f`: the locale's pattern, grouped, with exactly `fractionDigits` fraction digits.
    private static func appendFixed(
        _ magnitude: Double, fractionDigits: Int, symbols: NumberSymbols, into output: inout NumberText
    ) {
        var number = DecimalNumber(shortest: magnitude)
        // Foundation's ICU shows a double with 16 fraction digits or more to 15 significant digits
        // (`%.17f` of 1/3 is 0.33333333333333300), rounded from the shortest digits.
        if fractionDigits > maximumFixedFractionDigitsAtFullPrecision {
            number.round(significantDigits: fixedSignificantDigitsBeyondIt)
        }
        number.round(toMagnitude: -fractionDigits)
        appendGroupedDigits(number, minimumDigits: 1, grouping: Grouping(symbols), symbols: symbols, into: &output)
        guard fractionDigits > 0 else { return }
        output.append(symbols.decimalSeparator)
        for magnitude in stride(from: -1, through: -fractionDigits, by: -1) {
            output.append(symbols.digit(number.digit(atMagnitude: magnitude)))
        }
    }

    /// `%g` without an exponent: the integer digits grouped as given, then the fraction digits
    /// the number has (trailing zeros dropped).
    private static func appendDecimal(
        _ number: DecimalNumber, grouping: Grouping, symbols: NumberSymbols, into output: inout NumberText
    ) {
        appendGroupedDigits(number, minimumDigits: 1, grouping: grouping, symbols: symbols, into: &output)
        let lowest = number.point - number.digits.count
        guard lowest < 0 else { return }
        output.append(symbols.decimalSeparator)
        for magnitude in stride(from: -1, through: lowest, by: -1) {
            output.append(symbols.digit(number.digit(atMagnitude: magnitude)))
        }
    }

    /// A mantissa of one integer digit and at least `significantDigits` digits in all (`fixed`:
    /// exactly that many, zeros kept; otherwise the digits the number has), then the exponent:
    /// the symbol, its sign always, two digits at least.
    private static func appendScientific(
        _ number: DecimalNumber, significantDigits: Int, fixed: Bool, symbols: NumberSymbols,
        into output: inout NumberText
    ) {
        let exponent = number.isZero ? 0 : number.point - 1
        let shown = fixed ? significantDigits : max(number.digits.count, 1)
        output.append(symbols.digit(number.digit(atMagnitude: exponent)))
        if shown > 1 {
            output.append(symbols.decimalSeparator)
            for index in 1..<shown {
                output.append(symbols.digit(number.digit(atMagnitude: exponent - index)))
            }
        }
        output.append(symbols.exponentSymbol)
        output.append(exponent < 0 ? symbols.minusSign : symbols.plusSign)
        let exponentDigits = DecimalNumber(UInt64(exponent.magnitude))
        appendGroupedDigits(exponentDigits, minimumDigits: 2, grouping: .none, symbols: symbols, into: &output)
    }

    /// The grouping of CoreFoundation's `%g` pattern `@##,###`: a separator only when the
    /// precision has more digits than the locale's group, a second size only when it has more
    /// than both groups.
    private static func generalGrouping(_ significant: Int, symbols: NumberSymbols) -> Grouping {
        let primary = symbols.primaryGrouping, secondary = symbols.secondaryGrouping
        guard primary > 0, significant > primary else { return .none }
        let hasSecondary = secondary > 0 && significant > primary + secondary
        return Grouping(primary: primary, secondary: hasSecondary ? secondary : primary,
                        minimum: symbols.minimumGrouping)
    }

    /// The length of CoreFoundation's `%g` pattern: `@`, `#`s to the precision, its grouping
    /// separators or its exponent.
    private static func generalPatternLength(_ significant: Int, scientific: Bool, symbols: NumberSymbols) -> Int {
        if scientific { return significant + 4 }
        let primary = symbols.primaryGrouping, secondary = symbols.secondaryGrouping
        guard primary > 0, significant > primary else { return significant }
        return significant + (secondary > 0 && significant > primary + secondary ? 2 : 1)
    }

    /// 10^`exponent` as a double (infinity past the double range).
    private static func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        var remaining = exponent
        while remaining > 0, result.isFinite {
            result *= 10
            remaining -= 1
        }
        return result
    }

    /// `text` with its first `.` replaced by `separator`.
    private static func replacingFirstPoint(in text: String, with separator: NumberSymbols.Symbol) -> String {
        var bytes = Array(text.utf8)
        guard let point = bytes.firstIndex(of: UInt8(ascii: ".")) else { return text }
        bytes.replaceSubrange(point...point, with: separator.utf8)
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// UTF-8 being assembled, with its length in code points (ICU pads by them) and UTF-16 units
/// (CoreFoundation pads by them).
struct NumberText {
    var bytes: [UInt8] = []
    var scalarCount = 0
    var utf16Count = 0

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    mutating func append(_ symbol: NumberSymbols.Symbol) {
        bytes += symbol.utf8
        scalarCount += symbol.scalarCount
        utf16Count += symbol.utf16Count
    }

    mutating func append(_ text: NumberText) {
        bytes += text.bytes
        scalarCount += text.scalarCount
        utf16Count += text.utf16Count
    }

    /// `count` copies of an ASCII byte.
    mutating func appendRepeated(_ byte: UInt8, count: Int) {
        guard count > 0 else { return }
        bytes.append(contentsOf: repeatElement(byte, count: count))
        scalarCount += count
        utf16Count += count
    }

    /// The text: whole symbols of valid UTF-8 and ASCII.
    var string: String { String(decoding: bytes, as: UTF8.self) }
}
