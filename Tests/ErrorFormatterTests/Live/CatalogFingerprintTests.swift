#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import ErrorFormatter

/// What the reload thread looks at between two checks: every change a live catalog must follow
/// changes the fingerprint; what is not catalog content does not.
@Suite struct CatalogFingerprintTests {
    static func changes(_ change: (LiveScratch) -> Void, setUp: (LiveScratch) -> Void = { _ in }) throws -> Bool {
        let scratch = try LiveScratch()
        defer { scratch.remove() }
        scratch.write("catalog/en.lproj/Localizable.strings", "\"a\" = \"1\";")
        scratch.write("catalog/fr.lproj/Localizable.strings", "\"a\" = \"un\";")
        setUp(scratch)
        let before = CatalogFingerprint.take(of: scratch.root + "/catalog")
        // Past the kernel clock's tick, so that a rewrite of the same size shows in the times.
        LiveClock.sleep(nanoseconds: LiveCatalogState.coarseClockMargin)
        change(scratch)
        return !CatalogFingerprint.take(of: scratch.root + "/catalog").isSame(as: before)
    }

    @Test func aTableRewrittenInPlaceWithTheSameSizeIsAChange() throws {
        #expect(try Self.changes { $0.write("catalog/fr.lproj/Localizable.strings", "\"a\" = \"UN\";") })
    }

    @Test func aTableReplacedByRenameIsAChange() throws {
        #expect(try Self.changes {
            $0.write("catalog/en.lproj/Localizable.strings.new", "\"a\" = \"1\";")
            _ = rename($0.root + "/catalog/en.lproj/Localizable.strings.new",
                       $0.root + "/catalog/en.lproj/Localizable.strings")
        })
    }

    @Test func aLocalizationAddedOrRemovedIsAChange() throws {
        #expect(try Self.changes { $0.write("catalog/de.lproj/Localizable.strings", "\"a\" = \"eins\";") })
        #expect(try Self.changes { $0.remove("catalog/fr.lproj") })
    }

    @Test func aLinkSwappedToAnotherTargetIsAChange() throws {
        // Kubernetes' layout: the entries are links through ..data, swapped by rename.
        #expect(try Self.changes({ scratch in
            scratch.write("catalog/..v2/en.lproj/Localizable.strings", "\"a\" = \"2\";")
            _ = symlink("..v2", scratch.root + "/catalog/..data.new")
            _ = rename(scratch.root + "/catalog/..data.new", scratch.root + "/catalog/..data")
        }, setUp: { scratch in
            scratch.remove("catalog/en.lproj")
            scratch.write("catalog/..v1/en.lproj/Localizable.strings", "\"a\" = \"1\";")
            _ = symlink("..v1", scratch.root + "/catalog/..data")
            _ = symlink("..data/en.lproj", scratch.root + "/catalog/en.lproj")
        }))
    }

    @Test func whatIsNotCatalogContentIsNotLookedAt() throws {
        #expect(try !Self.changes({ $0.write("catalog/notes.txt", "edited") },
                                  setUp: { $0.write("catalog/notes.txt", "draft") }))
        #expect(try !Self.changes({ $0.write("catalog/en.lproj/Icon.png", "new") },
                                  setUp: { $0.write("catalog/en.lproj/Icon.png", "old") }))
    }

    @Test func aMissingPathIsItsOwnState() throws {
        let scratch = try LiveScratch()
        defer { scratch.remove() }
        let missing = CatalogFingerprint.take(of: scratch.root + "/nothing")
        #expect(!missing.exists)
        #expect(missing.isSame(as: CatalogFingerprint.take(of: scratch.root + "/nothing")))
        #expect(missing.directories == [scratch.root])
        scratch.write("nothing/en.lproj/Localizable.strings", "\"a\" = \"1\";")
        let present = CatalogFingerprint.take(of: scratch.root + "/nothing")
        #expect(present.exists && !present.isSame(as: missing))
        #expect(present.directories == [scratch.root, scratch.root + "/nothing", scratch.root + "/nothing/en.lproj"])
        #expect(present.newestChange > 0)
    }

    @Test func theDirectoryHoldingAPath() {
        #expect(CatalogFingerprint.directory(holding: "/a/b/c") == "/a/b")
        #expect(CatalogFingerprint.directory(holding: "/a/b/c/") == "/a/b")
        #expect(CatalogFingerprint.directory(holding: "/c") == "/")
        #expect(CatalogFingerprint.directory(holding: "c") == ".")
    }
}

/// A scratch directory inside the package's `.build` for the live catalog's suites.
struct LiveScratch {
    let root: String

    init() throws {
        _ = mkdir(TestSupport.packageRoot + "/.build", 0o755)
        var template = Array((TestSupport.packageRoot + "/.build/live-XXXXXX").utf8CString)
        let created = template.withUnsafeMutableBufferPointer { $0.baseAddress.flatMap { mkdtemp($0) } }
        try #require(created != nil)
        root = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Writes `text` at `path` (relative), making its directories; the file is truncated first.
    func write(_ path: String, _ text: String) {
        var directory = root
        for component in path.split(separator: "/").dropLast() {
            directory += "/" + component
            _ = mkdir(directory, 0o755)
        }
        guard let file = fopen(root + "/" + path, "w") else {
            Issue.record("cannot create \(path)")
            return
        }
        fputs(text, file)
        fclose(file)
    }

    /// Writes `text` to a new file beside `path` and renames it over `path`.
    func replace(_ path: String, _ text: String) {
        write(path + ".new", text)
        _ = rename(root + "/" + path + ".new", root + "/" + path)
    }

    func remove(_ path: String) { _ = system("rm -rf '\(root)/\(path)'") }

    func remove() { _ = system("rm -rf '\(root)'") }
}
