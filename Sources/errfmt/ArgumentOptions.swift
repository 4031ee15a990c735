import ErrorFormatter

/// The typed positional arguments of an error on the command line, kept in command-line order:
/// `--arg TEXT` (string), `--arg-int N` (signed 64-bit), `--arg-uint N` (unsigned 64-bit),
/// `--arg-double X`.
enum ArgumentOptions {
    static let names: Set<String> = ["--arg", "--arg-int", "--arg-uint", "--arg-double"]

    static func arguments(_ options: CommandArguments) throws(UsageError) -> [FormatArgument] {
        var arguments: [FormatArgument] = []
        for (name, value) in options.orderedValues where names.contains(name) {
            switch name {
            case "--arg":
                arguments.append(.string(value))
            case "--arg-int":
                guard let number = Int64(value) else { throw UsageError(message: "--arg-int takes an integer, not '\(value)'") }
                arguments.append(.int(number))
            case "--arg-uint":
                guard let number = UInt64(value) else {
                    throw UsageError(message: "--arg-uint takes an unsigned integer, not '\(value)'")
                }
                arguments.append(.uint(number))
            default:
                guard let number = Double(value) else { throw UsageError(message: "--arg-double takes a number, not '\(value)'") }
                arguments.append(.double(number))
            }
        }
        return arguments
    }
}
