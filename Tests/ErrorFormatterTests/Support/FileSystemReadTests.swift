#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import ErrorFormatter

/// `FileSystem.readBytes` reads a whole file whatever `fstat` said of its size: a file may grow
/// or shrink between `fstat` and `read`, and `/proc` files say 0.
@Suite struct FileSystemReadTests {
    /// `count` bytes of a pattern that shows a byte lost, repeated or moved.
    private func pattern(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 251) }
    }

    /// Reads `contents` from an anonymous temporary file, telling the reader it has `size` bytes.
    private func read(_ contents: [UInt8], announcing size: Int, limit: Int = Int.max) throws(FileSystemError) -> [UInt8] {
        guard let file = tmpfile() else { throw FileSystemError(kind: .unreadable, path: "tmpfile", reason: "no temporary file") }
        defer { fclose(file) }
        let descriptor = fileno(file)
        let written = contents.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        #expect(written == contents.count)
        #expect(lseek(descriptor, 0, SEEK_SET) == 0)
        return try FileSystem.readBytes(descriptor: descriptor, size: size, limit: limit, path: "test")
    }

    @Test(arguments: [0, 1, 10, 65_535, 65_536, 65_537, 200_000])
    func theWholeFileWhateverTheAnnouncedSize(count: Int) throws {
        let contents = pattern(count)
        for size in [count, 0, count / 2, count + 100] {
            #expect(try read(contents, announcing: size) == contents, "\(count) bytes announced as \(size)")
        }
    }

    /// One `FileReadBuffer` reading files of growing and shrinking sizes, each announced
    /// right, too small, as 0 and too large: each read gives that file's bytes, nothing of the
    /// one before.
    @Test func oneBufferReadsEachFileWhole() throws {
        let buffer = FileReadBuffer()
        for count in [10, 200_000, 0, 65_536, 1, 65_537, 300_000, 5] {
            let contents = pattern(count).map { $0 ^ UInt8(truncatingIfNeeded: count) }
            for size in [count, count / 2, 0, count + 100] {
                guard let file = tmpfile() else { Issue.record("no temporary file"); return }
                defer { fclose(file) }
                let descriptor = fileno(file)
                _ = contents.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                #expect(lseek(descriptor, 0, SEEK_SET) == 0)
                let read = try buffer.withContents(ofDescriptor: descriptor, size: size, limit: Int.max, path: "test") {
                    Array($0)
                }
                #expect(read == contents, "\(count) bytes announced as \(size)")
            }
        }
    }

    /// By path: a missing file and a FIFO are errors (the FIFO is never waited on).
    @Test func oneBufferRefusesWhatIsNotARegularFile() throws {
        let buffer = FileReadBuffer()
        let missing = TestSupport.packageRoot + "/.build/no-such-directory-\(getpid())/missing.strings"
        #expect(throws: FileSystemError.self) { try buffer.withContents(ofFileAtPath: missing) { $0.count } }
        // Inside the package's .build directory, so that no test names a path of the machine.
        _ = mkdir(TestSupport.packageRoot + "/.build", 0o755)
        let fifo = TestSupport.packageRoot + "/.build/read-buffer-fifo-\(getpid())"
        guard mkfifo(fifo, 0o600) == 0 else { Issue.record("mkfifo failed"); return }
        defer { unlink(fifo) }
        do {
            _ = try buffer.withContents(ofFileAtPath: fifo) { $0.count }
            Issue.record("a FIFO was read")
        } catch {
            #expect(error.kind == .unsupportedType)
        }
    }

    @Test func theLimitHoldsForWhatIsReadNotForWhatWasAnnounced() {
        let contents = pattern(100_000)
        #expect(throws: FileSystemError.self) { try read(contents, announcing: 10, limit: 99_999) }
        #expect(throws: FileSystemError.self) { try read(contents, announcing: 100_000, limit: 99_999) }
        #expect(throws: FileSystemError.self) { try read(contents, announcing: 200_000, limit: 150_000) }
        #expect((try? read(contents, announcing: 10, limit: 100_000)) == contents)
        #expect((try? read(contents, announcing: 100_000, limit: 100_000)) == contents)
    }
}
