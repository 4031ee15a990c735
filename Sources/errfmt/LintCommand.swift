import ErrorFormatter

let lintUsage = """
    usage: errfmt lint --catalog DIR [--development-locale L] [--json]

    Reports broken tables, duplicate keys, silent truncation, keys that the development
    localization lacks, table strings that are not valid formats (so are never shown), and
    translations whose specifiers do not fit the development string's arguments. Exit status 1
    if anything at warning level or above was found.

      --json   one JSON object per diagnostic: severity, code, file, line, column, message
    """

/// `errfmt lint`: every diagnostic of a catalog.
func runLint(_ arguments: [String]) -> Int32 {
    if arguments.contains("--help") || arguments.contains("-h") {
        print(lintUsage)
        return 0
    }
    return runCommand(usage: lintUsage) { () throws(UsageError) in
        let options = try CommandArguments(arguments, options: ["--catalog", "--development-locale"],
                                           flags: ["--json"])
        guard options.operands.isEmpty else {
            throw UsageError(message: "unexpected argument '\(options.operands[0])'")
        }
        guard let catalog = try CatalogOptions.open(options) else { return 1 }
        let diagnostics = CatalogLint.check(catalog)
        for diagnostic in diagnostics {
            if options.has("--json") {
                print(DiagnosticJSON.object(diagnostic).serialized)
            } else {
                print(diagnostic.description)
            }
        }
        return diagnostics.contains { $0.severity <= .warning } ? 1 : 0
    }
}

/// The JSON form of a diagnostic, shared by every command that prints diagnostics.
enum DiagnosticJSON {
    static func object(_ diagnostic: Diagnostic) -> JSONValue {
        .object([
            ("severity", .string(diagnostic.severity.rawValue)),
            ("code", .string(diagnostic.code)),
            ("file", .optionalString(diagnostic.file)),
            ("line", .int(diagnostic.line)),
            ("column", .int(diagnostic.column)),
            ("message", .string(diagnostic.message)),
        ])
    }
}
