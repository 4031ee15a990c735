import CErrorFormatter
import ErrorFormatter

// `ef_format_problem`: an error's problem response (RFC 9457) in the caller's buffer, as packed
// items (the core's `Problems` decides, formats and writes it; the layout is specified in the
// header and docs/packed-format.md).

@_cdecl("ef_format_problem") @implementation
public func ef_format_problem(
    _ out_length: UnsafeMutablePointer<Int>?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
    _ catalog: OpaquePointer?, _ info: OpaquePointer?, _ accept_language: UnsafePointer<CChar>?,
    _ locales: UnsafePointer<UnsafePointer<CChar>?>?, _ locale_count: Int, _ status: Int32,
    _ type_template: UnsafePointer<CChar>?, _ instance: UnsafePointer<CChar>?, _ flags: UInt32,
    _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    reportingFailures(err) { () throws(Failure) in
        guard let out_length else { throw Failure.invalidArgument("out_length must not be NULL") }
        out_length.pointee = 0
        guard buffer != nil || capacity == 0 else {
            throw Failure.invalidArgument("buffer must not be NULL when its capacity is \(capacity)")
        }
        let made: Result<Int, ServingError>? = Handle.withBorrowed(catalog, as: CatalogBox.self) { box in
            Handle.withBorrowed(info, as: ErrorRequest.self) { request in
                Result { () throws(ServingError) in
                    // A size_t above Int.max arrives negative: the caller has room for anything.
                    try Problems.writePacked(
                        request, catalog: box.catalog, acceptLanguage: accept_language, locales: locales,
                        count: locale_count, status: Int(status), typeTemplate: type_template, instance: instance,
                        members: flags, into: buffer.map(UnsafeMutableRawPointer.init), capacity: capacity < 0 ? -1 : capacity)
                }
            }
        } ?? nil
        guard catalog != nil else { throw Failure.invalidArgument("catalog must not be NULL") }
        guard let made else { throw Failure.invalidArgument("info must not be NULL") }
        switch made {
        case .success(let length): out_length.pointee = length
        case .failure(let error): throw Failure(error)
        }
    }
}
