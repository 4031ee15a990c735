import CICU

/// Opens ICU's number formatter for `skeleton` and `locale` (`unumf_openForSkeletonAndLocale`):
/// the formatter, for the caller to close with `cicu_unumf_close`; `nil` when ICU refuses the
/// skeleton or the locale.
func openICUNumberFormatter(skeleton: String, locale: String) -> OpaquePointer? {
    let units = Array(skeleton.utf16)
    var status = U_ZERO_ERROR
    let opened = units.withUnsafeBufferPointer { buffer in
        cicu_unumf_openForSkeletonAndLocale(buffer.baseAddress, Int32(clamping: buffer.count), locale, &status)
    }
    guard let opened else { return nil }
    guard !status.isFailure else {
        cicu_unumf_close(opened)
        return nil
    }
    return opened
}
