/// Writes one language's file from the model and that language's identifiers. One conforming
/// type per language, each in its own file; `Codegen` picks it by ``CodegenLanguage``.
protocol CodegenEmitter {
    static func emit(_ model: CodegenModel, _ plan: IdentifierPlan) -> String
}

extension CodegenLanguage {
    var emitter: any CodegenEmitter.Type {
        switch self {
        case .c: CEmitter.self
        case .cpp: CppEmitter.self
        case .swift: SwiftEmitter.self
        case .python: PythonEmitter.self
        case .typescript: TypeScriptEmitter.self
        case .go: GoEmitter.self
        case .java: JavaEmitter.self
        case .rust: RustEmitter.self
        case .json: JSONRegistryEmitter.self
        }
    }
}

/// The documentation every language's constructor carries, in words every comment syntax can
/// hold (``SourceLiterals/comment(_:)``): which error, from which keys, the arguments, and the
/// localizations lacking a text of their own.
enum CodegenDocs {
    static func lines(for error: CodegenModel.Entry, parameters: [String]) -> [String] {
        let identity = SourceLiterals.comment("\(error.identity.domain) \(error.identity.code)")
        var lines: [String] = []
        if error.keys.isEmpty {
            lines.append("\(identity): named by the registry; the catalog has no text for it.")
        } else {
            lines.append("\(identity): " + error.keys.map(SourceLiterals.comment).joined(separator: ", ") + ".")
        }
        if !error.arguments.isEmpty {
            let described = zip(parameters, error.arguments).map { "\($0.0) (\($0.1.type.phrase))" }
            lines.append("Arguments: " + described.joined(separator: ", ") + ".")
        }
        if !error.missing.isEmpty {
            let described = error.missing.map { missing in
                let name = missing.localization.isEmpty ? "the unlocalized table" : SourceLiterals.comment(missing.localization)
                return "\(name) (" + missing.fields.map(\.rawValue).joined(separator: ", ") + ")"
            }
            lines.append("No text of its own in: " + described.joined(separator: ", ") + ".")
        }
        return lines
    }

    /// `the errors of the Localizable table of Resources`, for documentation away from the header.
    static func subject(_ model: CodegenModel) -> String {
        "the errors of the \(SourceLiterals.comment(model.table)) table of \(SourceLiterals.comment(model.catalog))"
    }

    /// The header line every file starts with, inside its comment markers.
    static func header(_ model: CodegenModel) -> String {
        SourceLiterals.comment(model.provenance) + "; do not edit."
    }
}
