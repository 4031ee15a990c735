/// The catalog against the errors a program raises (`errfmt lint --registry FILE`): a named
/// error without a title and a message of its own in some localization (its users see the
/// domain's or generic text, or another language's), texts for errors the registry does not
/// name (dead, or the registry is out of date), and argument lists that differ from the
/// catalog's. Findings about the registry's entries point into the registry file.
enum RegistryCheck: LintCheck {
    static let rules = [
        ErrorRegistry.invalidEntryRule,
        LintRule("registered-error-without-text", .error, "an error the program raises has no text of its own in a localization",
                 help: "The registry names this error, and in these localizations it has neither a title nor a message of its "
                     + "own (nor in a language they fall back to before the development one, such as fr for fr-CA): users "
                     + "see the domain's or the generic texts, or the development language. A translation the error's "
                     + "arguments cannot satisfy counts as missing: it is skipped at run time. Add the texts."),
        LintRule("registered-error-half-text", .warning, "an error the program raises lacks its title or its message in a localization",
                 help: "The registry names this error, and in these localizations it has a title but no message of its own, or "
                     + "the reverse: the missing field falls back to the domain's or the generic text, or to the development "
                     + "language. Add the missing text."),
        LintRule("unregistered-error-text", .warning, "texts for an error the registry does not name",
                 help: "The development table has a title or message for this error, but the registry of the errors the "
                     + "program raises does not name it: the texts are never shown, or the registry is out of date. Remove "
                     + "the texts, or add the error to the registry."),
        LintRule("registry-argument-mismatch", .error, "the registry's arguments for an error differ from the catalog's",
                 help: "The registry (written by errfmt codegen --lang json) lists the arguments the program passes; the "
                     + "catalog's development texts now take others, so texts would be skipped at run time and generated "
                     + "constructors no longer fit. Generate the registry and the constructors again, and update the callers."),
    ]

    static func run(_ context: LintContext) -> [Diagnostic] {
        guard let registry = context.registry else { return [] }
        let view = ErrorCatalogView(context: context, table: registry.table)
        guard view.development != nil else {
            return registry.entries.isEmpty ? [] : [Diagnostic(
                severity: .error, code: "registered-error-without-text",
                message: "the catalog has no development table '\(registry.table)', so none of the registry's "
                    + "\(registry.entries.count) errors has a text", file: registry.file, line: 1, column: 1)]
        }
        var diagnostics: [Diagnostic] = []
        for entry in registry.entries {
            diagnostics += check(entry, in: registry, view: view)
        }
        let named = Set(registry.entries.map(\.error))
        for (error, texts) in view.errors where !named.contains(error) {
            guard let first = texts.entries.first else { continue }
            diagnostics.append(first.diagnostic(
                .warning, "unregistered-error-text",
                "\(MessageEscaping.quoted(first.key.string)) is a text of \(error.label), which the registry "
                    + "(\(registry.file)) does not name"))
        }
        return diagnostics
    }

    private static func check(_ entry: ErrorRegistry.Entry, in registry: ErrorRegistry, view: ErrorCatalogView) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        func report(_ severity: Diagnostic.Severity, _ code: String, _ message: String, at position: LintEntry.Position) {
            diagnostics.append(Diagnostic(severity: severity, code: code, message: message, file: registry.file,
                                          line: position.line, column: position.column))
        }
        let texts = view.developmentTexts(of: entry.error)
        var arguments: [ErrorArgument]?
        if !texts.entries.isEmpty {
            let analysis = ErrorSignature.analyze(entry.error, texts: texts)
            if !analysis.isRefused { arguments = analysis.arguments }
        } else if let registered = entry.arguments {
            arguments = registered.enumerated().map { ErrorArgument(position: $0.offset + 1, type: $0.element) }
        }
        if let registered = entry.arguments, !texts.entries.isEmpty, let arguments, registered != arguments.map(\.type) {
            report(.error, "registry-argument-mismatch",
                   "the registry gives \(entry.error.label) the arguments \(describe(registered)), but its texts in "
                       + "the catalog take \(describe(arguments.map(\.type)))", at: entry.argumentsPosition)
        }
        let missing = view.missingTexts(of: entry.error, arguments: arguments)
        let neither = missing.filter { $0.fields.count == ErrorTextField.allCases.count }.map(\.localization)
        if !neither.isEmpty {
            report(.error, "registered-error-without-text",
                   "\(entry.error.label), which the program raises, has neither a title nor a message in \(list(neither))",
                   at: entry.position)
        }
        for field in ErrorTextField.allCases {
            let lacking = missing.filter { $0.fields == [field] }.map(\.localization)
            guard !lacking.isEmpty else { continue }
            report(.warning, "registered-error-half-text",
                   "\(entry.error.label), which the program raises, has no \(field.rawValue) of its own in \(list(lacking))",
                   at: entry.position)
        }
        return diagnostics
    }

    /// `(string, int64)`, or `no arguments`.
    static func describe(_ types: [ErrorArgumentType]) -> String {
        types.isEmpty ? "no arguments" : "(" + types.map(\.rawValue).joined(separator: ", ") + ")"
    }

    /// `de, fr`, the unlocalized table named as such.
    static func list(_ localizations: [String]) -> String {
        localizations.map { $0.isEmpty ? "the unlocalized table" : $0 }.joined(separator: ", ")
    }
}
