/// One piece of a parsed format: text to copy, a printf specifier, or (in variable formats) a
/// `%#@name@` reference.
enum FormatSegment: Sendable, Hashable {
    case literal(String)
    case specifier(FormatSpecifier)
    case variable(VariableReference)

    var isVariable: Bool {
        if case .variable = self { return true }
        return false
    }
}

/// A `%#@name@` or `%N$#@name@` reference of a `.stringsdict` format.
struct VariableReference: Sendable, Hashable {
    /// The variable's name (between `%#@` and the closing `@`).
    var name: String
    /// 1-based argument position that selects the variant, numbered like a specifier's.
    var position: Int
    /// Whether the position was written.
    var isPositionExplicit: Bool
    /// 0-based scalar offset of the `%`.
    var offset: Int
    /// The UTF-8 bytes of the reference, `%` to closing `@`, in the string parsed.
    var bytes: Range<Int>
}
