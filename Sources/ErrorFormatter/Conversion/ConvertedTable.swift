/// A table written in one format: its bytes (UTF-8), and one diagnostic for each thing of the
/// document the format cannot hold (left out, never approximated).
package struct ConvertedTable: Sendable {
    package var bytes: [UInt8]
    /// Warnings, each naming the key or language left out; empty when the conversion is lossless.
    package var diagnostics: [Diagnostic]

    package init(bytes: [UInt8], diagnostics: [Diagnostic]) {
        self.bytes = bytes
        self.diagnostics = diagnostics
    }
}

/// Writing a ``TableDocument`` in any table format.
package enum TableConversion {
    /// The document written as `format`.
    ///
    /// - Parameters:
    ///   - language: for the single-language formats (`.strings`, `.stringsdict`, `.json`), the
    ///     language to write (default: the source language); every other language is reported
    ///     as left out. A String Catalog holds every language and ignores it.
    /// - Returns: the bytes, or `nil` when `language` names no language of the document.
    package static func write(_ document: TableDocument, as format: TableFile.Format, language: String? = nil)
        -> ConvertedTable?
    {
        if format == .stringCatalog { return StringCatalogTableWriter.write(document) }
        guard let chosen = document.language(named: language ?? document.sourceLanguage) else { return nil }
        var written: ConvertedTable
        switch format {
        case .strings: written = StringsTableWriter.write(chosen)
        case .stringsDict: written = StringsDictTableWriter.write(chosen)
        case .json, .stringCatalog: written = JSONTableWriter.write(chosen)
        }
        for other in document.languages where !other.name.utf8.elementsEqual(chosen.name.utf8) {
            written.diagnostics.append(ConversionDiagnostic.languageLeftOut(other.name, written: chosen.name, format: format))
        }
        return written
    }
}

/// The diagnostics of conversion, one code per kind of loss (listed in docs/table-formats.md).
enum ConversionDiagnostic {
    /// The keys of `language` that `diagnostics` report as left out: each such message starts
    /// with the quoted key and `is`, as it reads once the diagnostic has escaped its control
    /// characters. For the round-trip tests and the conversion fuzzer, which must tell a
    /// reported loss from a silent one. (Keys are quoted cut at 60 characters, so two keys that
    /// share their first 60 can both count as reported.)
    static func leftOutKeys(_ diagnostics: [Diagnostic], in language: TableDocument.Language) -> Set<TableKey> {
        let messages = diagnostics.filter { $0.code != "language-left-out" }.map(\.message)
        guard !messages.isEmpty else { return [] }
        return Set(language.entries.map(\.key).filter { key in
            let prefix = MessageEscaping.escaped(MessageEscaping.quoted(key.string) + " is")
            return messages.contains { $0.hasPrefix(prefix) }
        })
    }

    static func variableLeftOut(_ key: TableKey, _ format: VariableFormat, target: TableFile.Format, why: String)
        -> Diagnostic
    {
        Diagnostic(severity: .warning, code: "variable-format-left-out",
                   message: "\(MessageEscaping.quoted(key.string)) is \(VariableShape.kind(of: format)), which "
                       + "\(target.fileExtension) cannot hold (\(why)); it is left out")
    }

    static func nonStringLeftOut(_ key: TableKey, target: TableFile.Format) -> Diagnostic {
        Diagnostic(severity: .warning, code: "non-string-value-left-out",
                   message: "\(MessageEscaping.quoted(key.string)) is not a string (an array, dictionary or data "
                       + "value of a .strings file), which \(target.fileExtension) cannot hold; it is left out")
    }

    static func referencingTextLeftOut(_ key: TableKey, variable: String, target: TableFile.Format) -> Diagnostic {
        Diagnostic(severity: .warning, code: "referencing-text-left-out",
                   message: "\(MessageEscaping.quoted(key.string)) is a text with the reference "
                       + "\(MessageEscaping.quoted("%#@" + variable + "@")) in it, which \(target.fileExtension) would read "
                       + "as a variable the entry does not define; it is left out")
    }

    static func languageLeftOut(_ name: String, written: String, format: TableFile.Format) -> Diagnostic {
        Diagnostic(severity: .warning, code: "language-left-out",
                   message: "\(format.fileExtension) holds one language: \(written) is written, "
                       + "\(MessageEscaping.quoted(name)) is left out (each language needs a file of its own)")
    }
}
