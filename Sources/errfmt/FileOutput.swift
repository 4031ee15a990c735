#if canImport(Glibc)
import Glibc
#endif

/// Writing what a command produced: a file replaced whole (never left half-written), or
/// standard output.
enum FileOutput {
    /// Writes `bytes` to a temporary file beside `path`, then renames it over `path`, so a
    /// reader (or a failed run) never sees a partial table. Returns why it failed, or `nil`.
    static func replace(_ path: String, with bytes: [UInt8]) -> String? {
        let temporary = path + ".errfmt-partial"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        let written = writeAll(bytes, to: descriptor)
        let closed = close(descriptor) == 0
        guard written, closed else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            return reason
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            return reason
        }
        return nil
    }

    static func writeStandardOutput(_ bytes: [UInt8]) {
        _ = writeAll(bytes, to: 1)
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
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
