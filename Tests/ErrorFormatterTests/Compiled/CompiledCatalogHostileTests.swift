import Testing
@testable import ErrorFormatter

/// Compiled catalogs that are not what a writer writes: every one is a `.parse` error (or, for a
/// broken localization opened leniently, that localization left out), never a trap or a read
/// outside the data.
@Suite struct CompiledCatalogHostileTests {
    typealias Format = CompiledCatalogFormat

    /// A small file with every part: two localizations, the unlocalized tables, a variable
    /// format, a non-string value and diagnostics.
    static let small: [UInt8] = {
        var builder = CatalogBuilder()
        try? builder.addTable(bytes: Array("\"a\" = \"A\"; \"a\" = \"B\"; \"l\" = (\"x\");".utf8), localization: "en",
                              fileName: "Localizable.strings")
        try? builder.addTable(bytes: CompiledCatalogTests.stringsDict, localization: "fr",
                              fileName: "Localizable.stringsdict")
        try? builder.addTable(bytes: Array("\"u\" = \"U\";".utf8), localization: nil, fileName: "Localizable.strings")
        return (try? builder.build().compiled()) ?? []
    }()

    /// Opens `bytes` strictly (every section read): the error, or `nil` when it opened.
    static func strictFailure(_ bytes: [UInt8]) -> CatalogError? {
        do {
            let file = try CompiledCatalogFile(source: InMemoryByteSource(bytes))
            _ = try Catalog.open(compiled: file, strict: true)
            return nil
        } catch {
            return error
        }
    }

    /// The parts of a well-formed file, to put together again changed.
    struct Parts {
        var minor = Format.minorVersion
        var developmentLocale: String
        var sections: [(kind: UInt8, name: String, bytes: [UInt8])]

        init(_ bytes: [UInt8]) throws {
            let file = try CompiledCatalogFile(source: InMemoryByteSource(bytes))
            developmentLocale = file.developmentLocale
            var directory = CompiledDecoder(Array(bytes[Format.headerSize...]), part: "test", file: nil)
            _ = try directory.string()
            sections = []
            var count = CompiledDecoder(Array(bytes[28..<32]), part: "test", file: nil)
            for _ in 0..<(try count.u32()) {
                let kind = try directory.u8(), name = try directory.string()
                let offset = Int(try directory.u64()), length = Int(try directory.u64())
                _ = try directory.u32()
                sections.append((kind, name, Array(bytes[offset..<(offset + length)])))
            }
        }

        /// The file, with consistent offsets and checksums.
        func bytes() throws -> [UInt8] {
            var directory = CompiledEncoder()
            try directory.string(developmentLocale)
            let size = directory.bytes.count + sections.reduce(0) { $0 + 25 + $1.name.utf8.count }
            var offset = UInt64(Format.headerSize + size + Format.checksumSize)
            for section in sections {
                directory.u8(section.kind)
                try directory.string(section.name)
                directory.u64(offset)
                directory.u64(UInt64(section.bytes.count))
                directory.u32(CRC32C.checksum(section.bytes))
                offset += UInt64(section.bytes.count)
            }
            var file = CompiledEncoder()
            file.raw(Format.magic)
            file.u32(Format.byteOrderMark)
            file.u16(Format.majorVersion)
            file.u16(minor)
            file.u64(offset)
            file.u32(UInt32(directory.bytes.count))
            file.u32(UInt32(sections.count))
            file.raw(directory.bytes)
            file.u32(CRC32C.checksum(file.bytes))
            for section in sections { file.raw(section.bytes) }
            return file.bytes
        }
    }

    /// `bytes` with the header and directory checksum made right again after a change to them.
    static func rechecksummed(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= Format.headerSize else { return bytes }
        var copy = bytes
        let directoryLength = Int(bytes[24]) | Int(bytes[25]) << 8 | Int(bytes[26]) << 16 | Int(bytes[27]) << 24
        let end = Format.headerSize + directoryLength
        guard end + Format.checksumSize <= bytes.count else { return bytes }
        var encoder = CompiledEncoder()
        encoder.u32(CRC32C.checksum(bytes[0..<end]))
        copy.replaceSubrange(end..<(end + 4), with: encoder.bytes)
        return copy
    }

    @Test func theSmallFileIsWellFormed() throws {
        #expect(!Self.small.isEmpty)
        #expect(Self.strictFailure(Self.small) == nil)
        #expect(try Parts(Self.small).bytes() == Self.small)
    }

    @Test func aFileCutAtAnyLengthIsAParseError() {
        for length in 0..<Self.small.count {
            let error = Self.strictFailure(Array(Self.small.prefix(length)))
            #expect(error?.kind == .parse, "cut at \(length)")
        }
    }

    @Test func everyByteIsCheckedByAChecksumOrAValidation() {
        for index in Self.small.indices {
            for flip: UInt8 in [0x01, 0x80, 0xFF] {
                var bytes = Self.small
                bytes[index] ^= flip
                #expect(Self.strictFailure(bytes)?.kind == .parse, "byte \(index) ^ \(flip)")
            }
        }
    }

    @Test func aLenientOpenLeavesABrokenLocalizationOutAndKeepsTheRest() throws {
        let file = try CompiledCatalogFile(source: InMemoryByteSource(Self.small))
        let french = try #require(file.section(named: "fr"))
        for index in Int(french.offset)..<Int(french.offset + french.length) {
            var bytes = Self.small
            bytes[index] ^= 0x20
            let catalog = try Catalog.open(compiled: CompiledCatalogFile(source: InMemoryByteSource(bytes)))
            #expect(catalog.localizations == ["en"])
            #expect(catalog.diagnostics.last?.code == "broken-compiled-section")
            // Read on first use: French is chosen, found broken, and the stack chosen again.
            let onFirstUse = try Catalog.openOnFirstUse(compiled: CompiledCatalogFile(source: InMemoryByteSource(bytes)))
            #expect(onFirstUse.lookupStack(for: ["fr"]) == catalog.lookupStack(for: ["fr"]))
            #expect(onFirstUse.localizations == ["en"])
            #expect(onFirstUse.diagnostics == catalog.diagnostics)
        }
    }

    @Test func anotherMajorVersionIsRefusedByName() {
        var bytes = Self.small
        bytes[12] = 2
        let error = Self.strictFailure(Self.rechecksummed(bytes))
        #expect(error?.kind == .parse)
        #expect(error?.message.contains("format version 2.\(Format.minorVersion);") == true)
    }

    @Test func aByteSwappedFileIsRefusedAsBigEndian() {
        var bytes = Self.small
        bytes[8..<12].reverse()
        let error = Self.strictFailure(bytes)
        #expect(error?.kind == .parse)
        #expect(error?.message.contains("big-endian") == true)
    }

    @Test func aSectionOutsideItsPlaceIsRefused() throws {
        let parts = try Parts(Self.small)
        let listing = try CompiledCatalogFile(source: InMemoryByteSource(Self.small))
        let english = try #require(listing.section(named: "en"))
        // The offset of the entry of "en" in the directory: its length field follows, then its
        // checksum, and the next entry starts with the kind.
        var directory = CompiledEncoder()
        try directory.string(parts.developmentLocale)
        var entryOffset = Format.headerSize + directory.bytes.count
        for section in parts.sections {
            if section.name == "en", section.kind == 1 { break }
            entryOffset += 25 + section.name.utf8.count
        }
        let offsetField = entryOffset + 1 + 4 + 2
        for (offset, length) in [(english.offset - 1, english.length), (english.offset + 1, english.length),
                                 (english.offset, english.length + 1), (english.offset, UInt64.max),
                                 (UInt64.max - 3, 8), (0, english.length)] {
            var bytes = Self.small
            var encoder = CompiledEncoder()
            encoder.u64(offset)
            encoder.u64(length)
            bytes.replaceSubrange(offsetField..<(offsetField + 16), with: encoder.bytes)
            #expect(Self.strictFailure(Self.rechecksummed(bytes))?.kind == .parse, "offset \(offset) length \(length)")
        }
    }

    @Test func theDirectoryMustBeInOrderAndNamedWell() throws {
        let parts = try Parts(Self.small)
        var swapped = parts
        swapped.sections.swapAt(2, 3)
        var repeated = parts
        repeated.sections[3].name = repeated.sections[2].name
        var catalogNotFirst = parts
        catalogNotFirst.sections.swapAt(0, 1)
        var twoCatalogs = parts
        twoCatalogs.sections.insert(parts.sections[0], at: 1)
        var notALocale = parts
        notALocale.sections[3].name = "../fr"
        var unknownKind = parts
        unknownKind.sections.append((7, "x", []))
        var badDevelopmentLocale = parts
        badDevelopmentLocale.developmentLocale = "not a locale!"
        for (name, broken) in [("swapped", swapped), ("repeated", repeated), ("catalog not first", catalogNotFirst),
                               ("two catalogs", twoCatalogs), ("not a locale", notALocale),
                               ("unknown kind", unknownKind), ("development locale", badDevelopmentLocale)] {
            #expect(Self.strictFailure(try broken.bytes())?.kind == .parse, "\(name)")
        }
        // A later minor version's kinds are skipped.
        var later = unknownKind
        later.minor = Format.minorVersion + 1
        #expect(Self.strictFailure(try later.bytes()) == nil)
    }

    @Test func sectionsThatAWriterCannotProduceAreRefused() throws {
        let parts = try Parts(Self.small)
        let english = try #require(parts.sections.firstIndex { $0.name == "en" })
        var encoder = CompiledEncoder()
        encoder.u32(UInt32.max)  // a count far beyond the bytes there
        var cases: [(String, [UInt8])] = [
            ("trailing bytes", parts.sections[english].bytes + [0]),
            ("huge count", encoder.bytes),
            ("empty", []),
        ]
        // An unknown value tag: one table, "T", one entry "k" with tag 9.
        var table = CompiledEncoder()
        table.u32(1)
        try table.string("T")
        table.u32(1)
        try table.string("k")
        table.u8(9)
        cases.append(("unknown tag", table.bytes))
        // Invalid UTF-8 in a key.
        var invalid = CompiledEncoder()
        invalid.u32(1)
        try invalid.string("T")
        invalid.u32(1)
        invalid.u32(2)
        invalid.raw([0xC3, 0x28])
        cases.append(("invalid UTF-8", invalid.bytes))
        // Values nested deeper than any parser allows.
        var deep = CompiledEncoder()
        deep.u32(1)
        try deep.string("T")
        deep.u32(1)
        try deep.string("k")
        for _ in 0...(OldStylePropertyListParser.maximumDepth + 1) {
            deep.u8(Format.ValueTag.array.rawValue)
            deep.u32(1)
        }
        deep.u8(Format.ValueTag.string.rawValue)
        deep.u32(0)
        cases.append(("too deep", deep.bytes))
        for (name, section) in cases {
            var broken = parts
            broken.sections[english].bytes = section
            #expect(Self.strictFailure(try broken.bytes())?.kind == .parse, "\(name)")
        }
    }

    @Test func randomDamageNeverTraps() {
        var generator = SplitMix64(seed: 25)
        for _ in 0..<3_000 {
            var bytes = Self.small
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[index] = UInt8.random(in: 0...255, using: &generator)
                case 1: bytes.remove(at: index)
                default: bytes.insert(UInt8.random(in: 0...255, using: &generator), at: index)
                }
            }
            // Damage behind a valid header checksum reaches the directory's own checks.
            for candidate in [bytes, Self.rechecksummed(bytes)] {
                _ = Self.strictFailure(candidate)
                _ = try? CompiledCatalogFile(source: InMemoryByteSource(candidate)).tables(ofLocalization: "en")
            }
        }
    }
}

/// A small deterministic generator, so that a failure repeats.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
