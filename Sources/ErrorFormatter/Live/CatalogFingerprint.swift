#if canImport(Glibc)
import Glibc
#endif

/// What a catalog's path looks like on disk, read with `stat` alone (no table is opened or
/// read): enough to tell that something changed since the last look, and when the newest change
/// was.
///
/// For a directory: the directory itself, each of its entries named like catalog content
/// (`<loc>.lproj` directories, table files) and each table file in every `<loc>.lproj`: their
/// identity (device and inode), type, size and times, symbolic links followed, so that a file
/// replaced by rename, rewritten in place, a link swapped to another target (as Kubernetes swaps
/// a ConfigMap's `..data`) and an entry added or removed all change it. For a file (a compiled
/// catalog): the file. The walk is bounded by the catalog's own limits (entries per directory,
/// localizations, table files), and the descriptors it opens are closed before it returns.
///
/// The change time (ctime) is what says when something last changed: the kernel sets it on
/// every write, rename, link and attribute change, and no program can set it back (unlike the
/// modification time, which `cp -p`, `tar` and `rsync -t` restore).
struct CatalogFingerprint: Sendable {
    struct Entry: Equatable, Sendable {
        /// The entry's path relative to the catalog ("" for the catalog itself).
        var name: [UInt8]
        var device: UInt64 = 0
        var inode: UInt64 = 0
        var size: Int64 = 0
        var mode: UInt32 = 0
        var changed: Int64 = 0
        var modified: Int64 = 0
        /// The `errno` of a `stat` that failed, else 0.
        var failure: Int32 = 0
    }

    /// Whether anything is at the path.
    var exists: Bool
    var entries: [Entry]
    /// The newest change time (ctime) of any entry, in nanoseconds since 1970; 0 if none.
    var newestChange: Int64
    /// The directories whose changes change the fingerprint: the one holding the path, the path
    /// itself when a directory, and its localization directories (what ``ChangeNotifier``
    /// watches).
    var directories: [String]

    /// Whether the two describe the same state of the path (the directories follow from it).
    func isSame(as other: CatalogFingerprint) -> Bool {
        exists == other.exists && entries == other.entries
    }

    /// Looks at `path` now.
    static func take(of path: String) -> CatalogFingerprint {
        var fingerprint = CatalogFingerprint(exists: false, entries: [], newestChange: 0,
                                             directories: [directory(holding: path)])
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            if code != ENOENT && code != ENOTDIR {
                fingerprint.exists = true
                fingerprint.add(Entry(name: [], failure: code))
            }
            return fingerprint
        }
        fingerprint.exists = true
        guard info.st_mode & S_IFMT == S_IFDIR else {
            fingerprint.add([], info)
            return fingerprint
        }
        let root = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard root >= 0 else {
            fingerprint.add(Entry(name: [], failure: errno))
            return fingerprint
        }
        defer { close(root) }
        guard fstat(root, &info) == 0 else {
            fingerprint.add(Entry(name: [], failure: errno))
            return fingerprint
        }
        fingerprint.add([], info)
        fingerprint.directories.append(path)
        fingerprint.addContents(of: root, path: path)
        return fingerprint
    }

    /// The catalog's entries named like its content, and the tables of its localizations.
    private mutating func addContents(of root: Int32, path: String) {
        guard let listing = try? FileSystem.contentsOfDirectory(
            descriptor: root, limit: Limits.maximumDirectoryEntries, path: path)
        else { return }
        var localizations = 0
        var tableFiles = 0
        for name in listing.names {
            guard let text = name.text else { continue }
            let isLocalization = text.hasSuffix(Catalog.localizationDirectorySuffix)
            guard isLocalization || TableFile.classify(fileName: text) != nil else { continue }
            var info = stat()
            guard fstatat(root, text, &info, 0) == 0 else {
                add(Entry(name: name.bytes, failure: errno))
                continue
            }
            add(name.bytes, info)
            guard isLocalization, info.st_mode & S_IFMT == S_IFDIR, localizations < Limits.maximumLocalizations
            else { continue }
            localizations += 1
            let directory = openat(root, text, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
            guard directory >= 0 else { continue }
            defer { close(directory) }
            let directoryPath = FileSystem.join(path, text)
            directories.append(directoryPath)
            guard let tables = try? FileSystem.contentsOfDirectory(
                descriptor: directory, limit: Limits.maximumDirectoryEntries, path: directoryPath)
            else { continue }
            for table in tables.names {
                guard tableFiles < Limits.maximumTableFiles else { return }
                guard let tableText = table.text, TableFile.classify(fileName: tableText) != nil else { continue }
                tableFiles += 1
                let relative = name.bytes + [UInt8(ascii: "/")] + table.bytes
                if fstatat(directory, tableText, &info, 0) == 0 {
                    add(relative, info)
                } else {
                    add(Entry(name: relative, failure: errno))
                }
            }
        }
    }

    private mutating func add(_ name: [UInt8], _ info: stat) {
        add(Entry(name: name, device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                  mode: UInt32(info.st_mode), changed: LiveClock.nanoseconds(info.st_ctim),
                  modified: LiveClock.nanoseconds(info.st_mtim)))
    }

    private mutating func add(_ entry: Entry) {
        entries.append(entry)
        newestChange = max(newestChange, entry.changed)
    }

    /// The directory holding `path` (`.` for a bare name), whose changes show the path itself
    /// being replaced, renamed, removed or created.
    static func directory(holding path: String) -> String {
        var bytes = Array(path.utf8)
        while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        if slash == 0 { return "/" }
        return String(decoding: bytes[..<slash], as: UTF8.self)
    }
}
