/// Turns the bytes of one table file into a `StringTable`, with the loader's semantics on top
/// of the parser's.
///
/// The parser answers "what does CoreFoundation make of these bytes"; this type answers "can a
/// catalog use them": a property list that is not a dictionary is not a table, and a 0-byte file
/// (which CF rejects) is loaded as an empty table with a warning, since an empty `.strings` file
/// in a bundle simply has no translations.
public enum TableFile {
    /// The file-name extensions of tables the catalog reads.
    public static let stringsExtension = ".strings"

    /// The table name for a file name such as `Localizable.strings`, or `nil` if the file is not
    /// a table this version reads.
    public static func tableName(forFileName fileName: String) -> String? {
        guard fileName.hasSuffix(stringsExtension), fileName.count > stringsExtension.count,
              !fileName.hasPrefix(".")
        else { return nil }
        return String(fileName.dropLast(stringsExtension.count))
    }

    /// The outcome of loading one file.
    public enum Outcome: Sendable {
        /// The table, with the parser's diagnostics attached to `file`.
        case table(StringTable)
        /// The file cannot be used; the diagnostic (an error with position) says why.
        case failure(Diagnostic, warnings: [Diagnostic])
    }

    /// Parses `bytes` as the table `name`, attributing every diagnostic to `file`.
    public static func load(bytes: [UInt8], name: String, file: String) -> Outcome {
        if bytes.isEmpty {
            let warning = Diagnostic(
                severity: .warning, code: "empty-file",
                message: "the file is empty (0 bytes); it is loaded as an empty table, "
                    + "though CoreFoundation rejects it", file: file)
            return .table(StringTable(name: name, entries: PropertyListDictionary(), diagnostics: [warning]))
        }
        let result = PropertyListParser.parse(bytes)
        let warnings = result.diagnostics.map { $0.inFile(file) }
        guard let value = result.value else {
            let error = result.error?.inFile(file)
                ?? Diagnostic(severity: .error, code: "parse-error",
                              message: result.foundationMessage ?? "the file cannot be parsed", file: file)
            return .failure(error, warnings: warnings)
        }
        guard let dictionary = value.dictionaryValue else {
            let error = Diagnostic(
                severity: .error, code: "not-a-table",
                message: "the file is a property list but not a dictionary of strings", file: file, line: 1,
                column: 1)
            return .failure(error, warnings: warnings)
        }
        return .table(StringTable(name: name, entries: dictionary, diagnostics: warnings))
    }
}
