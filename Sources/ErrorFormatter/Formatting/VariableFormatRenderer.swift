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
public enum VariableFormatRenderer {
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
    public static func render(_ value: VariableFormat, arguments: [FormatArgument], language: String)
        throws(FormatFailure) -> String
    {
        var expansion = Expansion(value: value, arguments: arguments, language: language)
        var sequentialCount = 0
        try expansion.expand(value.format, depth: 0, sequentialCount: &sequentialCount)
        if let whole = expansion.wholeVariantSegments {
            // The expanded string is that variant's text: its segments are known already.
            return try StringFormat.render(whole, arguments: arguments)
        }
        return try StringFormat.render(String(decoding: expansion.output, as: UTF8.self), arguments: arguments)
    }

    /// The state of one rendering: the growing text, the substitution budget, parsed variants.
    private struct Expansion {
        let value: VariableFormat
        let arguments: [FormatArgument]
        let language: String
        var output: [UInt8] = []
        var substitutions = 0
        var rules: PluralRules?
        /// When the format is one reference and nothing else (`%#@files@`, the usual
        /// `.stringsdict` entry) whose variant has no reference itself, the expanded string is
        /// exactly that variant: its segments, as parsed. A variant without references parses
        /// the same whether references are allowed or not (they are the only difference), so
        /// these are the segments the expanded string would give.
        private(set) var wholeVariantSegments: [FormatSegment]?
        private var isSingleReference = false

        init(value: VariableFormat, arguments: [FormatArgument], language: String) {
            self.value = value
            self.arguments = arguments
            self.language = language
        }

        /// Appends `text` with its references substituted. `sequentialCount` is the number of
        /// sequential specifiers the final string has before `text`.
        mutating func expand(_ text: String, depth: Int, sequentialCount: inout Int) throws(FormatFailure) {
            let segments = try ParsedFormats.segments(of: text, allowsVariables: true)
            if depth == 0, segments.count == 1, case .variable = segments[0] { isSingleReference = true }
            if depth == 1, isSingleReference, !segments.contains(where: \.isVariable) { wholeVariantSegments = segments }
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
                    guard substitutions <= FormatLimits.maximumSubstitutions else {
                        throw FormatFailure(
                            code: "too-many-substitutions",
                            message: "format substitutes more than \(FormatLimits.maximumSubstitutions) variables",
                            offset: reference.offset)
                    }
                    guard depth < FormatLimits.maximumVariableDepth else {
                        throw FormatFailure(
                            code: "variable-depth-exceeded",
                            message: "variables nest deeper than \(FormatLimits.maximumVariableDepth) levels "
                                + "(a variable that references itself?)",
                            offset: reference.offset)
                    }
                    let position = reference.isPositionExplicit ? reference.position : sequentialCount + 1
                    let (key, variant) = try choose(reference, argumentPosition: position)
                    do {
                        try expand(variant, depth: depth + 1, sequentialCount: &sequentialCount)
                    } catch where error.code != "too-many-substitutions" && error.code != "variable-depth-exceeded"
                        && error.code != "format-too-long"
                    {
                        var failure = error
                        failure.message = "variable '\(reference.name)', variant '\(key)': " + error.message
                        throw failure
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
            guard end - start <= FormatLimits.maximumFormatLength - output.count else {
                throw FormatFailure(
                    code: "format-too-long",
                    message: "format with variables substituted exceeds \(FormatLimits.maximumFormatLength) bytes")
            }
            let lower = bytes.index(bytes.startIndex, offsetBy: start)
            output.append(contentsOf: bytes[lower..<bytes.index(lower, offsetBy: end - start)])
        }

        /// The variant `reference` selects, with its key.
        private mutating func choose(_ reference: VariableReference, argumentPosition: Int) throws(FormatFailure)
            -> (key: String, text: String)
        {
            guard let variable = value.variables[reference.name] else {
                throw FormatFailure(code: "unknown-variable",
                                    message: "format references variable '\(reference.name)', which is not defined",
                                    offset: reference.offset)
            }
            switch variable.ruleType {
            case .plural:
                let key = try pluralKey(for: variable, reference: reference, argumentPosition: argumentPosition)
                if let text = variable.variants[key] { return (key, text) }
                if let text = variable.variants[PluralCategory.other.rawValue] {
                    return (PluralCategory.other.rawValue, text)
                }
                throw FormatFailure(
                    code: "missing-other-variant",
                    message: "variable '\(reference.name)' has no '\(key)' variant and no 'other' variant",
                    offset: reference.offset)
            case .device:
                // There is no device class on the platforms this library runs on: `other`.
                guard let text = variable.variants["other"] else {
                    throw FormatFailure(code: "missing-other-variant",
                                        message: "device variable '\(reference.name)' has no 'other' variant",
                                        offset: reference.offset)
                }
                return ("other", text)
            case .width:
                // No presentation width is known: the widest variant, the full text.
                var widest: (width: Int, key: String, text: String)?
                for (key, text) in variable.variants {
                    guard let width = Int(key), width >= 0 else { continue }
                    if let current = widest, current.width > width || (current.width == width && current.key < key) {
                        continue
                    }
                    widest = (width, key, text)
                }
                guard let widest else {
                    throw FormatFailure(code: "missing-width-variant",
                                        message: "width variable '\(reference.name)' has no numeric width variant",
                                        offset: reference.offset)
                }
                return (widest.key, widest.text)
            }
        }

        /// The plural category key for the argument, with Apple's rule that an integer 0 uses
        /// `zero` whenever the variable has one, even in languages without a `zero` category.
        private mutating func pluralKey(
            for variable: VariableFormat.Variable, reference: VariableReference, argumentPosition: Int
        ) throws(FormatFailure) -> String {
            guard argumentPosition >= 1, argumentPosition <= arguments.count else {
                throw FormatFailure(
                    code: "missing-argument",
                    message: "variable '\(reference.name)' needs argument \(argumentPosition) but \(arguments.count) "
                        + (arguments.count == 1 ? "was" : "were") + " passed",
                    offset: reference.offset)
            }
            let argument = arguments[argumentPosition - 1]
            var specifier: FormatSpecifier
            do {
                specifier = try PluralRules.valueTypeSpecifier(variable.valueType)
            } catch {
                throw FormatFailure(code: error.code, message: "variable '\(reference.name)': " + error.message,
                                    offset: reference.offset)
            }
            specifier.offset = reference.offset
            if let count = specifier.smallIntegerOperand(of: argument) {
                // The common case, an integer count: no decimal text to make and read back.
                if count == 0, variable.variants[PluralCategory.zero.rawValue] != nil {
                    return PluralCategory.zero.rawValue
                }
                return try pluralRules().category(for: .double(Double(count))).rawValue
            }
            let operand = try specifier.pluralOperand(of: argument)
            if case .decimal(let text) = operand, text == "0", variable.variants[PluralCategory.zero.rawValue] != nil {
                switch argument {
                case .int, .uint: return PluralCategory.zero.rawValue
                case .string, .double: break
                }
            }
            let rules = try pluralRules()
            return try rules.category(for: operand).rawValue
        }

        private mutating func pluralRules() throws(FormatFailure) -> PluralRules {
            if let rules { return rules }
            let opened = try PluralRules.cardinal(for: language)
            rules = opened
            return opened
        }
    }
}
