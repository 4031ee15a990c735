#if canImport(Glibc)
import Glibc
#endif

/// Where a compiled catalog's bytes come from: a file read piece by piece with `pread`, a file
/// whose sections are mapped when the caller asks for it, or bytes held in memory (tests,
/// fuzzing, a catalog embedded in a program).
///
/// Read, not mapped, unless asked (decision 0033): a mapped file truncated by someone else
/// raises SIGBUS on the next read of the lost pages, and a library must not install signal
/// handlers to survive that. A `pread` past the new end just comes back short, which the reader
/// reports as a broken file. A caller who promises not to truncate the file (as SQLite's
/// `mmap_size` asks) may have its sections mapped (``MappedByteSource``), so that processes
/// share their pages.
protocol CompiledByteSource: Sendable {
    /// The size of the data when the source was opened.
    var size: UInt64 { get }
    /// What messages call the source (the path, as the caller gave it), `nil` for memory.
    var name: String? { get }
    /// Exactly `count` bytes from `offset`.
    ///
    /// - Throws: `.parse` when fewer bytes are there (the file was truncated since it was
    ///   opened), `.unreadable` when the system fails to read.
    func read(at offset: UInt64, count: Int) throws(CatalogError) -> CompiledBytes
    /// A whole section, `count` bytes from `offset`, which a reader keeps (``read(at:count:)``
    /// unless the source maps sections).
    func section(at offset: UInt64, count: Int) throws(CatalogError) -> CompiledBytes
    /// The CRC-32C of `count` bytes from `offset`, read a piece at a time into one small
    /// buffer, so that a large section whose checksum fails costs no memory of its size; `nil`
    /// when holding the bytes costs nothing more (bytes in memory, a mapped section).
    func checksumReadInPieces(at offset: UInt64, count: Int) throws(CatalogError) -> UInt32?
}

extension CompiledByteSource {
    func section(at offset: UInt64, count: Int) throws(CatalogError) -> CompiledBytes {
        try read(at: offset, count: count)
    }

    func checksumReadInPieces(at offset: UInt64, count: Int) throws(CatalogError) -> UInt32? { nil }

    /// The `.parse` error of `count` bytes asked for at `offset`, past the end.
    func pastTheEnd(_ count: Int, at offset: UInt64) -> CatalogError {
        CatalogError(kind: .parse, message: "broken compiled catalog: \(count) bytes at offset \(offset) "
            + "are past its end (\(size) bytes)", file: name)
    }
}

/// A compiled catalog held in memory.
struct InMemoryByteSource: CompiledByteSource {
    let bytes: [UInt8]
    var size: UInt64 { UInt64(bytes.count) }
    var name: String? { nil }

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    func read(at offset: UInt64, count: Int) throws(CatalogError) -> CompiledBytes {
        guard count >= 0, offset <= size, UInt64(count) <= size - offset else { throw pastTheEnd(count, at: offset) }
        let start = Int(offset)
        return CompiledBytes(bytes[start..<(start + count)])
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
    private init(descriptor: Int32, size: UInt64, path: String) {
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

    /// `count` bytes from `offset` mapped (``MappedFileRange``); `nil` when the system cannot.
    func map(at offset: UInt64, count: Int) -> MappedFileRange? {
        MappedFileRange(descriptor: descriptor, offset: offset, count: count)
    }

    func read(at offset: UInt64, count: Int) throws(CatalogError) -> CompiledBytes {
        guard count >= 0 else {
            throw CatalogError(kind: .parse, message: "broken compiled catalog: \(count) bytes asked for", file: name)
        }
        return try CompiledBytes.reading(count) { (memory) throws(CatalogError) in
            try read(at: offset, into: memory)
            return count
        }
    }

    /// The bytes' checksum, read in pieces of 1 MiB.
    func checksumReadInPieces(at offset: UInt64, count: Int) throws(CatalogError) -> UInt32? {
        let piece = 1 << 20
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: min(max(count, 0), piece), alignment: 16)
        defer { buffer.deallocate() }
        var crc = CRC32C.initial
        var done = 0
        while done < count {
            let memory = UnsafeMutableRawBufferPointer(rebasing: buffer[..<min(piece, count - done)])
            try read(at: offset + UInt64(done), into: memory)
            crc = CRC32C.update(crc, with: UnsafeRawBufferPointer(memory).assumingMemoryBound(to: UInt8.self))
            done += memory.count
        }
        return CRC32C.finish(crc)
    }

    /// Fills `memory` from `offset`: every byte of it, or a `.parse` error when the file ends
    /// first (truncated since it was opened), `.unreadable` when the system fails to read.
    private func read(at offset: UInt64, into memory: UnsafeMutableRawBufferPointer) throws(CatalogError) {
        guard let start = off_t(exactly: offset), start <= off_t.max - off_t(memory.count) else {
            throw CatalogError(kind: .parse, message: "broken compiled catalog: offset \(offset) is out of range", file: name)
        }
        let read: Int
        do {
            read = try FileSystem.read(into: memory, from: descriptor, at: start, path: name ?? "")
        } catch {
            throw CatalogError(kind: .unreadable, message: "cannot read \(error)", file: name)
        }
        guard read == memory.count else {
            throw CatalogError(kind: .parse, message: "broken compiled catalog: the file ends at \(start + off_t(read)) "
                + "bytes, before the \(memory.count) bytes at offset \(offset) (truncated since it was opened?)", file: name)
        }
    }
}

/// A compiled catalog file whose sections are mapped (``MappedFileRange``), each when it is
/// first read, rather than copied: their pages are the file's, shared with every process that
/// maps it. The header and the directory, decoded once at open and dropped, are read as
/// ``FileByteSource`` reads them. The file itself must not be truncated while mapped (the
/// caller's promise).
final class MappedByteSource: CompiledByteSource {
    private let file: FileByteSource
    var name: String? { file.name }
    var size: UInt64 { file.size }

    init(mapping file: FileByteSource) {
        self.file = file
    }

    func read(at offset: UInt64, count: Int) throws(CatalogError) -> CompiledBytes {
        try file.read(at: offset, count: count)
    }

    func section(at offset: UInt64, count: Int) throws(CatalogError) -> CompiledBytes {
        guard count >= 0, offset <= size, UInt64(count) <= size - offset else { throw pastTheEnd(count, at: offset) }
        if let range = file.map(at: offset, count: count) { return CompiledBytes(range) }
        return try file.read(at: offset, count: count)
    }
}
