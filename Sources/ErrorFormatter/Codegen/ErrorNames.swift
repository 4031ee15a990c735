/// Readable names for errors (`--names FILE`): one `domain code Name` per line, the name the
/// last word, the code the one before it, the domain everything before that; blank lines and
/// lines starting with `#` are skipped. The name is cut into words and spelled in each
/// language's case like a default name (`UploadBlocked` → `upload_blocked_new` in C).
struct ErrorNames: Sendable {
    static let invalidRule = LintRule(
        "invalid-names-entry", .error, "a line of the --names file cannot be read",
        help: "Each line of a --names file is 'domain code Name': the error's domain, its code (a decimal integer) and "
            + "the name its constructor is spelled from. Fix the line; nothing was generated.")
    static let unknownRule = LintRule(
        "unknown-named-error", .warning, "the --names file names an error without texts",
        help: "The error named has no title or message in the development table (nor an entry in the registry), so "
            + "it gets no constructor and its name is not used. Remove the line, or fix its domain or code.")

    struct Entry: Sendable {
        var error: ErrorIdentity
        var name: String
        var position: LintEntry.Position
    }

    /// The file as the user named it.
    var file: String
    var entries: [Entry] = []
    /// Lines that could not be read, and errors named twice.
    var diagnostics: [Diagnostic] = []

    /// The names in the file at `path`.
    ///
    /// - Throws: ``CodegenError`` when it does not exist or cannot be read.
    static func read(path: String) throws(CodegenError) -> ErrorNames {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.readBytes(atPath: path, limit: Limits.maximumTableFileBytes)
        } catch {
            throw CodegenError(error.kind == .notFound ? .notFound : .unreadable,
                               message: "cannot read the names file \(path): \(error.reason)", path: path)
        }
        return parse(bytes, file: path)
    }

    static func parse(_ bytes: [UInt8], file: String) -> ErrorNames {
        var names = ErrorNames(file: file)
        var named: Set<ErrorIdentity> = []
        guard let text = String(validating: bytes, as: UTF8.self) else {
            names.report(.error, invalidRule.code, "the names file is not UTF-8 text", at: LintEntry.Position(line: 1, column: 1))
            return names
        }
        for (index, line) in ErrorRegistry.lines(of: text).enumerated() {
            let number = index + 1
            let words = ErrorRegistry.words(of: line)
            guard let first = words.first, !first.text.hasPrefix("#") else { continue }
            let position = LintEntry.Position(line: number, column: first.column)
            guard words.count >= 3 else {
                names.report(.error, invalidRule.code, "line \(number) is not 'domain code Name'", at: position)
                continue
            }
            let codeWord = words[words.count - 2]
            guard let code = Int64(codeWord.text), String(code) == codeWord.text else {
                names.report(.error, invalidRule.code,
                             "'\(MessageEscaping.escaped(codeWord.text))' is not an error code (a decimal integer)",
                             at: LintEntry.Position(line: number, column: codeWord.column))
                continue
            }
            let domainEnd = words[words.count - 3].end
            let domain = String(String.UnicodeScalarView(line[(first.column - 1)..<domainEnd]))
            let error = ErrorIdentity(domain: domain, code: code)
            guard named.insert(error).inserted else {
                names.report(.error, invalidRule.code, "\(error.label) is named twice", at: position)
                continue
            }
            names.entries.append(Entry(error: error, name: words[words.count - 1].text, position: position))
        }
        return names
    }

    func diagnostic(_ severity: Diagnostic.Severity, _ code: String, _ message: String, at position: LintEntry.Position)
        -> Diagnostic
    {
        Diagnostic(severity: severity, code: code, message: message, file: file, line: position.line, column: position.column)
    }

    private mutating func report(_ severity: Diagnostic.Severity, _ code: String, _ message: String,
                                 at position: LintEntry.Position) {
        diagnostics.append(diagnostic(severity, code, message, at: position))
    }
}
