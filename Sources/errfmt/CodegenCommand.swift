import ErrorFormatter

let codegenUsage = """
    usage: errfmt codegen [options] CATALOG --lang L -o FILE

    Writes typed constructors of a catalog's errors: for each error with a title or message in
    the development localization (or named in --registry), one constructor named from its domain
    and code (or --names), taking the arguments its development texts take, in order, typed
    from their format specifiers and plural variables (%@ %s: a string; %d %lld: a signed
    64-bit integer; %u %llu: unsigned; %f %g: a double), that builds the error value of the
    language's binding. --lang json writes the registry of the errors instead (docs/codegen.md).
    The same catalog and options give the same bytes.

      --lang c|cpp|swift|python|typescript|go|java|rust|json
                                  the language written
      -o FILE                     the file to write, replaced whole ('-': standard output);
                                  its name names the module (the C++ namespace, the Swift
                                  enum, the Java class) unless --module does
      --table T                   the table whose errors are read (default: Localizable)
      --names FILE                'domain code Name' lines: readable names for errors
      --registry FILE             errors the program raises (a json registry or 'domain code'
                                  lines): each gets a constructor, even without texts
      --development-locale L      the development language (default: Base.lproj, else en)
      --module NAME               the module's name, instead of the output file's
      --package NAME              the Java package (default: none); the Go package (default:
                                  the output file's directory, else the module)
      --quiet                     no findings on standard error unless nothing was written

    Development texts that contradict each other (one argument as two types, an argument
    skipped, a text that is not a format), two errors that would get one name, and a table
    defined both in .lproj files and in a String Catalog refuse the file: the findings go to
    standard error and nothing is written. Translations that disagree with the development text
    do not refuse it; they are reported as errfmt lint reports them.
    Exit status: 0 written; 1 refused; 2 bad usage, or a path that cannot be read.
    """

/// `errfmt codegen`: typed constructors of a catalog's errors, or their registry.
func runCodegen(_ arguments: [String]) -> Int32 {
    if arguments.contains("--help") || arguments.contains("-h") {
        print(codegenUsage)
        return 0
    }
    return runCommand(usage: codegenUsage) { () throws(UsageError) in
        let options = try CommandArguments(
            arguments, options: ["--lang", "-o", "--table", "--names", "--registry", "--development-locale", "--module",
                                 "--package"],
            flags: ["--quiet"])
        guard options.operands.count == 1, let catalog = options.operands.first else {
            throw UsageError(message: "give exactly one CATALOG")
        }
        let name = try options.required("--lang")
        guard let language = CodegenLanguage(rawValue: name) else {
            let names = CodegenLanguage.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError(message: "--lang must be one of \(names), not '\(name)'")
        }
        let output = try options.required("-o")
        let result: CodegenResult
        do throws(CodegenError) {
            result = try Codegen.generate(catalog: catalog, options: CodegenOptions(
                language: language, table: options.value("--table") ?? Catalog.defaultTable,
                developmentLocale: options.value("--development-locale"), names: options.value("--names"),
                registry: options.value("--registry"), module: options.value("--module"),
                package: options.value("--package"), outputPath: output == "-" ? nil : output))
        } catch {
            CommandLineOutput.error(error.message)
            return 2
        }
        if !options.has("--quiet") || result.isRefused {
            for diagnostic in result.diagnostics { CommandLineOutput.line(diagnostic.description) }
        }
        guard let source = result.source else {
            CommandLineOutput.error("nothing was written: the findings above refuse the \(language.rawValue) file")
            return 1
        }
        if output == "-" {
            FileOutput.writeStandardOutput(Array(source.utf8))
        } else if let failure = FileOutput.replace(output, with: Array(source.utf8)) {
            CommandLineOutput.error("cannot write \(output): \(failure)")
            return 1
        }
        return 0
    }
}
