/// Which shape a variable format has, as the formats that cannot hold every shape need to
/// know: a JSON table holds only a single plural, a String Catalog a single plural or device
/// variation, or plural substitutions.
enum VariableShape {
    /// The whole format is one reference (`%#@name@`, or `%1$#@name@`, the same argument) to its
    /// only variable, whose variants reference nothing.
    case single(name: String, variable: VariableFormat.Variable)
    /// Anything else: several variables, text around the reference, nested references.
    case composite

    init(_ format: VariableFormat) {
        guard format.variables.count == 1, let (name, variable) = format.variables.first,
              format.format == "%#@\(name)@" || format.format == "%1$#@\(name)@",
              variable.variants.values.allSatisfy({ FormatReferences.variableNames(in: $0).isEmpty })
        else {
            self = .composite
            return
        }
        self = .single(name: name, variable: variable)
    }

    /// Whether a plural variable's value type is the one a JSON table or a String Catalog
    /// plural variation infers when reading it back (the first specifier of `other`).
    static func valueTypeIsInferred(_ variable: VariableFormat.Variable) -> Bool {
        variable.valueType == variable.variants["other"].flatMap(FormatReferences.firstValueType(in:))
    }

    /// A variable's variant keys in the order the formats are written in: CLDR's category
    /// order for plurals, byte order otherwise, `other` last.
    static func orderedVariantKeys(_ variable: VariableFormat.Variable) -> [String] {
        let categories = ["zero", "one", "two", "few", "many"]
        let keys = variable.variants.keys.filter { $0 != "other" }
        let ordered = variable.ruleType == .plural
            ? categories.filter(keys.contains) + keys.filter { !categories.contains($0) }.sorted(by: utf8Order)
            : keys.sorted(by: utf8Order)
        return variable.variants["other"] == nil ? ordered : ordered + ["other"]
    }

    static func utf8Order(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }

    /// A name for diagnostics: "a plural format", "a device-specific format"…
    static func kind(of format: VariableFormat) -> String {
        let types = Set(format.variables.values.map(\.ruleType))
        if types == [.plural] { return "a plural format" }
        if types == [.device] { return "a device-specific format" }
        if types == [.width] { return "a width-variant format" }
        return "a format with plural, device or width variables"
    }
}
