/// Rust: a module of functions returning `errorformatter::Result<ErrorInfo>` (bindings/rust),
/// with `&str`, `i64`, `u64` and `f64` parameters, which Rust never converts into one another.
enum RustEmitter: CodegenEmitter {
    static func emit(_ model: CodegenModel, _ plan: IdentifierPlan) -> String {
        var out = """
            // \(CodegenDocs.header(model))
            // Typed constructors of the errors of that table: each returns the error as an ErrorInfo holding its
            // domain, code and arguments, typed as its development texts' format specifiers say. Include it as a
            // module (mod errors;): a program need not call every constructor.
            #![allow(dead_code)]

            """
        if !model.errors.isEmpty { out += "\nuse errorformatter::{ErrorInfo, Result};\n" }
        for (error, names) in zip(model.errors, plan.names) {
            out += "\n"
            for line in CodegenDocs.lines(for: error, parameters: names.parameters) { out += "/// \(line)\n" }
            let parameters = zip(error.arguments, names.parameters).map { "\($0.1): \(type($0.0.type))" }
            out += "pub fn \(names.constructor)(\(parameters.joined(separator: ", "))) -> Result<ErrorInfo> {\n"
            let make = "ErrorInfo::new(\(SourceLiterals.string(error.identity.domain, for: .rust)), "
                + "\(SourceLiterals.code(error.identity.code, for: .rust)))"
            guard model.table != Catalog.defaultTable || !error.arguments.isEmpty else {
                out += "    \(make)\n}\n"
                continue
            }
            out += "    let mut error = \(make)?;\n"
            if model.table != Catalog.defaultTable {
                out += "    error.set_table(Some(\(SourceLiterals.string(model.table, for: .rust))))?;\n"
            }
            for name in names.parameters { out += "    error.arg(\(name))?;\n" }
            out += "    Ok(error)\n}\n"
        }
        return out
    }

    private static func type(_ type: ErrorArgumentType) -> String {
        switch type {
        case .string: "&str"
        case .int64: "i64"
        case .uint64: "u64"
        case .double: "f64"
        }
    }
}
