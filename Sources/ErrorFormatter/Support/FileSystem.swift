#if canImport(Glibc)
import Glibc
#endif

/// A failure to read the file system, with the path and the system's reason.
package struct FileSystemError: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Kind: Sendable, Equatable {
        /// Nothing exists at the path.
        case notFound
        /// Something exists but cannot be read as asked (permissions, wrong type, I/O error).
        case unreadable
        /// A FIFO, socket or device: never opened for reading (it could block or have effects).
        case unsupportedType
        /// A symbolic link (or `..`) leading outside the directory reads are confined to.
        case outsideRoot
        /// More symbolic links than `RootDirectory.maximumLinkExpansions` (a loop, usually).
        case linkLoop
        /// A file larger than the limit it is read with.
        case tooLarge
        /// A directory entry whose name is not valid UTF-8 (never repaired into another name).
        case invalidName
    }

    package var kind: Kind
    package var path: String
    package var reason: String

    package var description: String { "\(path): \(reason)" }
}

/// The few file-system operations the library needs, over POSIX calls (no Foundation).
package enum FileSystem {
    /// What is at a path.
    package enum EntryType: Sendable, Equatable {
        case file, directory, other
    }

    /// The type of what is at `path` (symbolic links followed), or `nil` if nothing is there.
    package static func entryType(atPath path: String) -> EntryType? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// Reads a whole regular file (opened without blocking: a FIFO is refused, never waited on).
    package static func readBytes(atPath path: String, limit: Int = Int.max) throws(FileSystemError) -> [UInt8] {
        let (descriptor, size) = try openRegularFile(atPath: path)
        defer { close(descriptor) }
        return try readBytes(descriptor: descriptor, size: size, limit: limit, path: path)
    }

    /// Opens a regular file for reading without blocking (a FIFO is refused, never waited on):
    /// its descriptor, which the caller closes, and the size `fstat` gives.
    static func openRegularFile(atPath path: String) throws(FileSystemError) -> (descriptor: Int32, size: Int) {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw error(path, errno) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            throw error(path, code)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw FileSystemError(kind: .unsupportedType, path: path, reason: "not a regular file (\(typeName(info.st_mode)))")
        }
        return (descriptor, Int(clamping: info.st_size))
    }

    /// Reads an open regular file to its end, refusing more than `limit` bytes (a file may grow
    /// while it is read: the limit holds for what is read, not for what `fstat` said).
    ///
    /// The bytes are read straight into the array that is returned, never into a zero-filled
    /// buffer first: the file's own bytes are all the parser needs.
    ///
    /// - Parameter size: the size `fstat` gave, used to refuse early and to size the first read.
    package static func readBytes(
        descriptor: Int32, size: Int, limit: Int, path: String
    ) throws(FileSystemError) -> [UInt8] {
        guard size <= limit else { throw tooLarge(path, limit) }
        // One byte more than announced: a file that did not grow leaves it unfilled, which shows
        // its end without a second buffer.
        let firstRead = size < Int.max ? size + 1 : size
        var bytes = try readUpTo(firstRead, from: descriptor, path: path)
        var full = bytes.count == firstRead
        while full {  // the file grew (or fstat said 0, as /proc does): go on in chunks
            guard bytes.count <= limit else { throw tooLarge(path, limit) }
            let chunk = try readUpTo(64 * 1024, from: descriptor, path: path)
            full = chunk.count == 64 * 1024
            bytes += chunk
        }
        guard bytes.count <= limit else { throw tooLarge(path, limit) }
        return bytes
    }

    /// Reads until `capacity` bytes have come or the file ends, from the descriptor's position,
    /// into uninitialized storage.
    package static func readUpTo(_ capacity: Int, from descriptor: Int32, path: String) throws(FileSystemError) -> [UInt8] {
        var failure: FileSystemError?
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            do throws(FileSystemError) {
                initialized = try read(into: UnsafeMutableRawBufferPointer(buffer), from: descriptor, path: path)
            } catch {
                initialized = 0
                failure = error
            }
        }
        if let failure { throw failure }
        return bytes
    }

    /// Reads into `buffer` until it is full or the file ends: from the descriptor's position, or
    /// with `pread` from `offset` (which moves no position, so that readers of one descriptor do
    /// not disturb each other). Returns how many bytes came.
    ///
    /// - Precondition: `offset + buffer.count` does not overflow `off_t` (the caller checks).
    package static func read(
        into buffer: UnsafeMutableRawBufferPointer, from descriptor: Int32, at offset: off_t? = nil, path: String
    ) throws(FileSystemError) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var initialized = 0
        while initialized < buffer.count {
            let wanted = buffer.count - initialized
            let count = if let offset {
                pread(descriptor, base + initialized, wanted, offset + off_t(initialized))
            } else {
                Glibc.read(descriptor, base + initialized, wanted)
            }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw error(path, errno)
            }
            initialized += count
        }
        return initialized
    }

    /// One name read from a directory: its bytes, and its text when they are valid UTF-8.
    package struct DirectoryName: Sendable {
        package var bytes: [UInt8]
        /// `nil` when the name is not valid UTF-8 (it is then skipped, never repaired).
        package var text: String?
        /// The name for messages: invalid bytes written `\xNN`, control characters escaped.
        package var displayed: String { MessageEscaping.escapedBytes(bytes) }
    }

    /// Names in a directory (without `.` and `..`), sorted by byte order so results never depend
    /// on the file system's order. Names that are not valid UTF-8 are left out.
    package static func contentsOfDirectory(atPath path: String) throws(FileSystemError) -> [String] {
        guard let directory = opendir(path) else { throw error(path, errno) }
        defer { closedir(directory) }
        return readNames(directory, limit: Int.max).compactMap(\.text)
    }

    /// Names in the open directory `descriptor` (which stays open: it is duplicated), sorted by
    /// byte order, at most `limit` of them.
    ///
    /// - Returns: the names, and whether some were left out because of `limit`.
    package static func contentsOfDirectory(
        descriptor: Int32, limit: Int, path: String
    ) throws(FileSystemError) -> (names: [DirectoryName], truncated: Bool) {
        let copy = dup(descriptor)
        guard copy >= 0 else { throw error(path, errno) }
        guard let directory = fdopendir(copy) else {
            let code = errno
            close(copy)
            throw error(path, code)
        }
        defer { closedir(directory) }
        let names = readNames(directory, limit: limit == Int.max ? limit : limit + 1)
        return (Array(names.prefix(limit)), names.count > limit)
    }

    /// Reads every entry of `directory`, sorted. `d_name` is read as a C string from its own
    /// address: glibc's entries are only as long as their name (`d_reclen`), so copying the
    /// declared 256-byte array reads past the end of the buffer readdir filled.
    private static func readNames(_ directory: OpaquePointer, limit: Int) -> [DirectoryName] {
        var names: [DirectoryName] = []
        guard let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) else { return [] }
        while names.count < limit, let entry = readdir(directory) {
            let start = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self)
            let length = strlen(start)
            let bytes = Array(UnsafeRawBufferPointer(start: start, count: length))
            if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }
            names.append(DirectoryName(bytes: bytes, text: String(validating: bytes, as: UTF8.self)))
        }
        return names.sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }
    }

    /// The absolute path with every symbolic link, `.` and `..` resolved, or `nil` if the path
    /// does not exist. Used to keep every read inside a catalog's root.
    package static func canonicalPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path` (canonical) is `root` (canonical) or lies below it.
    package static func isPath(_ path: String, inside root: String) -> Bool {
        if path == root { return true }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix)
    }

    /// Joins path components with `/`.
    package static func join(_ base: String, _ name: String) -> String {
        base.hasSuffix("/") ? base + name : base + "/" + name
    }

    /// `ls`'s word for a file type, for messages.
    static func typeName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: "regular file"
        case S_IFDIR: "directory"
        case S_IFLNK: "symbolic link"
        case S_IFIFO: "FIFO"
        case S_IFSOCK: "socket"
        case S_IFCHR: "character device"
        case S_IFBLK: "block device"
        default: "unknown type"
        }
    }

    static func tooLarge(_ path: String, _ limit: Int) -> FileSystemError {
        FileSystemError(kind: .tooLarge, path: path, reason: "larger than the \(limit)-byte limit")
    }

    static func error(_ path: String, _ code: Int32) -> FileSystemError {
        let reason = String(cString: strerror(code))
        return FileSystemError(kind: code == ENOENT || code == ENOTDIR ? .notFound : .unreadable,
                               path: path, reason: reason)
    }
}
