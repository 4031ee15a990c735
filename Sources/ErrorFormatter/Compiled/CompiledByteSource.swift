#if canImport(Glibc)
import Glibc
#endif

/// Where a compiled catalog's bytes come from: a file read piece by piece with `pread`, or bytes
/// held in memory (tests, fuzzing, a catalog embedded in a program).
///
/// Never a memory map: a mapped file truncated by someone else raises SIGBUS on the next read of
/// the lost pages, and a library must not install signal handlers to survive that. A `pread`
/// past the new end just comes back short, which the reader reports as a broken file.
protocol CompiledByteSource: Sendable {
    /// The size of the data when the source was opened.
    var size: UInt64 { get }
    /// What messages call the source (the path, as the caller gave it), `nil` for memory.
    var name: String? { get }
    /// Exactly `count` bytes from `offset`.
    ///
    /// - Throws: `.parse` when fewer bytes are there (the file was truncated since it was
    ///   opened), `.unreadable` when the system fails to read.
    func read(at offset: UInt64, count: Int) throws(CatalogError) -> [UInt8]
}

/// A compiled catalog held in memory.
struct InMemoryByteSource: CompiledByteSource {
    let bytes: [UInt8]
    var size: UInt64 { UInt64(bytes.count) }
    var name: String? { nil }

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    func read(at offset: UInt64, count: Int) throws(CatalogError) -> [UInt8] {
        guard count >= 0, offset <= size, UInt64(count) <= size - offset else {
            throw CatalogError(kind: .parse, message: "broken compiled catalog: \(count) bytes at offset \(offset) "
                + "are past its end (\(size) bytes)")
        }
        let start = Int(offset)
        return Array(bytes[start..<(start + count)])
    }
}

/// A compiled catalog file, open for the life of this object: replacing the file by renaming
/// another over it leaves this one reading the old file (the descriptor holds its inode), and
/// truncating it makes the reads that fall past the new end fail, never crash.
final class FileByteSource: CompiledByteSource {
    private let descriptor: Int32
    let size: UInt64
    let name: String?

    /// Takes ownership of `descriptor`, an open regular file of `size` bytes.
    init(descriptor: Int32, size: UInt64, path: String) {
        self.descriptor = descriptor
        self.size = size
        self.name = path
    }

    deinit { close(descriptor) }

    /// Opens `path` read-only (never blocking: a FIFO is refused, not waited on).
    ///
    /// - Returns: the source, or `nil` when `path` is not a regular file (a directory, say).
    /// - Throws: `.notFound` or `.unreadable` when it cannot be opened.
    static func open(path: String) throws(CatalogError) -> FileByteSource? {
        let descriptor = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else {
            let error = FileSystem.error(path, errno)
            throw CatalogError(kind: error.kind == .notFound ? .notFound : .unreadable,
                               message: "cannot open \(path): \(error.reason)", file: path)
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size >= 0 else {
            close(descriptor)
            return nil
        }
        return FileByteSource(descriptor: descriptor, size: UInt64(info.st_size), path: path)
    }

    func read(at offset: UInt64, count: Int) throws(CatalogError) -> [UInt8] {
        guard count >= 0, let start = off_t(exactly: offset), start <= off_t.max - off_t(count) else {
            throw CatalogError(kind: .parse, message: "broken compiled catalog: offset \(offset) is out of range", file: name)
        }
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.readUpTo(count, from: descriptor, at: start, path: name ?? "")
        } catch {
            throw CatalogError(kind: .unreadable, message: "cannot read \(error)", file: name)
        }
        guard bytes.count == count else {
            throw CatalogError(kind: .parse, message: "broken compiled catalog: the file ends at \(start + off_t(bytes.count)) "
                + "bytes, before the \(count) bytes at offset \(offset) (truncated since it was opened?)", file: name)
        }
        return bytes
    }
}
