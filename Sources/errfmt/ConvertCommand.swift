import ErrorFormatter

let convertUsage = """
    usage: errfmt convert [--from FORMAT] [--to FORMAT] [--language L] [--quiet] IN OUT

    Converts a string table between the formats a catalog reads: .strings, .stringsdict,
    .xcstrings (String Catalog) and .json (flat JSON table, docs/json-table.schema.json).
    IN is read exactly as a catalog reads it; OUT is written in UTF-8 with a stable order
    (.strings, .stringsdict and .json keep IN's order; a String Catalog's members are sorted
    by code point, in Xcode's layout). OUT '-' writes to standard output.

      --from FORMAT   IN's format, when its extension does not say it:
                      strings, stringsdict, xcstrings or json
      --to FORMAT     OUT's format, likewise
      --language L    a single-language IN: its language (default: the L of the L.lproj
                      directory it is in, or of an L.json name, else en); a String Catalog
                      IN written to a single-language OUT: the language to write (default:
                      the catalog's source language)
      --quiet         no warnings on standard error

    Nothing is approximated: what OUT's format cannot hold (a plural in .strings, a width
    variant in a String Catalog, the other languages of a String Catalog in a single-language
    file) is left out with one warning each, as file: warning: message [code]. IN's own
    diagnostics (duplicate keys…) are printed the same way, with line and column.
    Exit status: 0 converted, nothing left out; 1 something was left out (OUT is written
    anyway) or IN cannot be read (nothing is written); 2 bad usage.
    """

/// `errfmt convert`: one table file in another format, through the core's readers and writers.
func runConvert(_ arguments: [String]) -> Int32 {
    if arguments.contains("--help") || arguments.contains("-h") {
        print(convertUsage)
        return 0
    }
    return runCommand(usage: convertUsage) { () throws(UsageError) in
        let options = try CommandArguments(arguments, options: ["--from", "--to", "--language"], flags: ["--quiet"])
        guard options.operands.count == 2 else { throw UsageError(message: "give IN and OUT") }
        let input = options.operands[0]
        let output = options.operands[1]
        let from = try format(option: options.value("--from"), path: input, role: "IN", flag: "--from")
        let to = try format(option: options.value("--to"), path: output, role: "OUT", flag: "--to")
        let quiet = options.has("--quiet")

        let bytes: [UInt8]
        do throws(FileSystemError) {
            bytes = try FileSystem.readBytes(atPath: input)
        } catch {
            CommandLineOutput.error("cannot read \(input): \(error.reason)")
            return 1
        }
        let language = options.value("--language")
        let read = TableDocument.read(bytes: bytes, format: from, language: language ?? inferredLanguage(of: input))
        for diagnostic in read.diagnostics where !quiet || diagnostic.severity == .error {
            CommandLineOutput.line(diagnostic.inFile(input).description)
        }
        guard let document = read.document else {
            let failure = read.failure ?? Diagnostic(severity: .error, code: "parse-error", message: "the file cannot be read as \(from.fileExtension)")
            CommandLineOutput.line(failure.inFile(input).description)
            return 1
        }
        let chosen = from == .stringCatalog ? language : nil
        guard let converted = TableConversion.write(document, as: to, language: chosen) else {
            let names = document.languages.map(\.name).joined(separator: ", ")
            throw UsageError(message: "\(input) has no language '\(chosen ?? "")' (it has \(names))")
        }
        for diagnostic in converted.diagnostics where !quiet {
            CommandLineOutput.line(diagnostic.inFile(input).description)
        }
        if output == "-" {
            FileOutput.writeStandardOutput(converted.bytes)
        } else if let failure = FileOutput.replace(output, with: converted.bytes) {
            CommandLineOutput.error("cannot write \(output): \(failure)")
            return 1
        }
        return converted.diagnostics.isEmpty ? 0 : 1
    }
}

/// The format named by `option`, else by the extension of `path`.
private func format(option: String?, path: String, role: String, flag: String) throws(UsageError) -> TableFile.Format {
    if let option {
        guard let format = TableFile.Format.allCases.first(where: { $0.fileExtension == "." + option }) else {
            throw UsageError(message: "\(flag) takes strings, stringsdict, xcstrings or json, not '\(option)'")
        }
        return format
    }
    let name = lastPathComponent(of: path)
    guard path != "-", let (_, format) = TableFile.classify(fileName: name) else {
        throw UsageError(message: "\(role) '\(path)' has no table extension (.strings, .stringsdict, .xcstrings, .json): give \(flag)")
    }
    return format
}

/// The language a single-language file is in: its `<L>.lproj` directory, or its `<L>.json`
/// name, when either is a locale; else the default development locale.
private func inferredLanguage(of path: String) -> String {
    let parts = path.split(separator: "/").map(String.init)
    if parts.count >= 2, parts[parts.count - 2].hasSuffix(Catalog.localizationDirectorySuffix) {
        let name = String(parts[parts.count - 2].dropLast(Catalog.localizationDirectorySuffix.count))
        if isLocale(name) { return name }
    }
    if let last = parts.last, let (name, format) = TableFile.classify(fileName: last), format == .json, isLocale(name) {
        return name
    }
    return Catalog.defaultDevelopmentLocale
}

private func isLocale(_ name: String) -> Bool {
    guard name != Catalog.baseLocalization, case .locale(let id)? = try? Locales.normalize(name) else { return false }
    return !id.isEmpty
}
