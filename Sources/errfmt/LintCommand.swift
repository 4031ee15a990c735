#if canImport(Glibc)
import Glibc
#endif
import ErrorFormatter

let lintUsage = """
    usage: errfmt lint [options] PATH...

    Checks table files (.strings, .stringsdict, .xcstrings, .json), catalog directories and
    compiled catalogs (each directory or compiled file is one catalog; table files named
    together are linted together; a compiled catalog's findings have no line numbers and
    name its tables inside it, App.efc/fr.lproj/Localizable): what the
    parsers find (syntax at the exact place, duplicate keys, silent truncation, encodings),
    the error rules' keys, every translation against the development text (missing and extra
    keys, specifiers of strings and of every plural/device/width variant, pofilter-style text
    checks), plural categories from ICU, String Catalog states, localization names.

      --catalog DIR               lint the catalog DIR (the same as naming it as a PATH)
      --development-locale L      the development language (default: Base.lproj, else en)
      --format text|json|sarif|github
                                  text: file:line:col: severity: message [code], with the
                                  line and a caret when standard output is a terminal;
                                  json: one object per finding and line; sarif: a SARIF
                                  2.1.0 log; github: workflow annotations
      --json                      the same as --format json
      --fail-on error|warning|note|never
                                  exit 1 when a finding at this severity or above was found
                                  (default: warning)
      --registry FILE             the errors the program raises (the json registry of errfmt
                                  codegen --lang json, or 'domain code' lines): findings for
                                  an error without a title and message of its own in some
                                  localization, texts for errors it does not name, argument
                                  lists that differ from the catalog's, at their positions
      --statistics                translation coverage per localization, on standard error
      --list-checks               every check's code, severity and summary

    Exit status: 0 nothing at or above --fail-on, 1 something was, 2 lint could not run (bad
    usage, a path that does not exist). A summary line goes to standard error in text mode.
    """

/// `errfmt lint`: every finding about tables and catalogs.
func runLint(_ arguments: [String]) -> Int32 {
    if arguments.contains("--help") || arguments.contains("-h") {
        print(lintUsage)
        return 0
    }
    return runCommand(usage: lintUsage) { () throws(UsageError) in
        let options = try CommandArguments(
            arguments, options: ["--catalog", "--development-locale", "--format", "--fail-on", "--registry"],
            flags: ["--json", "--statistics", "--list-checks"])
        if options.has("--list-checks") {
            for rule in Lint.rules { print("\(rule.code)\t\(rule.severity.rawValue)\t\(rule.summary)") }
            return 0
        }
        let format = try LintOutputFormat(options.has("--json") ? "json" : options.value("--format") ?? "text")
        let threshold = try failThreshold(options.value("--fail-on") ?? "warning")
        let paths = (options.values["--catalog"] ?? []) + options.operands
        guard !paths.isEmpty else { throw UsageError(message: "no PATH to lint") }
        let report: LintReport
        do throws(LintError) {
            report = try Lint.run(paths: paths, options: LintOptions(developmentLocale: options.value("--development-locale"),
                                                                     registry: options.value("--registry")))
        } catch {
            CommandLineOutput.error(error.message)
            return 2
        }
        switch format {
        case .text: LintTextOutput.write(report)
        case .json: for diagnostic in report.diagnostics { print(DiagnosticJSON.object(diagnostic).serialized) }
        case .sarif: print(LintSARIF.log(report))
        case .github: for diagnostic in report.diagnostics { print(LintGitHubAnnotation.line(diagnostic)) }
        }
        if options.has("--statistics") {
            for statistics in report.statistics { CommandLineOutput.line(statistics.description) }
        }
        guard let threshold else { return 0 }
        return report.hasFindings(atOrAbove: threshold) ? 1 : 0
    }
}

/// `--format`.
enum LintOutputFormat: String {
    case text, json, sarif, github

    init(_ name: String) throws(UsageError) {
        guard let format = LintOutputFormat(rawValue: name) else {
            throw UsageError(message: "--format must be text, json, sarif or github, not '\(name)'")
        }
        self = format
    }
}

/// `--fail-on`: the severity at or above which lint exits 1, `nil` for `never`.
func failThreshold(_ name: String) throws(UsageError) -> Diagnostic.Severity? {
    if name == "never" { return nil }
    guard let severity = Diagnostic.Severity(rawValue: name) else {
        throw UsageError(message: "--fail-on must be error, warning, note or never, not '\(name)'")
    }
    return severity
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
            ("key", .optionalString(diagnostic.key)),
            ("message", .string(diagnostic.message)),
        ])
    }
}
