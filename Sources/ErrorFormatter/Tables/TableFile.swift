/// The table file formats a catalog reads, and the loader's semantics on top of each parser.
///
/// The parsers answer "what does this file say"; this type answers "can a catalog use it": a
/// property list that is not a dictionary is not a table, and a 0-byte `.strings` file (which
/// CoreFoundation rejects) is an empty table with a warning, since an empty `.strings` file in a
/// bundle simply has no translations yet.
package enum TableFile {
    /// A table file format, recognised by the file-name extension.
    package enum Format: String, Sendable, CaseIterable {
        /// `.strings`: CoreFoundation's old-style property list (or an XML/binary plist).
        case strings = ".strings"
        /// `.stringsdict`: plural and variant rules, one dictionary per key.
        case stringsDict = ".stringsdict"
        /// `.xcstrings`: a String Catalog, one JSON file for every language.
        case stringCatalog = ".xcstrings"
        /// `.json`: a flat JSON table (see docs/table-formats.md).
        case json = ".json"

        package var fileExtension: String { rawValue }
    }

    /// The table name and format of a file name such as `Localizable.strings`, or `nil` if the
    /// file is not a table (hidden files, other extensions, an extension alone).
    package static func classify(fileName: String) -> (name: String, format: Format)? {
        // An ASCII name (nearly every one) is answered from its bytes, one byte a character;
        // any other goes through `Character`s, whose boundaries can differ from the bytes'.
        if fileName.utf8.allSatisfy({ $0 < 0x80 }) { return classify(asciiFileName: fileName) }
        guard !fileName.hasPrefix("."), !fileName.contains("/") else { return nil }
        for format in Format.allCases where fileName.hasSuffix(format.fileExtension) {
            let name = String(fileName.dropLast(format.fileExtension.count))
            return name.isEmpty ? nil : (name, format)
        }
        return nil
    }

    /// `classify(fileName:)` for a name whose bytes are all ASCII.
    private static func classify(asciiFileName fileName: String) -> (name: String, format: Format)? {
        let bytes = fileName.utf8
        guard bytes.first != UInt8(ascii: "."), !bytes.contains(UInt8(ascii: "/")) else { return nil }
        for format in Format.allCases {
            let suffix = format.fileExtension.utf8
            guard bytes.count > suffix.count, bytes.suffix(suffix.count).elementsEqual(suffix) else { continue }
            return (String(Substring(bytes.dropLast(suffix.count))), format)
        }
        return nil
    }

    /// Whether some table file is named after `name` (`<name>.strings` is one): what
    /// ``classify(fileName:)`` gives, so not empty, no `/`, no leading `.`. Answered from the
    /// bytes for an ASCII name, as `classify` answers it.
    package static func isTableName(_ name: String) -> Bool {
        let bytes = name.utf8
        guard bytes.allSatisfy({ $0 < 0x80 }) else {
            return classify(fileName: name + Format.strings.fileExtension)?.name == name
        }
        return bytes.first.map { $0 != UInt8(ascii: ".") } ?? false && !bytes.contains(UInt8(ascii: "/"))
    }

    /// The table name for a `.strings` file name, or `nil`.
    package static func tableName(forFileName fileName: String) -> String? {
        guard let (name, format) = classify(fileName: fileName), format == .strings else { return nil }
        return name
    }

    /// The outcome of loading one `.strings` file.
    enum Outcome: Sendable {
        /// The table, with the parser's diagnostics attached to `file`.
        case table(StringTable)
        /// The file cannot be used; the diagnostic (an error with position) says why.
        case failure(Diagnostic, warnings: [Diagnostic])
    }

    /// Parses `bytes` as the `.strings` table `name`, attributing every diagnostic to `file`.
    /// `keySource`, when given, is another table whose keys the new one may share
    /// (``PropertyListParser/parse(_:sharingKeysWith:)``): the same table, an allocation less per
    /// long key both have.
    static func load(
        bytes: [UInt8], name: String, file: String, sharingKeysWith keySource: PropertyListDictionary? = nil
    ) -> Outcome {
        if bytes.isEmpty {
            let warning = Diagnostic(
                severity: .warning, code: "empty-file",
                message: "the file is empty (0 bytes); it is loaded as an empty table, "
                    + "though CoreFoundation rejects it", file: file)
            return .table(StringTable(name: name, entries: PropertyListDictionary(), diagnostics: [warning]))
        }
        let result = bytes.withUnsafeBytes { PropertyListParser.parse($0, sharingKeysWith: keySource) }
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

    /// Loads a `.stringsdict` or flat JSON table, attributing every diagnostic to `file`.
    static func loadContents(bytes: [UInt8], format: Format, file: String) -> TableLoadResult {
        var result: TableLoadResult
        switch format {
        case .stringsDict: result = StringsDictFile.load(bytes: bytes)
        case .json: result = JSONTableFile.load(bytes: bytes)
        case .strings, .stringCatalog:
            // Callers route these elsewhere; answering keeps this total rather than trapping.
            return TableLoadResult(contents: nil, failure: Diagnostic(
                severity: .error, code: "wrong-loader", message: "not a single-language table format", file: file))
        }
        result.failure = result.failure?.inFile(file)
        result.diagnostics = result.diagnostics.map { $0.inFile(file) }
        return result
    }
}
