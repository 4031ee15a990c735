/// TypeScript: a module of functions returning an `ErrorInfo` object defined in it, and
/// `format(catalog, error, locales)`, which calls `Catalog.format` of the binding
/// (bindings/node has no error value of its own). Numbers are passed as `int64()`, `uint64()`
/// and `double()` arguments, so a number's type is the text's, never guessed from its value.
enum TypeScriptEmitter: CodegenEmitter {
    static func emit(_ model: CodegenModel, _ plan: IdentifierPlan) -> String {
        let used = Set(model.errors.flatMap { $0.arguments.map(\.type) })
        let functions = ErrorArgumentType.allCases.filter { used.contains($0) && $0 != .string }.map(\.rawValue)
        var out = "// \(CodegenDocs.header(model))\n\n"
        if !functions.isEmpty { out += "import { \(functions.joined(separator: ", ")) } from 'errorformatter';\n" }
        out += """
            import type { Argument, Catalog, FormattedError } from 'errorformatter';

            /**
             * An error of the catalog: its domain, code, table and typed arguments, as the constructors below
             * make it; format() formats it.
             */
            export interface ErrorInfo {
              readonly domain: string;
              readonly code: number | bigint;
              readonly table: string;
              readonly arguments: readonly Argument[];
            }

            /** Formats `error` with `catalog` for `locales`, most preferred first (none: the development locale). */
            export function format(catalog: Catalog, error: ErrorInfo, locales?: readonly string[]): FormattedError {
              return catalog.format(error.domain, error.code, {
                locales: locales ?? null,
                table: error.table,
                arguments: error.arguments,
              });
            }

            """
        for (error, names) in zip(model.errors, plan.names) {
            out += "\n/**\n"
            for line in CodegenDocs.lines(for: error, parameters: names.parameters) { out += " * \(line)\n" }
            out += " */\n"
            let parameters = zip(error.arguments, names.parameters).map { "\($0.1): \(type($0.0.type))" }
            out += "export function \(names.constructor)(\(parameters.joined(separator: ", "))): ErrorInfo {\n"
            let values = zip(error.arguments, names.parameters).map { value($0.0.type, $0.1) }
            out += "  return {\n"
            out += "    domain: \(SourceLiterals.string(error.identity.domain, for: .typescript)),\n"
            out += "    code: \(SourceLiterals.code(error.identity.code, for: .typescript)),\n"
            out += "    table: \(SourceLiterals.string(model.table, for: .typescript)),\n"
            out += "    arguments: [\(values.joined(separator: ", "))],\n"
            out += "  };\n}\n"
        }
        return out
    }

    private static func type(_ type: ErrorArgumentType) -> String {
        switch type {
        case .string: "string"
        case .int64, .uint64: "number | bigint"
        case .double: "number"
        }
    }

    private static func value(_ type: ErrorArgumentType, _ name: String) -> String {
        switch type {
        case .string: name
        case .int64: "int64(\(name))"
        case .uint64: "uint64(\(name))"
        case .double: "double(\(name))"
        }
    }
}
