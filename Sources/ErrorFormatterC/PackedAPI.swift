#if canImport(Glibc)
import Glibc
#endif
import CErrorFormatter
import ErrorFormatter

// `ef_format_packed`, `ef_format_packed_reusable` and the `ef_catalog_lookup_packed` calls: a
// whole result in the caller's buffer in one call, for bindings that pay per call. The items are
// those of the result and lookup handles, copied out (`ItemBlock`); the layouts are specified in
// the header and docs/packed-format.md. The packed outputs of the other handles (a catalog's
// description, a locale chain or list, a lint report) are written by `writingPacked`.

/// Checks the output parameters shared by every packed call (first, as every packed call checks
/// them): the length's pointer, cleared, and the capacity (a size_t above Int.max arrives
/// negative: the caller has room for anything).
private func packedOutput(
    _ out_length: UnsafeMutablePointer<Int>?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int
) throws(Failure) -> (UnsafeMutablePointer<Int>, UnsafeMutableRawPointer?, Int) {
    guard let out_length else { throw Failure.invalidArgument("out_length must not be NULL") }
    out_length.pointee = 0
    guard buffer != nil || capacity == 0 else {
        throw Failure.invalidArgument("buffer must not be NULL when its capacity is \(capacity)")
    }
    return (out_length, buffer.map(UnsafeMutableRawPointer.init), capacity < 0 ? -1 : capacity)
}

/// The body of a packed call whose output is a run of items the core makes (`ItemRun`): checks
/// the output parameters, then writes what `items` makes (after checking its own arguments).
func writingPacked(
    _ out_length: UnsafeMutablePointer<Int>?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
    _ err: UnsafeMutablePointer<OpaquePointer?>?, _ items: () throws(Failure) -> ItemRun
) -> ef_status {
    reportingFailures(err) { () throws(Failure) in
        let (length, output, room) = try packedOutput(out_length, buffer, capacity)
        length.pointee = try items().write(into: output, capacity: room)
    }
}

/// Formats `parts` into the caller's buffer: the packed calls' shared body.
private func formatPacked(
    _ out_length: UnsafeMutablePointer<Int>?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
    _ out_reusable: UnsafeMutablePointer<Int32>?, _ catalog: OpaquePointer?,
    _ parts: () throws(ServingError) -> ErrorParts, complete: Bool,
    _ locales: UnsafePointer<UnsafePointer<CChar>?>?, _ locale_count: Int,
    _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    out_reusable?.pointee = 0
    // What the catalog remembers answers first; the output parameters are checked as the full
    // road checks them first.
    if let out_length, buffer != nil || capacity == 0, let error = try? parts(),
       let written = Handle.withBorrowed(catalog, as: CatalogBox.self, { box in
           Serving.rememberedFormatPacked(error, catalog: box.catalog, locales: locales, count: locale_count,
                                          complete: complete, into: buffer.map(UnsafeMutableRawPointer.init),
                                          capacity: capacity < 0 ? -1 : capacity)
       }) ?? nil
    {
        out_length.pointee = written.length
        out_reusable?.pointee = written.reusable ? 1 : 0
        err?.pointee = nil
        return ef_status(EF_OK)
    }
    return reportingFailures(err) { () throws(Failure) in
        let (length, output, room) = try packedOutput(out_length, buffer, capacity)
        let error: ErrorParts
        do throws(ServingError) {
            error = try parts()
        } catch {
            throw Failure(error)
        }
        let made: Result<(length: Int, reusable: Bool), ServingError>? =
            Handle.withBorrowed(catalog, as: CatalogBox.self) { box in
                Result { () throws(ServingError) in
                    try Serving.formatPacked(error, catalog: box.catalog, locales: locales, count: locale_count,
                                             complete: complete, into: output, capacity: room)
                }
            }
        switch made {
        case nil: throw Failure.invalidArgument("catalog must not be NULL")
        case .failure(let error)?: throw Failure(error)
        case .success(let written)?:
            length.pointee = written.length
            out_reusable?.pointee = written.reusable ? 1 : 0
        }
    }
}

@_cdecl("ef_format_packed") @implementation
public func ef_format_packed(
    _ out_length: UnsafeMutablePointer<Int>?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
    _ catalog: OpaquePointer?, _ domain: UnsafePointer<CChar>?, _ code: Int64,
    _ description: UnsafePointer<CChar>?, _ failure_reason: UnsafePointer<CChar>?,
    _ recovery_suggestion: UnsafePointer<CChar>?, _ table: UnsafePointer<CChar>?,
    _ arguments: OpaquePointer?,
    _ locales: UnsafePointer<UnsafePointer<CChar>?>?, _ locale_count: Int,
    _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    let request = arguments.map { Unmanaged<ErrorRequest>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
    return formatPacked(out_length, buffer, capacity, nil, catalog, { () throws(ServingError) in
        ErrorParts(domain: domain, code: code, description: description, failureReason: failure_reason,
                   recoverySuggestion: recovery_suggestion, table: table, arguments: .request(request))
    }, complete: false, locales, locale_count, err)
}

@_cdecl("ef_format_packed_reusable") @implementation
public func ef_format_packed_reusable(
    _ out_length: UnsafeMutablePointer<Int>?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
    _ out_reusable: UnsafeMutablePointer<Int32>?, _ catalog: OpaquePointer?,
    _ request: UnsafePointer<CChar>?, _ request_length: Int,
    _ locales: UnsafePointer<UnsafePointer<CChar>?>?, _ locale_count: Int,
    _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    formatPacked(out_length, buffer, capacity, out_reusable, catalog, { () throws(ServingError) in
        try PackedRequest.read(request, length: request_length)
    }, complete: true, locales, locale_count, err)
}

/// Looks up into the caller's buffer: the lookup packed calls' shared body.
private func lookUpPacked(
    _ out_length: UnsafeMutablePointer<Int>?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
    _ catalog: OpaquePointer?, _ table: UnsafePointer<CChar>?, _ key: UnsafePointer<CChar>?,
    _ locales: UnsafePointer<UnsafePointer<CChar>?>?, _ locale_count: Int, _ arguments: OpaquePointer?,
    complete: Bool, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    reportingFailures(err) { () throws(Failure) in
        let (length, output, room) = try packedOutput(out_length, buffer, capacity)
        let lookup = try lookUp(catalog, table, key, locales, locale_count, arguments)
        defer { free(lookup.block) }
        let items = Serving.lookupItems(lookup.block, complete: complete)
        if let output, room < 0 || items.count <= room, let source = items.baseAddress {
            memcpy(output, source, items.count)
        }
        length.pointee = items.count
        guard lookup.found else { throw Failure(status: ef_status(EF_E_KEY_NOT_FOUND), message: lookup.notFoundMessage) }
    }
}

@_cdecl("ef_catalog_lookup_packed") @implementation
public func ef_catalog_lookup_packed(
    _ out_length: UnsafeMutablePointer<Int>?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
    _ catalog: OpaquePointer?, _ table: UnsafePointer<CChar>?, _ key: UnsafePointer<CChar>?,
    _ locales: UnsafePointer<UnsafePointer<CChar>?>?, _ locale_count: Int,
    _ arguments: OpaquePointer?, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    lookUpPacked(out_length, buffer, capacity, catalog, table, key, locales, locale_count, arguments, complete: false,
                 err)
}

@_cdecl("ef_catalog_lookup_packed_v2") @implementation
public func ef_catalog_lookup_packed_v2(
    _ out_length: UnsafeMutablePointer<Int>?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
    _ catalog: OpaquePointer?, _ table: UnsafePointer<CChar>?, _ key: UnsafePointer<CChar>?,
    _ locales: UnsafePointer<UnsafePointer<CChar>?>?, _ locale_count: Int,
    _ arguments: OpaquePointer?, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    lookUpPacked(out_length, buffer, capacity, catalog, table, key, locales, locale_count, arguments, complete: true,
                 err)
}
