import CICU

/// How one locale writes numbers, read from ICU once: the digits of its default numbering
/// system, its separators, signs, exponent, NaN and infinity symbols, its grouping, and the
/// affixes of its decimal pattern. What ``LocalizedNumberFormatter`` writes numbers with, as
/// Foundation's `String(format:locale:)` does with the same data (docs/formatting.md).
///
/// Obtain symbols with ``forLocale(_:)``: read once per locale and cached. Immutable, so any
/// number of threads share one; no ICU object is kept open.
final class NumberSymbols: Sendable {
    /// One symbol: its UTF-8, and its length as ICU pads (code points) and as CoreFoundation
    /// pads (UTF-16 units).
    struct Symbol: Sendable, Equatable {
        let utf8: [UInt8]
        let scalarCount: Int
        let utf16Count: Int

        init(_ text: String) {
            utf8 = Array(text.utf8)
            scalarCount = text.unicodeScalars.count
            utf16Count = text.utf16.count
        }
    }

    /// The locale the symbols were read for, as the caller spelled it.
    let locale: String
    /// `0` to `9` in the locale's default numbering system.
    let digits: [Symbol]
    let decimalSeparator: Symbol
    let groupingSeparator: Symbol
    let minusSign: Symbol
    let plusSign: Symbol
    let exponentSymbol: Symbol
    let notANumber: Symbol
    let infinity: Symbol
    /// The affixes of the decimal pattern (`#,##0.###`), symbols substituted: empty, and the
    /// minus sign before negative numbers, in every locale ICU has, but read rather than assumed.
    let positivePrefix: Symbol
    let positiveSuffix: Symbol
    let negativePrefix: Symbol
    let negativeSuffix: Symbol
    /// Whether the negative affixes are the positive ones with the minus sign before them (a
    /// pattern with no negative subpattern of its own): then a `+` put before the pattern also
    /// shows after the minus sign of a negative zero, as ICU writes `-+0`.
    let negativeIsMinusThenPositive: Bool
    /// Digits in the group next to the decimal separator (3); in the others when the pattern
    /// says (2 in `en_IN`, 0 when it does not: the same as the first); and the fewest integer
    /// digits a number must have for any grouping (2 in `pl`, `es`: `1234` but `12 345`).
    let primaryGrouping: Int
    let secondaryGrouping: Int
    let minimumGrouping: Int
    /// What a plain `%d` writes (``PlainIntegerLayout``), or `nil` when the locale's digits are
    /// not all of one length (then it is written the long way).
    let plainInteger: PlainIntegerLayout?

    /// The symbol of the digit `value` (0–9).
    @inline(__always)
    func digit(_ value: UInt8) -> Symbol {
        digits[Int(min(value, 9))]
    }

    /// Locales kept; the cache is emptied when full (symbols in use stay alive).
    private static let cache = BoundedCache<String, NumberSymbols?>(capacity: 64)
    /// ICU's `ULOC_FULLNAME_CAPACITY`: longer IDs are not locale IDs.
    private static let maximumLocaleLength = 156

    /// The symbols of `locale` (an ICU or BCP 47 ID), read from ICU the first time; `nil` when ICU
    /// cannot give them (an ID it refuses, or missing data). A locale ICU has no data for gets
    /// its parent's, down to root's, as ICU resolves it.
    ///
    /// - Complexity: a dictionary lookup once the locale is cached.
    static func forLocale(_ locale: String) -> NumberSymbols? {
        guard locale.utf8.count <= maximumLocaleLength, !locale.utf8.contains(0) else { return nil }
        return cache.value(for: locale) { NumberSymbols(reading: $0) }
    }

    /// Symbols given one by one (tests put another CLDR version's spelling in place).
    init(
        locale: String, digits: [Symbol], decimalSeparator: Symbol, groupingSeparator: Symbol, minusSign: Symbol,
        plusSign: Symbol, exponentSymbol: Symbol, notANumber: Symbol, infinity: Symbol, positivePrefix: Symbol,
        positiveSuffix: Symbol, negativePrefix: Symbol, negativeSuffix: Symbol, primaryGrouping: Int,
        secondaryGrouping: Int, minimumGrouping: Int
    ) {
        self.locale = locale
        // Ten digits, whatever the caller gave: `digit(_:)` indexes them by value.
        self.digits = digits.count == 10 ? digits : (0..<10).map { Symbol(String($0)) }
        self.decimalSeparator = decimalSeparator
        self.groupingSeparator = groupingSeparator
        self.minusSign = minusSign
        self.plusSign = plusSign
        self.exponentSymbol = exponentSymbol
        self.notANumber = notANumber
        self.infinity = infinity
        self.positivePrefix = positivePrefix
        self.positiveSuffix = positiveSuffix
        self.negativePrefix = negativePrefix
        self.negativeSuffix = negativeSuffix
        negativeIsMinusThenPositive = negativePrefix.utf8 == minusSign.utf8 + positivePrefix.utf8
            && negativeSuffix == positiveSuffix
        self.primaryGrouping = primaryGrouping
        self.secondaryGrouping = secondaryGrouping
        self.minimumGrouping = minimumGrouping
        plainInteger = PlainIntegerLayout(
            digits: self.digits, groupingSeparator: groupingSeparator, positivePrefix: positivePrefix,
            positiveSuffix: positiveSuffix, negativePrefix: negativePrefix, negativeSuffix: negativeSuffix,
            primaryGrouping: primaryGrouping, secondaryGrouping: secondaryGrouping, minimumGrouping: minimumGrouping)
    }

    private convenience init?(reading locale: String) {
        var status = U_ZERO_ERROR
        guard let format = cicu_unum_open(UNUM_DECIMAL, locale, &status) else { return nil }
        defer { cicu_unum_close(format) }
        guard !status.isFailure else { return nil }
        func symbol(_ which: UNumberFormatSymbol) -> Symbol? {
            Self.text { cicu_unum_getSymbol(format, which, $0, $1, &$2) }.map(Symbol.init)
        }
        func affix(_ which: UNumberFormatTextAttribute) -> Symbol? {
            Self.text { cicu_unum_getTextAttribute(format, which, $0, $1, &$2) }.map(Symbol.init)
        }
        let digitSymbols: [UNumberFormatSymbol] = [
            UNUM_ZERO_DIGIT_SYMBOL, UNUM_ONE_DIGIT_SYMBOL, UNUM_TWO_DIGIT_SYMBOL, UNUM_THREE_DIGIT_SYMBOL,
            UNUM_FOUR_DIGIT_SYMBOL, UNUM_FIVE_DIGIT_SYMBOL, UNUM_SIX_DIGIT_SYMBOL, UNUM_SEVEN_DIGIT_SYMBOL,
            UNUM_EIGHT_DIGIT_SYMBOL, UNUM_NINE_DIGIT_SYMBOL,
        ]
        var digits: [Symbol] = []
        for which in digitSymbols {
            guard let digit = symbol(which), !digit.utf8.isEmpty else { return nil }
            digits.append(digit)
        }
        guard let decimalSeparator = symbol(UNUM_DECIMAL_SEPARATOR_SYMBOL),
              let groupingSeparator = symbol(UNUM_GROUPING_SEPARATOR_SYMBOL),
              let minusSign = symbol(UNUM_MINUS_SIGN_SYMBOL), let plusSign = symbol(UNUM_PLUS_SIGN_SYMBOL),
              let exponentSymbol = symbol(UNUM_EXPONENTIAL_SYMBOL), let notANumber = symbol(UNUM_NAN_SYMBOL),
              let infinity = symbol(UNUM_INFINITY_SYMBOL),
              let positivePrefix = affix(UNUM_POSITIVE_PREFIX), let positiveSuffix = affix(UNUM_POSITIVE_SUFFIX),
              let negativePrefix = affix(UNUM_NEGATIVE_PREFIX), let negativeSuffix = affix(UNUM_NEGATIVE_SUFFIX)
        else { return nil }
        let primary = Int(cicu_unum_getAttribute(format, UNUM_GROUPING_SIZE))
        let secondary = Int(cicu_unum_getAttribute(format, UNUM_SECONDARY_GROUPING_SIZE))
        self.init(
            locale: locale, digits: digits, decimalSeparator: decimalSeparator, groupingSeparator: groupingSeparator,
            minusSign: minusSign, plusSign: plusSign, exponentSymbol: exponentSymbol, notANumber: notANumber,
            infinity: infinity, positivePrefix: positivePrefix, positiveSuffix: positiveSuffix,
            negativePrefix: negativePrefix, negativeSuffix: negativeSuffix, primaryGrouping: max(primary, 0),
            secondaryGrouping: max(secondary, 0), minimumGrouping: Self.minimumGrouping(of: locale))
    }

    /// The fewest integer digits a number needs before ICU groups it in `locale`: found by
    /// asking ICU's number formatter (whose default grouping follows the locale's CLDR
    /// `minimumGroupingDigits`, which the older `unum` formatter of some ICU versions ignores)
    /// whether it groups 1,000, then 10,000.
    private static func minimumGrouping(of locale: String) -> Int {
        guard let grouped = NumberLengths(skeleton: "", locale: locale),
              let ungrouped = NumberLengths(skeleton: "group-off", locale: locale) else { return 1 }
        for (digits, value) in [(1, Int64(1_000)), (2, Int64(10_000))] {
            guard let withGrouping = grouped.length(of: value), let without = ungrouped.length(of: value) else {
                return 1
            }
            if withGrouping != without { return digits }
        }
        return 3
    }

    /// Runs an ICU call that writes UTF-16 into a caller buffer; `nil` when it fails or the text
    /// does not fit (no symbol or affix of any locale comes near the capacity).
    private static func text(_ call: (UnsafeMutablePointer<UChar>, Int32, inout UErrorCode) -> Int32) -> String? {
        let capacity: Int32 = 64
        return withUnsafeTemporaryAllocation(of: UChar.self, capacity: Int(capacity)) { buffer -> String? in
            guard let base = buffer.baseAddress else { return nil }
            var status = U_ZERO_ERROR
            let length = call(base, capacity, &status)
            guard !status.isFailure, length >= 0, length <= capacity else { return nil }
            return String(decoding: UnsafeBufferPointer(start: base, count: Int(length)), as: UTF16.self)
        }
    }
}

/// An ICU number formatter opened for one skeleton and locale, only to measure what it writes.
private final class NumberLengths {
    private let formatter: OpaquePointer

    init?(skeleton: String, locale: String) {
        guard let opened = openICUNumberFormatter(skeleton: skeleton, locale: locale) else { return nil }
        formatter = opened
    }

    deinit { cicu_unumf_close(formatter) }

    /// The UTF-16 length of `value` formatted; `nil` when ICU fails.
    func length(of value: Int64) -> Int? {
        var status = U_ZERO_ERROR
        guard let result = cicu_unumf_openResult(&status) else { return nil }
        defer { cicu_unumf_closeResult(result) }
        cicu_unumf_formatInt(formatter, value, result, &status)
        guard !status.isFailure else { return nil }
        // Preflight: a zero capacity reports the length with a buffer-overflow status.
        var lengthStatus = U_ZERO_ERROR
        let length = cicu_unumf_resultToString(result, nil, 0, &lengthStatus)
        guard lengthStatus == U_BUFFER_OVERFLOW_ERROR || !lengthStatus.isFailure, length >= 0 else { return nil }
        return Int(length)
    }
}
