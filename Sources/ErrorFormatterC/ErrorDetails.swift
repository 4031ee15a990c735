#if canImport(Glibc)
import Glibc
#endif
import CErrorFormatter
import ErrorFormatter

/// The object behind `ef_error_details *`: an immutable copy of one failure.
final class ErrorDetailsBox {
    let status: ef_status
    let line: Int32
    let column: Int32
    /// [message, file]
    let strings: CStringArena

    init(_ failure: Failure) {
        status = failure.status
        line = Int32(clamping: failure.line)
        column = Int32(clamping: failure.column)
        // The header promises a one-line message: whatever a caller's locale, key or path put
        // into it, control characters leave here escaped.
        strings = CStringArena.make([MessageEscaping.escaped(failure.message), failure.file.map(MessageEscaping.escaped)])
    }
}

@_cdecl("ef_error_details_status") @implementation
public func ef_error_details_status(_ details: OpaquePointer?) -> ef_status {
    Handle.borrow(details, as: ErrorDetailsBox.self)?.status ?? ef_status(EF_E_INVALID_ARGUMENT)
}

@_cdecl("ef_error_details_message") @implementation
public func ef_error_details_message(_ details: OpaquePointer?) -> UnsafePointer<CChar>? {
    Handle.borrow(details, as: ErrorDetailsBox.self)?.strings[0] ?? StaticCString.empty
}

@_cdecl("ef_error_details_file") @implementation
public func ef_error_details_file(_ details: OpaquePointer?) -> UnsafePointer<CChar>? {
    Handle.borrow(details, as: ErrorDetailsBox.self)?.strings[1]
}

@_cdecl("ef_error_details_line") @implementation
public func ef_error_details_line(_ details: OpaquePointer?) -> Int32 {
    Handle.borrow(details, as: ErrorDetailsBox.self)?.line ?? 0
}

@_cdecl("ef_error_details_column") @implementation
public func ef_error_details_column(_ details: OpaquePointer?) -> Int32 {
    Handle.borrow(details, as: ErrorDetailsBox.self)?.column ?? 0
}

@_cdecl("ef_error_details_free") @implementation
public func ef_error_details_free(_ details: OpaquePointer?) {
    Handle.release(details, as: ErrorDetailsBox.self)
}

@_cdecl("ef_string_free") @implementation
public func ef_string_free(_ string: UnsafeMutablePointer<CChar>?) {
    free(string)
}
