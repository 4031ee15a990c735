import CErrorFormatter
import ErrorFormatter

/// The object behind `ef_error_info *`: a mutable error description.
final class ErrorInfoBox {
    var info: ErrorInfo

    init(_ info: ErrorInfo) {
        self.info = info
    }
}

@_cdecl("ef_error_info_new") @implementation
public func ef_error_info_new(
    _ out: UnsafeMutablePointer<OpaquePointer?>?, _ domain: UnsafePointer<CChar>?, _ code: Int64,
    _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    reportingFailures(err) { () throws(Failure) in
        let out = try CInput.clear(out)
        let domain = try CInput.string(domain, name: "domain")
        out.pointee = Handle.make(ErrorInfoBox(ErrorInfo(domain: domain, code: code)))
    }
}

/// Sets one optional text of an error info; NULL clears it.
private func setText(
    _ info: OpaquePointer?, _ text: UnsafePointer<CChar>?, name: String,
    _ err: UnsafeMutablePointer<OpaquePointer?>?, _ assign: (ErrorInfoBox, String?) -> Void
) -> ef_status {
    reportingFailures(err) { () throws(Failure) in
        guard let box = Handle.borrow(info, as: ErrorInfoBox.self) else {
            throw Failure.invalidArgument("info must not be NULL")
        }
        assign(box, try CInput.optionalString(text, name: name))
    }
}

@_cdecl("ef_error_info_set_description") @implementation
public func ef_error_info_set_description(
    _ info: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    setText(info, text, name: "text", err) { $0.info.description = $1 }
}

@_cdecl("ef_error_info_set_failure_reason") @implementation
public func ef_error_info_set_failure_reason(
    _ info: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    setText(info, text, name: "text", err) { $0.info.failureReason = $1 }
}

@_cdecl("ef_error_info_set_recovery_suggestion") @implementation
public func ef_error_info_set_recovery_suggestion(
    _ info: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    setText(info, text, name: "text", err) { $0.info.recoverySuggestion = $1 }
}

@_cdecl("ef_error_info_set_table") @implementation
public func ef_error_info_set_table(
    _ info: OpaquePointer?, _ table: UnsafePointer<CChar>?, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    reportingFailures(err) { () throws(Failure) in
        guard let box = Handle.borrow(info, as: ErrorInfoBox.self) else {
            throw Failure.invalidArgument("info must not be NULL")
        }
        let name = try CInput.optionalString(table, name: "table") ?? ""
        guard !name.contains("/") else { throw Failure.invalidArgument("table name '\(name)' contains '/'") }
        box.info.table = name.isEmpty ? Catalog.defaultTable : name
    }
}

@_cdecl("ef_error_info_free") @implementation
public func ef_error_info_free(_ info: OpaquePointer?) {
    Handle.release(info, as: ErrorInfoBox.self)
}
