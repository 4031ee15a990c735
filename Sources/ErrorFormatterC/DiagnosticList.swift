import CErrorFormatter
import ErrorFormatter

/// Diagnostics as the C accessors hand them out, for both families that list them
/// (`ef_catalog_diagnostic_*` and `ef_lint_diagnostic_*`): the diagnostics plus C copies of
/// their strings, made once so that any number of threads can read them.
///
/// Every accessor takes an index that may be out of range: it gets `nil` (strings), -1
/// (severity) or 0 (line and column) then, as the header says.
final class DiagnosticList {
    /// The strings kept per diagnostic, in this order.
    enum Field: Int, CaseIterable {
        case code, message, file, key
    }

    let diagnostics: [Diagnostic]
    /// Per diagnostic: one string per `Field`, in its order (nil where the diagnostic has none).
    private let strings: CStringArena

    init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
        strings = CStringArena.make(diagnostics.flatMap { [$0.code, $0.message, $0.file, $0.key] })
    }

    var count: Int { diagnostics.count }

    func diagnostic(_ index: Int) -> Diagnostic? {
        diagnostics.indices.contains(index) ? diagnostics[index] : nil
    }

    /// `EF_SEVERITY_*` of diagnostic `index`, -1 when there is none.
    func severity(_ index: Int) -> Int32 {
        guard let diagnostic = diagnostic(index) else { return -1 }
        return Int32(DiagnosticLayout.number(of: diagnostic.severity))
    }

    func string(_ index: Int, _ field: Field) -> UnsafePointer<CChar>? {
        guard diagnostic(index) != nil else { return nil }
        return strings[index * Field.allCases.count + field.rawValue]
    }

    func line(_ index: Int) -> Int32 {
        diagnostic(index).map { Int32(clamping: $0.line) } ?? 0
    }

    func column(_ index: Int) -> Int32 {
        diagnostic(index).map { Int32(clamping: $0.column) } ?? 0
    }
}
