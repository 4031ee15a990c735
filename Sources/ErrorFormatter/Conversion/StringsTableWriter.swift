/// Writes one language as a `.strings` file: `"key" = "value";` lines in the document's order,
/// UTF-8 without a byte order mark.
///
/// Literals are ``StringsLiteral/quoted(_:)``: `"` and `\` are escaped because
/// CoreFoundation's parser would otherwise end or reinterpret the string there; line breaks,
/// tabs and other control characters are written as escapes CF reads back to the same scalar
/// (`\n`, `\U0001`), so every entry stays on one line; everything else is written as is.
/// Non-string values of a `.strings` source (arrays, dictionaries, data) are written in the
/// same old-style syntax CF reads them from. `.strings` holds no variable formats: each is a
/// warning.
enum StringsTableWriter {
    static func write(_ language: TableDocument.Language) -> ConvertedTable {
        var out = ""
        var diagnostics: [Diagnostic] = []
        for entry in language.entries {
            switch entry.value {
            case .text(let text):
                out += "\(StringsLiteral.quoted(entry.key.string)) = \(StringsLiteral.quoted(text));\n"
            case .propertyList(let value):
                out += "\(StringsLiteral.quoted(entry.key.string)) = \(oldStyle(value));\n"
            case .variable(let format):
                diagnostics.append(ConversionDiagnostic.variableLeftOut(
                    entry.key, format, target: .strings, why: "it has plain strings only; use .stringsdict"))
            }
        }
        // A 0-byte file is rejected by CoreFoundation; a comment alone reads back as no entries.
        if out.isEmpty { out = "/* no entries */\n" }
        return ConvertedTable(bytes: Array(out.utf8), diagnostics: diagnostics)
    }

    /// A property-list value in old-style syntax.
    static func oldStyle(_ value: PropertyListValue) -> String {
        switch value {
        case .string(let string):
            return StringsLiteral.quoted(string)
        case .data(let bytes):
            return "<" + StringsLiteral.hexDigits(bytes) + ">"
        case .array(let elements):
            return "(" + elements.map(oldStyle).joined(separator: ", ") + ")"
        case .dictionary(let dictionary):
            return "{ " + dictionary.map { "\(StringsLiteral.quoted($0.string)) = \(oldStyle($1)); " }.joined() + "}"
        }
    }
}
