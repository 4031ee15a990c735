/// A table value holding U+0000 (`"abc\U0000def"`) cannot cross the C ABI whole: C strings end
/// at it, so C callers would see "abc" with no word of the rest. The header's rule, for every
/// catalog however it is read (a directory, a builder, a compiled file): each such value is
/// reported, a `nul-in-value` warning when lenient (the value is kept; C sees it cut), and
/// fails a strict open. Plain texts and variable formats (a `.stringsdict` entry's format and
/// variants, a String Catalog's variations) alike (``StringTable/keysHoldingNUL``).
enum NULInValue {
    static let code = "nul-in-value"

    /// The diagnostic about `key`, in `file`: an error when `strict` (a strict open fails with
    /// it), a warning otherwise.
    static func diagnostic(key: TableKey, file: String?, strict: Bool) -> Diagnostic {
        Diagnostic(
            severity: strict ? .error : .warning, code: code,
            message: "the value of \"\(key.string)\" contains U+0000; C callers see it end there", file: file)
    }
}
