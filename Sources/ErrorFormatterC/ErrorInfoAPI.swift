#if canImport(Glibc)
import Glibc
#endif
import CErrorFormatter
import ErrorFormatter

// The object behind `ef_error_info *` is the core's `ErrorRequest`: the error as a C caller
// builds it, in the form the serving roads read.

@_cdecl("ef_error_info_new") @implementation
public func ef_error_info_new(
    _ out: UnsafeMutablePointer<OpaquePointer?>?, _ domain: UnsafePointer<CChar>?, _ code: Int64,
    _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    reportingFailures(err) { () throws(Failure) in
        let out = try CInput.clear(out)
        do throws(ServingError) {
            out.pointee = Handle.make(try ErrorRequest(domain: domain, code: code))
        } catch {
            throw Failure(error)
        }
    }
}

/// Sets one optional text of an error info; NULL clears it.
private func setText(
    _ info: OpaquePointer?, _ which: FormatPlan.CallerText, _ text: UnsafePointer<CChar>?,
    _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    reportingFailures(err) { () throws(Failure) in
        let refused: ServingError?? = Handle.withBorrowed(info, as: ErrorRequest.self) { request in
            do throws(ServingError) {
                try request.setText(which, text, name: "text")
                return nil
            } catch {
                return error
            }
        }
        switch refused {
        case nil: throw Failure.invalidArgument("info must not be NULL")
        case .some(.some(let error)): throw Failure(error)
        case .some(nil): return
        }
    }
}

@_cdecl("ef_error_info_set_description") @implementation
public func ef_error_info_set_description(
    _ info: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    setText(info, .description, text, err)
}

@_cdecl("ef_error_info_set_failure_reason") @implementation
public func ef_error_info_set_failure_reason(
    _ info: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    setText(info, .failureReason, text, err)
}

@_cdecl("ef_error_info_set_recovery_suggestion") @implementation
public func ef_error_info_set_recovery_suggestion(
    _ info: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    setText(info, .recoverySuggestion, text, err)
}

@_cdecl("ef_error_info_set_table") @implementation
public func ef_error_info_set_table(
    _ info: OpaquePointer?, _ table: UnsafePointer<CChar>?, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    reportingFailures(err) { () throws(Failure) in
        guard let request = Handle.borrow(info, as: ErrorRequest.self) else {
            throw Failure.invalidArgument("info must not be NULL")
        }
        do throws(ServingError) {
            try request.setTable(table)
        } catch {
            throw Failure(error)
        }
    }
}

@_cdecl("ef_error_info_set_number_style") @implementation
public func ef_error_info_set_number_style(
    _ info: OpaquePointer?, _ style: Int32, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    reportingFailures(err) { () throws(Failure) in
        guard let request = Handle.borrow(info, as: ErrorRequest.self) else {
            throw Failure.invalidArgument("info must not be NULL")
        }
        let chosen: NumberStyle?
        switch style {
        case Int32(EF_NUMBERS_CATALOG): chosen = nil
        case Int32(EF_NUMBERS_C_LOCALE): chosen = .cLocale
        case Int32(EF_NUMBERS_LOCALIZED): chosen = .localized
        default:
            throw Failure.invalidArgument("style \(style) is not EF_NUMBERS_CATALOG, EF_NUMBERS_C_LOCALE or "
                + "EF_NUMBERS_LOCALIZED")
        }
        request.setNumberStyle(chosen)
    }
}

/// Appends one argument to an error info.
private func addArgument(
    _ info: OpaquePointer?, _ err: UnsafeMutablePointer<OpaquePointer?>?,
    _ makeArgument: () throws(Failure) -> FormatArgument
) -> ef_status {
    reportingFailures(err) { () throws(Failure) in
        guard info != nil else { throw Failure.invalidArgument("info must not be NULL") }
        let argument = try makeArgument()
        let refused: ServingError?? = Handle.withBorrowed(info, as: ErrorRequest.self) { request in
            do throws(ServingError) {
                try request.append(argument)
                return nil
            } catch {
                return error
            }
        }
        if case .some(.some(let error)) = refused { throw Failure(error) }
    }
}

@_cdecl("ef_error_info_add_string") @implementation
public func ef_error_info_add_string(
    _ info: OpaquePointer?, _ value: UnsafePointer<CChar>?, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    addArgument(info, err) { () throws(Failure) in .string(try CInput.string(value, name: "value")) }
}

@_cdecl("ef_error_info_add_int64") @implementation
public func ef_error_info_add_int64(
    _ info: OpaquePointer?, _ value: Int64, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    addArgument(info, err) { .int(value) }
}

@_cdecl("ef_error_info_add_uint64") @implementation
public func ef_error_info_add_uint64(
    _ info: OpaquePointer?, _ value: UInt64, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    addArgument(info, err) { .uint(value) }
}

@_cdecl("ef_error_info_add_double") @implementation
public func ef_error_info_add_double(
    _ info: OpaquePointer?, _ value: Double, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    addArgument(info, err) { .double(value) }
}

@_cdecl("ef_error_info_clear_arguments") @implementation
public func ef_error_info_clear_arguments(_ info: OpaquePointer?, _ err: UnsafeMutablePointer<OpaquePointer?>?)
    -> ef_status
{
    reportingFailures(err) { () throws(Failure) in
        let cleared: Void? = Handle.withBorrowed(info, as: ErrorRequest.self) { $0.clearArguments() }
        guard cleared != nil else { throw Failure.invalidArgument("info must not be NULL") }
    }
}

@_cdecl("ef_error_info_argument_count") @implementation
public func ef_error_info_argument_count(_ info: OpaquePointer?) -> Int {
    Handle.withBorrowed(info, as: ErrorRequest.self) { $0.argumentCount } ?? 0
}

@_cdecl("ef_error_info_free") @implementation
public func ef_error_info_free(_ info: OpaquePointer?) {
    Handle.release(info, as: ErrorRequest.self)
}
