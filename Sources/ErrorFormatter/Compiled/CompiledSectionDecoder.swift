/// Decodes the sections of a compiled catalog (the layout `CompiledCatalogWriter` writes) into
/// the values a catalog is built from, refusing anything a writer could not have produced:
/// unknown tags, unsorted or repeated names and keys, values nested deeper than the parsers
/// allow, table names no table file has, variable formats no loader makes, diagnostic codes
/// that are not kebab-case, bytes left over.
enum CompiledSectionDecoder {
    typealias Format = CompiledCatalogFormat

    /// The catalog section: the source catalog's diagnostics.
    static func catalogDiagnostics(_ decoder: inout CompiledDecoder) throws(CatalogError) -> [Diagnostic] {
        let diagnostics = try self.diagnostics(&decoder)
        try decoder.expectEnd()
        return diagnostics
    }

    /// A localization section: its tables by name, their entries read in place from the
    /// section's bytes (``CompiledEntries``), their variable formats and diagnostics decoded.
    static func tables(_ decoder: inout CompiledDecoder) throws(CatalogError) -> [String: StringTable] {
        let count = try decoder.count(of: "tables")
        var tables: [String: StringTable] = [:]
        var previous: String?
        for _ in 0..<count {
            let name = try decoder.string()
            try checkIncreasing(name, after: previous, what: "table", in: decoder)
            previous = name
            // A table is named by its file (`<Table>.strings`): never empty, nor a path, nor hidden.
            guard TableFile.isTableName(name) else {
                throw decoder.failure("no table file is named after the table \(MessageEscaping.quoted(name))")
            }
            guard tables.count < Limits.maximumTableFiles else {
                throw decoder.failure("more than \(Limits.maximumTableFiles) tables")
            }
            let entries = try CompiledEntries.read(&decoder)
            let variables = try self.variables(&decoder)
            let diagnostics = try self.diagnostics(&decoder)
            tables[name] = StringTable(name: name, inPlace: entries, variables: variables, diagnostics: diagnostics)
        }
        guard tables.count == count else { throw decoder.failure("repeated table names") }
        try decoder.expectEnd()
        return tables
    }

    /// Names sorted by byte order, none repeated: what the writer does, and what makes a file
    /// have one spelling only.
    private static func checkIncreasing(_ name: String, after previous: String?, what: String, in decoder: CompiledDecoder)
        throws(CatalogError)
    {
        if let previous, !previous.precedesInUTF8Order(name) {
            throw decoder.failure("\(what) \(MessageEscaping.quoted(name)) is out of order or repeated")
        }
    }

    /// A table's entries, in their order (no key twice): what ``CompiledEntries`` decodes when
    /// a tool needs the whole table.
    static func entries(_ decoder: inout CompiledDecoder) throws(CatalogError) -> PropertyListDictionary {
        let count = try decoder.count(of: "entries")
        // An entry takes at least 9 bytes (key length, tag, value length): room for what the
        // bytes left can hold, whatever the count claims.
        var entries = PropertyListDictionary(minimumCapacity: min(count, decoder.remaining / 9))
        for _ in 0..<count {
            let key = TableKey(try decoder.string())
            let value = try self.value(&decoder)
            guard entries.updateValue(value, forKey: key) == nil else {
                throw decoder.failure("the key \(MessageEscaping.quoted(key.string)) is repeated")
            }
        }
        return entries
    }

    /// An array or dictionary being read, its elements so far.
    private struct OpenContainer {
        let isDictionary: Bool
        /// Elements still to read.
        var remaining: Int
        var elements: [PropertyListValue] = []
        var dictionary = PropertyListDictionary()
        /// The key of the dictionary element being read.
        var key = TableKey("")

        var value: PropertyListValue { isDictionary ? .dictionary(dictionary) : .array(elements) }

        mutating func add(_ element: PropertyListValue, in decoder: CompiledDecoder) throws(CatalogError) {
            remaining -= 1
            guard isDictionary else { return elements.append(element) }
            guard dictionary.updateValue(element, forKey: key) == nil else {
                throw decoder.failure("the key \(MessageEscaping.quoted(key.string)) is repeated")
            }
        }
    }

    /// The most arrays and dictionaries one entry's value nests, itself included: what the
    /// deepest source parser gives. CoreFoundation's XML and binary property-list parsers count
    /// the table's own dictionary as level 0 and allow levels up to 512, so a value holds at
    /// most 512 containers (its own and 511 inside); the old-style `.strings` parser stops one
    /// level earlier (511). A compiled value holding 513 is one no source has.
    static let maximumValueDepth = OldStylePropertyListParser.maximumDepth

    /// One value, arrays and dictionaries nested at most ``maximumValueDepth`` deep. Read with
    /// a stack of its own, not by recursion: 512 levels of recursion would not fit in the
    /// smallest stack the library promises to work on (`EF_MINIMUM_STACK_BYTES`).
    static func value(_ decoder: inout CompiledDecoder) throws(CatalogError) -> PropertyListValue {
        var open: [OpenContainer] = []
        reading: while true {
            let tag = try decoder.u8()
            var finished: PropertyListValue
            switch Format.ValueTag(rawValue: tag) {
            case .string:
                finished = .string(try decoder.string())
            case .data:
                finished = .data(try decoder.data())
            case .array, .dictionary:
                // This container is the value's (open.count + 1)th level.
                guard open.count < maximumValueDepth else {
                    throw decoder.failure("a value nests more than \(maximumValueDepth) arrays and dictionaries")
                }
                let isDictionary = tag == Format.ValueTag.dictionary.rawValue
                var container = OpenContainer(
                    isDictionary: isDictionary,
                    remaining: try decoder.count(of: isDictionary ? "dictionary entries" : "array elements"))
                guard container.remaining == 0 else {
                    if isDictionary { container.key = TableKey(try decoder.string()) }
                    open.append(container)
                    continue reading
                }
                finished = container.value
            case nil:
                throw decoder.failure("unknown value tag \(tag) at offset \(decoder.position - 1)")
            }
            // The value completes an element of the innermost container, and perhaps the
            // container itself, and so on outwards.
            while var container = open.popLast() {
                try container.add(finished, in: decoder)
                if container.remaining > 0 {
                    if container.isDictionary { container.key = TableKey(try decoder.string()) }
                    open.append(container)
                    continue reading
                }
                finished = container.value
            }
            return finished
        }
    }

    private static func variables(_ decoder: inout CompiledDecoder) throws(CatalogError) -> [TableKey: VariableFormat] {
        let count = try decoder.count(of: "variable formats")
        var formats: [TableKey: VariableFormat] = [:]
        var previous: String?
        for _ in 0..<count {
            let key = try decoder.string()
            try checkIncreasing(key, after: previous, what: "variable format", in: decoder)
            previous = key
            let format = try variableFormat(&decoder)
            if let problem = format.shapeProblem {
                throw decoder.failure("the variable format of \(MessageEscaping.quoted(key)) is one no table makes: \(problem)")
            }
            formats[TableKey(key)] = format
        }
        guard formats.count == count else { throw decoder.failure("repeated variable format keys") }
        return formats
    }

    private static func variableFormat(_ decoder: inout CompiledDecoder) throws(CatalogError) -> VariableFormat {
        let format = try decoder.string()
        let count = try decoder.count(of: "variables")
        var variables: [String: VariableFormat.Variable] = [:]
        var previous: String?
        for _ in 0..<count {
            let name = try decoder.string()
            try checkIncreasing(name, after: previous, what: "variable", in: decoder)
            previous = name
            let ruleCode = try decoder.u8()
            guard let ruleType = Format.ruleType(code: ruleCode) else {
                throw decoder.failure("unknown rule type \(ruleCode) for the variable \(MessageEscaping.quoted(name))")
            }
            let valueType = try decoder.optionalString()
            let variantCount = try decoder.count(of: "variants")
            var variants: [String: String] = [:]
            var previousVariant: String?
            for _ in 0..<variantCount {
                let key = try decoder.string()
                try checkIncreasing(key, after: previousVariant, what: "variant", in: decoder)
                previousVariant = key
                variants[key] = try decoder.string()
            }
            guard variants.count == variantCount else {
                throw decoder.failure("repeated variants of \(MessageEscaping.quoted(name))")
            }
            variables[name] = VariableFormat.Variable(ruleType: ruleType, valueType: valueType, variants: variants)
        }
        guard variables.count == count else { throw decoder.failure("repeated variable names") }
        return VariableFormat(format: format, variables: variables)
    }

    /// Diagnostics, each as the library makes them: a kebab-case code (``DiagnosticCode``), and
    /// a message, file and key of one line each, control characters escaped (the message and
    /// file by ``Diagnostic`` itself, the key here), so that what a file stores is shown as a
    /// source's diagnostics are, never as a forged log line.
    private static func diagnostics(_ decoder: inout CompiledDecoder) throws(CatalogError) -> [Diagnostic] {
        let count = try decoder.count(of: "diagnostics")
        var diagnostics: [Diagnostic] = []
        for _ in 0..<count {
            let severityCode = try decoder.u8()
            guard let severity = Format.severity(code: severityCode) else {
                throw decoder.failure("unknown diagnostic severity \(severityCode)")
            }
            let code = try decoder.string()
            guard DiagnosticCode.isKebabCase(code) else {
                throw decoder.failure("the diagnostic code \(MessageEscaping.quoted(code)) is not kebab-case")
            }
            diagnostics.append(Diagnostic(
                severity: severity, code: code, message: try decoder.string(),
                file: try decoder.optionalString(), line: try decoder.number(), column: try decoder.number(),
                key: try decoder.optionalString().map(MessageEscaping.escaped)))
        }
        return diagnostics
    }
}
