/// Python: a module of functions returning a frozen `ErrorInfo` dataclass defined in it, whose
/// `format` calls `Catalog.format` of the binding (bindings/python has no error value of its
/// own: `format` takes the domain, code and arguments as parameters). Parameters are typed for
/// `mypy --strict`; at run time each argument is checked too (a `bool` is not an integer, a
/// float not an integer, an integer past 64 bits an `OverflowError`), since the binding types
/// arguments by their Python values (`int` is `%lld`, `float` `%f`).
enum PythonEmitter: CodegenEmitter {
    static func emit(_ model: CodegenModel, _ plan: IdentifierPlan) -> String {
        let used = Set(model.errors.flatMap { $0.arguments.map(\.type) })
        let exported = ["ErrorInfo"] + plan.names.map(\.constructor)
        var out = """
            # \(CodegenDocs.header(model))
            \"\"\"Typed constructors of the errors of a catalog table.

            Each returns the error as an ErrorInfo holding its domain, code and arguments, typed as its
            development texts' format specifiers say; ErrorInfo.format(catalog, locales) formats it with the
            errorformatter binding.
            \"\"\"

            from __future__ import annotations

            from dataclasses import dataclass
            from typing import Optional, Sequence, Tuple, Union

            import errorformatter

            __all__ = [
            \(exported.map { "    \(SourceLiterals.string($0, for: .python))," }.joined(separator: "\n"))
            ]

            Argument = Union[str, int, float]


            @dataclass(frozen=True)
            class ErrorInfo:
                \"\"\"An error of the catalog: its domain, code, table and typed arguments.\"\"\"

                domain: str
                code: int
                table: str
                arguments: Tuple[Argument, ...]

                def format(
                    self, catalog: errorformatter.Catalog, locales: Optional[Sequence[str]] = None
                ) -> errorformatter.FormattedError:
                    \"\"\"Formats the error with `catalog` for `locales`, most preferred first.\"\"\"
                    return catalog.format(
                        domain=self.domain, code=self.code, locales=locales, table=self.table, arguments=self.arguments
                    )

            """
        for type in ErrorArgumentType.allCases where used.contains(type) { out += checker(type) }
        for (error, names) in zip(model.errors, plan.names) {
            let parameters = zip(error.arguments, names.parameters).map { "\($0.1): \(annotation($0.0.type))" }
            out += "\n\ndef \(names.constructor)(\(parameters.joined(separator: ", "))) -> ErrorInfo:\n"
            let lines = CodegenDocs.lines(for: error, parameters: names.parameters)
            out += "    \"\"\"" + lines.joined(separator: "\n\n    ") + (lines.count > 1 ? "\n    " : "") + "\"\"\"\n"
            let values = zip(error.arguments, names.parameters).map { "_\($0.0.type.rawValue)(\($0.1))" }
            let tuple = values.isEmpty ? "()" : "(" + values.joined(separator: ", ") + (values.count == 1 ? ",)" : ")")
            out += "    return ErrorInfo(\(SourceLiterals.string(error.identity.domain, for: .python)), "
                + "\(SourceLiterals.code(error.identity.code, for: .python)), "
                + "\(SourceLiterals.string(model.table, for: .python)), \(tuple))\n"
        }
        return out
    }

    private static func annotation(_ type: ErrorArgumentType) -> String {
        switch type {
        case .string: "str"
        case .int64, .uint64: "int"
        case .double: "float"
        }
    }

    /// The run-time check of one argument type, as a module-private function.
    private static func checker(_ type: ErrorArgumentType) -> String {
        switch type {
        case .string:
            """


            def _string(value: str) -> str:
                if not isinstance(value, str):
                    raise TypeError(f"a string argument is needed, not {type(value).__name__}")
                return value

            """
        case .int64:
            """


            def _int64(value: int) -> int:
                if isinstance(value, bool) or not isinstance(value, int):
                    raise TypeError(f"a signed integer argument is needed, not {type(value).__name__}")
                if not -(2**63) <= value < 2**63:
                    raise OverflowError(f"{value} is not a signed 64-bit integer")
                return value

            """
        case .uint64:
            """


            def _uint64(value: int) -> int:
                if isinstance(value, bool) or not isinstance(value, int):
                    raise TypeError(f"an unsigned integer argument is needed, not {type(value).__name__}")
                if not 0 <= value < 2**64:
                    raise OverflowError(f"{value} is not an unsigned 64-bit integer")
                return value

            """
        case .double:
            """


            def _double(value: float) -> float:
                if isinstance(value, bool) or not isinstance(value, (int, float)):
                    raise TypeError(f"a floating-point argument is needed, not {type(value).__name__}")
                return float(value)

            """
        }
    }
}
