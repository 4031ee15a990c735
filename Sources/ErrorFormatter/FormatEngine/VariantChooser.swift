/// Chooses the variant a variable reference selects: by plural category (from ICU's rules for
/// the table's language, plus Apple's integer-0 `zero` rule), `other` for device rules, the
/// widest for width rules.
///
/// Static functions over the renderer's own values rather than a struct holding them: a render
/// calls this once, and copying four references into a struct cost four retains and releases.
enum VariantChooser {
    /// The variant `reference` of `value` selects with `arguments`. `rules` are the plural
    /// rules of `language`, opened here on first use when `nil`.
    static func choose(
        _ reference: VariableReference, argumentPosition: Int, in value: PreparedVariableFormat,
        arguments: [FormatArgument], language: String, rules: inout PluralRules?
    ) throws(FormatFailure) -> PreparedVariant {
        guard let variable = value.variable(named: reference.name) else {
            throw FormatFailure(code: "unknown-variable",
                                message: "format references variable '\(reference.name)', which is not defined",
                                offset: reference.offset)
        }
        switch variable.ruleType {
        case .plural:
            let category = try pluralCategory(for: variable, reference: reference, argumentPosition: argumentPosition,
                                              arguments: arguments, language: language, rules: &rules)
            if let variant = variable.variant(for: category) ?? variable.variant(for: .other) { return variant }
            throw FormatFailure(
                code: "missing-other-variant",
                message: "variable '\(reference.name)' has no '\(category.rawValue)' variant and no 'other' variant",
                offset: reference.offset)
        case .device:
            // There is no device class on the platforms this library runs on: `other`.
            guard let variant = variable.deviceVariant else {
                throw FormatFailure(code: "missing-other-variant",
                                    message: "device variable '\(reference.name)' has no 'other' variant",
                                    offset: reference.offset)
            }
            return variant
        case .width:
            // No presentation width is known: the widest variant, the full text.
            guard let variant = variable.widestVariant else {
                throw FormatFailure(code: "missing-width-variant",
                                    message: "width variable '\(reference.name)' has no numeric width variant",
                                    offset: reference.offset)
            }
            return variant
        }
    }

    /// The plural category for the argument, with Apple's rule that an integer 0 uses
    /// `zero` whenever the variable has a `zero` variant, even in languages without a `zero`
    /// category.
    private static func pluralCategory(
        for variable: PreparedVariable, reference: VariableReference, argumentPosition: Int,
        arguments: [FormatArgument], language: String, rules: inout PluralRules?
    ) throws(FormatFailure) -> PluralCategory {
        guard argumentPosition >= 1, argumentPosition <= arguments.count else {
            throw FormatFailure(
                code: "missing-argument",
                message: "variable '\(reference.name)' needs argument \(argumentPosition) but \(arguments.count) "
                    + (arguments.count == 1 ? "was" : "were") + " passed",
                offset: reference.offset)
        }
        let argument = arguments[argumentPosition - 1]
        var specifier: FormatSpecifier
        switch variable.valueType {
        case .success(let valueType):
            specifier = valueType
        case .failure(let error):
            throw FormatFailure(code: error.code, message: "variable '\(reference.name)': " + error.message,
                                offset: reference.offset)
        }
        specifier.offset = reference.offset
        let hasZeroVariant = variable.variant(for: .zero) != nil
        if let count = specifier.smallIntegerOperand(of: argument) {
            // The common case, an integer count: no decimal text to make and read back.
            if count == 0, hasZeroVariant { return .zero }
            return try pluralRules(language, &rules).category(forSmallInteger: count)
        }
        let operand = try specifier.pluralOperand(of: argument)
        if case .decimal(let text) = operand, text == "0", hasZeroVariant {
            switch argument {
            case .int, .uint: return .zero
            case .string, .double: break
            }
        }
        return try pluralRules(language, &rules).category(for: operand)
    }

    private static func pluralRules(_ language: String, _ rules: inout PluralRules?) throws(FormatFailure)
        -> PluralRules
    {
        if let rules { return rules }
        let opened = try PluralRules.cardinal(for: language)
        rules = opened
        return opened
    }
}
