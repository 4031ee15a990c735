#if canImport(Glibc)
import Glibc
#endif

/// Where the CLI writes: results to standard output, problems to standard error.
enum CommandLineOutput {
    /// Writes `errfmt: message` to standard error.
    static func error(_ message: String) {
        var text = "errfmt: " + message
        if !text.hasSuffix("\n") { text += "\n" }
        // Write straight to file descriptor 2: `stderr` is a C global Swift 6 treats as unsafe.
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = write(2, base + offset, buffer.count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
    }
}
