// errfmt: the command-line face of ErrorFormatter.
//
// Each subcommand lives in its own file as `run<Name>(_ arguments: [String]) -> Int32`; this
// file only dispatches. Exit statuses: 0 success, 1 the inputs had problems (a bad locale ID, a
// broken file), 2 bad usage.
#if canImport(Glibc)
import Glibc
#endif
import ErrorFormatter

let usage = """
    usage: errfmt <command> [options]

    commands:
      format     format an error for the user's locales
      lookup     the localized, formatted value of any key
      lint       check a catalog: broken tables, duplicate keys, keys the development locale lacks
      chain      print the CLDR fallback chain of locale IDs
      negotiate  choose the localizations to search for the user's preferred locales
      dump       parse .strings files exactly as CoreFoundation does and print them
      convert    convert a table between .strings, .stringsdict, .xcstrings and JSON
      compile    compile a catalog directory into one file that opens fast
      codegen    typed constructors of a catalog's errors in C, C++, Swift, Python, TypeScript,
                 Go, Java or Rust, or their registry (json)
      pseudo     write a pseudo-locale's tables (en-XA, ar-XB) made from the development text
      watch      follow a catalog as a live catalog does: each version accepted or refused
      problem    the HTTP problem response (RFC 9457) for an error and an Accept-Language

    errfmt <command> --help shows a command's options.
    """

let arguments = Array(CommandLine.arguments.dropFirst())
let status: Int32
switch arguments.first {
case nil, "-h", "--help", "help":
    print(usage)
    status = arguments.isEmpty ? 2 : 0
case "--version":
    print("errfmt \(ErrorFormatterVersion.string)")
    status = 0
case let command?:
    let rest = Array(arguments.dropFirst())
    switch command {
    case "format": status = runFormat(rest)
    case "chain": status = runChain(rest)
    case "negotiate": status = runNegotiate(rest)
    case "lint": status = runLint(rest)
    case "lookup": status = runLookup(rest)
    case "dump": status = runDump(rest)
    case "convert": status = runConvert(rest)
    case "compile": status = runCompile(rest)
    case "codegen": status = runCodegen(rest)
    case "pseudo": status = runPseudo(rest)
    case "watch": status = runWatch(rest)
    case "problem": status = runProblem(rest)
    default:
        status = UsageError.report("unknown command '\(command)'", command: nil)
    }
}
exit(status)
