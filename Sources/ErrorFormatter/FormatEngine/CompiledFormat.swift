/// A parsed format with everything about it that does not depend on the arguments worked out
/// once: its specifiers in order, and whether two of them ask one argument for two kinds.
///
/// Rendering a table string checks every specifier against the arguments before writing
/// anything; the specifier list and the kind check were rebuilt on every render (an array of
/// 65 slots per call), although they are a function of the text alone. A class, immutable:
/// handing one around costs one reference count, not one per array it holds.
final class CompiledFormat: Sendable {
    let segments: [FormatSegment]
    /// The argument specifiers, in order of appearance.
    let specifiers: [FormatSpecifier]
    /// `conflicting-types`, when one argument is used with incompatible kinds (`%1$d … %1$f`):
    /// no argument list could satisfy the format, so every render fails with it.
    let kindConflict: FormatFailure?
    /// Whether the format references a variable (`%#@name@`), which only a variable format's
    /// renderer can substitute.
    let hasVariables: Bool

    init(_ segments: [FormatSegment]) {
        self.segments = segments
        var specifiers: [FormatSpecifier] = []
        for segment in segments {
            if case .specifier(let specifier) = segment { specifiers.append(specifier) }
        }
        self.specifiers = specifiers
        hasVariables = segments.contains(where: \.isVariable)
        do throws(FormatFailure) {
            try StringFormat.checkConsistentKinds(specifiers)
            kindConflict = nil
        } catch {
            kindConflict = error
        }
    }
}
