/// How one diagnostic is written in a packed output (a catalog's description, a lint report):
/// five items, in this order.
///
/// 0. its numbers, decimal, separated by single spaces: the severity (`EF_SEVERITY_*`), the
///    1-based line and column (0 when unknown), and a null mask: ``nullFile`` when it names no
///    file, ``nullKey`` when no table key;
/// 1. its stable code, e.g. `duplicate-key`;
/// 2. its one-line message;
/// 3. the file ("" when none, the mask saying so);
/// 4. the table key it is about ("" when none, the mask saying so).
package enum DiagnosticLayout {
    /// Items per diagnostic (EF_PACKED_DIAGNOSTIC_ITEMS).
    static let itemCount = 5
    /// Numbers in a diagnostic's first item (EF_PACKED_DIAGNOSTIC_NUMBERS).
    static let numberCount = 4
    /// The code, counted from the diagnostic's first item (EF_PACKED_DIAGNOSTIC_CODE).
    static let code = 1
    /// The message (EF_PACKED_DIAGNOSTIC_MESSAGE).
    static let message = 2
    /// The file (EF_PACKED_DIAGNOSTIC_FILE).
    static let file = 3
    /// The table key (EF_PACKED_DIAGNOSTIC_KEY).
    static let key = 4
    /// The null mask's bit for a diagnostic without a file (EF_PACKED_DIAGNOSTIC_NULL_FILE).
    static let nullFile = 1
    /// The null mask's bit for a diagnostic without a table key (EF_PACKED_DIAGNOSTIC_NULL_KEY).
    static let nullKey = 2

    /// The severity of an error (EF_SEVERITY_ERROR).
    static let error = 0
    /// The severity of a warning (EF_SEVERITY_WARNING).
    static let warning = 1
    /// The severity of a note (EF_SEVERITY_NOTE).
    static let note = 2

    /// The number that stands for `severity` (`EF_SEVERITY_*`).
    package static func number(of severity: Diagnostic.Severity) -> Int {
        switch severity {
        case .error: error
        case .warning: warning
        case .note: note
        }
    }

    /// Appends the items of `diagnostic`.
    static func add(_ diagnostic: Diagnostic, to run: inout ItemRun) {
        let nulls = (diagnostic.file == nil ? nullFile : 0) | (diagnostic.key == nil ? nullKey : 0)
        run.addHeader([number(of: diagnostic.severity), max(0, diagnostic.line), max(0, diagnostic.column), nulls])
        run.add(diagnostic.code)
        run.add(diagnostic.message)
        run.add(diagnostic.file ?? "")
        run.add(diagnostic.key ?? "")
    }
}
