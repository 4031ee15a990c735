/// A variable format (a `.stringsdict` entry, a String Catalog variation) with everything that
/// does not depend on the arguments worked out once, when its table is built: the format and
/// every variant parsed, each variable's value type read, plural variants indexed by category,
/// the widest width variant found.
///
/// Otherwise every render would parse (or find in a shared cache) the format, the chosen variant
/// and the value type, and look variants up by name: cache probes behind a lock and several
/// hashes, more than choosing the plural category costs. Failures are kept as well, and thrown
/// only when a render reaches them, so a broken variant that is never chosen never fails a
/// render.
final class PreparedVariableFormat: Sendable {
    let source: VariableFormat
    /// `source.format`, parsed with variable references allowed.
    let format: Result<CompiledFormat, FormatFailure>
    /// The variables by name, in name order when there are few (found by comparing names:
    /// a format has one or two, and equal short names compare without hashing), else in a
    /// dictionary.
    private let fewVariables: [(name: String, variable: PreparedVariable)]
    private let manyVariables: [String: PreparedVariable]
    private static let fewVariablesLimit = 8

    /// The reference, when the format is one reference and nothing else (`%#@files@`).
    let singleReference: VariableReference?

    init(_ source: VariableFormat) {
        self.source = source
        format = Self.compile(source.format)
        if case .success(let parsed) = format, parsed.segments.count == 1,
           case .variable(let reference) = parsed.segments[0] {
            singleReference = reference
        } else {
            singleReference = nil
        }
        let prepared = source.variables.mapValues(PreparedVariable.init)
        if prepared.count <= Self.fewVariablesLimit {
            fewVariables = prepared.map { ($0.key, $0.value) }.sorted { $0.name < $1.name }
            manyVariables = [:]
        } else {
            fewVariables = []
            manyVariables = prepared
        }
    }

    /// The variable named `name`, if the format defines it.
    func variable(named name: String) -> PreparedVariable? {
        guard manyVariables.isEmpty else { return manyVariables[name] }
        for entry in fewVariables where entry.name == name { return entry.variable }
        return nil
    }

    static func compile(_ text: String) -> Result<CompiledFormat, FormatFailure> {
        // Parsed here, not through the shared cache: a table's variants are parsed once each,
        // and loading a catalog must not evict the formats that are being rendered.
        Result { () throws(FormatFailure) in CompiledFormat(try FormatParser.parse(text, allowsVariables: true)) }
    }
}

/// One variable of a ``PreparedVariableFormat``.
final class PreparedVariable: Sendable {
    let ruleType: VariableFormat.Variable.RuleType
    /// The specifier the value type names (``PluralRules/valueTypeSpecifier(_:)``), or why it
    /// names none; only plural variables read it.
    let valueType: Result<FormatSpecifier, FormatFailure>
    /// Plural variants by category, in ``PluralCategory/allCases`` order.
    let pluralVariants: [PreparedVariant?]
    /// The variant a device rule chooses: `other` (there is no device class here).
    let deviceVariant: PreparedVariant?
    /// The variant a width rule chooses: the widest (no presentation width is known); on equal
    /// widths (`"20"`, `"020"`) the key first in byte order, so that the choice never depends
    /// on a dictionary's order.
    let widestVariant: PreparedVariant?

    init(_ variable: VariableFormat.Variable) {
        ruleType = variable.ruleType
        valueType = Result { () throws(FormatFailure) in try PluralRules.valueTypeSpecifier(variable.valueType) }
        func prepared(_ key: String) -> PreparedVariant? {
            variable.variants[key].map { PreparedVariant(key: key, text: $0) }
        }
        switch variable.ruleType {
        case .plural:
            pluralVariants = PluralCategory.allCases.map { prepared($0.rawValue) }
            deviceVariant = nil
            widestVariant = nil
        case .device:
            pluralVariants = []
            deviceVariant = prepared("other")
            widestVariant = nil
        case .width:
            pluralVariants = []
            deviceVariant = nil
            var widest: (width: Int, key: String)?
            for key in variable.variants.keys {
                guard let width = Int(key), width >= 0 else { continue }
                if let current = widest, current.width > width || (current.width == width && current.key < key) {
                    continue
                }
                widest = (width, key)
            }
            widestVariant = widest.flatMap { prepared($0.key) }
        }
    }

    /// The plural variant of `category`, if the table has one.
    func variant(for category: PluralCategory) -> PreparedVariant? {
        pluralVariants.indices.contains(category.index) ? pluralVariants[category.index] : nil
    }
}

/// One variant of a variable: its key, its text and its parse.
final class PreparedVariant: Sendable {
    let key: String
    let text: String
    /// `text` parsed with variable references allowed (variants may reference variables).
    let format: Result<CompiledFormat, FormatFailure>

    init(key: String, text: String) {
        self.key = key
        self.text = text
        format = PreparedVariableFormat.compile(text)
    }
}
