/// Java: a final class named after the module (the output file's name), of static methods
/// returning `org.errorformatter.ErrorInfo` (bindings/java). Java has no unsigned `long`:
/// an unsigned argument is a `long` whose bits are read as unsigned (`Argument.ofUnsigned`).
/// The file is ASCII whatever the texts, so javac reads it alike in every locale.
enum JavaEmitter: CodegenEmitter {
    static func emit(_ model: CodegenModel, _ plan: IdentifierPlan) -> String {
        var out = "// \(CodegenDocs.header(model))\n"
        if let package = model.package { out += "\npackage \(package);\n" }
        out += "\n"
        if model.errors.contains(where: { !$0.arguments.isEmpty }) { out += "import org.errorformatter.Argument;\n" }
        out += """
            import org.errorformatter.ErrorInfo;

            /**
             * Typed constructors of the errors of that table: each returns the error as an {@link ErrorInfo} holding
             * its domain, code and arguments, typed as its development texts' format specifiers say.
             */
            public final class \(plan.module) {
                private \(plan.module)() {}

            """
        for (error, names) in zip(model.errors, plan.names) {
            out += "\n    /**\n"
            for line in CodegenDocs.lines(for: error, parameters: names.parameters) { out += "     * \(line)\n" }
            for (argument, name) in zip(error.arguments, names.parameters) {
                out += "     * @param \(name) \(argument.type.phrase)\n"
            }
            out += "     * @return the error\n     */\n"
            let parameters = zip(error.arguments, names.parameters).map { "\(type($0.0.type)) \($0.1)" }
            out += "    public static ErrorInfo \(names.constructor)(\(parameters.joined(separator: ", "))) {\n"
            var call = "ErrorInfo.builder(\(SourceLiterals.string(error.identity.domain, for: .java)), "
                + "\(SourceLiterals.code(error.identity.code, for: .java)))"
            if model.table != Catalog.defaultTable { call += ".table(\(SourceLiterals.string(model.table, for: .java)))" }
            if !error.arguments.isEmpty {
                let values = zip(error.arguments, names.parameters).map { value($0.0.type, $0.1) }
                call += ".arguments(\(values.joined(separator: ", ")))"
            }
            out += "        return \(call).build();\n    }\n"
        }
        out += "}\n"
        return out
    }

    private static func type(_ type: ErrorArgumentType) -> String {
        switch type {
        case .string: "String"
        case .int64, .uint64: "long"
        case .double: "double"
        }
    }

    private static func value(_ type: ErrorArgumentType, _ name: String) -> String {
        switch type {
        case .string, .int64, .double: "Argument.of(\(name))"
        case .uint64: "Argument.ofUnsigned(\(name))"
        }
    }
}
