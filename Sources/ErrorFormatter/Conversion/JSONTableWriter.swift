/// Writes one language as a flat JSON table (docs/json-table.schema.json): one member per key
/// in the document's order, two-space indentation, UTF-8.
///
/// A JSON table holds texts and single plurals: an object of CLDR categories read back as the
/// format `%#@value@` whose value type is the first specifier of `other`. A variable format of
/// exactly that shape is written so; any other (text around the plural, several variables,
/// device or width variants, a value type the `other` variant does not start with) cannot be
/// held, and neither can non-string `.strings` values: each is a warning.
enum JSONTableWriter {
    static func write(_ language: TableDocument.Language) -> ConvertedTable {
        var members: [String] = []
        var diagnostics: [Diagnostic] = []
        for entry in language.entries {
            let key = JSONText.quoted(entry.key.string)
            switch entry.value {
            case .text(let text):
                members.append("  \(key): \(JSONText.quoted(text))")
            case .propertyList:
                diagnostics.append(ConversionDiagnostic.nonStringLeftOut(entry.key, target: .json))
            case .variable(let format):
                switch pluralObject(format) {
                case .success(let variable):
                    let variants = VariableShape.orderedVariantKeys(variable).compactMap { name in
                        variable.variants[name].map { "    \(JSONText.quoted(name)): \(JSONText.quoted($0))" }
                    }
                    members.append("  \(key): {\n" + variants.joined(separator: ",\n") + "\n  }")
                case .failure(let reason):
                    diagnostics.append(ConversionDiagnostic.variableLeftOut(entry.key, format, target: .json,
                                                                            why: reason.text))
                }
            }
        }
        let out = members.isEmpty ? "{}\n" : "{\n" + members.joined(separator: ",\n") + "\n}\n"
        return ConvertedTable(bytes: Array(out.utf8), diagnostics: diagnostics)
    }

    struct Reason: Error {
        var text: String
    }

    /// The plural variable a JSON plural object can stand for, or why there is none.
    private static func pluralObject(_ format: VariableFormat) -> Result<VariableFormat.Variable, Reason> {
        guard case .single(_, let variable) = VariableShape(format) else {
            return .failure(Reason(text: "a JSON plural object is a whole string with one plural variable"))
        }
        guard variable.ruleType == .plural else {
            return .failure(Reason(text: "JSON tables hold plural variants only"))
        }
        guard VariableShape.valueTypeIsInferred(variable) else {
            return .failure(Reason(text: "its value type \(variable.valueType ?? "(none)") is not the first "
                                       + "specifier of its 'other' variant, which a JSON table would read"))
        }
        return .success(variable)
    }
}
