/// A code lint can report, with its default severity and what to do about it: the `rules` of
/// a SARIF log, and `errfmt lint --list-checks`.
package struct LintRule: Sendable, Hashable {
    /// The stable kebab-case code.
    package var code: String
    package var severity: Diagnostic.Severity
    /// One line: what the finding means.
    package var summary: String
    /// Why it matters and how to fix it.
    package var help: String

    package init(_ code: String, _ severity: Diagnostic.Severity, _ summary: String, help: String) {
        self.code = code
        self.severity = severity
        self.summary = summary
        self.help = help
    }
}
