import CErrorFormatter
import ErrorFormatter

/// The object behind `ef_lint_report *`: the findings plus C copies of their strings, made
/// once so that any number of threads can read them.
final class LintReportBox {
    let report: LintReport
    let diagnostics: DiagnosticList

    init(_ report: LintReport) {
        self.report = report
        diagnostics = DiagnosticList(report.diagnostics)
    }
}

extension Failure {
    init(_ error: LintError) {
        let status = switch error.kind {
        case .noPath, .notATable: EF_E_INVALID_ARGUMENT
        case .notFound: EF_E_NOT_FOUND
        case .unreadable: EF_E_IO
        case .invalidLocale: EF_E_INVALID_LOCALE
        }
        self.init(status: ef_status(status), message: error.message, file: error.path)
    }
}

@_cdecl("ef_lint_paths") @implementation
public func ef_lint_paths(
    _ out: UnsafeMutablePointer<OpaquePointer?>?, _ paths: UnsafePointer<UnsafePointer<CChar>?>?, _ path_count: Int,
    _ development_locale: UnsafePointer<CChar>?, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    reportingFailures(err) { () throws(Failure) in
        let out = try CInput.clear(out)
        let paths = try CInput.strings(paths, count: path_count, name: "paths")
        guard !paths.isEmpty else { throw Failure.invalidArgument("paths must name at least one file or directory") }
        let development = try CInput.optionalString(development_locale, name: "development_locale")
        do throws(LintError) {
            let report = try Lint.run(paths: paths, options: LintOptions(developmentLocale: development))
            out.pointee = Handle.make(LintReportBox(report))
        } catch {
            throw Failure(error)
        }
    }
}

@_cdecl("ef_lint_catalog") @implementation
public func ef_lint_catalog(
    _ out: UnsafeMutablePointer<OpaquePointer?>?, _ catalog: OpaquePointer?, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    reportingFailures(err) { () throws(Failure) in
        let out = try CInput.clear(out)
        guard let box = Handle.borrow(catalog, as: CatalogBox.self) else {
            throw Failure.invalidArgument("catalog must not be NULL")
        }
        let diagnostics = CatalogLint.check(box.catalog)
        out.pointee = Handle.make(LintReportBox(LintReport(diagnostics: diagnostics)))
    }
}

@_cdecl("ef_lint_report_packed") @implementation
public func ef_lint_report_packed(
    _ out_length: UnsafeMutablePointer<Int>?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
    _ report: OpaquePointer?, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    writingPacked(out_length, buffer, capacity, err) { () throws(Failure) in
        guard let box = Handle.borrow(report, as: LintReportBox.self) else {
            throw Failure.invalidArgument("report must not be NULL")
        }
        return LintReportLayout.items(fileCount: box.report.fileCount, diagnostics: box.diagnostics.diagnostics)
    }
}

@_cdecl("ef_lint_report_free") @implementation
public func ef_lint_report_free(_ report: OpaquePointer?) {
    Handle.release(report, as: LintReportBox.self)
}

@_cdecl("ef_lint_file_count") @implementation
public func ef_lint_file_count(_ report: OpaquePointer?) -> Int {
    Handle.borrow(report, as: LintReportBox.self)?.report.fileCount ?? 0
}

@_cdecl("ef_lint_diagnostic_count") @implementation
public func ef_lint_diagnostic_count(_ report: OpaquePointer?) -> Int {
    Handle.borrow(report, as: LintReportBox.self)?.diagnostics.count ?? 0
}

@_cdecl("ef_lint_diagnostic_severity") @implementation
public func ef_lint_diagnostic_severity(_ report: OpaquePointer?, _ index: Int) -> Int32 {
    Handle.borrow(report, as: LintReportBox.self)?.diagnostics.severity(index) ?? -1
}

@_cdecl("ef_lint_diagnostic_code") @implementation
public func ef_lint_diagnostic_code(_ report: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    Handle.borrow(report, as: LintReportBox.self)?.diagnostics.string(index, .code)
}

@_cdecl("ef_lint_diagnostic_message") @implementation
public func ef_lint_diagnostic_message(_ report: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    Handle.borrow(report, as: LintReportBox.self)?.diagnostics.string(index, .message)
}

@_cdecl("ef_lint_diagnostic_file") @implementation
public func ef_lint_diagnostic_file(_ report: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    Handle.borrow(report, as: LintReportBox.self)?.diagnostics.string(index, .file)
}

@_cdecl("ef_lint_diagnostic_key") @implementation
public func ef_lint_diagnostic_key(_ report: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    Handle.borrow(report, as: LintReportBox.self)?.diagnostics.string(index, .key)
}

@_cdecl("ef_lint_diagnostic_line") @implementation
public func ef_lint_diagnostic_line(_ report: OpaquePointer?, _ index: Int) -> Int32 {
    Handle.borrow(report, as: LintReportBox.self)?.diagnostics.line(index) ?? 0
}

@_cdecl("ef_lint_diagnostic_column") @implementation
public func ef_lint_diagnostic_column(_ report: OpaquePointer?, _ index: Int) -> Int32 {
    Handle.borrow(report, as: LintReportBox.self)?.diagnostics.column(index) ?? 0
}
