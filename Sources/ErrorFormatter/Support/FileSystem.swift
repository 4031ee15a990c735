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

    /// Reads a whole regular file.
    package static func readBytes(atPath path: String) throws(FileSystemError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw error(path, errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw error(path, errno) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw FileSystemError(kind: .unreadable, path: path, reason: "not a regular file")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(max(0, Int(info.st_size)))
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress, buffer.count)
            }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw error(path, errno)
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

    /// Names in a directory (without `.` and `..`), sorted by byte order so results never depend
    /// on the file system's order.
    package static func contentsOfDirectory(atPath path: String) throws(FileSystemError) -> [String] {
        guard let directory = opendir(path) else { throw error(path, errno) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
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

    private static func error(_ path: String, _ code: Int32) -> FileSystemError {
        let reason = String(cString: strerror(code))
        return FileSystemError(kind: code == ENOENT || code == ENOTDIR ? .notFound : .unreadable,
                               path: path, reason: reason)
    }
}
