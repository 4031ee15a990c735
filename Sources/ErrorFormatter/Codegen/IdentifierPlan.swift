/// The identifiers of one language's generated file: each error's constructor and parameters,
/// and the module's own name, all legal in that language; and the errors that would share a
/// constructor's name, which refuse the file (a name cannot be chosen for the user).
struct IdentifierPlan: Sendable {
    static let collisionRule = LintRule(
        "codegen-name-collision", .error, "two errors would get one constructor name",
        help: "Identifiers are spelled from each error's domain and code (or its --names name) in the language's "
            + "convention, so two names that differ only in punctuation or case can meet. Give one of the errors "
            + "another name in a --names file ('domain code Name' lines).")

    /// An error's names.
    struct Names: Sendable {
        var constructor: String
        /// By position order.
        var parameters: [String]
    }

    let language: CodegenLanguage
    let rules: IdentifierRules
    /// The module's name in the language's style.
    let module: String
    /// Each error's names, in the model's order.
    let names: [Names]
    /// Errors that would share a name.
    let collisions: [Diagnostic]

    init(_ model: CodegenModel, language: CodegenLanguage) {
        self.language = language
        let rules = IdentifierRules.rules(for: language)
        self.rules = rules
        module = rules.legal(model.module, rules.moduleStyle)
        var names: [Names] = []
        var owners: [String: CodegenModel.Entry] = [:]
        var collisions: [Diagnostic] = []
        for error in model.errors {
            var constructor = rules.constructor(error.name)
            // Java: a method may not share the class's name without reading as a constructor.
            if language == .java, constructor == module { constructor += "_" }
            if let owner = owners[constructor] {
                var finding = error.source
                finding.severity = .error
                finding.code = Self.collisionRule.code
                finding.message = "\(error.identity.label) (\(MessageEscaping.quoted(error.firstKey))) and \(owner.identity.label) "
                    + "(\(MessageEscaping.quoted(owner.firstKey))) would both be named \(constructor) in "
                    + "\(language.rawValue); give one of them another name with --names"
                collisions.append(finding)
            } else {
                owners[constructor] = error
            }
            names.append(Names(constructor: constructor, parameters: Self.parameters(of: error, rules: rules)))
        }
        self.names = names
        self.collisions = collisions
    }

    /// Parameter names, each legal and different from the others: a repeated one gets its
    /// position after it (`files`, `files2`).
    private static func parameters(of error: CodegenModel.Entry, rules: IdentifierRules) -> [String] {
        var taken: Set<String> = []
        var parameters: [String] = []
        for argument in error.arguments {
            var name = rules.legal(argument.name, rules.parameterStyle, alsoReserved: rules.reservedForParameters)
            if taken.contains(name) {
                name = rules.legal(IdentifierWords(argument.name.words + [String(argument.position)]), rules.parameterStyle,
                                   alsoReserved: rules.reservedForParameters.union(taken))
            }
            while taken.contains(name) { name += "_" }
            taken.insert(name)
            parameters.append(name)
        }
        return parameters
    }
}
