import CICU

/// The CLDR cardinal plural rules of one language, from the ICU the library runs on.
///
/// Obtain rules with ``cardinal(for:)``: they are opened once per language and cached.
///
/// Thread safety: one instance serves any number of threads. `uplrules_select` and
/// `uplrules_selectFormatted` only call `const` methods of ICU's `PluralRules`, which ICU makes
/// safe to share: ICU's own cache hands one `PluralRules` to every thread (`SharedPluralRules`
/// in ICU's unified cache) and ICU's threading rule is that `const` use of an object is
/// thread-safe. The lazily created number formatters are behind a lock (`Protected`).
final class PluralRules: @unchecked Sendable {
    /// The language the rules were opened for, as the caller spelled it.
    let language: String
    private let rules: OpaquePointer
    private let formatters = Protected<[Int: PluralOperandFormatter]>([:])
    /// The categories of the integers `0..<smallIntegerCount`, selected once when the rules
    /// are opened (`nil` where ICU failed): counts are mostly small, and asking ICU costs more
    /// than the rest of rendering a `.stringsdict` entry.
    private let smallIntegerCategories: [PluralCategory?]
    private static let smallIntegerCount = 1_000

    /// Fraction-digit formatters kept per language; others are made for one call and freed.
    private static let cachedFormatterLimit = 16
    /// Languages kept; the cache is emptied when full (rules in use stay alive until released).
    private static let cache = BoundedCache<String, PluralRules?>(capacity: 64)
    /// ICU's `ULOC_FULLNAME_CAPACITY`: longer IDs are not locale IDs.
    private static let maximumLanguageLength = 156

    private init(language: String, rules: OpaquePointer) {
        self.language = language
        self.rules = rules
        smallIntegerCategories = (0..<Self.smallIntegerCount).map { value in
            Self.selected { cicu_uplrules_select(rules, Double(value), $0, $1, &$2) }
        }
    }

    deinit { cicu_uplrules_close(rules) }

    /// The cardinal rules for `language` (an ICU or BCP 47 ID: `en`, `fr_CA`, `pt-PT`); a language
    /// ICU has no rules for gets the root rules, where everything is `other`.
    ///
    /// - Throws: `invalid-language` for an ID ICU cannot take (too long, NUL), `plural-rules-failed`
    ///   when ICU cannot open rules.
    /// - Complexity: a dictionary lookup once the language is cached.
    static func cardinal(for language: String) throws(FormatFailure) -> PluralRules {
        guard language.utf8.count <= maximumLanguageLength, !language.utf8.contains(0) else {
            throw FormatFailure(code: "invalid-language", message: "plural rules need a locale ID, got an invalid one")
        }
        let cached = cache.value(for: language) { language -> PluralRules? in
            var status = U_ZERO_ERROR
            guard let opened = cicu_uplrules_openForType(language, UPLURAL_TYPE_CARDINAL, &status) else { return nil }
            guard !status.isFailure else {
                cicu_uplrules_close(opened)
                return nil
            }
            return PluralRules(language: language, rules: opened)
        }
        guard let cached else {
            throw FormatFailure(code: "plural-rules-failed", message: "ICU could not open plural rules for the language")
        }
        return cached
    }

    /// The categories the language distinguishes (always including `other`).
    var categories: Set<PluralCategory> {
        var status = U_ZERO_ERROR
        guard let keywords = cicu_uplrules_getKeywords(rules, &status) else { return [.other] }
        defer { cicu_uenum_close(keywords) }
        var result: Set<PluralCategory> = [.other]
        while !status.isFailure {
            var length: Int32 = 0
            guard let keyword = cicu_uenum_next(keywords, &length, &status), length >= 0 else { break }
            let bytes = UnsafeBufferPointer(start: keyword, count: Int(length)).map { UInt8(bitPattern: $0) }
            if let category = PluralCategory(rawValue: String(decoding: bytes, as: UTF8.self)) {
                result.insert(category)
            }
        }
        return result
    }

    /// The category of an integer.
    func category(for value: Int64) -> PluralCategory {
        if value >= 0, value < smallIntegerCategories.count, let category = smallIntegerCategories[Int(value)] {
            return category
        }
        // Integers up to 2^53 are exact as doubles and have no fraction digits: ICU's plain select.
        if value.magnitude <= 1 << 53 {
            return Self.selected { cicu_uplrules_select(rules, Double(value), $0, $1, &$2) } ?? .other
        }
        return (try? category(for: .decimal(String(value)))) ?? .other
    }

    /// The category of an integer operand (no fraction digits) whose magnitude is below 2^53:
    /// what ``category(for:)`` gives for `.double(Double(value))`, from the table of small
    /// integers when it has the value.
    func category(forSmallInteger value: Int64) throws(FormatFailure) -> PluralCategory {
        if value >= 0, value < smallIntegerCategories.count, let category = smallIntegerCategories[Int(value)] {
            return category
        }
        return try category(for: .double(Double(value)))
    }

    /// The category of `argument` read through a printf `valueType` (`d`, `lld`, `.1f`, `@`…),
    /// from the digits that value type displays: in English `1` with `d` is `one`, `1.0` with
    /// `.1f` is `other`. A `nil` value type reads the argument like `%@`.
    ///
    /// - Throws: `invalid-value-type` when `valueType` is not one specifier, `wrong-argument-type`
    ///   when the argument does not fit it, `plural-argument-not-a-number` for strings.
    func category(for argument: FormatArgument, valueType: String?) throws(FormatFailure) -> PluralCategory {
        let specifier = try Self.valueTypeSpecifier(valueType)
        return try category(for: specifier.pluralOperand(of: argument))
    }

    /// The specifier a variable's value type names (`nil`: `%@`).
    static func valueTypeSpecifier(_ valueType: String?) throws(FormatFailure) -> FormatSpecifier {
        guard let valueType else {
            return FormatSpecifier(position: 1, isPositionExplicit: false, conversion: .object)
        }
        let segments: [FormatSegment]
        do {
            segments = try ParsedFormats.segments(of: "%" + valueType, allowsVariables: false)
        } catch {
            throw FormatFailure(code: "invalid-value-type",
                                message: "value type '\(valueType)' is not a format specifier: \(error.message)")
        }
        guard segments.count == 1, case .specifier(let specifier) = segments[0], !specifier.isPositionExplicit else {
            throw FormatFailure(code: "invalid-value-type",
                                message: "value type '\(valueType)' is not a single format specifier")
        }
        return specifier
    }

    /// The category of an operand, asking ICU.
    func category(for operand: PluralOperand) throws(FormatFailure) -> PluralCategory {
        let chosen: PluralCategory?
        switch operand {
        case .double(let value):
            chosen = Self.selected { cicu_uplrules_select(rules, value, $0, $1, &$2) }
        case .decimal(let text) where text.utf8.count <= 15 && !text.utf8.contains(UInt8(ascii: ".")):
            // An integer below 10^15 is exact as a double and has no fraction digits, so ICU's
            // plain select gives the same category without formatting a number first.
            chosen = Double(text).flatMap { value in
                Self.selected { cicu_uplrules_select(rules, value, $0, $1, &$2) }
            }
        case .decimal(let text):
            let fractionDigits = text.utf8.firstIndex(of: UInt8(ascii: ".")).map {
                text.utf8.distance(from: $0, to: text.utf8.endIndex) - 1
            } ?? 0
            if let formatter = formatter(fractionDigits: fractionDigits) {
                chosen = formatter.withFormatted(text) { result in
                    Self.selected { cicu_uplrules_selectFormatted(rules, result, $0, $1, &$2) }
                }
            } else if let value = Double(text) {
                // ICU caps fraction digits (999 in ICU 72): beyond, the visible zeros are lost.
                chosen = Self.selected { cicu_uplrules_select(rules, value, $0, $1, &$2) }
            } else {
                chosen = nil
            }
        }
        guard let category = chosen else {
            throw FormatFailure(code: "plural-rules-failed", message: "ICU could not select a plural category")
        }
        return category
    }

    private func formatter(fractionDigits: Int) -> PluralOperandFormatter? {
        if let cached = formatters.withLock({ $0[fractionDigits] }) { return cached }
        guard let made = PluralOperandFormatter(fractionDigits: fractionDigits, locale: language) else { return nil }
        formatters.withLock { table in
            if table.count < Self.cachedFormatterLimit, table[fractionDigits] == nil { table[fractionDigits] = made }
        }
        return made
    }

    /// Runs an ICU call that writes a keyword (`one`, `few`…) as UTF-16, and reads it as a
    /// category (`nil` for a keyword that is none).
    private static func selected(_ call: (UnsafeMutablePointer<UChar>, Int32, inout UErrorCode) -> Int32)
        -> PluralCategory?
    {
        let capacity: Int32 = 32
        return withUnsafeTemporaryAllocation(of: UChar.self, capacity: Int(capacity)) { buffer -> PluralCategory? in
            guard let base = buffer.baseAddress else { return nil }
            var status = U_ZERO_ERROR
            let length = call(base, capacity, &status)
            guard !status.isFailure, length >= 0, length <= capacity else { return nil }
            let units = UnsafeBufferPointer(start: base, count: Int(length))
            // Compared unit by unit with each category's name: making a String of the keyword
            // first cost more than ICU's selection itself.
            return categories.first { $0.rawValue.utf16.elementsEqual(units) }
        }
    }

    private static let categories = PluralCategory.allCases
}
