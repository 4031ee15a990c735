#if canImport(Glibc)
import Glibc
#endif

/// Where the CLI writes: results to standard output, problems to standard error.
enum CommandLineOutput {
    /// Writes `errfmt: message` to standard error.
    static func error(_ message: String) {
        line("errfmt: " + message)
    }

    /// Writes `text` (plus a newline if it lacks one) to standard error as is, e.g. a
    /// `file:line:column: severity: message [code]` diagnostic editors can parse.
    static func line(_ text: String) {
        var text = text
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
