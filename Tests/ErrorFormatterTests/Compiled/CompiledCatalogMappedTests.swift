import Testing
@testable import ErrorFormatter
#if canImport(Glibc)
import Glibc
#endif

/// A compiled catalog file opened `mapped`: the same results and the same errors as read with
/// `pread`, its sections' pages the file's own (mapped, not copied) for as long as the catalog
/// lives, and a file replaced by rename read on as it was.
@Suite struct CompiledCatalogMappedTests {
    typealias Hostile = CompiledCatalogHostileTests

    @Test func aMappedFileGivesWhatItsSourceGives() throws {
        let path = try CompiledCatalogTests.temporaryPath("mapped.efc")
        defer { CompiledCatalogTests.remove(path) }
        for source in [try Catalog.open(directory: TestSupport.exampleCatalog), try CompiledCatalogTests.richCatalog()] {
            try source.compile(to: path)
            let mapped = try Catalog.open(path: path, mapped: true)
            #expect(try CompiledCatalogComparison.differences(source, mapped) == [])
            // Strict, it opens as a strict open of its sources does: the rich catalog has a
            // broken table, and fails with that table's error.
            if let refusal = source.strictRefusal {
                #expect(throws: refusal) { try Catalog.open(path: path, strict: true, mapped: true) }
            } else {
                let strict = try Catalog.open(path: path, strict: true, mapped: true)
                #expect(try CompiledCatalogComparison.differences(source, strict) == [])
            }
        }
    }

    /// The sections a catalog has read are among the process's mappings while it lives, and
    /// gone with it. Strict, every section is read at open and the descriptor closed at once;
    /// lenient, it stays open until every section is read, as without the flag. A catalog
    /// opened without the flag maps nothing.
    @Test func theSectionsAreMappedForTheLifeOfTheCatalog() throws {
        let path = try CompiledCatalogTests.temporaryPath("lifetime.efc")
        defer { CompiledCatalogTests.remove(path) }
        try Self.catalogWithALargeSection().compile(to: path)
        #expect(!Self.isMapped(path) && !Self.hasDescriptor(path))
        do {
            let catalog = try Catalog.open(path: path, strict: true, mapped: true)
            #expect(Self.isMapped(path))
            #expect(!Self.hasDescriptor(path))
            #expect(catalog.resolve("k300", preferences: ["fr"]).hit?.value == "valeur 300")
        }
        #expect(!Self.isMapped(path))
        do {
            let catalog = try Catalog.open(path: path, mapped: true)
            #expect(Self.hasDescriptor(path))
            #expect(catalog.resolve("k300", preferences: ["fr"]).hit?.value == "valeur 300")
            #expect(Self.isMapped(path))
        }
        #expect(!Self.isMapped(path) && !Self.hasDescriptor(path))
        do {
            let catalog = try Catalog.open(path: path)
            #expect(catalog.resolve("k300", preferences: ["fr"]).hit?.value == "valeur 300")
            #expect(!Self.isMapped(path))
        }
    }

    /// Replaced by rename (what `compile(to:)` does), the mapped file is still the old one:
    /// sections read afterwards for the first time come from it.
    @Test func aMappedFileReplacedByRenameIsReadAsItWas() throws {
        let path = try CompiledCatalogTests.temporaryPath("replaced.efc")
        defer { CompiledCatalogTests.remove(path) }
        let source = try CompiledCatalogTests.richCatalog()
        try source.compile(to: path)
        let catalog = try Catalog.open(path: path, mapped: true)
        #expect(catalog.resolve("a", preferences: ["en"]).hit?.value == "A again")
        try CatalogBuilder().build().compile(to: path)
        #expect(catalog.resolve("a", preferences: ["de"]).hit?.value == "Ä")
        #expect(try CompiledCatalogComparison.differences(source, catalog) == [])
    }

    /// Every cut and every flipped byte of a small file, mapped: the error read from memory,
    /// word for word.
    @Test func aBrokenMappedFileIsTheErrorItsBytesAre() throws {
        let path = try CompiledCatalogTests.temporaryPath("hostile.efc")
        defer { CompiledCatalogTests.remove(path) }
        var variants = (0..<Hostile.small.count).map { Array(Hostile.small.prefix($0)) }
        for index in Hostile.small.indices {
            var bytes = Hostile.small
            bytes[index] ^= 0x81
            variants.append(bytes)
        }
        for (number, bytes) in variants.enumerated() {
            try FileReplacement.replace(path, with: bytes)
            let expected = Hostile.strictFailure(bytes)
            #expect(expected != nil, "variant \(number)")
            do {
                _ = try Catalog.open(path: path, strict: true, mapped: true)
                Issue.record("variant \(number) opened")
            } catch {
                // A file that does not start like a compiled catalog is opened as a directory,
                // which it is not.
                if CompiledCatalogFormat.startsLikeCompiledCatalog(bytes[...]) {
                    #expect(error.kind == .parse, "variant \(number)")
                    #expect(error.message == expected?.message, "variant \(number)")
                } else {
                    #expect(error.kind == .unreadable, "variant \(number)")
                }
            }
        }
    }

    /// French with a section of several pages, English with a small one.
    static func catalogWithALargeSection() throws -> Catalog {
        var builder = CatalogBuilder()
        let french = (0..<1_000).map { "\"k\($0)\" = \"valeur \($0)\";\n" }.joined()
        try builder.addTable(bytes: Array(french.utf8), localization: "fr", fileName: "Localizable.strings")
        try builder.addTable(bytes: Array("\"k300\" = \"value 300\";".utf8), localization: "en",
                             fileName: "Localizable.strings")
        return try builder.build()
    }

    /// Whether `path` is one of this process's mappings.
    static func isMapped(_ path: String) -> Bool {
        guard let maps = try? FileSystem.readBytes(atPath: "/proc/self/maps") else { return false }
        let real = Self.real(path)
        return String(decoding: maps, as: UTF8.self).split(separator: "\n").contains { $0.hasSuffix(" " + real) }
    }

    /// Whether one of this process's descriptors is open on `path`.
    static func hasDescriptor(_ path: String) -> Bool {
        guard let names = try? FileSystem.contentsOfDirectory(atPath: "/proc/self/fd") else { return false }
        let real = Self.real(path)
        return names.contains { name in
            var target = [CChar](repeating: 0, count: 4096)
            let length = readlink("/proc/self/fd/" + name, &target, target.count - 1)
            return length > 0 && String(decoding: target.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self) == real
        }
    }

    /// `path` as the kernel names it (its directory's links resolved; the file itself may be gone).
    static func real(_ path: String) -> String {
        let slash = path.lastIndex(of: "/") ?? path.startIndex
        let directory = FileSystem.canonicalPath(String(path[..<slash])) ?? String(path[..<slash])
        return directory + path[slash...]
    }
}
