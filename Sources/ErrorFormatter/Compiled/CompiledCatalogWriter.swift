/// Writes a catalog as a compiled catalog file (docs/compiled-catalog.md): every localization's
/// tables (entries in file order, non-string values included; variable formats sorted by key),
/// the development locale, every diagnostic and what a strict open of the catalog's sources
/// fails with, in an order that depends on the catalog alone, so that compiling the same
/// catalog twice gives the same bytes.
enum CompiledCatalogWriter {
    typealias Format = CompiledCatalogFormat

    /// The file's bytes.
    ///
    /// - Parameter negotiationIdentity: What the negotiation section records as the library
    ///   and ICU that computed it (``PrecomputedNegotiation/identity``, which only tests change);
    ///   `nil` writes no negotiation section (and so, without a strict refusal, a file of
    ///   version 1.0).
    /// - Parameter negotiation: ICU's answers already known for some localizations (a catalog
    ///   opened from a compiled file), written as they are; the others are asked for now.
    /// - Parameter strictRefusal: What a strict open of the catalog's sources fails with
    ///   (``Catalog/strictRefusal``), written in the strict refusal section.
    /// - Throws: `.invalidArgument` when the catalog has more localizations than a compiled
    ///   catalog may hold (with a strict refusal, one fewer), a diagnostic code that is not
    ///   kebab-case, or a count beyond the format's 32 bits.
    static func bytes(
        tables: [String: [String: StringTable]], developmentLocale: String, diagnostics: [Diagnostic],
        negotiationIdentity: String? = PrecomputedNegotiation.identity, negotiation: PrecomputedNegotiation? = nil,
        strictRefusal: CatalogError? = nil
    ) throws(CatalogError) -> [UInt8] {
        let localizations = tables.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        guard localizations.count + 1 <= Format.maximumSectionCount else {
            throw CatalogError(kind: .invalidArgument, message: "the catalog has \(localizations.count) localizations; "
                + "a compiled catalog holds at most \(Format.maximumSectionCount - 2) and the unlocalized tables")
        }
        var sections: [(kind: Format.SectionKind, name: String, bytes: [UInt8])] = []
        sections.append((.catalog, "", try catalogSection(diagnostics)))
        for localization in localizations {
            sections.append((.localization, localization, try localizationSection(tables[localization] ?? [:])))
        }
        let refusal = try strictRefusal.flatMap { (error) throws(CatalogError) in try CompiledStrictRefusalSection.bytes(error) }
        // The section count stays within what every reader of version 1 accepts: the strict
        // refusal section must be there (without it, a strict open of the file would succeed
        // where its sources' fails), the negotiation section only saves asking ICU.
        let room = Format.maximumSectionCount - sections.count - (refusal == nil ? 0 : 1)
        guard room >= 0 else {
            throw CatalogError(kind: .invalidArgument, message: "the catalog has \(localizations.count) localizations "
                + "and a strict open of its sources fails; a compiled catalog holds at most \(Format.maximumSectionCount - 3) "
                + "and the unlocalized tables with the strict refusal section")
        }
        if let negotiationIdentity, room > 0,
           let section = try CompiledNegotiationSection.bytes(
               identity: negotiationIdentity, localizations: localizations, known: negotiation)
        {
            sections.append((.negotiation, "", section))
        }
        if let refusal { sections.append((.strictRefusal, "", refusal)) }
        // The oldest version that has every kind written, so that older readers read it whole.
        let minorVersion = sections.map(\.kind.sinceMinorVersion).max() ?? 0

        var directory = CompiledEncoder()
        try directory.string(developmentLocale)
        let directorySize = directory.bytes.count + sections.reduce(0) { $0 + 1 + 4 + $1.name.utf8.count + 8 + 8 + 4 }
        guard directorySize <= Format.maximumDirectoryBytes else {
            throw CatalogError(kind: .invalidArgument, message: "the catalog's directory would take \(directorySize) bytes, "
                + "over the \(Format.maximumDirectoryBytes) a compiled catalog allows")
        }
        var offset = UInt64(Format.headerSize + directorySize + Format.checksumSize)
        for section in sections {
            directory.u8(section.kind.rawValue)
            try directory.string(section.name)
            directory.u64(offset)
            directory.u64(UInt64(section.bytes.count))
            directory.u32(CRC32C.checksum(section.bytes))
            offset += UInt64(section.bytes.count)
        }
        guard offset <= UInt64(Limits.maximumCompiledCatalogBytes) else {
            throw CatalogError(kind: .invalidArgument, message: "the compiled catalog would take \(offset) bytes, "
                + "over the \(Limits.maximumCompiledCatalogBytes)-byte limit")
        }

        var file = CompiledEncoder()
        file.raw(Format.magic)
        file.u32(Format.byteOrderMark)
        file.u16(Format.majorVersion)
        file.u16(minorVersion)
        file.u64(offset)
        try file.count(directory.bytes.count)
        try file.count(sections.count)
        file.raw(directory.bytes)
        file.u32(CRC32C.checksum(file.bytes))
        for section in sections { file.raw(section.bytes) }
        return file.bytes
    }

    private static func catalogSection(_ diagnostics: [Diagnostic]) throws(CatalogError) -> [UInt8] {
        var encoder = CompiledEncoder()
        try encoder.count(diagnostics.count)
        for diagnostic in diagnostics { try write(diagnostic, to: &encoder) }
        return encoder.bytes
    }

    private static func localizationSection(_ tables: [String: StringTable]) throws(CatalogError) -> [UInt8] {
        var encoder = CompiledEncoder()
        let names = tables.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        try encoder.count(names.count)
        for name in names {
            guard let table = tables[name] else { continue }
            try write(table, name: name, to: &encoder)
        }
        return encoder.bytes
    }

    private static func write(_ table: StringTable, name: String, to encoder: inout CompiledEncoder) throws(CatalogError) {
        try encoder.string(name)
        try encoder.count(table.entries.count)
        for (key, value) in table.entries {
            try encoder.string(key.string)
            try write(value, to: &encoder)
        }
        try encoder.count(table.variables.count)
        for key in table.variables.keys.sorted() {
            guard let variable = table.variables[key] else { continue }
            try encoder.string(key.string)
            try write(variable, to: &encoder)
        }
        try encoder.count(table.diagnostics.count)
        for diagnostic in table.diagnostics { try write(diagnostic, to: &encoder) }
    }

    /// A value and everything in it, depth first, with a stack of its own rather than by
    /// recursion: values nest 512 deep, which recursion would not fit in the smallest stack the
    /// library promises to work on (`EF_MINIMUM_STACK_BYTES`).
    private static func write(_ value: PropertyListValue, to encoder: inout CompiledEncoder) throws(CatalogError) {
        enum Pending {
            case value(PropertyListValue)
            case key(TableKey)
        }
        var pending: [Pending] = [.value(value)]
        while let next = pending.popLast() {
            switch next {
            case .key(let key):
                try encoder.string(key.string)
            case .value(.string(let text)):
                encoder.u8(Format.ValueTag.string.rawValue)
                try encoder.string(text)
            case .value(.data(let bytes)):
                encoder.u8(Format.ValueTag.data.rawValue)
                try encoder.count(bytes.count)
                encoder.raw(bytes)
            case .value(.array(let elements)):
                encoder.u8(Format.ValueTag.array.rawValue)
                try encoder.count(elements.count)
                pending.append(contentsOf: elements.reversed().map(Pending.value))
            case .value(.dictionary(let dictionary)):
                encoder.u8(Format.ValueTag.dictionary.rawValue)
                try encoder.count(dictionary.count)
                // Pushed last entry first, each value before its key, so that they pop in order.
                for (key, element) in zip(dictionary.keys, dictionary.values).reversed() {
                    pending.append(.value(element))
                    pending.append(.key(key))
                }
            }
        }
    }

    private static func write(_ format: VariableFormat, to encoder: inout CompiledEncoder) throws(CatalogError) {
        try encoder.string(format.format)
        let names = format.variables.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        try encoder.count(names.count)
        for name in names {
            guard let variable = format.variables[name] else { continue }
            try encoder.string(name)
            encoder.u8(Format.code(of: variable.ruleType))
            try encoder.optionalString(variable.valueType)
            let keys = variable.variants.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            try encoder.count(keys.count)
            for key in keys {
                try encoder.string(key)
                try encoder.string(variable.variants[key] ?? "")
            }
        }
    }

    /// A diagnostic as a reader accepts it back: its code kebab-case (what the library's codes
    /// are; a code otherwise, added through ``CatalogBuilder/addDiagnostic(_:)``, is refused
    /// rather than written into a file every reader refuses), its key escaped like its message.
    static func write(_ diagnostic: Diagnostic, to encoder: inout CompiledEncoder) throws(CatalogError) {
        guard DiagnosticCode.isKebabCase(diagnostic.code) else {
            throw CatalogError(kind: .invalidArgument, message: "the diagnostic code "
                + "\(MessageEscaping.quoted(diagnostic.code)) is not kebab-case; a compiled catalog cannot hold it")
        }
        encoder.u8(Format.code(of: diagnostic.severity))
        try encoder.string(diagnostic.code)
        try encoder.string(diagnostic.message)
        try encoder.optionalString(diagnostic.file)
        encoder.clamped(diagnostic.line)
        encoder.clamped(diagnostic.column)
        try encoder.optionalString(diagnostic.key.map(MessageEscaping.escaped))
    }
}
