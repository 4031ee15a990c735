extension TableDocument {
    /// The outcome of reading one table file into a document.
    package struct ReadResult: Sendable {
        /// The document, or `nil` when the file as a whole cannot be used.
        package var document: TableDocument?
        /// Why the file cannot be used (an error with position), when `document` is `nil`.
        package var failure: Diagnostic?
        /// What the format's loader noticed (duplicates, entries left out…); `file` unset.
        package var diagnostics: [Diagnostic]
    }

    /// Reads a table file with the same loaders a catalog uses, so a converted table holds what
    /// the library would have looked up in the original.
    ///
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - format: its format (callers take it from the extension, or from the user).
    ///   - language: the language of a single-language file (`.strings`, `.stringsdict`,
    ///     `.json`); a String Catalog names its own languages and ignores it.
    package static func read(bytes: [UInt8], format: TableFile.Format, language: String) -> ReadResult {
        switch format {
        case .strings:
            switch TableFile.load(bytes: bytes, name: "", file: "") {
            case .failure(let failure, let warnings):
                return ReadResult(document: nil, failure: failure.withoutFile, diagnostics: warnings.map(\.withoutFile))
            case .table(let table):
                let entries = table.entries.map { key, value in
                    Entry(key: key, value: value.stringValue.map(Value.text) ?? .propertyList(value))
                }
                return ReadResult(document: single(language, entries), failure: nil,
                                  diagnostics: table.diagnostics.map(\.withoutFile))
            }
        case .stringsDict, .json:
            let loaded = TableFile.loadContents(bytes: bytes, format: format, file: "")
            let diagnostics = loaded.diagnostics.map(\.withoutFile)
            guard let contents = loaded.contents else {
                return ReadResult(document: nil, failure: loaded.failure?.withoutFile, diagnostics: diagnostics)
            }
            return ReadResult(document: single(language, entries(of: contents)), failure: nil, diagnostics: diagnostics)
        case .stringCatalog:
            let loaded = StringCatalogFile.load(bytes: bytes)
            guard let source = loaded.sourceLanguage, loaded.failure == nil else {
                return ReadResult(document: nil, failure: loaded.failure, diagnostics: loaded.diagnostics)
            }
            let names = loaded.tables.keys.filter { !$0.utf8.elementsEqual(source.utf8) }
                .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            let languages = ([source] + names).map { name in
                Language(name: name, entries: entries(of: loaded.tables[name] ?? TableContents()))
            }
            return ReadResult(document: TableDocument(sourceLanguage: source, languages: languages), failure: nil,
                              diagnostics: loaded.diagnostics)
        }
    }

    private static func single(_ language: String, _ entries: [Entry]) -> TableDocument {
        TableDocument(sourceLanguage: language, languages: [Language(name: language, entries: entries)])
    }

    /// Texts in file order, then variable formats sorted by key; a variable format replaces a
    /// text of the same key in place, as it does at lookup.
    private static func entries(of contents: TableContents) -> [Entry] {
        // A repeated text keeps its first place and its last value, as in CoreFoundation.
        var lastText: [TableKey: String] = [:]
        for (key, text) in contents.texts { lastText[key] = text }
        var entries: [Entry] = []
        var seen = Set<TableKey>()
        for (key, _) in contents.texts where seen.insert(key).inserted {
            let value = contents.variables[key].map(Value.variable) ?? lastText[key].map(Value.text)
            if let value { entries.append(Entry(key: key, value: value)) }
        }
        for key in contents.variables.keys.sorted() where seen.insert(key).inserted {
            if let variable = contents.variables[key] { entries.append(Entry(key: key, value: .variable(variable))) }
        }
        return entries
    }
}

private extension Diagnostic {
    /// Loaders are given an empty file name here; the caller names the file.
    var withoutFile: Diagnostic {
        var copy = self
        if copy.file?.isEmpty ?? false { copy.file = nil }
        return copy
    }
}
