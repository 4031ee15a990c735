/// The errors a program raises, as a registry file lists them, with where each is written: what
/// `errfmt lint --registry FILE` checks a catalog against, and `errfmt codegen --registry`
/// adds constructors for.
///
/// Two forms, told apart by the first character that is not white space:
/// - the JSON registry `errfmt codegen --lang json` writes (`{`): its `table`, and for each
///   error of `errors` its `domain`, `code` and, when present, `arguments` (each with a `type`:
///   `string`, `int64`, `uint64` or `double`);
/// - plain text, one `domain code` per line (what a build step extracting the errors a
///   program raises can write): the code is the last word of the line, the domain everything
///   before it; blank lines and lines starting with `#` are skipped. Its table is `Localizable`.
struct ErrorRegistry: Sendable {
    static let invalidEntryRule = LintRule(
        "invalid-registry-entry", .error, "an entry of the error registry cannot be read",
        help: "Each line of a plain registry is 'domain code' (the code a decimal integer); a JSON registry is the object "
            + "errfmt codegen --lang json writes, each error with a string domain and an integer code. The entry was "
            + "skipped, so the errors it names are not checked.")

    /// One error the registry names.
    struct Entry: Sendable {
        var error: ErrorIdentity
        /// The argument types the registry gives the error, or `nil` when it says nothing of them
        /// (a plain registry never does).
        var arguments: [ErrorArgumentType]?
        /// Where the entry is written.
        var position: LintEntry.Position
        /// Where its argument list is written (the entry's position when it has none).
        var argumentsPosition: LintEntry.Position
    }

    /// The file as the user named it.
    var file: String
    /// The table whose texts the errors read (`Localizable` unless a JSON registry says).
    var table: String = Catalog.defaultTable
    /// The errors, in file order, each once (a later repetition is ignored).
    var entries: [Entry] = []
    private var named: Set<ErrorIdentity> = []
    /// Entries that could not be read, with their positions.
    var diagnostics: [Diagnostic] = []

    /// The registry in the file at `path`.
    ///
    /// - Throws: ``LintError`` when the file does not exist or cannot be read: nothing can be
    ///   checked against it.
    static func read(path: String) throws(LintError) -> ErrorRegistry {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.readBytes(atPath: path, limit: Limits.maximumTableFileBytes)
        } catch {
            let kind: LintError.Kind = error.kind == .notFound ? .notFound : .unreadable
            throw LintError(kind, message: "cannot read the error registry \(path): \(error.reason)", path: path)
        }
        return parse(bytes, file: path)
    }

    /// The registry in `bytes`, read from a file shown as `file`.
    static func parse(_ bytes: [UInt8], file: String) -> ErrorRegistry {
        var registry = ErrorRegistry(file: file)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            registry.report("the registry is not UTF-8 text", at: LintEntry.Position(line: 1, column: 1))
            return registry
        }
        if text.unicodeScalars.first(where: { !isSpace($0) }) == "{" {
            registry.readJSON(bytes)
        } else {
            registry.readLines(text)
        }
        return registry
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    private mutating func report(_ message: String, at position: LintEntry.Position) {
        diagnostics.append(Diagnostic(severity: .error, code: Self.invalidEntryRule.code, message: message, file: file,
                                      line: position.line, column: position.column))
    }

    private mutating func add(_ entry: Entry) {
        guard named.insert(entry.error).inserted else { return }
        entries.append(entry)
    }

    // MARK: Plain lines

    private mutating func readLines(_ text: String) {
        for (index, line) in Self.lines(of: text).enumerated() {
            let number = index + 1
            let words = Self.words(of: line)
            guard let first = words.first, !first.text.hasPrefix("#") else { continue }
            let position = LintEntry.Position(line: number, column: first.column)
            guard words.count >= 2, let last = words.last else {
                report("line \(number) names no code: write 'domain code'", at: position)
                continue
            }
            guard let code = Int64(last.text), String(code) == last.text else {
                report("'\(MessageEscaping.escaped(last.text))' is not an error code (a decimal integer)",
                       at: LintEntry.Position(line: number, column: last.column))
                continue
            }
            // The domain is everything before the code, inner spaces included.
            let domainEnd = words[words.count - 2].end
            let domain = String(String.UnicodeScalarView(line[(first.column - 1)..<domainEnd]))
            add(Entry(error: ErrorIdentity(domain: domain, code: code), arguments: nil, position: position,
                      argumentsPosition: position))
        }
    }

    /// The lines of `text`, each as its scalars (a `\r` before the `\n` is white space).
    static func lines(of text: String) -> [[Unicode.Scalar]] {
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
    }

    /// The words of a line: runs of scalars that are not white space, each with its 1-based
    /// column and the offset just past its end.
    static func words(of line: [Unicode.Scalar]) -> [(text: String, column: Int, end: Int)] {
        var words: [(text: String, column: Int, end: Int)] = []
        var start: Int?
        for offset in 0...line.count {
            let isSpace = offset == line.count || Self.isSpace(line[offset])
            if isSpace, let begun = start {
                words.append((String(String.UnicodeScalarView(line[begun..<offset])), begun + 1, offset))
                start = nil
            } else if !isSpace, start == nil {
                start = offset
            }
        }
        return words
    }

    // MARK: JSON

    private mutating func readJSON(_ bytes: [UInt8]) {
        let parsed = JSONParser.parse(bytes)
        guard let root = parsed.value?.objectValue else {
            let at = parsed.error.map { LintEntry.Position(line: $0.line, column: $0.column) }
                ?? LintEntry.Position(line: 1, column: 1)
            report("the registry is not a JSON object: \(parsed.error?.message ?? "the top-level value is not an object")", at: at)
            return
        }
        if let table = root["table"] {
            if let name = table.stringValue, !name.isEmpty {
                self.table = name
            } else {
                report("\"table\" is not a table name", at: LintEntry.Position(line: table.line, column: table.column))
            }
        }
        guard let list = root["errors"], case .array(let errors) = list.kind else {
            report("the registry has no \"errors\" array", at: LintEntry.Position(line: 1, column: 1))
            return
        }
        for element in errors {
            let position = LintEntry.Position(line: element.line, column: element.column)
            guard let object = element.objectValue else {
                report("an error of the registry is \(element.kindDescription), not an object", at: position)
                continue
            }
            guard let domain = object["domain"]?.stringValue else {
                report("an error of the registry has no string \"domain\"", at: position)
                continue
            }
            guard let codeValue = object["code"], case .number(let codeText) = codeValue.kind,
                  let code = Int64(codeText), String(code) == codeText
            else {
                report("the error of domain \(MessageEscaping.quoted(domain)) has no integer \"code\"", at: position)
                continue
            }
            let error = ErrorIdentity(domain: domain, code: code)
            var arguments: [ErrorArgumentType]?
            var argumentsPosition = position
            if let list = object["arguments"] {
                argumentsPosition = LintEntry.Position(line: list.line, column: list.column)
                guard let types = Self.argumentTypes(list) else {
                    report("the arguments of \(error.label) are not a list of {\"type\": string, int64, uint64 or double}",
                           at: argumentsPosition)
                    continue
                }
                arguments = types
            }
            add(Entry(error: error, arguments: arguments, position: position, argumentsPosition: argumentsPosition))
        }
    }

    private static func argumentTypes(_ value: JSONValue) -> [ErrorArgumentType]? {
        guard case .array(let items) = value.kind else { return nil }
        var types: [ErrorArgumentType] = []
        for item in items {
            guard let name = item.objectValue?["type"]?.stringValue, let type = ErrorArgumentType(rawValue: name)
            else { return nil }
            types.append(type)
        }
        return types
    }
}
