import Testing
@testable import ErrorFormatter

/// What a reader checks before it reads, so that a hostile file costs little: the directory's
/// length against its section count before the directory is read, and a large section against
/// its checksum, a piece at a time, before it is held in memory.
@Suite struct CompiledCatalogBoundsTests {
    typealias Format = CompiledCatalogFormat

    /// A file source that records how many bytes each whole-section read asked for.
    final class RecordingSource: CompiledByteSource, @unchecked Sendable {
        let file: FileByteSource
        private(set) var sectionReads: [Int] = []
        var size: UInt64 { file.size }
        var name: String? { file.name }

        init(_ file: FileByteSource) { self.file = file }

        func read(at offset: UInt64, count: Int) throws(CatalogError) -> CompiledBytes {
            try file.read(at: offset, count: count)
        }

        func section(at offset: UInt64, count: Int) throws(CatalogError) -> CompiledBytes {
            sectionReads.append(count)
            return try file.section(at: offset, count: count)
        }

        func checksumReadInPieces(at offset: UInt64, count: Int) throws(CatalogError) -> UInt32? {
            try file.checksumReadInPieces(at: offset, count: count)
        }
    }

    @Test func aLargeSectionWhoseChecksumFailsIsNeverHeldInMemory() throws {
        let large = String(repeating: "x", count: Format.sectionCheckedInPiecesBytes + 1024)
        let source = try TestSupport.catalog([("en", "\"a\" = \"A\";"), ("fr", "\"big\" = \"\(large)\";")])
        let path = try CompiledCatalogTests.temporaryPath("large.efc")
        defer { CompiledCatalogTests.remove(path) }
        var bytes = try source.compiled()
        let french = try #require(try CompiledCatalogFile(source: InMemoryByteSource(bytes)).section(named: "fr"))
        #expect(french.length > UInt64(Format.sectionCheckedInPiecesBytes))

        // Intact, the section is read once, whole, and read right.
        try FileReplacement.replace(path, with: bytes)
        let intact = RecordingSource(try #require(try FileByteSource.open(path: path)))
        let catalog = try Catalog.open(compiled: CompiledCatalogFile(source: intact), strict: true)
        // (Too long to render: read from the table.)
        #expect(catalog.table("Localizable", localization: "fr")?.plainString(forKey: TableKey("big")) == large)
        #expect(intact.sectionReads.filter { $0 > Format.sectionCheckedInPiecesBytes } == [Int(french.length)])

        // One byte changed deep in it: refused by its checksum, never asked for whole.
        bytes[Int(french.offset + french.length) - 10] ^= 0x01
        try FileReplacement.replace(path, with: bytes)
        let broken = RecordingSource(try #require(try FileByteSource.open(path: path)))
        let file = try CompiledCatalogFile(source: broken)
        #expect { try file.tables(ofLocalization: "fr") } throws: { error in
            (error as? CatalogError)?.message == "broken compiled catalog: section 'fr': its bytes do not match their checksum"
        }
        #expect(broken.sectionReads.allSatisfy { $0 <= Format.sectionCheckedInPiecesBytes })
        #expect { try Catalog.open(compiled: file, strict: true) } throws: { ($0 as? CatalogError)?.kind == .parse }
        #expect(broken.sectionReads.allSatisfy { $0 <= Format.sectionCheckedInPiecesBytes })
    }

    @Test func aDirectoryTooShortForItsSectionsIsRefusedBeforeItIsRead() throws {
        var bytes = CompiledCatalogHostileTests.small
        let count = Int(bytes[28]) | Int(bytes[29]) << 8
        // The directory's length made one byte shorter than its entries can take, at least.
        let tooShort = UInt32(4 + 25 * count - 1)
        for (index, byte) in withUnsafeBytes(of: tooShort.littleEndian, Array.init).enumerated() { bytes[24 + index] = byte }
        let error = CompiledCatalogHostileTests.strictFailure(CompiledCatalogHostileTests.rechecksummed(bytes))
        #expect(error?.message.contains("cannot list \(count) sections") == true, "\(String(describing: error))")
    }
}
