#if canImport(Glibc)
import Glibc
#endif

/// A directory held open by descriptor, below which every read is resolved by the library itself,
/// one path component at a time, so that nothing outside it is ever opened.
///
/// Checking a path (`realpath`, `stat`) and then opening it is a race: between the two a link can
/// be swapped to point outside, or to a FIFO whose blocking `open` never returns. Here each
/// component is opened with `openat(O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)` relative to a
/// descriptor already held; a symbolic link is read with `readlinkat` and its target walked the
/// same way (`..` pops a held descriptor, never goes past the root; an absolute target is
/// outside). The type is then taken with `fstat` on the opened descriptor: what is checked is
/// what is read, and a FIFO is opened without blocking and refused.
///
/// Assumes a Linux kernel (or any POSIX system with `openat`, `O_NOFOLLOW`, `readlinkat`).
final class RootDirectory {
    /// Longest chain of symbolic links followed for one path (Linux's own limit for paths).
    static let maximumLinkExpansions = 40
    /// The descriptor of the root, open for the life of the object.
    private let descriptor: Int32

    /// What an opened entry is; the descriptor (when there is one) belongs to the caller.
    enum Entry {
        case file(descriptor: Int32, size: Int)
        case directory(descriptor: Int32)
    }

    /// Opens the root itself (links followed: the caller named it).
    init(path: String) throws(FileSystemError) {
        let opened = open(path, O_RDONLY | O_DIRECTORY | O_NONBLOCK | O_CLOEXEC)
        guard opened >= 0 else {
            let code = errno
            // ENOTDIR: the path itself is a file (unreadable as a directory), or a component
            // before it is (nothing there).
            if code == ENOTDIR, FileSystem.entryType(atPath: path) != nil {
                throw FileSystemError(kind: .unreadable, path: path, reason: "not a directory")
            }
            throw FileSystem.error(path, code)
        }
        descriptor = opened
    }

    deinit { close(descriptor) }

    /// Opens `path` (components separated by `/`, relative to the root) without leaving the root.
    ///
    /// - Throws: `.notFound`; `.outsideRoot` for a link leading out (or an absolute link);
    ///   `.linkLoop` after `maximumLinkExpansions` links; `.unsupportedType` for a FIFO, socket or
    ///   device; `.unreadable` for anything the system refuses.
    func openEntry(_ path: String) throws(FileSystemError) -> Entry {
        var pending = Array(path.split(separator: "/", omittingEmptySubsequences: true).reversed()).map(String.init)
        // Descriptors of the directories walked into, below the root; the last one is the
        // current directory.
        var held: [Int32] = []
        defer { for fd in held { close(fd) } }
        var expansions = 0
        var current: Int32 { held.last ?? descriptor }
        var opened: Int32 = -1
        while let component = pending.popLast() {
            if component == "." { continue }
            if component == ".." {
                guard let last = held.popLast() else {
                    throw FileSystemError(kind: .outsideRoot, path: path, reason: "leads outside the catalog directory")
                }
                close(last)
                continue
            }
            let fd = openat(current, component, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
            if fd < 0 {
                let code = errno
                // O_NOFOLLOW refuses a link with ELOOP; read the link itself and walk its target.
                guard code == ELOOP, let target = readLink(in: current, component) else {
                    throw FileSystem.error(path, code)
                }
                expansions += 1
                guard expansions <= Self.maximumLinkExpansions else {
                    throw FileSystemError(kind: .linkLoop, path: path, reason: "too many levels of symbolic links")
                }
                guard !target.hasPrefix("/") else {
                    throw FileSystemError(kind: .outsideRoot, path: path, reason: "leads outside the catalog directory")
                }
                pending.append(contentsOf: target.split(separator: "/", omittingEmptySubsequences: true).reversed().map(String.init))
                continue
            }
            if pending.isEmpty {
                opened = fd
            } else {
                held.append(fd)
            }
        }
        if opened < 0 {
            // The path named the root or a directory reached through `..`/links: reopen it.
            opened = openat(current, ".", O_RDONLY | O_DIRECTORY | O_NONBLOCK | O_CLOEXEC)
            guard opened >= 0 else { throw FileSystem.error(path, errno) }
        }
        var info = stat()
        guard fstat(opened, &info) == 0 else {
            let code = errno
            close(opened)
            throw FileSystem.error(path, code)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            return .file(descriptor: opened, size: Int(clamping: info.st_size))
        case S_IFDIR:
            return .directory(descriptor: opened)
        default:
            close(opened)
            throw FileSystemError(kind: .unsupportedType, path: path,
                                  reason: "not a regular file or directory (\(FileSystem.typeName(info.st_mode)))")
        }
    }

    /// The target of the link `name` in directory `directory`, or `nil` if it is not a link.
    private func readLink(in directory: Int32, _ name: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBufferPointer { buffer -> Int in
            guard let base = buffer.baseAddress else { return -1 }
            return readlinkat(directory, name, base, buffer.count - 1)
        }
        guard count > 0, count < buffer.count else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
