/// Keys that look like the error rules' keys (`errors.…`) but that the rules can never read:
/// the rules read `errors.<domain>.<code>.<title|message>` with a decimal integer code (a
/// negative one keeps its sign), `errors.<domain>.<title|message>` and `errors.<title|message>`.
enum ErrorKeyShapeCheck: LintCheck {
    static let prefix = "errors."
    static let fields: Set<String> = ["title", "message"]

    static let rules = [
        LintRule("error-key-unknown-field", .warning, "an errors.… key ends in neither .title nor .message",
                 help: "The error rules read only errors.<domain>.<code>.title and .message (and the domain-wide and generic "
                     + "forms). A key such as errors.kCLErrorDomain.0.titel is never shown: fix the field name."),
        LintRule("error-key-non-integer-code", .warning, "the code of an errors.… key is not an integer",
                 help: "Error codes are decimal integers (errors.NSURLErrorDomain.-1009.title). With a non-integer in the code "
                     + "position the key reads as the domain-wide key of a dotted domain, which is rarely what was meant."),
    ]

    /// The parts of a well-formed error key, or why it is not one.
    enum Shape: Equatable {
        case generic(field: String)
        case domain(domain: String, field: String)
        case code(domain: String, code: String, field: String)
        case unknownField(String)
        case nonIntegerCode(domain: String, code: String)
        case notAnErrorKey
    }

    static func shape(of key: String) -> Shape {
        guard key.hasPrefix(prefix) else { return .notAnErrorKey }
        let parts = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let field = parts.last, parts.count >= 2 else { return .notAnErrorKey }
        guard fields.contains(field) else { return .unknownField(field) }
        switch parts.count {
        case 2: return .generic(field: field)
        case 3: return .domain(domain: parts[1], field: field)
        default:
            let code = parts[parts.count - 2]
            let domain = parts[1..<(parts.count - 2)].joined(separator: ".")
            return isInteger(code) ? .code(domain: domain, code: code, field: field)
                : .nonIntegerCode(domain: domain, code: code)
        }
    }

    static func isInteger(_ text: String) -> Bool {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        return !digits.isEmpty && digits.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    static func run(_ context: LintContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for table in context.catalog.allTables {
            for entry in table.orderedEntries {
                switch shape(of: entry.key.string) {
                case .unknownField(let field):
                    // Only keys shaped like a code's key, `errors.<domain>.<integer>.<x>`, not an
                    // app's own `errors.network_unavailable` (which the rules never read either).
                    let parts = entry.key.string.split(separator: ".", omittingEmptySubsequences: false)
                    guard parts.count >= 4, isInteger(String(parts[parts.count - 2])) else { continue }
                    diagnostics.append(entry.diagnostic(
                        .warning, "error-key-unknown-field",
                        "\(MessageEscaping.quoted(entry.key.string)) ends in '.\(field)'; the error rules read only .title and .message"))
                case .nonIntegerCode(let domain, let code):
                    diagnostics.append(entry.diagnostic(
                        .warning, "error-key-non-integer-code",
                        "\(MessageEscaping.quoted(entry.key.string)) has '\(code)' where the error code goes; error codes are "
                            + "integers, so the rules read it as the key of the domain \(MessageEscaping.quoted(domain + "." + code))"))
                default:
                    continue
                }
            }
        }
        return diagnostics
    }
}
