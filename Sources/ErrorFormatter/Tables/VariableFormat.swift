/// A localized format whose text depends on its arguments: a `.stringsdict` entry, or a String
/// Catalog (`.xcstrings`) entry with plural/device variations or substitutions.
///
/// `format` is the `NSStringLocalizedFormatKey`: ordinary text and printf specifiers plus
/// variable references `%#@name@` (consumes the next argument) or `%N$#@name@` (argument N).
/// Each reference is replaced by the variant of its variable chosen by that argument; the result
/// is then formatted with the arguments as a whole, as Apple does.
package struct VariableFormat: Sendable, Hashable {
    /// The format with variable references.
    package var format: String
    /// The variables referenced by `format`, by name.
    package var variables: [String: Variable]

    package init(format: String, variables: [String: Variable]) {
        self.format = format
        self.variables = variables
    }

    /// One `%#@name@` variable: how to choose among its variants.
    package struct Variable: Sendable, Hashable {
        /// `NSStringFormatSpecTypeKey`.
        package enum RuleType: Sendable, Hashable {
            /// `NSStringPluralRuleType`: variants keyed by CLDR plural category.
            case plural
            /// `NSStringDeviceSpecificRuleType`: variants keyed by device (`iphone`, `mac`, …).
            case device
            /// `NSStringVariableWidthRuleType`: variants keyed by presentation width (`"20"`).
            case width
        }

        package var ruleType: RuleType
        /// `NSStringFormatValueTypeKey`: the printf conversion of the argument, without `%`
        /// (`d`, `lld`, `u`, `f`, `@`…); `nil` when the table gives none.
        package var valueType: String?
        /// Variant formats by key (`zero one two few many other`, device names or widths).
        package var variants: [String: String]

        package init(ruleType: RuleType, valueType: String?, variants: [String: String]) {
            self.ruleType = ruleType
            self.valueType = valueType
            self.variants = variants
        }
    }
}

extension VariableFormat {
    /// Whether the format or any variant holds U+0000.
    var holdsNUL: Bool {
        format.utf8.contains(0) || variables.values.contains { $0.variants.values.contains { $0.utf8.contains(0) } }
    }
}

/// The value of one key in a table: plain text, or a format with variables.
package enum LocalizedValue: Sendable, Hashable {
    case text(String)
    case variable(VariableFormat)
}
