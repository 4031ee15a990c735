/// Reads one table file for lint: its contents through the same loaders the catalog uses (so
/// lint sees exactly what lookups see, and every loader diagnostic), and where each entry is
/// written, from the parsers' source maps.
enum LintFileReader {
    /// What one file gave: one table per localization it holds, and its diagnostics.
    struct Result {
        /// The file as the user named it.
        var file = ""
        var tables: [LintTable] = []
        var diagnostics: [Diagnostic] = []
    }

    /// Reads `bytes` of a file shown as `file`.
    ///
    /// - Parameters:
    ///   - localization: the `.lproj` (or `<loc>.json`) localization, `""` when unlocalized;
    ///     ignored for String Catalogs, which name their languages.
    static func read(bytes: [UInt8], file: String, format: TableFile.Format, table: String,
                     localization: String) -> Result {
        var result: Result
        switch format {
        case .strings: result = readStrings(bytes, file: file, table: table, localization: localization)
        case .stringsDict: result = readStringsDict(bytes, file: file, table: table, localization: localization)
        case .json: result = readJSONTable(bytes, file: file, table: table, localization: localization)
        case .stringCatalog: result = readStringCatalog(bytes, file: file, table: table)
        }
        result.file = file
        result.diagnostics = result.diagnostics.map { $0.file == nil ? $0.inFile(file) : $0 }
        for index in result.tables.indices { result.tables[index].files = [file] }
        return result
    }

    private static func position(_ found: PropertyListSourceMap.SourcePosition?) -> LintEntry.Position {
        found.map { LintEntry.Position(line: $0.line, column: $0.column) } ?? .unknown
    }

    /// `.strings`: every string value of the top-level dictionary.
    private static func readStrings(_ bytes: [UInt8], file: String, table: String, localization: String) -> Result {
        var result = Result()
        var lintTable = LintTable(localization: localization, name: table)
        guard !bytes.isEmpty else {
            // As the catalog loads it: an empty table, with its warning.
            if case .table(let loaded) = TableFile.load(bytes: bytes, name: table, file: file) {
                result.diagnostics = loaded.diagnostics
            }
            result.tables = [lintTable]
            return result
        }
        let (parsed, sourceMap) = PropertyListParser.parseWithSourceMap(bytes)
        result.diagnostics = parsed.diagnostics
        guard let value = parsed.value else {
            result.diagnostics.append(parsed.error ?? Diagnostic(
                severity: .error, code: "parse-error", message: parsed.foundationMessage ?? "the file cannot be parsed"))
            return result
        }
        guard let dictionary = value.dictionaryValue else {
            result.diagnostics.append(Diagnostic(
                severity: .error, code: "not-a-table", message: "the file is a property list but not a dictionary of strings",
                line: 1, column: 1))
            return result
        }
        for (key, entry) in dictionary {
            guard let text = entry.stringValue else { continue }
            lintTable.add(LintEntry(key: key, value: .text(text), file: file,
                                    position: position(sourceMap.position(ofKeyPath: [key]))))
        }
        result.diagnostics = naming(result.diagnostics, keysOf: lintTable)
        result.tables = [lintTable]
        return result
    }

    /// The parser's diagnostics with the key of the entry each one points at (a duplicate's
    /// later spelling, say), where one does.
    private static func naming(_ diagnostics: [Diagnostic], keysOf table: LintTable) -> [Diagnostic] {
        guard !diagnostics.isEmpty else { return diagnostics }
        var keyAt: [LintEntry.Position: String] = [:]
        for entry in table.orderedEntries where entry.position.line > 0 { keyAt[entry.position] = entry.key.string }
        return diagnostics.map { diagnostic in
            guard diagnostic.key == nil,
                  let key = keyAt[LintEntry.Position(line: diagnostic.line, column: diagnostic.column)]
            else { return diagnostic }
            var named = diagnostic
            named.key = key
            return named
        }
    }

    /// `.stringsdict`: variable formats (and plain strings) with each variable's and variant's
    /// `<key>` position.
    private static func readStringsDict(_ bytes: [UInt8], file: String, table: String, localization: String) -> Result {
        var result = Result()
        let loaded = StringsDictFile.load(bytes: bytes)
        result.diagnostics = loaded.diagnostics + (loaded.failure.map { [$0] } ?? [])
        guard let contents = loaded.contents else { return result }
        let sourceMap = bytes.isEmpty ? PropertyListSourceMap() : PropertyListParser.parseWithSourceMap(bytes).sourceMap
        var lintTable = LintTable(localization: localization, name: table)
        for (key, text) in contents.texts {
            lintTable.add(LintEntry(key: key, value: .text(text), file: file,
                                    position: position(sourceMap.position(ofKeyPath: [key]))))
        }
        for key in contents.variables.keys.sorted() {
            guard let format = contents.variables[key] else { continue }
            var variants: [String: LintEntry.Position] = [:]
            for (name, variable) in format.variables {
                let variablePath = [key, TableKey(name)]
                variants[name] = position(sourceMap.position(ofKeyPath: variablePath))
                for variant in variable.variants.keys {
                    variants[name + "/" + variant] = position(sourceMap.position(ofKeyPath: variablePath + [TableKey(variant)]))
                }
            }
            lintTable.add(LintEntry(key: key, value: .variable(format), file: file,
                                    position: position(sourceMap.position(ofKeyPath: [key])), variantPositions: variants))
        }
        result.diagnostics = naming(result.diagnostics, keysOf: lintTable)
        result.tables = [lintTable]
        return result
    }

    /// A flat JSON table: a plural object is the variable `value`.
    private static func readJSONTable(_ bytes: [UInt8], file: String, table: String, localization: String) -> Result {
        var result = Result()
        let loaded = JSONTableFile.load(bytes: bytes)
        result.diagnostics = loaded.diagnostics + (loaded.failure.map { [$0] } ?? [])
        guard let contents = loaded.contents, let root = JSONParser.parse(bytes).value?.objectValue else { return result }
        var lintTable = LintTable(localization: localization, name: table)
        for member in root {
            let key = TableKey(member.key)
            let at = LintEntry.Position(line: member.keyLine, column: member.keyColumn)
            if let format = contents.variables[key] {
                var variants: [String: LintEntry.Position] = ["value": at]
                for category in member.value.objectValue ?? JSONObject() {
                    variants["value/" + category.key] = LintEntry.Position(line: category.keyLine, column: category.keyColumn)
                }
                lintTable.add(LintEntry(key: key, value: .variable(format), file: file, position: at, variantPositions: variants))
            } else if let text = member.value.stringValue {
                lintTable.add(LintEntry(key: key, value: .text(text), file: file, position: at))
            }
        }
        result.tables = [lintTable]
        return result
    }

    /// A String Catalog: one table per language, each entry at its localization's position
    /// (the key's, for a source text that is the key itself), plus the translation states.
    private static func readStringCatalog(_ bytes: [UInt8], file: String, table: String) -> Result {
        var result = Result()
        let loaded = StringCatalogFile.load(bytes: bytes)
        result.diagnostics = loaded.diagnostics + (loaded.failure.map { [$0] } ?? [])
        guard let sourceLanguage = loaded.sourceLanguage,
              let strings = JSONParser.parse(bytes).value?.objectValue?["strings"]?.objectValue
        else { return result }
        let map = StringCatalogSourceMap(strings: strings, sourceLanguage: sourceLanguage)
        result.diagnostics += map.stateDiagnostics.map { $0.inFile(file) }
        for language in loaded.tables.keys.sorted() {
            guard let contents = loaded.tables[language] else { continue }
            var lintTable = LintTable(localization: language, name: table)
            lintTable.sourceLanguage = sourceLanguage
            func add(_ key: TableKey, _ value: LocalizedValue) {
                let location = map.location(key: key.string, language: language)
                lintTable.add(LintEntry(key: key, value: value, file: file, position: location.position,
                                        variantPositions: location.variants))
            }
            for (key, text) in contents.texts { add(key, .text(text)) }
            for key in contents.variables.keys.sorted() {
                if let format = contents.variables[key] { add(key, .variable(format)) }
            }
            result.tables.append(lintTable)
        }
        return result
    }
}
