/// Why a format string could not be rendered (or, for lint, is not a valid format).
///
/// A format whose specifiers do not match its arguments is never rendered: the caller gets this
/// failure instead and falls back (the catalog to the next localization, lint to a diagnostic).
struct FormatFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// Stable kebab-case identifier (`missing-argument`, `wrong-argument-type`…); tools match on
    /// this, never on `message`. docs/formatting.md lists every code.
    var code: String
    /// One line, impersonal, no trailing period.
    var message: String
    /// 0-based offset, in Unicode scalars, of the specifier at fault in the format that was
    /// parsed (for a variable format: in the string where the problem was found); `nil` when the
    /// problem is not at one place (an argument list, an output size).
    var offset: Int?

    /// Creates a failure; `code` should be one of the documented codes.
    init(code: String, message: String, offset: Int? = nil) {
        self.code = code
        self.message = message
        self.offset = offset
    }

    /// `message [code]`, with the offset when there is one.
    var description: String {
        if let offset { return "\(message) at offset \(offset) [\(code)]" }
        return "\(message) [\(code)]"
    }
}
