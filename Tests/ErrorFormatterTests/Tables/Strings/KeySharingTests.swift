import Testing
@testable import ErrorFormatter

/// `PropertyListParser.parse(_:sharingKeysWith:)`: the same result as a plain parse, with the
/// long keys that the source table also has stored once.
@Suite struct KeySharingTests {
    static func parse(_ text: String, sharingKeysWith source: PropertyListDictionary? = nil) -> PropertyListParseResult {
        Array(text.utf8).withUnsafeBytes { PropertyListParser.parse($0, sharingKeysWith: source) }
    }

    /// Where a string's UTF-8 is stored (`nil` for a small string, which has no storage).
    static func storage(of key: TableKey) -> UnsafeRawPointer? {
        guard key.string.utf8.count > 15 else { return nil }
        return key.string.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
    }

    /// How many keys of `table` use the storage of the same key of `source`.
    static func sharedKeyCount(_ table: PropertyListDictionary, with source: PropertyListDictionary) -> Int {
        var shared = Set<UnsafeRawPointer>()
        for key in source.keys { if let address = storage(of: key) { shared.insert(address) } }
        return table.keys.count(where: { key in storage(of: key).map(shared.contains) ?? false })
    }

    static let source = """
        "A key long enough to be stored out of line" = "Une clé";
        "Another long key, shared with the next table" = "Autre";
        "short" = "court";
        "Only in the source table, never looked up" = "x";
        """

    /// Long keys spelled the same share; short ones, escaped ones and ones the source lacks are
    /// made anew; duplicates, nested dictionaries (whose keys are scanned between a key and its
    /// value) and lookups all behave as without a source.
    @Test func sameTableWithTheSourcesKeys() throws {
        let source = try #require(Self.parse(Self.source).value?.dictionaryValue)
        let text = """
            "A key long enough to be stored out of line" = "Ein Schlüssel";
            "Another long key, shared with the next table" = {
                "A key long enough to be stored out of line" = "nested";
                "Another long key, shared with the next table" = "nested too";
            };
            "short" = "kurz";
            "A key long enough to be stored out of line" = "the duplicate wins";
            "A key long enough to be stored out of \\U006Cine" = "escaped: the same key";
            "A long key that the source table does not have" = "neu";
            """
        let plain = Self.parse(text)
        let sharing = Self.parse(text, sharingKeysWith: source)
        let table = try #require(sharing.value?.dictionaryValue)
        let expected = try #require(plain.value?.dictionaryValue)
        #expect(table == expected)
        #expect(expected == table)
        #expect(table.keys == expected.keys)
        #expect(sharing.diagnostics == plain.diagnostics)
        #expect(table["A key long enough to be stored out of line"]?.stringValue == "escaped: the same key")
        #expect(table["A long key that the source table does not have"]?.stringValue == "neu")
        let nested = try #require(table["Another long key, shared with the next table"]?.dictionaryValue)
        #expect(nested["A key long enough to be stored out of line"]?.stringValue == "nested")
        #expect(Self.sharedKeyCount(table, with: source) == 2)
        #expect(Self.sharedKeyCount(nested, with: source) == 2)
        #expect(Self.sharedKeyCount(expected, with: source) == 0)
    }

    /// Text CF reads with a stray 0xA9 and UTF-16 text: the same tables as without a source.
    @Test func otherEncodingsAndCFsStrayByte() throws {
        let source = try #require(Self.parse(Self.source).value?.dictionaryValue)
        var stray = Array(#""A key long enough to be stored out of line" = "a"; "A key long enough to be stored "#.utf8)
        stray += [0xA9] + Array(#"" = "b";"#.utf8)
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in #""Another long key, shared with the next table" = "c";"#.utf16 {
            utf16 += [UInt8(truncatingIfNeeded: unit), UInt8(truncatingIfNeeded: unit >> 8)]
        }
        for bytes in [stray, utf16] {
            let plain = bytes.withUnsafeBytes { PropertyListParser.parse($0) }
            let sharing = bytes.withUnsafeBytes { PropertyListParser.parse($0, sharingKeysWith: source) }
            let table = try #require(sharing.value?.dictionaryValue)
            #expect(table == plain.value?.dictionaryValue)
            #expect(Self.sharedKeyCount(table, with: source) == 1)
        }
    }
}

/// The corpus read as `errfmt dump` reads it: one buffer, each table sharing the keys of the
/// last table of the same file name. Every table equals the plain parse's (compared through
/// lookups in both), with the same diagnostics.
@Suite(.enabled(if: SharedCorpus.isAvailable, "the shared corpus (<package root>/../shared/corpus) is not present"))
struct KeySharingCorpusTests {
    @Test func everyCorpusTableIsTheSameWhenSharingKeys() throws {
        let rows = try StringsCorpusConformanceTests.rows()
        let buffer = FileReadBuffer()
        var last: [Substring: PropertyListDictionary] = [:]
        var mismatches: [String] = []
        var shared = 0
        for row in rows {
            let path = SharedCorpus.corpus + "/data/" + row.path
            let name = row.path.split(separator: "/").last ?? ""
            let source = last[name]
            let sharing = try buffer.withContents(ofFileAtPath: path) { PropertyListParser.parse($0, sharingKeysWith: source) }
            let plain = PropertyListParser.parse(try FileSystem.readBytes(atPath: path))
            let table = sharing.value?.dictionaryValue
            let expected = plain.value?.dictionaryValue
            if table != expected || expected != table || table?.keys != expected?.keys
                || sharing.diagnostics != plain.diagnostics || sharing.error != plain.error {
                mismatches.append(row.path)
            }
            if let table, let source { shared += KeySharingTests.sharedKeyCount(table, with: source) }
            if let table { last[name] = table }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) files differ:\n\(mismatches.prefix(20).joined(separator: "\n"))")
        // Most long keys of a localization are those of the one before it.
        #expect(shared > 100_000)
    }
}

/// A catalog's localizations of a `.strings` table share their long keys' storage (the builder
/// passes each localization the table of the same name read before it), with the values a
/// catalog of each alone gives.
@Suite struct CatalogKeySharingTests {
    @Test func localizationsOfATableShareTheirLongKeys() throws {
        let english = """
            "errors.Upload.1.message" = "The upload failed.";
            "errors.Upload.2.message" = "The server refused it.";
            "ok" = "OK";
            """
        let french = """
            "errors.Upload.1.message" = "L’envoi a échoué.";
            "errors.Upload.2.message" = "Le serveur l’a refusé.";
            "ok" = "OK";
            """
        var builder = CatalogBuilder()
        try builder.addTable(bytes: Array(english.utf8), localization: "en", fileName: "Localizable.strings")
        try builder.addTable(bytes: Array(french.utf8), localization: "fr", fileName: "Localizable.strings")
        let catalog = try builder.build()
        let en = try #require(catalog.table("Localizable", localization: "en"))
        let fr = try #require(catalog.table("Localizable", localization: "fr"))
        #expect(KeySharingTests.sharedKeyCount(fr.entries, with: en.entries) == 2)

        var alone = CatalogBuilder()
        try alone.addTable(bytes: Array(french.utf8), localization: "fr", fileName: "Localizable.strings")
        let frenchAlone = try #require(try alone.build().table("Localizable", localization: "fr"))
        #expect(fr.keys == frenchAlone.keys)
        for key in fr.keys { #expect(fr.entries[key] == frenchAlone.entries[key]) }
    }
}
