import ErrorFormatter

/// The error a command formats, as `format` and `problem` take it: `--domain D --code N`, the
/// optional `--description`, `--failure-reason`, `--recovery-suggestion` and `--table`, and the
/// typed arguments (``ArgumentOptions``).
enum ErrorOptions {
    static let names: Set<String> = ArgumentOptions.names.union([
        "--domain", "--code", "--table", "--description", "--failure-reason", "--recovery-suggestion",
    ])

    static func error(_ options: CommandArguments) throws(UsageError) -> ErrorInfo {
        let codeText = try options.required("--code")
        guard let code = Int64(codeText) else {
            throw UsageError(message: "--code must be a decimal integer, not '\(codeText)'")
        }
        var error = ErrorInfo(
            domain: try options.required("--domain"), code: code, description: options.value("--description"),
            failureReason: options.value("--failure-reason"),
            recoverySuggestion: options.value("--recovery-suggestion"),
            numberStyle: options.has("--localized-numbers") ? .localized : nil)
        for argument in try ArgumentOptions.arguments(options) {
            do throws(CatalogError) {
                try error.appendArgument(argument)
            } catch {
                throw UsageError(message: error.message)
            }
        }
        if let table = options.value("--table") {
            // Given empty on the command line is a mistake, not a request for the default table.
            guard !table.isEmpty, (try? error.setTable(table)) != nil else {
                throw UsageError(message: "bad --table '\(table)'")
            }
        }
        return error
    }
}
