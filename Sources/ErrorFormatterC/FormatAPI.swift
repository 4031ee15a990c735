#if canImport(Glibc)
import Glibc
#endif
import CErrorFormatter
import ErrorFormatter

// What `ef_result *` points at: the block of a formatted error that the core's serving
// component made (`ItemBlock`, laid out as `ResultLayout` says), the caller's own: valid until
// `ef_result_free`, whatever happens to the catalog.

@_cdecl("ef_format") @implementation
public func ef_format(
    _ out: UnsafeMutablePointer<OpaquePointer?>?, _ catalog: OpaquePointer?, _ info: OpaquePointer?,
    _ locales: UnsafePointer<UnsafePointer<CChar>?>?, _ locale_count: Int,
    _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    // What the catalog remembers answers without a check: only checked calls stored anything.
    // A catalog that fails on rejections checks every answer, on the road below.
    if let out, let block = Handle.withBorrowed(catalog, as: CatalogBox.self, { box in
        box.failsOnRejection ? nil : Handle.withBorrowed(info, as: ErrorRequest.self) { request in
            Serving.rememberedFormat(request, catalog: box.catalog, locales: locales, count: locale_count)
        } ?? nil
    }) ?? nil {
        err?.pointee = nil
        out.pointee = OpaquePointer(block)
        return ef_status(EF_OK)
    }
    return reportingFailures(err) { () throws(Failure) in
        let out = try CInput.clear(out)
        let made: Result<UnsafeMutableRawPointer, ServingError>? =
            Handle.withBorrowed(catalog, as: CatalogBox.self) { box in
                Handle.withBorrowed(info, as: ErrorRequest.self) { request in
                    Result { () throws(ServingError) in
                        let block = try Serving.format(request, catalog: box.catalog, locales: locales,
                                                       count: locale_count)
                        return box.failsOnRejection ? try Serving.refusingRejections(ofResult: block) : block
                    }
                }
            } ?? nil
        guard catalog != nil else { throw Failure.invalidArgument("catalog must not be NULL") }
        guard let made else { throw Failure.invalidArgument("info must not be NULL") }
        switch made {
        case .success(let block): out.pointee = OpaquePointer(block)
        case .failure(let error): throw Failure(error)
        }
    }
}

/// The block behind a result handle, `nil` for NULL.
@inline(__always)
private func block(_ result: OpaquePointer?) -> UnsafeRawPointer? { result.map(UnsafeRawPointer.init) }

@_cdecl("ef_result_title") @implementation
public func ef_result_title(_ result: OpaquePointer?) -> UnsafePointer<CChar>? {
    block(result).flatMap { ResultLayout.text($0, field: Int(EF_FIELD_TITLE)) } ?? StaticCString.empty
}

@_cdecl("ef_result_message") @implementation
public func ef_result_message(_ result: OpaquePointer?) -> UnsafePointer<CChar>? {
    block(result).flatMap { ResultLayout.text($0, field: Int(EF_FIELD_MESSAGE)) } ?? StaticCString.empty
}

@_cdecl("ef_result_button") @implementation
public func ef_result_button(_ result: OpaquePointer?) -> UnsafePointer<CChar>? {
    block(result).flatMap { ResultLayout.text($0, field: Int(EF_FIELD_BUTTON)) } ?? StaticCString.empty
}

@_cdecl("ef_result_rule") @implementation
public func ef_result_rule(_ result: OpaquePointer?, _ field: Int32) -> UnsafePointer<CChar>? {
    block(result).flatMap { ResultLayout.string($0, field: Int(field), item: 1) }
}

@_cdecl("ef_result_key") @implementation
public func ef_result_key(_ result: OpaquePointer?, _ field: Int32) -> UnsafePointer<CChar>? {
    block(result).flatMap { ResultLayout.string($0, field: Int(field), item: 2) }
}

@_cdecl("ef_result_locale") @implementation
public func ef_result_locale(_ result: OpaquePointer?, _ field: Int32) -> UnsafePointer<CChar>? {
    block(result).flatMap { ResultLayout.string($0, field: Int(field), item: 3) }
}

@_cdecl("ef_result_table") @implementation
public func ef_result_table(_ result: OpaquePointer?, _ field: Int32) -> UnsafePointer<CChar>? {
    block(result).flatMap { ResultLayout.string($0, field: Int(field), item: 4) }
}

@_cdecl("ef_result_stack_count") @implementation
public func ef_result_stack_count(_ result: OpaquePointer?) -> Int {
    block(result).map(ResultLayout.stackCount) ?? 0
}

@_cdecl("ef_result_stack_entry") @implementation
public func ef_result_stack_entry(_ result: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    block(result).flatMap { ResultLayout.stackEntry($0, index) }
}

@_cdecl("ef_result_rejection_count") @implementation
public func ef_result_rejection_count(_ result: OpaquePointer?, _ field: Int32) -> Int {
    block(result).map { ResultLayout.descriptionCount($0, field: Int(field)) } ?? 0
}

@_cdecl("ef_result_rejection") @implementation
public func ef_result_rejection(_ result: OpaquePointer?, _ field: Int32, _ index: Int) -> UnsafePointer<CChar>? {
    block(result).flatMap { ResultLayout.description($0, field: Int(field), index: index) }
}

@_cdecl("ef_result_strings") @implementation
public func ef_result_strings(
    _ result: OpaquePointer?, _ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?, _ capacity: Int
) -> Int {
    // A size_t above Int.max arrives negative: the caller has room for anything.
    let room = out == nil ? 0 : capacity < 0 ? Int.max : capacity
    return block(result).map { ResultLayout.writeStrings($0, to: out, capacity: room) } ?? 0
}

@_cdecl("ef_result_free") @implementation
public func ef_result_free(_ result: OpaquePointer?) {
    free(UnsafeMutableRawPointer(result))
}
