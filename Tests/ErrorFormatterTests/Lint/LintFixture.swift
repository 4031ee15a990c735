#if canImport(Glibc)
import Glibc
#endif
import ErrorFormatter
import Testing

/// A catalog directory written for one test (inside the package's .build directory, so that
/// no test names a path of the machine), linted, and removed.
final class LintFixture {
    let root: String

    init() throws {
        _ = mkdir(TestSupport.packageRoot + "/.build", 0o755)
        var template = Array((TestSupport.packageRoot + "/.build/lint-test-XXXXXX").utf8CString)
        let created = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        try #require(created != nil)
        root = String(cString: template)
    }

    deinit { _ = system("rm -rf '\(root)'") }

    /// Writes `text` (UTF-8) at `path` inside the fixture, making directories.
    @discardableResult
    func write(_ path: String, _ text: String) -> LintFixture {
        write(path, bytes: Array(text.utf8))
    }

    @discardableResult
    func write(_ path: String, bytes: [UInt8]) -> LintFixture {
        var directory = root
        for component in path.split(separator: "/").dropLast() {
            directory += "/" + component
            _ = mkdir(directory, 0o755)
        }
        guard let file = fopen(root + "/" + path, "wb") else {
            Issue.record("cannot create \(path)")
            return self
        }
        _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
        return self
    }

    /// The report for the whole fixture directory (or for `paths` inside it).
    func lint(_ paths: [String] = [], developmentLocale: String? = nil) throws -> LintReport {
        let full = paths.isEmpty ? [root] : paths.map { root + "/" + $0 }
        return try Lint.run(paths: full, options: LintOptions(developmentLocale: developmentLocale))
    }

    /// `file:line:column: code` of each finding, files relative to the fixture.
    func findings(_ paths: [String] = [], developmentLocale: String? = nil, codes: Set<String>? = nil) throws -> [String] {
        try lint(paths, developmentLocale: developmentLocale).diagnostics
            .filter { codes?.contains($0.code) ?? true }
            .map { "\(relative($0.file)):\($0.line):\($0.column): \($0.code)" }
    }

    func relative(_ file: String?) -> String {
        guard let file else { return "-" }
        return file.hasPrefix(root + "/") ? String(file.dropFirst(root.count + 1)) : file
    }
}
