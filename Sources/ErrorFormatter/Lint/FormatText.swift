/// A table string seen through the format parser, for the text checks: its literal text
/// (specifiers and variable references removed) so that `%lld` is not a word and `%1$@` not a
/// number.
enum FormatText {
    /// The literal text of `text` (`%%` as `%`); `text` itself when it is not a valid format.
    static func literalText(of text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")),
              let segments = try? FormatParser.parse(text, allowsVariables: true)
        else { return text }
        var literal = ""
        for segment in segments {
            switch segment {
            case .literal(let piece): literal += piece
            case .specifier, .variable: literal += " "
            }
        }
        return literal
    }
}

extension FormatText {
    /// Whether `text` is nothing but one variable reference (`%#@files@`): a format that only
    /// selects a variant has no text of its own to compare.
    static func isOnlyReference(_ text: String) -> Bool {
        guard let segments = try? FormatParser.parse(text, allowsVariables: true), segments.count == 1,
              case .variable = segments.first
        else { return false }
        return true
    }
}
