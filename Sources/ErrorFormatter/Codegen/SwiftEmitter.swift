/// Swift: an enum named after the module, of static functions returning the core's
/// `ErrorInfo` (`Int64`, `UInt64`, `Double` and `String` parameters, which Swift never converts
/// into one another).
enum SwiftEmitter: CodegenEmitter {
    static func emit(_ model: CodegenModel, _ plan: IdentifierPlan) -> String {
        var out = """
            // \(CodegenDocs.header(model))

            import ErrorFormatter

            /// Typed constructors of \(CodegenDocs.subject(model)): each returns the error as an
            /// `ErrorInfo` holding its domain, code and arguments, typed as its development texts' format specifiers say.
            public enum \(plan.module) {

            """
        for (index, (error, names)) in zip(model.errors, plan.names).enumerated() {
            if index > 0 { out += "\n" }
            for line in CodegenDocs.lines(for: error, parameters: names.parameters) { out += "    /// \(line)\n" }
            let parameters = zip(error.arguments, names.parameters).map { "_ \($0.1): \(type($0.0.type))" }
            out += "    public static func \(names.constructor)(\(parameters.joined(separator: ", "))) -> ErrorInfo {\n"
            var call = "ErrorInfo(domain: \(SourceLiterals.string(error.identity.domain, for: .swift)), "
                + "code: \(SourceLiterals.code(error.identity.code, for: .swift))"
            if model.table != Catalog.defaultTable { call += ", table: \(SourceLiterals.string(model.table, for: .swift))" }
            if !error.arguments.isEmpty {
                let values = zip(error.arguments, names.parameters).map { ".\(caseName($0.0.type))(\($0.1))" }
                call += ", arguments: [" + values.joined(separator: ", ") + "]"
            }
            out += "        \(call))\n    }\n"
        }
        out += "}\n"
        return out
    }

    private static func type(_ type: ErrorArgumentType) -> String {
        switch type {
        case .string: "String"
        case .int64: "Int64"
        case .uint64: "UInt64"
        case .double: "Double"
        }
    }

    private static func caseName(_ type: ErrorArgumentType) -> String {
        switch type {
        case .string: "string"
        case .int64: "int"
        case .uint64: "uint"
        case .double: "double"
        }
    }
}
