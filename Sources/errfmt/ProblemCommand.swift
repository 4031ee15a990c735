#if canImport(Glibc)
import Glibc
#endif
import ErrorFormatter

let problemUsage = """
    usage: errfmt problem --catalog DIR --domain D --code N [options]

    The HTTP response a service sends for the error: an RFC 9457 problem details object whose
    title and detail are localized for the request's Accept-Language, byte for byte what
    ef_format_problem() and every binding make.

      --catalog DIR               catalog directory or compiled catalog
      --domain D                  error domain, e.g. kCLErrorDomain
      --code N                    error code (a decimal integer, may be negative)
      --accept-language HEADER    the request's Accept-Language header (as its bytes; a
                                  malformed header means the development locale)
      --locale L1,L2,...          preferred locales instead (repeatable); neither: the
                                  development locale, as for a request without the header
      --status N                  the HTTP status, 100 to 599 (default 500)
      --type-template URI         the problem type's URI; {domain} and {code} are replaced by
                                  the error's (default about:blank)
      --instance URI              the URI of this occurrence (default: none)
      --member NAME               add an extension member: code, domain or button (repeatable,
                                  or a comma-separated list)
      --development-locale L      the catalog's development locale (default en)
      --table NAME                table to read (default Localizable)
      --description S             the error's localized description
      --failure-reason S          the error's failure reason
      --recovery-suggestion S     the error's recovery suggestion
      --arg TEXT, --arg-int N, --arg-uint N, --arg-double X
                                  typed arguments, in order (as for errfmt format)
      --strict                    fail if any table of the catalog is broken
      --quiet                     no warnings on standard error

    Prints the status as `Status: N`, the header fields (Content-Type, Content-Language, Vary),
    one per line as `Name: value`, a blank line, then the body (one line of JSON).
    Exit status: 0 printed, 1 the catalog cannot be opened, 2 bad usage.
    """

/// `errfmt problem`: the problem response for one error and one request.
func runProblem(_ arguments: [String]) -> Int32 {
    if arguments.contains("--help") || arguments.contains("-h") {
        print(problemUsage)
        return 0
    }
    return runCommand(usage: problemUsage) { () throws(UsageError) in
        let options = try CommandArguments(
            arguments,
            options: ErrorOptions.names.union([
                "--catalog", "--locale", "--accept-language", "--development-locale", "--status", "--type-template",
                "--instance", "--member",
            ]),
            flags: ["--strict", "--quiet"])
        guard options.operands.isEmpty else {
            throw UsageError(message: "unexpected argument '\(options.operands[0])'")
        }
        let error = try ErrorOptions.error(options)
        let locales = options.list("--locale")
        let header = RawArguments.lastValue(of: "--accept-language")
        guard locales.isEmpty || header == nil else {
            throw UsageError(message: "give --locale or --accept-language, not both")
        }
        var problemOptions = ProblemOptions()
        if let status = options.value("--status") {
            guard let number = Int(status) else { throw UsageError(message: "--status takes an integer, not '\(status)'") }
            problemOptions.status = number
        }
        if let template = options.value("--type-template") { problemOptions.typeTemplate = template }
        problemOptions.instance = options.value("--instance")
        for member in options.list("--member") {
            switch member {
            case "code": problemOptions.members.insert(.code)
            case "domain": problemOptions.members.insert(.domain)
            case "button": problemOptions.members.insert(.button)
            default: throw UsageError(message: "--member takes code, domain or button, not '\(member)'")
            }
        }
        guard let catalog = try CatalogOptions.open(options) else { return 1 }
        let formatter = ErrorMessageFormatter(catalog: catalog)
        let response: ProblemResponse
        do throws(ProblemError) {
            response = header == nil
                ? try formatter.problem(error, preferences: locales, options: problemOptions)
                : try formatter.problem(error, acceptLanguageBytes: header, options: problemOptions)
        } catch {
            throw UsageError(message: error.message)
        }
        let warnings = CatalogWarnings(options)
        warnings.brokenTables(of: catalog)
        warnings.unknownTable(error.table, in: catalog)
        var text = "Status: \(response.status)\n"
        for field in response.headerFields { text += "\(field.name): \(field.value)\n" }
        print(text + "\n" + response.body)
        return 0
    }
}

/// The process's arguments as the bytes it was given: a header a client sent need not be UTF-8,
/// and `CommandLine.arguments` would repair it.
enum RawArguments {
    /// The bytes of the last value of `--name VALUE` or `--name=VALUE` before a `--`, or `nil`.
    static func lastValue(of name: String) -> [UInt8]? {
        let argv = CommandLine.unsafeArgv
        let nameBytes = Array(name.utf8)
        var found: [UInt8]?
        var index = 1
        while index < Int(CommandLine.argc), let argument = argv[index] {
            let bytes = Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
            index += 1
            if bytes == Array("--".utf8) { break }
            if bytes == nameBytes, index < Int(CommandLine.argc), let value = argv[index] {
                found = Array(UnsafeRawBufferPointer(start: value, count: strlen(value)))
                index += 1
            } else if bytes.count > nameBytes.count, Array(bytes[..<nameBytes.count]) == nameBytes,
                      bytes[nameBytes.count] == UInt8(ascii: "=") {
                found = Array(bytes[(nameBytes.count + 1)...])
            }
        }
        return found
    }
}
