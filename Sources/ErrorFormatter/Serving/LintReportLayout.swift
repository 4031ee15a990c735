/// Where everything is in a lint report's packed output (`ef_lint_report_packed`): what the
/// `ef_lint_file_count` and `ef_lint_diagnostic_*` getters give, as one run of items
/// (``ItemRun``).
///
/// Items: 0 the header (two decimal numbers: the number of table files read, the number of
/// findings D); D findings of five items each (``DiagnosticLayout``), in the report's order.
/// 1 + 5D items in all.
package enum LintReportLayout {
    /// Numbers in the header item (EF_PACKED_LINT_HEADER_NUMBERS).
    static let headerNumbers = 2
    /// The first finding's first item (EF_PACKED_LINT_DIAGNOSTICS).
    static let firstDiagnostic = 1

    /// The packed report of `diagnostics` found in `fileCount` files.
    package static func items(fileCount: Int, diagnostics: [Diagnostic]) -> ItemRun {
        var run = ItemRun()
        run.addHeader([fileCount, diagnostics.count])
        for diagnostic in diagnostics { DiagnosticLayout.add(diagnostic, to: &run) }
        return run
    }
}
