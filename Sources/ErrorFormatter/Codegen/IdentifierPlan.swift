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
    /// Two errors that would share a constructor's name.
    struct Collision: Sendable {
        var error: CodegenModel.Entry
        var owner: CodegenModel.Entry
        var name: String
    }

    /// Errors that would share a name, each with the first error that got it.
    let collisions: [Collision]

    init(_ model: CodegenModel, language: CodegenLanguage) {
        self.language = language
        let rules = IdentifierRules.rules(for: language)
        self.rules = rules
        module = rules.legal(model.module, rules.moduleStyle)
        var names: [Names] = []
        var owners: [String: CodegenModel.Entry] = [:]
        var collisions: [Collision] = []
        for error in model.errors {
            var constructor = rules.constructor(error.name)
            // Java: a method may not share the class's name without reading as a constructor.
            if language == .java, constructor == module { constructor += "_" }
            if let owner = owners[constructor] {
                collisions.append(Collision(error: error, owner: owner, name: constructor))
            } else {
                owners[constructor] = error
            }
            names.append(Names(constructor: constructor, parameters: Self.parameters(of: error, rules: rules)))
        }
        self.names = names
        self.collisions = collisions
    }

    /// The findings for the collisions of `plans` (one language's, or every language's for the
    /// registry): one per pair of errors, naming both keys and the name each language would give.
    static func findings(_ plans: [IdentifierPlan]) -> [Diagnostic] {
        var order: [[ErrorIdentity]] = []
        var names: [[ErrorIdentity]: (collision: Collision, spelled: [String])] = [:]
        for plan in plans {
            for collision in plan.collisions {
                let pair = [collision.error.identity, collision.owner.identity]
                let spelled = "\(collision.name) in \(plan.language.rawValue)"
                if names[pair] == nil { order.append(pair) }
                names[pair, default: (collision, [])].spelled.append(spelled)
            }
        }
        return order.compactMap { pair in
            guard let (collision, spelled) = names[pair] else { return nil }
            var finding = collision.error.source
            finding.severity = .error
            finding.code = collisionRule.code
            finding.message = "\(collision.error.identity.label) (\(MessageEscaping.quoted(collision.error.firstKey))) and "
                + "\(collision.owner.identity.label) (\(MessageEscaping.quoted(collision.owner.firstKey))) would both be named "
                + spelled.joined(separator: ", ") + "; give one of them another name with --names"
            return finding
        }
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
