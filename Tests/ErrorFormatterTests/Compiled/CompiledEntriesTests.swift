#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import ErrorFormatter

/// A compiled table read in place (``CompiledEntries``): lookups answered from the section's
/// bytes, every check of the decoder made by the walk that indexes them, and the whole table
/// decoded only for what needs it.
@Suite struct CompiledEntriesTests {
    typealias Format = CompiledCatalogFormat
    typealias Tag = CompiledCatalogFormat.ValueTag

    /// A section of one table `T` whose entries are `entries` (written by the caller), with no
    /// variable formats and no diagnostics. The entries' count is at offset 9, the first entry
    /// at 13.
    static func section(count: UInt32, _ entries: (inout CompiledEncoder) throws -> Void) throws -> [UInt8] {
        var encoder = CompiledEncoder()
        encoder.u32(1)
        try encoder.string("T")
        encoder.u32(count)
        try entries(&encoder)
        encoder.u32(0)  // variable formats
        encoder.u32(0)  // diagnostics
        return encoder.bytes
    }

    static func stringEntry(_ key: String, _ value: String, into encoder: inout CompiledEncoder) throws {
        try encoder.string(key)
        encoder.u8(Tag.string.rawValue)
        try encoder.string(value)
    }

    /// The error reading `section` gives, in place and through the decoder the in-place walk
    /// stands for (its message, or `nil` when it reads).
    static func failures(_ section: [UInt8]) -> (inPlace: String?, decoded: String?) {
        var inPlace: String?
        do {
            var decoder = CompiledDecoder(section, part: "test", file: nil)
            _ = try CompiledSectionDecoder.tables(&decoder)
        } catch {
            inPlace = error.message
        }
        var decoded: String?
        do {
            // The table's entries as the decoder decodes them, then the rest as before.
            var decoder = CompiledDecoder(section, part: "test", file: nil, at: 9)
            _ = try CompiledSectionDecoder.entries(&decoder)
            var rest = CompiledDecoder(section, part: "test", file: nil, at: decoder.position)
            guard try rest.u32() == 0, try rest.u32() == 0 else { return (inPlace, "more than entries") }
            try rest.expectEnd()
        } catch {
            decoded = error.message
        }
        return (inPlace, decoded)
    }

    @Test func aTableReadInPlaceAnswersFromItsBytes() throws {
        let decomposed = "e\u{301}"
        let section = try Self.section(count: 5) { encoder in
            try Self.stringEntry("a", "A", into: &encoder)
            try Self.stringEntry("\u{E9}", "precomposed", into: &encoder)
            try Self.stringEntry(decomposed, "décomposé, long enough to be stored apart", into: &encoder)
            try encoder.string("data")
            encoder.u8(Tag.data.rawValue)
            encoder.u32(2)
            encoder.raw([0, 1])
            try encoder.string("empty")
            encoder.u8(Tag.string.rawValue)
            encoder.u32(0)
        }
        var decoder = CompiledDecoder(section, part: "test", file: nil)
        let table = try #require(try CompiledSectionDecoder.tables(&decoder)["T"])
        let entries = try #require(table.inPlace as? CompiledEntries)
        #expect(table.isReadInPlace)
        #expect(table.entryCount == 5)
        #expect(table.string(forKey: TableKey("a")) == "A")
        // Keys are bytes: the two spellings of é are two keys, as in CoreFoundation.
        #expect(table.string(forKey: TableKey("\u{E9}"))?.utf8.elementsEqual("precomposed".utf8) == true)
        #expect(table.string(forKey: TableKey(decomposed)) == "décomposé, long enough to be stored apart")
        #expect(table.string(forKey: TableKey("empty")) == "")
        // A value that is not a string is kept but never answered as text.
        #expect(table.string(forKey: TableKey("data")) == nil)
        #expect(table.string(forKey: TableKey("missing")) == nil)
        #expect(table.string(forKey: TableKey("")) == nil)
        #expect(!entries.isDecoded)
        // Tools get the whole table, in file order, as the decoder makes it.
        var whole = CompiledDecoder(section, part: "test", file: nil, at: 9)
        let expected = try CompiledSectionDecoder.entries(&whole)
        #expect(table.entries == expected)
        #expect(table.entries.keys.map(\.string) == ["a", "\u{E9}", decomposed, "data", "empty"])
        #expect(entries.isDecoded)
    }

    @Test func aHostileEntryIsRefusedWithTheDecodersMessage() throws {
        // Entry layout from offset 13: key length, key "k" (17), tag (18), value length (19),
        // value (23).
        let cases: [(String, [UInt8], String)] = [
            ("a value cut short", try Self.section(count: 1) { encoder in
                try encoder.string("k")
                encoder.u8(Tag.string.rawValue)
                encoder.u32(100)
                encoder.raw(Array("abc".utf8))
            }, "ends 89 bytes early at offset 23"),
            ("a key cut short", Array(try Self.section(count: 1) { encoder in
                encoder.u32(50)
            }), "ends 42 bytes early at offset 17"),
            ("bad UTF-8 in a value only a lookup would read", try Self.section(count: 1) { encoder in
                try encoder.string("k")
                encoder.u8(Tag.string.rawValue)
                encoder.u32(2)
                encoder.raw([0xC3, 0x28])
            }, "the string at offset 19 is not valid UTF-8"),
            ("a surrogate encoded in UTF-8", try Self.section(count: 1) { encoder in
                try encoder.string("k")
                encoder.u8(Tag.string.rawValue)
                encoder.u32(3)
                encoder.raw([0xED, 0xA0, 0x80])
            }, "the string at offset 19 is not valid UTF-8"),
            ("bad UTF-8 in a key", try Self.section(count: 1) { encoder in
                encoder.u32(1)
                encoder.raw([0xFF])
                encoder.u8(Tag.string.rawValue)
                encoder.u32(0)
            }, "the string at offset 13 is not valid UTF-8"),
            ("a repeated key", try Self.section(count: 3) { encoder in
                try Self.stringEntry("k", "A", into: &encoder)
                try Self.stringEntry("other", "B", into: &encoder)
                try Self.stringEntry("k", "C", into: &encoder)
            }, "the key \"k\" is repeated"),
            ("a repeated key whose first value is not a string", try Self.section(count: 2) { encoder in
                try encoder.string("k")
                encoder.u8(Tag.array.rawValue)
                encoder.u32(0)
                try Self.stringEntry("k", "B", into: &encoder)
            }, "the key \"k\" is repeated"),
            ("an unknown tag", try Self.section(count: 1) { encoder in
                try encoder.string("k")
                encoder.u8(9)
                encoder.u32(0)
            }, "unknown value tag 9 at offset 18"),
            ("bad UTF-8 inside an array", try Self.section(count: 1) { encoder in
                try encoder.string("k")
                encoder.u8(Tag.array.rawValue)
                encoder.u32(1)
                encoder.u8(Tag.string.rawValue)
                encoder.u32(1)
                encoder.raw([0x80])
            }, "the string at offset 24 is not valid UTF-8"),
            ("a repeated key inside a dictionary", try Self.section(count: 1) { encoder in
                try encoder.string("k")
                encoder.u8(Tag.dictionary.rawValue)
                encoder.u32(2)
                try Self.stringEntry("d", "1", into: &encoder)
                try Self.stringEntry("d", "2", into: &encoder)
            }, "the key \"d\" is repeated"),
            ("more entries than bytes", try Self.section(count: 40) { encoder in
                try Self.stringEntry("k", "A", into: &encoder)
            }, "40 entries announced with 19 bytes left"),
            ("fewer entries than there are", try Self.section(count: 0) { encoder in
                try Self.stringEntry("k", "A", into: &encoder)
            }, "ends 65632 bytes early at offset 21"),
        ]
        for (name, section, expected) in cases {
            let (inPlace, decoded) = Self.failures(section)
            #expect(inPlace?.contains(expected) == true, "\(name): \(String(describing: inPlace))")
            // Not a message the decoder would not have given: the walk stands for it.
            if name != "fewer entries than there are" {
                #expect(inPlace == decoded, "\(name)")
            }
        }
        // Values nested as deep as a source parser nests them read; one level more is refused.
        for (depth, refused) in [(CompiledSectionDecoder.maximumValueDepth, false),
                                 (CompiledSectionDecoder.maximumValueDepth + 1, true)] {
            let section = try Self.section(count: 1) { encoder in
                try encoder.string("k")
                for _ in 0..<depth {
                    encoder.u8(Tag.array.rawValue)
                    encoder.u32(1)
                }
                encoder.u8(Tag.string.rawValue)
                encoder.u32(0)
            }
            let (inPlace, decoded) = Self.failures(section)
            #expect((inPlace != nil) == refused, "depth \(depth): \(String(describing: inPlace))")
            #expect(inPlace == decoded, "depth \(depth)")
        }
    }

    @Test func aHostileEntryLeavesItsLocalizationOutWithADiagnostic() throws {
        var parts = try CompiledCatalogHostileTests.Parts(CompiledCatalogHostileTests.small)
        let english = try #require(parts.sections.firstIndex { $0.name == "en" })
        parts.sections[english].bytes = try Self.section(count: 1) { encoder in
            try encoder.string("a")
            encoder.u8(Tag.string.rawValue)
            encoder.u32(2)
            encoder.raw([0xC3, 0x28])
        }
        let bytes = try parts.bytes()
        let catalog = try Catalog.openOnFirstUse(compiled: CompiledCatalogFile(source: InMemoryByteSource(bytes)))
        #expect(catalog.resolve("a", preferences: ["en"]).hit == nil)
        #expect(catalog.localizations == ["fr"])
        let diagnostic = try #require(catalog.diagnostics.last)
        #expect(diagnostic.code == "broken-compiled-section")
        #expect(diagnostic.message == "the tables of 'en' cannot be read and are left out: broken compiled catalog: "
            + "section 'en': the string at offset 19 is not valid UTF-8")
        let strict = CompiledCatalogHostileTests.strictFailure(bytes)
        #expect(strict?.kind == .parse)
        #expect(strict?.message == "broken compiled catalog: section 'en': the string at offset 19 is not valid UTF-8")
    }

    /// The lookup and format roads, the gettext-shaped one included, answer from the bytes:
    /// none of them decodes the table.
    @Test func noLookupRoadDecodesTheTable() throws {
        var builder = CatalogBuilder()
        try builder.addTable(bytes: Array("""
            "plain" = "Plain";
            "format" = "%d files";
            "percent" = "100%%";
            "list" = ("x");
            "errors.D.1.title" = "Error Title";
            "errors.D.1.message" = "The first error.";
            """.utf8), localization: "en", fileName: "Localizable.strings")
        try builder.addTable(bytes: CompiledCatalogTests.stringsDict, localization: "en", fileName: "Localizable.stringsdict")
        let source = try builder.build()
        let catalog = try Catalog.openOnFirstUse(compiled: CompiledCatalogFile(source: InMemoryByteSource(source.compiled())))
        let layers = catalog.cachedLayers(of: Catalog.defaultTable, for: ["en"])
        #expect(catalog.resolve("plain", preferences: ["en"]).hit?.value == "Plain")
        #expect(catalog.resolve("format", preferences: ["en"], arguments: [.int(3)]).hit?.value == "3 files")
        #expect(layers.lookup(TableKey("percent"))?.value == "100%%")
        let text = { (key: String) -> String? in
            CompiledCatalogComparison.argumentFreeText(TableKey(key), in: layers).map { String(decoding: $0, as: UTF8.self) }
        }
        #expect(text("plain") == "Plain")
        #expect(text("percent") == "100%")
        // Asked twice: the same kept text.
        #expect(text("percent") == "100%")
        #expect(text("format") == nil)
        #expect(text("list") == nil)
        #expect(text("missing") == nil)
        for key in try #require(source.table(Catalog.defaultTable, localization: "en")).keys {
            #expect(text(key.string).map { Array($0.utf8) } ==
                CompiledCatalogComparison.argumentFreeText(key, in: source.cachedLayers(of: Catalog.defaultTable, for: ["en"])),
                "\(key.string)")
        }
        // An error formatted from its keys (what ef_format and the plans do), fallbacks included.
        let formatted = ErrorMessageFormatter(catalog: catalog).format(ErrorInfo(domain: "D", code: 1), preferences: ["en"])
        #expect(formatted.title == "Error Title")
        #expect(formatted.message == "The first error.")
        #expect(formatted.provenance(.title).rule == "code-key")
        let table = try #require(catalog.table(Catalog.defaultTable, localization: "en"))
        let entries = try #require(table.inPlace as? CompiledEntries)
        #expect(!entries.isDecoded)
        // A tool's question decodes it, once.
        #expect(table.keys.count == source.table(Catalog.defaultTable, localization: "en")?.keys.count)
        #expect(entries.isDecoded)
    }

    /// Past what it keeps key by key (192 keys of a table), `ef_catalog_text`'s road takes the
    /// whole-table one, which decodes the table once; every answer stays the same.
    @Test func argumentFreeTextsPastTheirBoundTakeTheWholeTableRoad() throws {
        let lines = (0..<300).map { "\"k\($0)\" = \"text \($0)\";" }.joined(separator: "\n")
        var builder = CatalogBuilder()
        try builder.addTable(bytes: Array(lines.utf8), localization: "en", fileName: "Localizable.strings")
        let source = try builder.build()
        let catalog = try Catalog.openOnFirstUse(compiled: CompiledCatalogFile(source: InMemoryByteSource(source.compiled())))
        let layers = catalog.cachedLayers(of: Catalog.defaultTable, for: ["en"])
        let table = try #require(catalog.table(Catalog.defaultTable, localization: "en"))
        let entries = try #require(table.inPlace as? CompiledEntries)
        for number in 0..<300 {
            let text = CompiledCatalogComparison.argumentFreeText(TableKey("k\(number)"), in: layers)
            #expect(text == Array("text \(number)".utf8), "k\(number)")
            #expect(entries.isDecoded == (number >= 192), "k\(number)")
        }
        // The texts kept key by key are still answered, and the same for later asks.
        #expect(CompiledCatalogComparison.argumentFreeText(TableKey("k0"), in: layers) == Array("text 0".utf8))
        #expect(CompiledCatalogComparison.argumentFreeText(TableKey("k299"), in: layers) == Array("text 299".utf8))
    }
}
