// errfmt dump: parse .strings files exactly as CoreFoundation does and print what it sees.
//
// The output formats are a tooling contract: `--json` writes one object per input file per
// line, with members in a fixed order; `--count` writes `file<TAB>ok|error<TAB>entries`. The
// text form is itself a valid .strings file (CF reads it back to the same table).
#if canImport(Glibc)
import Glibc
#endif
import ErrorFormatter

let dumpUsage = """
    usage: errfmt dump [--json | --count] FILE...

    Parses each FILE as CoreFoundation does (.strings, or any XML/binary/old-style property
    list) and prints its table.

      (default)  the entries as `"key" = "value";` lines; problems on standard error as
                 file:line:column: severity: message [code]
      --json     one JSON object per file and line: file, ok, then entries (data as
                 {"$data": "<hex>"}) or error {code, message, line, column, foundationMessage},
                 then diagnostics [{severity, code, line, column, message}]
      --count    file<TAB>ok|error<TAB>number of entries

    A file that does not parse, or whose top level is not a dictionary, is not a table. String
    Catalogs (.xcstrings) and JSON tables (.json) are not property lists: dump names the
    command that reads them ('errfmt convert FILE - --to strings' prints one as .strings).
    Exit status: 0 all files are tables, 1 some file is not, 2 bad usage.
    """

/// The three output forms of `errfmt dump`.
private enum DumpFormat {
    case text, json, count
}

/// What one file turned out to be.
private struct DumpedFile {
    var path: String
    var table: PropertyListDictionary?
    var error: Diagnostic?
    var foundationMessage: String?
    var diagnostics: [Diagnostic]
}

/// Runs `errfmt dump`; returns the exit status.
func runDump(_ arguments: [String]) -> Int32 {
    var format = DumpFormat.text
    var files: [String] = []
    var optionsEnded = false
    for argument in arguments {
        if !optionsEnded && argument.hasPrefix("-") && argument != "-" {
            switch argument {
            case "--help", "-h":
                print(dumpUsage)
                return 0
            case "--json", "--count":
                let requested: DumpFormat = argument == "--json" ? .json : .count
                guard format == .text || format == requested else {
                    return UsageError.report("--json and --count cannot be combined", command: "dump")
                }
                format = requested
            case "--":
                optionsEnded = true
            default:
                return UsageError.report("unknown option '\(argument)'", command: "dump")
            }
        } else {
            files.append(argument)
        }
    }
    guard !files.isEmpty else {
        return UsageError.report("no input files", command: "dump")
    }
    var status: Int32 = 0
    var keySources = KeySources()
    let buffer = FileReadBuffer()
    // `--count` lines, written 64 KiB at a time (nothing else goes to standard output then).
    var countLines: [UInt8] = []
    defer { writeToStandardOutput(&countLines) }
    for path in files {
        let dumped = dumpFile(path, buffer: buffer, keySources: &keySources)
        if dumped.table == nil { status = 1 }
        switch format {
        case .json: print(jsonLine(dumped))
        case .count:
            appendCount(path: path, table: dumped.table, to: &countLines)
            if countLines.count >= 1 << 16 { writeToStandardOutput(&countLines) }
        case .text: printText(dumped, withHeader: files.count > 1)
        }
    }
    return status
}

/// Appends `path<TAB>ok|error<TAB>entries` and a newline, the `--count` line of one file, as
/// bytes: one line per file is most of what the command does for a small file, and string
/// interpolation and `print` cost more than parsing one.
private func appendCount(path: String, table: PropertyListDictionary?, to lines: inout [UInt8]) {
    lines += path.utf8
    lines += table == nil ? "\terror\t".utf8 : "\tok\t".utf8
    lines += String(table?.count ?? 0).utf8
    lines.append(UInt8(ascii: "\n"))
}

/// Writes `bytes` to file descriptor 1 and empties it (`stdout` is a C global Swift 6 treats as
/// unsafe; the `--count` lines are all that goes there, so no buffered text can come between).
private func writeToStandardOutput(_ bytes: inout [UInt8]) {
    bytes.withUnsafeBytes { buffer in
        guard let base = buffer.baseAddress else { return }
        var offset = 0
        while offset < buffer.count {
            let written = write(1, base + offset, buffer.count - offset)
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { break }
            offset += written
        }
    }
    bytes.removeAll(keepingCapacity: true)
}

/// Reads and parses one file; a readable property list that is not a dictionary is an error,
/// and so is a JSON table format, which is not a property list at all (parsing `{}` as one would
/// print an empty table for any String Catalog).
private func dumpFile(_ path: String, buffer: FileReadBuffer, keySources: inout KeySources) -> DumpedFile {
    let fileName = lastPathComponent(of: path)
    if let (_, format) = TableFile.classify(fileName: fileName), format == .stringCatalog || format == .json {
        let kind = format == .stringCatalog ? "a String Catalog" : "a JSON table"
        let diagnostic = Diagnostic(
            severity: .error, code: "not-a-property-list",
            message: "\(kind) is JSON, not a property list, so dump does not read it; "
                + "'errfmt convert \(path) - --to strings' prints its table as .strings, and "
                + "'errfmt lookup' and 'errfmt format' read it in a catalog (--catalog DIR)")
        return DumpedFile(path: path, error: diagnostic, diagnostics: [])
    }
    let result: PropertyListParseResult
    do {
        let keySource = keySources.table(named: fileName)
        result = try buffer.withContents(ofFileAtPath: path) { bytes in
            PropertyListParser.parse(bytes, sharingKeysWith: keySource)
        }
    } catch {
        let diagnostic = Diagnostic(severity: .error, code: "unreadable-file", message: error.reason)
        return DumpedFile(path: path, error: diagnostic, diagnostics: [])
    }
    if let table = result.value?.dictionaryValue { keySources.keep(table, named: fileName) }
    var dumped = DumpedFile(path: path, table: result.value?.dictionaryValue, error: result.error,
                            foundationMessage: result.foundationMessage, diagnostics: result.diagnostics)
    if let value = result.value, dumped.table == nil {
        dumped.error = Diagnostic(
            severity: .error, code: "not-a-table",
            message: "the property list is \(kindName(value)), not a dictionary, so it is not a string table",
            line: 1, column: 1)
    }
    return dumped
}

/// The last table read under each file name, whose keys the next table of that name shares
/// (`PropertyListParser.parse(_:sharingKeysWith:)`): the localizations of one table, which a
/// dump of a project's files meets one after another, have mostly the same keys.
private struct KeySources {
    /// At most this many names are remembered (the tables stay in memory until replaced).
    static let capacity = 32
    private var tables: [String: PropertyListDictionary] = [:]

    func table(named name: String) -> PropertyListDictionary? { tables[name] }

    mutating func keep(_ table: PropertyListDictionary, named name: String) {
        if tables[name] == nil, tables.count >= Self.capacity { tables.removeAll(keepingCapacity: true) }
        tables[name] = table
    }
}

private func kindName(_ value: PropertyListValue) -> String {
    switch value {
    case .string: "a string"
    case .data: "data"
    case .array: "an array"
    case .dictionary: "a dictionary"
    }
}

// MARK: JSON

private func jsonLine(_ file: DumpedFile) -> String {
    var members: [(String, JSONValue)] = [("file", .string(file.path)), ("ok", .bool(file.table != nil))]
    if let table = file.table {
        members.append(("entries", json(.dictionary(table))))
    } else if let error = file.error {
        members.append(("error", .object([
            ("code", .string(error.code)),
            ("message", .string(error.message)),
            ("line", .int(error.line)),
            ("column", .int(error.column)),
            ("foundationMessage", .optionalString(file.foundationMessage)),
        ])))
    }
    members.append(("diagnostics", .array(file.diagnostics.map { diagnostic in
        .object([
            ("severity", .string(diagnostic.severity.rawValue)),
            ("code", .string(diagnostic.code)),
            ("line", .int(diagnostic.line)),
            ("column", .int(diagnostic.column)),
            ("message", .string(diagnostic.message)),
        ])
    })))
    return JSONValue.object(members).serialized
}

private func json(_ value: PropertyListValue) -> JSONValue {
    switch value {
    case .string(let string):
        return .string(string)
    case .data(let bytes):
        return .object([("$data", .string(StringsLiteral.hexDigits(bytes)))])
    case .array(let elements):
        return .array(elements.map(json))
    case .dictionary(let dictionary):
        return .object(dictionary.map { ($0.string, json($1)) })
    }
}

// MARK: Text

private func printText(_ file: DumpedFile, withHeader: Bool) {
    for diagnostic in file.diagnostics {
        CommandLineOutput.line(diagnostic.inFile(file.path).description)
    }
    guard let table = file.table else {
        if let error = file.error {
            var line = error.inFile(file.path).description
            if let message = file.foundationMessage { line += " (CoreFoundation: \(message))" }
            CommandLineOutput.line(line)
        }
        return
    }
    if withHeader { print("/* \(file.path.replacing("*/", with: "* /")) */") }
    // The core's .strings writer: what dump prints is what convert writes, and CF reads both
    // back to the same table (an empty one as a comment: a 0-byte file is rejected).
    let entries = table.map { key, value in
        TableDocument.Entry(key: key, value: value.stringValue.map(TableDocument.Value.text) ?? .propertyList(value))
    }
    let document = TableDocument(sourceLanguage: "", languages: [TableDocument.Language(name: "", entries: entries)])
    if let written = TableConversion.write(document, as: .strings) {
        print(String(decoding: written.bytes, as: UTF8.self), terminator: "")
    }
}
