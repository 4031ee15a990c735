/// In the development table, an error code with a title but no message (or the reverse): the
/// user then sees that code's title above the domain's or the generic message (or a specific
/// message under a generic title), which is how the original ErrorFormatter's code 9 shows
/// "No results found" with an unrelated message.
enum ErrorFieldPairCheck: LintCheck {
    static let rules = [
        LintRule("error-title-without-message", .warning, "an error code has a title but no message",
                 help: "errors.<domain>.<code>.title is defined but errors.<domain>.<code>.message is not, so the message falls "
                     + "back to the domain's or the generic one. Add the message (an empty string is a real value if none is wanted)."),
        LintRule("error-message-without-title", .warning, "an error code has a message but no title",
                 help: "errors.<domain>.<code>.message is defined but its .title is not, so the title falls back to the failure "
                     + "reason, the domain's or the generic title. Add the title."),
    ]

    static func run(_ context: LintContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        // Development text only: a translation lacking one is a missing key.
        for table in context.developmentTexts {
            var fields: [String: [String: LintEntry]] = [:]
            var order: [String] = []
            for entry in table.orderedEntries {
                guard case .code(let domain, let code, let field) = ErrorKeyShapeCheck.shape(of: entry.key.string) else { continue }
                let stem = "errors.\(domain).\(code)"
                if fields[stem] == nil { order.append(stem) }
                fields[stem, default: [:]][field] = entry
            }
            for stem in order {
                guard let pair = fields[stem] else { continue }
                if let title = pair["title"], pair["message"] == nil {
                    diagnostics.append(title.diagnostic(
                        .warning, "error-title-without-message",
                        "\(MessageEscaping.quoted(title.key.string)) has no \(MessageEscaping.quoted(stem + ".message")); the message "
                            + "falls back to the domain's or the generic one"))
                } else if let message = pair["message"], pair["title"] == nil {
                    diagnostics.append(message.diagnostic(
                        .warning, "error-message-without-title",
                        "\(MessageEscaping.quoted(message.key.string)) has no \(MessageEscaping.quoted(stem + ".title")); the title "
                            + "falls back to the failure reason, the domain's or the generic one"))
                }
            }
        }
        return diagnostics
    }
}
