import CICU

/// An ICU number formatter showing exactly a given number of fraction digits, so that
/// `uplrules_selectFormatted` sees the visible fraction digits (CLDR operands `v`, `f`) of the
/// decimal text it is given, which `uplrules_select(double)` cannot know.
///
/// Thread safety: ICU documents `UNumberFormatter` as immutable and shareable between threads
/// (unumberformatter.h: "Objects of type UNumberFormatter returned by this method are
/// threadsafe"); each call uses its own `UFormattedNumber`.
final class PluralOperandFormatter: @unchecked Sendable {
    private let formatter: OpaquePointer

    /// A formatter for `fractionDigits` digits after the point; `nil` when ICU refuses.
    init?(fractionDigits: Int, locale: String) {
        // The text given is already rounded to this many digits, so the skeleton only pads and
        // never rounds again.
        let skeleton = fractionDigits == 0 ? "precision-integer" : "." + String(repeating: "0", count: fractionDigits)
        guard let opened = openICUNumberFormatter(skeleton: skeleton, locale: locale) else { return nil }
        formatter = opened
    }

    deinit { cicu_unumf_close(formatter) }

    /// Formats `decimal` and hands ICU's result to `body`; `nil` when ICU fails.
    func withFormatted<Result>(_ decimal: String, _ body: (OpaquePointer) -> Result?) -> Result? {
        var status = U_ZERO_ERROR
        guard let result = cicu_unumf_openResult(&status) else { return nil }
        defer { cicu_unumf_closeResult(result) }
        guard !status.isFailure else { return nil }
        let length = Int32(clamping: decimal.utf8.count)
        cicu_unumf_formatDecimal(formatter, decimal, length, result, &status)
        guard !status.isFailure else { return nil }
        return body(result)
    }
}
