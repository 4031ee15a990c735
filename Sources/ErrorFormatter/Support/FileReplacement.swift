#if canImport(Glibc)
import Glibc
#endif

/// Replacing a file whole: the bytes go to a new file beside it, which is then renamed over it,
/// so a reader (or a run that fails half-way) never sees a partial file — a reader that has the
/// old file open keeps reading the old one.
package enum FileReplacement {
    /// Writes `bytes` to a new file in `path`'s directory (created with the usual mode, the
    /// umask applied), flushes it to disk, and renames it to `path`.
    package static func replace(_ path: String, with bytes: [UInt8]) throws(FileSystemError) {
        var temporary = ""
        var descriptor: Int32 = -1
        // A name no one else is writing: two processes compiling to one path each get their own,
        // and the last rename wins.
        for _ in 0..<16 where descriptor < 0 {
            temporary = path + ".partial-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY, 0o666)
            if descriptor < 0, errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw FileSystem.error(path, errno) }
        let written = writeAll(bytes, to: descriptor) && fsync(descriptor) == 0
        let code = errno
        let closed = close(descriptor) == 0
        guard written, closed else {
            let failure = FileSystem.error(path, written ? errno : code)
            unlink(temporary)
            throw failure
        }
        guard rename(temporary, path) == 0 else {
            let failure = FileSystem.error(path, errno)
            unlink(temporary)
            throw failure
        }
    }

    /// Writes every byte to `descriptor`, retrying short writes; `false` on an error.
    package static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return true }
            var offset = 0
            while offset < buffer.count {
                let count = write(descriptor, base + offset, buffer.count - offset)
                if count < 0, errno == EINTR { continue }
                if count <= 0 { return false }
                offset += count
            }
            return true
        }
    }
}
