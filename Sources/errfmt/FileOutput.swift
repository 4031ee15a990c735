import ErrorFormatter

/// Writing what a command produced: a file replaced whole (never left half-written), or
/// standard output.
enum FileOutput {
    /// Writes `bytes` to a temporary file beside `path`, then renames it over `path`, so a
    /// reader (or a failed run) never sees a partial file. Returns why it failed, or `nil`.
    static func replace(_ path: String, with bytes: [UInt8]) -> String? {
        do throws(FileSystemError) {
            try FileReplacement.replace(path, with: bytes)
            return nil
        } catch {
            return error.reason
        }
    }

    static func writeStandardOutput(_ bytes: [UInt8]) {
        _ = FileReplacement.writeAll(bytes, to: 1)
    }
}
