/// JSON: the registry of the table's errors, which `errfmt lint --registry` reads back and
/// tools can use: for each error its domain, code, name, keys, arguments (position, name,
/// type), the localizations lacking a title or message of their own, and its constructor's name
/// in every language. Pretty-printed, members in a fixed order, so that it diffs well.
enum JSONRegistryEmitter: CodegenEmitter {
    static func emit(_ model: CodegenModel, _ plan: IdentifierPlan) -> String {
        let plans = CodegenLanguage.allCases.filter { $0 != .json }.map { IdentifierPlan(model, language: $0) }
        var out = "{\n"
        out += "  \"generator\": \(quoted(CodegenModel.generator)),\n"
        out += "  \"catalog\": \(quoted(model.catalog)),\n"
        out += "  \"table\": \(quoted(model.table)),\n"
        out += "  \"developmentLocalization\": \(model.developmentLocalization.map(quoted) ?? "null"),\n"
        out += "  \"errors\": ["
        for (index, (error, names)) in zip(model.errors, plan.names).enumerated() {
            out += index == 0 ? "\n" : ",\n"
            out += "    {\n"
            out += "      \"domain\": \(quoted(error.identity.domain)),\n"
            out += "      \"code\": \(error.identity.code),\n"
            out += "      \"name\": \(quoted(names.constructor)),\n"
            out += "      \"keys\": [" + error.keys.map(quoted).joined(separator: ", ") + "],\n"
            out += "      \"arguments\": ["
            out += error.arguments.map { argument in
                "{\"position\": \(argument.position), \"name\": \(quoted(argument.label)), \"type\": \(quoted(argument.type.rawValue))}"
            }.map { "\n        " + $0 }.joined(separator: ",") + (error.arguments.isEmpty ? "" : "\n      ") + "],\n"
            out += "      \"missing\": ["
            out += error.missing.map { missing in
                "{\"localization\": \(quoted(missing.localization)), \"fields\": ["
                    + missing.fields.map { quoted($0.rawValue) }.joined(separator: ", ") + "]}"
            }.map { "\n        " + $0 }.joined(separator: ",") + (error.missing.isEmpty ? "" : "\n      ") + "],\n"
            out += "      \"identifiers\": {"
            out += plans.map { "\(quoted($0.language.rawValue)): \(quoted($0.names[index].constructor))" }
                .joined(separator: ", ")
            out += "}\n    }"
        }
        out += model.errors.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return out
    }

    private static func quoted(_ text: String) -> String { SourceLiterals.string(text, for: .json) }
}
