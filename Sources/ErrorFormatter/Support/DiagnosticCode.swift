/// What a diagnostic's code is: the rule the header states for every code it hands out
/// (`ef_catalog_diagnostic_code`, `ef_lint_diagnostic_code`: "stable kebab-case").
///
/// Tools match on codes and print them beside a message, so a code is a word, never text: what
/// the library makes always is one, and a code read from outside (a compiled catalog's stored
/// diagnostics) is checked to be one before it is shown.
package enum DiagnosticCode {
    /// Whether `code` is kebab-case: words of lowercase ASCII letters and digits joined by single
    /// hyphens (`duplicate-key`, `invalid-utf8`), nothing else: no space, no control character,
    /// no leading, trailing or doubled hyphen.
    package static func isKebabCase(_ code: String) -> Bool {
        var previous: UInt8?
        for byte in code.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                break
            case UInt8(ascii: "-") where previous != nil && previous != UInt8(ascii: "-"):
                break
            default:
                return false
            }
            previous = byte
        }
        return previous != nil && previous != UInt8(ascii: "-")
    }
}
