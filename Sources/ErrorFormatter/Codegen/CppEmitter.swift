/// C++17: a header of inline functions in a namespace of the module's name, each returning an
/// `errorformatter::ErrorInfo` (bindings/cpp). Integer and floating-point parameters are small
/// wrapper types that accept only what fits (`detail::Integer` takes any integer type but no
/// `double` or `bool`), so a call with a wrong type fails to compile rather than converting.
enum CppEmitter: CodegenEmitter {
    static func emit(_ model: CodegenModel, _ plan: IdentifierPlan) -> String {
        let guardName = plan.rules.legal(IdentifierWords(model.module.words + ["hpp"]), .screamingSnake)
        let used = Set(model.errors.flatMap { $0.arguments.map(\.type) })
        var out = """
            // \(CodegenDocs.header(model))
            // Typed constructors of the errors of that table: each returns the error as an
            // errorformatter::ErrorInfo holding its domain, code and arguments, typed as its development
            // texts' format specifiers say. They throw errorformatter::Error as ErrorInfo's members do.
            #ifndef \(guardName)
            #define \(guardName)

            #include <errorformatter.hpp>

            #include <cstdint>
            #include <string_view>
            #include <type_traits>

            namespace \(plan.module) {

            """
        if !used.isDisjoint(with: [.int64, .uint64, .double]) {
            out += "namespace detail {\n\n"
            if used.contains(.int64) {
                out += wrapper("Integer", "std::int64_t", "std::is_integral_v<T>",
                               "A signed integer argument: any integer type, never a floating-point number (which would\n// be cut) or a bool.")
            }
            if used.contains(.uint64) {
                out += wrapper("Unsigned", "std::uint64_t", "std::is_integral_v<T>",
                               "An unsigned integer argument: any integer type, never a floating-point number or a bool.")
            }
            if used.contains(.double) {
                out += wrapper("Real", "double", "std::is_arithmetic_v<T>",
                               "A floating-point argument: any number but a bool.")
            }
            out += "} // namespace detail\n\n"
        }
        for (error, names) in zip(model.errors, plan.names) {
            for line in CodegenDocs.lines(for: error, parameters: names.parameters) { out += "/// \(line)\n" }
            let parameters = zip(error.arguments, names.parameters).map { type($0.0.type) + $0.1 }
            out += "inline errorformatter::ErrorInfo \(names.constructor)(\(parameters.joined(separator: ", "))) {\n"
            out += "    errorformatter::ErrorInfo error(\(SourceLiterals.string(error.identity.domain, for: .cpp)), "
                + "\(SourceLiterals.code(error.identity.code, for: .cpp)));\n"
            if model.table != Catalog.defaultTable {
                out += "    error.set_table(\(SourceLiterals.string(model.table, for: .cpp)));\n"
            }
            for (argument, name) in zip(error.arguments, names.parameters) {
                out += "    error.\(adder(argument.type))(\(name)\(argument.type == .string ? "" : ".value"));\n"
            }
            out += "    return error;\n}\n\n"
        }
        out += "} // namespace \(plan.module)\n\n#endif\n"
        return out
    }

    private static func wrapper(_ name: String, _ stored: String, _ condition: String, _ comment: String) -> String {
        """
        // \(comment)
        struct \(name) {
            template <typename T, std::enable_if_t<\(condition) && !std::is_same_v<T, bool>, int> = 0>
            constexpr \(name)(T number) noexcept : value(static_cast<\(stored)>(number)) {}
            \(stored) value;
        };


        """
    }

    private static func type(_ type: ErrorArgumentType) -> String {
        switch type {
        case .string: "std::string_view "
        case .int64: "detail::Integer "
        case .uint64: "detail::Unsigned "
        case .double: "detail::Real "
        }
    }

    private static func adder(_ type: ErrorArgumentType) -> String {
        switch type {
        case .string: "add_string"
        case .int64: "add_int64"
        case .uint64: "add_uint64"
        case .double: "add_double"
        }
    }
}
