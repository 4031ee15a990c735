/// Loads a `.stringsdict` file (an XML or binary property list of plural, device and width
/// rules) into `TableContents`, reporting every malformed entry with its position.
///
/// Each top-level key is a lookup key; its dictionary becomes a `VariableFormat`:
/// `NSStringLocalizedFormatKey` is the format, and every other key whose value is a dictionary
/// holding `NSStringFormatSpecTypeKey` is a variable. A malformed entry is left out (Apple's
/// runtime would give a broken or `(null)` string for it) with an error diagnostic naming the
/// entry; the rest of the file is still used. A plain string entry is kept as a text, because
/// CoreFoundation merges it over the `.strings` table like any other value.
///
/// Diagnostic codes are listed in `docs/table-formats.md`.
enum StringsDictFile {
    /// The file-name extension of these tables.
    static let fileExtension = ".stringsdict"

    /// The key of an entry's format.
    static let formatKey = "NSStringLocalizedFormatKey"
    /// The key of a variable's rule type.
    static let ruleTypeKey = "NSStringFormatSpecTypeKey"
    /// The key of a variable's printf conversion.
    static let valueTypeKey = "NSStringFormatValueTypeKey"

    /// Parses the bytes of a `.stringsdict` file.
    ///
    /// - Parameter bytes: The whole file (XML, binary or old-style property list).
    /// - Returns: The variable formats (and plain texts, if any), or a failure when the file is
    ///   not a property list dictionary; diagnostics carry line and column for XML files and 0
    ///   for binary ones; `file` is left unset.
    /// - Complexity: O(n) in the size of the file.
    static func load(bytes: [UInt8]) -> TableLoadResult {
        if bytes.isEmpty {
            let warning = Diagnostic(
                severity: .warning, code: "empty-file",
                message: "the file is empty (0 bytes); it is loaded as an empty table, though CoreFoundation rejects it")
            return TableLoadResult(contents: TableContents(), diagnostics: [warning])
        }
        let (parsed, sourceMap) = PropertyListParser.parseWithSourceMap(bytes)
        guard let value = parsed.value else {
            let failure = parsed.error ?? Diagnostic(
                severity: .error, code: "parse-error", message: parsed.foundationMessage ?? "the file cannot be parsed")
            return TableLoadResult(contents: nil, failure: failure, diagnostics: parsed.diagnostics)
        }
        guard let entries = value.dictionaryValue else {
            let failure = Diagnostic(
                severity: .error, code: "not-a-dictionary",
                message: "the top level of a .stringsdict file must be a dictionary", line: 1, column: 1)
            return TableLoadResult(contents: nil, failure: failure, diagnostics: parsed.diagnostics)
        }
        var reader = EntryReader(sourceMap: sourceMap)
        var contents = TableContents()
        for (key, entry) in entries {
            switch entry {
            case .string(let text):
                contents.texts.append((key, text))
            case .dictionary(let dictionary):
                if let format = reader.variableFormat(key: key, dictionary) {
                    contents.variables[key] = format
                }
            case .array, .data:
                reader.report(.error, "unexpected-value-type",
                              "entry \"\(key)\" is \(describe(entry)), not a dictionary; it is ignored", at: [key])
            }
        }
        return TableLoadResult(contents: contents, diagnostics: parsed.diagnostics + reader.diagnostics)
    }

    /// "an array", "data"… for messages.
    static func describe(_ value: PropertyListValue) -> String {
        switch value {
        case .string: "a string"
        case .data: "data"
        case .array: "an array"
        case .dictionary: "a dictionary"
        }
    }

    /// Reads entries one by one, collecting diagnostics positioned with the source map.
    private struct EntryReader {
        let sourceMap: PropertyListSourceMap
        var diagnostics: [Diagnostic] = []

        mutating func report(_ severity: Diagnostic.Severity, _ code: String, _ message: String, at path: [TableKey]) {
            // The innermost mapped key: a missing key is reported at the dictionary that lacks it.
            var path = path
            var position = sourceMap.position(ofKeyPath: path)
            while position == nil, !path.isEmpty {
                path.removeLast()
                position = sourceMap.position(ofKeyPath: path)
            }
            diagnostics.append(Diagnostic(
                severity: severity, code: code, message: message,
                line: position?.line ?? 0, column: position?.column ?? 0))
        }

        /// The entry's format, or `nil` (with an error diagnostic) when the entry is malformed.
        mutating func variableFormat(key: TableKey, _ entry: PropertyListDictionary) -> VariableFormat? {
            guard let formatValue = entry[formatKey] else {
                report(.error, "missing-format-key",
                       "entry \"\(key)\" has no \(formatKey); it is ignored", at: [key])
                return nil
            }
            guard let format = formatValue.stringValue else {
                report(.error, "unexpected-value-type",
                       "\(formatKey) of \"\(key)\" is \(describe(formatValue)), not a string; the entry is ignored",
                       at: [key, TableKey(formatKey)])
                return nil
            }
            var variables: [String: VariableFormat.Variable] = [:]
            var isMalformed = false
            for (name, value) in entry where name.string != formatKey {
                guard let dictionary = value.dictionaryValue else {
                    report(.warning, "unexpected-value-type",
                           "\"\(name)\" in \"\(key)\" is \(describe(value)), not a variable dictionary; it is ignored",
                           at: [key, name])
                    continue
                }
                guard dictionary[ruleTypeKey] != nil else {
                    report(.warning, "missing-rule-type",
                           "\"\(name)\" in \"\(key)\" has no \(ruleTypeKey), so it is not a variable", at: [key, name])
                    continue
                }
                if let variable = self.variable(dictionary, path: [key, name]) {
                    variables[name.string] = variable
                } else {
                    isMalformed = true
                }
            }
            guard !isMalformed else { return nil }
            // Variables may be referenced from the format and from other variables' variants.
            var references = FormatReferences.variableNames(in: format).map { (name: $0, path: [key, TableKey(formatKey)]) }
            for (name, variable) in variables.sorted(by: { TableKey($0.key) < TableKey($1.key) }) {
                for (variantKey, variant) in variable.variants.sorted(by: { TableKey($0.key) < TableKey($1.key) }) {
                    references += FormatReferences.variableNames(in: variant).map {
                        (name: $0, path: [key, TableKey(name), TableKey(variantKey)])
                    }
                }
            }
            for reference in references where variables[reference.name] == nil {
                report(.error, "undefined-variable",
                       "\"\(key)\" references the variable \"\(reference.name)\", which it does not define; the entry is ignored",
                       at: reference.path)
                return nil
            }
            return VariableFormat(format: format, variables: variables)
        }

        /// One variable dictionary (it has a rule type key), or `nil` with an error diagnostic.
        mutating func variable(_ dictionary: PropertyListDictionary, path: [TableKey]) -> VariableFormat.Variable? {
            let entry = path.first?.string ?? ""
            let name = path.last?.string ?? ""
            guard let ruleName = dictionary[ruleTypeKey]?.stringValue else {
                report(.error, "unexpected-value-type",
                       "\(ruleTypeKey) of \"\(name)\" in \"\(entry)\" is not a string; the entry is ignored",
                       at: path + [TableKey(ruleTypeKey)])
                return nil
            }
            let ruleType: VariableFormat.Variable.RuleType
            switch ruleName {
            case "NSStringPluralRuleType": ruleType = .plural
            case "NSStringDeviceSpecificRuleType": ruleType = .device
            case "NSStringVariableWidthRuleType": ruleType = .width
            default:
                report(.error, "unknown-rule-type",
                       "\"\(name)\" in \"\(entry)\" has the unknown rule type \"\(ruleName)\"; the entry is ignored",
                       at: path + [TableKey(ruleTypeKey)])
                return nil
            }
            var valueType: String?
            if let value = dictionary[valueTypeKey] {
                guard let text = value.stringValue else {
                    report(.error, "unexpected-value-type",
                           "\(valueTypeKey) of \"\(name)\" in \"\(entry)\" is \(describe(value)), not a string; the entry is ignored",
                           at: path + [TableKey(valueTypeKey)])
                    return nil
                }
                valueType = text
            } else if ruleType == .plural {
                report(.warning, "missing-value-type",
                       "plural variable \"\(name)\" in \"\(entry)\" has no \(valueTypeKey); Apple platforms may format it as (null)",
                       at: path)
            }
            var variants: [String: String] = [:]
            for (variantKey, value) in dictionary where variantKey.string != ruleTypeKey && variantKey.string != valueTypeKey {
                guard let text = value.stringValue else {
                    report(.error, "unexpected-value-type",
                           "variant \"\(variantKey)\" of \"\(name)\" in \"\(entry)\" is \(describe(value)), not a string; the entry is ignored",
                           at: path + [variantKey])
                    return nil
                }
                if ruleType == .plural, let unknown = VariableFormat.Variable.unknownPluralCategory(
                    variantKey.string, of: "variable \"\(name)\" in \"\(entry)\"") {
                    report(.warning, unknown.code, unknown.message, at: path + [variantKey])
                    continue
                }
                variants[variantKey.string] = text
            }
            if ruleType != .width, variants["other"] == nil {
                report(.error, "missing-other-variant",
                       "variable \"\(name)\" in \"\(entry)\" has no \"other\" variant, the fallback of every rule; the entry is ignored",
                       at: path)
                return nil
            }
            return VariableFormat.Variable(ruleType: ruleType, valueType: valueType, variants: variants)
        }
    }
}
