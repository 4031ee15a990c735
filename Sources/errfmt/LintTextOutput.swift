#if canImport(Glibc)
import Glibc
#endif
import ErrorFormatter

/// `errfmt lint --format text`: one `file:line:col: severity: message [code]` line per
/// finding (the form editors and compilers use), the source line and a caret under the column
/// when standard output is a terminal, and a summary line on standard error.
enum LintTextOutput {
    static func write(_ report: LintReport) {
        let showsExcerpts = isatty(1) == 1
        var files: [String: [Substring]] = [:]
        for diagnostic in report.diagnostics {
            print(diagnostic.description)
            guard showsExcerpts, let file = diagnostic.file, diagnostic.line > 0 else { continue }
            if files[file] == nil { files[file] = lines(of: file) }
            guard let lines = files[file], diagnostic.line <= lines.count else { continue }
            let line = lines[diagnostic.line - 1]
            print(line)
            print(caret(under: line, column: diagnostic.column))
        }
        CommandLineOutput.line(summary(report))
    }

    /// `errfmt lint: 1 error, 2 warnings, 0 notes in 5 files`.
    static func summary(_ report: LintReport) -> String {
        func counted(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        return "errfmt lint: " + counted(report.count(.error), "error") + ", " + counted(report.count(.warning), "warning")
            + ", " + counted(report.count(.note), "note") + " in " + counted(report.fileCount, "file")
    }

    /// The lines of a UTF-8 text file (a file that is not UTF-8 shows U+FFFD, as excerpts only).
    private static func lines(of file: String) -> [Substring] {
        guard let bytes = try? FileSystem.readBytes(atPath: file), bytes.count <= 64 << 20 else { return [] }
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        // Lines end at CR, LF or CRLF, as the parsers count them.
        return text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
    }

    /// Spaces (tabs kept, so the caret lines up) up to the column, counted in scalars.
    private static func caret(under line: Substring, column: Int) -> String {
        var pad = ""
        for scalar in line.unicodeScalars.prefix(max(0, column - 1)) { pad += scalar == "\t" ? "\t" : " " }
        return pad + "^"
    }
}
