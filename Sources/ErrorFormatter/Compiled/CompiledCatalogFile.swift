/// A compiled catalog file, open: its header, directory and negotiation section read and
/// checked, each localization's section and the catalog's diagnostics read, checked and
/// decoded only when asked for (``tables(ofLocalization:)``, ``storedDiagnostics()``).
///
/// Everything read is data that may be hostile (docs/compiled-catalog.md, "What a reader
/// checks"): every offset, length and count is checked against the bytes that are there before
/// it is used, so a truncated, corrupted, reordered, wrong-version or byte-swapped file is a
/// `.parse` error, never a trap or a read outside the data.
final class CompiledCatalogFile: Sendable {
    typealias Format = CompiledCatalogFormat

    /// One section as the directory lists it.
    struct Section: Sendable, Equatable {
        var kind: UInt8
        var name: String
        var offset: UInt64
        var length: UInt64
        var checksum: UInt32
    }

    /// The development locale the catalog was compiled with.
    let developmentLocale: String
    /// Every localization, as the source catalog's ``Catalog/localizations`` lists them: byte
    /// order, `Base` included, the unlocalized tables not.
    let localizations: [String]
    /// Whether the file has a section of unlocalized tables.
    let hasUnlocalizedSection: Bool
    /// The catalog section: the source catalog's diagnostics.
    private let catalogSection: Section
    /// The strict refusal section, when the file has one: what a strict open of the source
    /// catalog failed with.
    private let strictRefusalSection: Section?
    /// What the negotiation section says about the localizations' names, when this process
    /// may use it (written by the same library and ICU); `nil` otherwise.
    let negotiation: PrecomputedNegotiation?
    /// Why the negotiation section could not be read, when it is broken (`negotiation` is then
    /// `nil`): a strict open fails with it; a lenient one leaves the section out, as it leaves
    /// out a broken localization, and asks ICU about the names instead, which the section only
    /// saves.
    let brokenNegotiation: CatalogError?
    /// The localization sections (the unlocalized one, `""`, first), as the directory lists
    /// them: in strictly increasing byte order (``check(_:minor:in:)``), so found by bisection.
    private let sections: [Section]
    private let source: any CompiledByteSource
    /// The file as the caller named it (`nil` for bytes in memory).
    var name: String? { source.name }

    /// Reads and checks the header, the directory and the negotiation section of `source`.
    ///
    /// - Throws: `.parse` for anything that is not a well-formed compiled catalog of this major
    ///   version; `.unreadable` when the system fails to read.
    init(source: any CompiledByteSource) throws(CatalogError) {
        self.source = source
        let file = source.name
        guard source.size >= UInt64(Format.headerSize) else {
            throw CatalogError(kind: .parse, message: "broken compiled catalog: \(source.size) bytes, "
                + "shorter than its \(Format.headerSize)-byte header", file: file)
        }
        let headerBytes = try source.read(at: 0, count: Format.headerSize)
        var header = CompiledDecoder(headerBytes, part: "the header", file: file)
        guard try Self.take(Format.magic.count, from: &header) == Format.magic else {
            throw header.failure("it does not start with the compiled catalog magic")
        }
        let mark = try header.u32()
        guard mark == Format.byteOrderMark else {
            throw header.failure(mark == Format.byteOrderMark.byteSwapped
                ? "the byte-order mark is swapped: the file was written big-endian, and the format is little-endian"
                : "unknown byte-order mark 0x\(String(mark, radix: 16))")
        }
        let major = try header.u16()
        let minor = try header.u16()
        guard major == Format.majorVersion else {
            throw header.failure("format version \(major).\(minor); this library reads version \(Format.majorVersion).x")
        }
        let fileLength = try header.u64()
        guard fileLength == source.size else {
            throw header.failure("the header says \(fileLength) bytes, the file has \(source.size)")
        }
        guard fileLength <= UInt64(Limits.maximumCompiledCatalogBytes) else {
            throw header.failure("\(fileLength) bytes, over the \(Limits.maximumCompiledCatalogBytes)-byte limit")
        }
        let directoryLength = Int(try header.u32())
        let sectionCount = Int(try header.u32())
        guard directoryLength <= Format.maximumDirectoryBytes else {
            throw header.failure("a directory of \(directoryLength) bytes, over the \(Format.maximumDirectoryBytes) allowed")
        }
        guard sectionCount >= 1, sectionCount <= Format.maximumSectionCount else {
            throw header.failure("\(sectionCount) sections; a compiled catalog has 1 to \(Format.maximumSectionCount)")
        }
        // The development locale's length, then at least 25 bytes a section (kind, name length,
        // offset, length, checksum): checked before the directory is read.
        guard directoryLength >= 4 + 25 * sectionCount else {
            throw header.failure("a directory of \(directoryLength) bytes cannot list \(sectionCount) sections")
        }
        let directoryEnd = Format.headerSize + directoryLength
        guard UInt64(directoryEnd + Format.checksumSize) <= fileLength else {
            throw header.failure("the directory (\(directoryLength) bytes) runs past the end of the file")
        }
        let directoryBytes = try source.read(at: UInt64(Format.headerSize), count: directoryLength + Format.checksumSize)
        var directory = CompiledDecoder(directoryBytes, part: "the directory", file: file)
        let listing = directoryBytes.array(0..<directoryLength)
        var stored = CompiledDecoder(directoryBytes.array(directoryLength..<directoryBytes.count), part: "the directory", file: file)
        guard try stored.u32() == CRC32C.checksum(headerBytes.array() + listing) else {
            throw directory.failure("the header and directory do not match their checksum")
        }

        let developmentLocale = try directory.string()
        var entries: [Section] = []
        var nextOffset = UInt64(directoryEnd + Format.checksumSize)
        for _ in 0..<sectionCount {
            let section = Section(kind: try directory.u8(), name: try directory.string(), offset: try directory.u64(),
                                  length: try directory.u64(), checksum: try directory.u32())
            guard section.offset == nextOffset, section.length <= fileLength - section.offset else {
                throw directory.failure("section \(MessageEscaping.quoted(section.name)) is at \(section.offset) with \(section.length) bytes; "
                    + "sections follow each other from offset \(nextOffset) to the end of the file")
            }
            nextOffset = section.offset + section.length
            entries.append(section)
        }
        // The directory is all read: the bytes left would be its checksum.
        guard directory.remaining == Format.checksumSize else {
            throw directory.failure("\(directory.remaining - Format.checksumSize) unexpected bytes after the sections")
        }
        guard nextOffset == fileLength else {
            throw directory.failure("the sections end at \(nextOffset), the file at \(fileLength)")
        }
        let listed = try Self.check(entries, minor: minor, in: directory)
        let localizations = listed.localizations.map(\.name).filter { !$0.isEmpty }
        var negotiation: PrecomputedNegotiation?
        var brokenNegotiation: CatalogError?
        do {
            negotiation = try listed.negotiation.flatMap { section throws(CatalogError) in
                try Self.negotiation(in: section, localizations: localizations, from: source)
            }
        } catch where error.kind == .parse {
            brokenNegotiation = error
        }
        try Self.checkNames(localizations, knownToICU: negotiation != nil, in: directory)
        do {
            try CatalogBuilder.validateDevelopmentLocale(developmentLocale, known: negotiation)
        } catch {
            throw directory.failure("the development locale is not valid: \(error.message)")
        }

        self.developmentLocale = developmentLocale
        self.sections = listed.localizations
        self.hasUnlocalizedSection = listed.localizations.first?.name == Catalog.unlocalized
        self.localizations = localizations
        self.negotiation = negotiation
        self.brokenNegotiation = brokenNegotiation
        self.catalogSection = listed.catalog
        self.strictRefusalSection = listed.strictRefusal
    }

    /// Checks the directory's order: the catalog section first, then the localizations in
    /// strictly increasing byte order, then at most one negotiation section and at most one
    /// strict refusal section; sections of a later minor version's kinds are skipped, and kinds
    /// later than the file's own version refused.
    private static func check(_ entries: [Section], minor: UInt16, in directory: CompiledDecoder)
        throws(CatalogError) -> (catalog: Section, localizations: [Section], negotiation: Section?, strictRefusal: Section?)
    {
        guard let first = entries.first, first.kind == Format.SectionKind.catalog.rawValue, first.name.isEmpty else {
            throw directory.failure("the first section is not the catalog section")
        }
        var localizations: [Section] = []
        var negotiation: Section?
        var strictRefusal: Section?
        var previous: Section?
        for section in entries.dropFirst() {
            if let previous, section.kind < previous.kind
                || (section.kind == previous.kind && !previous.name.utf8.lexicographicallyPrecedes(section.name.utf8))
            {
                throw directory.failure("section \(MessageEscaping.quoted(section.name)) is out of order or repeated")
            }
            previous = section
            let kind = Format.SectionKind(rawValue: section.kind)
            if let kind, kind.sinceMinorVersion > minor {
                throw directory.failure("section \(MessageEscaping.quoted(section.name)) has kind \(section.kind), "
                    + "which version \(Format.majorVersion).\(minor) does not have")
            }
            switch kind {
            case .localization:
                localizations.append(section)
            case .negotiation:
                // Its name is empty, and the order check above keeps it alone.
                guard section.name.isEmpty else {
                    throw directory.failure("the negotiation section is named \(MessageEscaping.quoted(section.name))")
                }
                negotiation = section
            case .strictRefusal:
                // Its name is empty, and the order check above keeps it alone.
                guard section.name.isEmpty else {
                    throw directory.failure("the strict refusal section is named \(MessageEscaping.quoted(section.name))")
                }
                strictRefusal = section
            case .catalog:
                throw directory.failure("a second catalog section")
            case nil where minor > Format.minorVersion:
                continue  // added by a later minor version: not for this reader
            case nil:
                throw directory.failure("section \(MessageEscaping.quoted(section.name)) has unknown kind \(section.kind)")
            }
        }
        guard localizations.count <= Limits.maximumLocalizations + 1 else {
            throw directory.failure("\(localizations.count) localizations, over the limit of \(Limits.maximumLocalizations)")
        }
        return (first, localizations, negotiation, strictRefusal)
    }

    /// What the negotiation section says about `localizations`, when the library and ICU that
    /// wrote it are this process's (``PrecomputedNegotiation/identity``); `nil` when they are
    /// not, and the localizations are to be asked about again.
    private static func negotiation(in section: Section, localizations: [String], from source: any CompiledByteSource)
        throws(CatalogError) -> PrecomputedNegotiation?
    {
        var decoder = try read(section, from: source)
        let identity = try CompiledNegotiationSection.identity(&decoder)
        guard identity.utf8.elementsEqual(PrecomputedNegotiation.identity.utf8) else { return nil }
        return PrecomputedNegotiation(tables: try CompiledNegotiationSection.tables(&decoder, localizations: localizations))
    }

    /// Checks that every localization is named by a locale identifier (or is `Base`). A file
    /// whose negotiation section this process can use already says what ICU makes of each name;
    /// then only what would refuse a name before ICU is asked is checked again.
    private static func checkNames(_ localizations: [String], knownToICU: Bool, in directory: CompiledDecoder)
        throws(CatalogError)
    {
        for name in localizations {
            let valid = knownToICU
                ? name == Catalog.baseLocalization || Locales.mayBeLocaleName(name)
                : (try? CatalogBuilder.validateLocalizationName(name)) != nil
            guard valid else { throw directory.failure("section \(MessageEscaping.quoted(name)) is not named after a locale") }
        }
    }

    /// The bytes of `section`, checked against their checksum, ready to decode.
    private static func read(_ section: Section, from source: any CompiledByteSource) throws(CatalogError) -> CompiledDecoder {
        // Only the sections of the kinds below are read; a localization's name was checked to
        // be a locale's (or `Base`, `""`) at open: short, printable ASCII.
        let part = switch Format.SectionKind(rawValue: section.kind) {
        case .catalog: "the catalog section"
        case .negotiation: "the negotiation section"
        case .strictRefusal: "the strict refusal section"
        case .localization, nil: "section '\(section.name)'"
        }
        guard let length = Int(exactly: section.length) else {
            throw CatalogError(kind: .parse, message: "broken compiled catalog: \(part) is too large", file: source.name)
        }
        // A large section is checked before it is held: a hostile one costs its reading, not its
        // size in memory.
        if length > Format.sectionCheckedInPiecesBytes,
           let checksum = try source.checksumReadInPieces(at: section.offset, count: length), checksum != section.checksum
        {
            throw CatalogError(kind: .parse, message: "broken compiled catalog: \(part): its bytes do not match their checksum",
                               file: source.name)
        }
        let decoder = CompiledDecoder(try source.section(at: section.offset, count: length), part: part, file: source.name)
        guard decoder.checksum() == section.checksum else { throw decoder.failure("its bytes do not match their checksum") }
        return decoder
    }

    private static func take(_ count: Int, from decoder: inout CompiledDecoder) throws(CatalogError) -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0..<count { bytes.append(try decoder.u8()) }
        return bytes
    }

    /// The source catalog's diagnostics, in their order: the catalog section read, checked
    /// against its checksum and decoded, each time it is called (hundreds of diagnostics cost
    /// more to decode than most lookups need: a catalog asks when its diagnostics are asked for).
    ///
    /// - Throws: `.parse` for a broken section (or one cut short since the file was opened);
    ///   `.unreadable` when the system fails to read.
    func storedDiagnostics() throws(CatalogError) -> [Diagnostic] {
        var decoder = try Self.read(catalogSection, from: source)
        return try CompiledSectionDecoder.catalogDiagnostics(&decoder)
    }

    /// What a strict open of the source catalog failed with, when the file says (its strict
    /// refusal section, read and checked against its checksum each time it is called); `nil`
    /// when the file has no such section.
    ///
    /// - Throws: `.parse` for a broken section; `.unreadable` when the system fails to read.
    func storedStrictRefusal() throws(CatalogError) -> CatalogError? {
        guard let strictRefusalSection else { return nil }
        var decoder = try Self.read(strictRefusalSection, from: source)
        return try CompiledStrictRefusalSection.refusal(&decoder)
    }

    /// The directory's entry for `localization`, if the file has it.
    func section(named localization: String) -> Section? {
        sectionIndex(of: localization).map { sections[$0] }
    }

    /// Where `localization`'s section is among the localization sections (the unlocalized one
    /// first, then the localizations in byte order), if the file has it.
    func sectionIndex(of localization: String) -> Int? {
        var low = 0
        var high = sections.count
        while low < high {
            let middle = low + (high - low) / 2
            let name = sections[middle].name
            if name.precedesInUTF8Order(localization) {
                low = middle + 1
            } else if localization.precedesInUTF8Order(name) {
                high = middle
            } else {
                return middle
            }
        }
        return nil
    }

    /// Every table of `localization` (`""` for the unlocalized tables): its section read,
    /// checked against its checksum and read (entries indexed in place, ``CompiledEntries``),
    /// each time it is called.
    ///
    /// - Throws: `.invalidArgument` for a localization the file does not have; `.parse` for a
    ///   section that is broken (or cut short since the file was opened); `.unreadable` when the
    ///   system fails to read.
    func tables(ofLocalization localization: String) throws(CatalogError) -> [String: StringTable] {
        guard let section = section(named: localization) else {
            throw CatalogError(kind: .invalidArgument, message: "the compiled catalog has no localization '\(localization)'",
                               file: source.name)
        }
        var decoder = try Self.read(section, from: source)
        return try CompiledSectionDecoder.tables(&decoder)
    }
}
