/// C: a header of `static inline` functions, one per error, each making an `ef_error_info`
/// with the error's domain, code, table and typed arguments. C converts numbers implicitly, so
/// its compiler rejects a string for a number, a number for a string and a wrong count, not a
/// double for an integer (`-Wconversion` reports that).
enum CEmitter: CodegenEmitter {
    static func emit(_ model: CodegenModel, _ plan: IdentifierPlan) -> String {
        let guardName = plan.rules.legal(IdentifierWords(model.module.words + ["h"]), .screamingSnake)
        var out = """
            /* \(CodegenDocs.header(model)) */
            /*
             * Typed constructors of the errors of that table: each makes a new ef_error_info (free it with
             * ef_error_info_free()) holding the error's domain, code and arguments, typed as its development
             * texts' format specifiers say. On failure *out is NULL and the status is the library's.
             */
            #ifndef \(guardName)
            #define \(guardName)

            #include <errorformatter.h>
            #include <stddef.h>
            #include <stdint.h>

            """
        for (error, names) in zip(model.errors, plan.names) {
            out += "\n/*\n"
            for line in CodegenDocs.lines(for: error, parameters: names.parameters) { out += " * \(line)\n" }
            out += " */\n"
            var parameters = ["ef_error_info **out"]
            for (argument, name) in zip(error.arguments, names.parameters) {
                parameters.append(type(argument.type) + name)
            }
            parameters.append("ef_error_details **err")
            out += "static inline ef_status \(names.constructor)(\(parameters.joined(separator: ", ")))\n{\n"
            let domain = SourceLiterals.string(error.identity.domain, for: .c)
            let code = SourceLiterals.code(error.identity.code, for: .c)
            var steps: [String] = []
            if model.table != Catalog.defaultTable {
                steps.append("ef_error_info_set_table(*out, \(SourceLiterals.string(model.table, for: .c)), err)")
            }
            for (argument, name) in zip(error.arguments, names.parameters) {
                steps.append("ef_error_info_add_\(function(argument.type))(*out, \(name), err)")
            }
            if steps.isEmpty {
                out += "    return ef_error_info_new(out, \(domain), \(code), err);\n}\n"
                continue
            }
            out += "    ef_status status = ef_error_info_new(out, \(domain), \(code), err);\n"
            // Braced: GCC's -Wmisleading-indentation (in -Wall) looks at every unbraced body, which
            // makes a header of thousands of errors take minutes to compile.
            for step in steps {
                out += "    if (status == EF_OK) {\n        status = \(step);\n    }\n"
            }
            out += """
                    if (status != EF_OK && out != NULL) {
                        ef_error_info_free(*out);
                        *out = NULL;
                    }
                    return status;
                }

                """
        }
        out += "\n#endif /* \(guardName) */\n"
        return out
    }

    private static func type(_ type: ErrorArgumentType) -> String {
        switch type {
        case .string: "const char *"
        case .int64: "int64_t "
        case .uint64: "uint64_t "
        case .double: "double "
        }
    }

    private static func function(_ type: ErrorArgumentType) -> String {
        switch type {
        case .string: "string"
        case .int64: "int64"
        case .uint64: "uint64"
        case .double: "double"
        }
    }
}
