/// Renders `.stringsdict`-style formats (`%#@files@`, `%2$#@folders@`) with Apple's semantics.
///
/// Each reference is replaced, text for text, by the variant its variable chooses; variants may
/// reference further variables. The resulting string is then rendered by ``StringFormat`` with
/// all the arguments, so specifiers inside variants refer to arguments as in that final string:
/// with `%#@files@` and `one = "%d file"`, the `%d` is argument 1.
///
/// A sequential reference selects with the argument the next sequential specifier of the final
/// string would take, and takes no position itself: the variant's own specifiers do. So a
/// variant without a specifier shifts later sequential specifiers back by one, exactly as text
/// substitution does on Apple's platforms (openradar 39390733); use positions (`%2$@`) in
/// formats with several variables.
enum VariableFormatRenderer {
    /// `value` rendered with `arguments`, choosing plural variants by the rules of `language`.
    ///
    /// - Parameters:
    ///   - language: the language of the table that supplied `value` (a `fr_CA` request
    ///     answered from the `en` table uses English rules).
    /// - Throws: ``FormatFailure``: the codes of ``StringFormat/render(_:arguments:)`` plus
    ///   `unknown-variable`, `missing-other-variant`, `missing-width-variant`,
    ///   `plural-argument-not-a-number`, `invalid-value-type`, `variable-depth-exceeded`,
    ///   `too-many-substitutions` (docs/formatting.md).
    /// - Complexity: linear in the length of the expanded format plus the result.
    static func render(
        _ value: VariableFormat, arguments: [FormatArgument], language: String, numbers: NumberSymbols? = nil
    ) throws(FormatFailure) -> String {
        try render(PreparedVariableFormat(value), arguments: arguments, language: language, numbers: numbers)
    }

    /// `value` rendered with `arguments`; `rules`, when given, are the rules of `language`
    /// already opened (a catalog opens them once per table layer). `numbers`, when given, writes
    /// the numbers in their locale (the plural categories are chosen from the values as always).
    static func render(
        _ value: PreparedVariableFormat, arguments: [FormatArgument], language: String, rules: PluralRules? = nil,
        numbers: NumberSymbols? = nil
    ) throws(FormatFailure) -> String {
        var rules = rules
        if let reference = value.singleReference {
            // The usual `.stringsdict` entry, `%#@files@`: the expanded string is exactly the
            // chosen variant, so it renders from the variant's prepared parse, with no text
            // copied. A variant without references parses the same whether references are
            // allowed or not (they are the only difference). One with references takes the
            // general path below.
            let variant = try VariantChooser.choose(
                reference, argumentPosition: reference.isPositionExplicit ? reference.position : 1, in: value,
                arguments: arguments, language: language, rules: &rules)
            let parsed: CompiledFormat
            do { parsed = try variant.format.get() } catch { throw failure(error, in: variant, of: reference) }
            if !parsed.hasVariables { return try StringFormat.render(parsed, arguments: arguments, numbers: numbers) }
        }
        var expansion = Expansion(value: value, arguments: arguments, language: language, rules: rules)
        var sequentialCount = 0
        try expansion.expand(value.source.format, parsed: value.format, depth: 0, sequentialCount: &sequentialCount)
        return try StringFormat.render(String(decoding: expansion.output, as: UTF8.self), arguments: arguments,
                                       numbers: numbers)
    }

    /// `error`, found in `variant`, as the variable's: prefixed with the variable and variant,
    /// except for the limits, which are about the format as a whole.
    static func failure(_ error: FormatFailure, in variant: PreparedVariant, of reference: VariableReference)
        -> FormatFailure
    {
        guard error.code != "too-many-substitutions", error.code != "variable-depth-exceeded",
              error.code != "format-too-long" else { return error }
        var failure = error
        failure.message = "variable '\(reference.name)', variant '\(variant.key)': " + error.message
        return failure
    }

    /// The state of one rendering: the growing text, the substitution budget, the rules.
    private struct Expansion {
        let value: PreparedVariableFormat
        let arguments: [FormatArgument]
        let language: String
        var rules: PluralRules?
        var output: [UInt8] = []
        var substitutions = 0

        init(value: PreparedVariableFormat, arguments: [FormatArgument], language: String, rules: PluralRules?) {
            self.value = value
            self.arguments = arguments
            self.language = language
            self.rules = rules
        }

        /// Appends `text` with its references substituted. `sequentialCount` is the number of
        /// sequential specifiers the final string has before `text`.
        mutating func expand(
            _ text: String, parsed: Result<CompiledFormat, FormatFailure>, depth: Int, sequentialCount: inout Int
        ) throws(FormatFailure) {
            let compiled = try parsed.get()
            let segments = compiled.segments
            var copiedUpTo = 0
            for segment in segments {
                switch segment {
                case .literal:
                    continue
                case .specifier(let specifier):
                    if !specifier.isPositionExplicit { sequentialCount += 1 }
                case .variable(let reference):
                    try append(text, from: copiedUpTo, to: reference.bytes.lowerBound)
                    copiedUpTo = reference.bytes.upperBound
                    substitutions += 1
                    guard substitutions <= Limits.maximumSubstitutions else {
                        throw FormatFailure(
                            code: "too-many-substitutions",
                            message: "format substitutes more than \(Limits.maximumSubstitutions) variables",
                            offset: reference.offset)
                    }
                    guard depth < Limits.maximumVariableDepth else {
                        throw FormatFailure(
                            code: "variable-depth-exceeded",
                            message: "variables nest deeper than \(Limits.maximumVariableDepth) levels "
                                + "(a variable that references itself?)",
                            offset: reference.offset)
                    }
                    let position = reference.isPositionExplicit ? reference.position : sequentialCount + 1
                    let variant = try VariantChooser.choose(reference, argumentPosition: position, in: value,
                                                           arguments: arguments, language: language, rules: &rules)
                    do {
                        try expand(variant.text, parsed: variant.format, depth: depth + 1,
                                   sequentialCount: &sequentialCount)
                    } catch {
                        throw VariableFormatRenderer.failure(error, in: variant, of: reference)
                    }
                }
            }
            try append(text, from: copiedUpTo, to: text.utf8.count)
        }

        /// Copies whole scalars: the parser's byte ranges start and end on scalar boundaries.
        /// Native strings are contiguous UTF-8, so the slice is found in constant time.
        private mutating func append(_ text: String, from start: Int, to end: Int) throws(FormatFailure) {
            let bytes = text.utf8
            guard start < end, start >= 0, end <= bytes.count else { return }
            guard end - start <= Limits.maximumFormatLength - output.count else {
                throw FormatFailure(
                    code: "format-too-long",
                    message: "format with variables substituted exceeds \(Limits.maximumFormatLength) bytes")
            }
            let lower = bytes.index(bytes.startIndex, offsetBy: start)
            output.append(contentsOf: bytes[lower..<bytes.index(lower, offsetBy: end - start)])
        }
    }
}
