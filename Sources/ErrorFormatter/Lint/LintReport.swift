/// Everything `Lint.run` found.
public struct LintReport: Sendable {
    /// Every finding, grouped by input, in a stable order (by file, line, column, code).
    public var diagnostics: [Diagnostic]
    /// Coverage of every translated table (for `--statistics`).
    package var statistics: [LintStatistics]
    /// The number of table files read.
    public var fileCount: Int

    package init(diagnostics: [Diagnostic] = [], statistics: [LintStatistics] = [], fileCount: Int = 0) {
        self.diagnostics = diagnostics
        self.statistics = statistics
        self.fileCount = fileCount
    }

    /// The number of findings of `severity`.
    public func count(_ severity: Diagnostic.Severity) -> Int {
        diagnostics.reduce(0) { $0 + ($1.severity == severity ? 1 : 0) }
    }

    /// Whether anything at `threshold` or more severe was found (`--fail-on`).
    public func hasFindings(atOrAbove threshold: Diagnostic.Severity) -> Bool {
        diagnostics.contains { $0.severity <= threshold }
    }
}
