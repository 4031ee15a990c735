/// Loads a flat JSON table, the format for projects without Apple tooling: one JSON object per
/// language whose members map a key to a string, or to an object of plural variants.
///
/// ```json
/// { "sync.failed": "Sync failed",
///   "sync.pending": { "one": "%lld file waiting", "other": "%lld files waiting" } }
/// ```
///
/// A plural object becomes a `VariableFormat` with format `%#@value@` and one plural variable
/// `value` whose value type is the first printf specifier of `other` (`nil` when it has none).
/// The schema is `docs/json-table.schema.json`; diagnostic codes are in `docs/table-formats.md`.
enum JSONTableFile {
    /// The file-name extension of JSON tables.
    static let fileExtension = ".json"

    /// Parses the bytes of a JSON table.
    ///
    /// - Parameter bytes: The whole file (UTF-8 JSON).
    /// - Returns: The texts and plural formats, or a failure when the file is not valid JSON or
    ///   not an object; malformed entries are left out with an error diagnostic at their value.
    /// - Complexity: O(n) in the size of the file.
    static func load(bytes: [UInt8]) -> TableLoadResult {
        let parsed = JSONParser.parse(bytes)
        guard let root = parsed.value else {
            let failure = parsed.error ?? Diagnostic(severity: .error, code: "invalid-json", message: "the file is not valid JSON")
            return TableLoadResult(contents: nil, failure: failure, diagnostics: parsed.diagnostics)
        }
        guard let entries = root.objectValue else {
            let failure = Diagnostic(
                severity: .error, code: "not-an-object",
                message: "a JSON table is an object of keys, not \(root.kindDescription)", line: root.line, column: root.column)
            return TableLoadResult(contents: nil, failure: failure, diagnostics: parsed.diagnostics)
        }
        var contents = TableContents()
        var diagnostics = parsed.diagnostics
        func report(_ severity: Diagnostic.Severity, _ code: String, _ message: String, at value: JSONValue) {
            diagnostics.append(Diagnostic(severity: severity, code: code, message: message, line: value.line, column: value.column))
        }
        entryLoop: for entry in entries {
            let key = TableKey(entry.key)
            switch entry.value.kind {
            case .string(let text):
                contents.texts.append((key, text))
            case .object(let categories):
                var variants: [String: String] = [:]
                for category in categories {
                    if let unknown = VariableFormat.Variable.unknownPluralCategory(category.key, of: "\"\(entry.key)\"") {
                        report(.warning, unknown.code, unknown.message, at: category.value)
                        continue
                    }
                    guard let text = category.value.stringValue else {
                        report(.error, "unexpected-value-type",
                               "the \"\(category.key)\" variant of \"\(entry.key)\" is \(category.value.kindDescription), not a string; the entry is ignored",
                               at: category.value)
                        continue entryLoop
                    }
                    variants[category.key] = text
                }
                guard let other = variants["other"] else {
                    report(.error, "missing-other-variant",
                           "\"\(entry.key)\" has no \"other\" variant, the fallback of every plural rule; the entry is ignored",
                           at: entry.value)
                    continue
                }
                let variable = VariableFormat.Variable(
                    ruleType: .plural, valueType: FormatReferences.firstValueType(in: other), variants: variants)
                contents.variables[key] = VariableFormat(format: "%#@value@", variables: ["value": variable])
            case .null, .bool, .number, .array:
                report(.error, "unexpected-value-type",
                       "\"\(entry.key)\" is \(entry.value.kindDescription); a string or an object of plural variants is expected; it is ignored",
                       at: entry.value)
            }
        }
        return TableLoadResult(contents: contents, diagnostics: diagnostics)
    }
}
