#if canImport(Glibc)
import Glibc
#endif
import CErrorFormatter
import ErrorFormatter

// What `ef_lookup *` points at: the block of a lookup that the core's serving component made
// (`ItemBlock`, laid out as `LookupLayout` says), the caller's own: valid until
// `ef_lookup_free`, whatever happens to the catalog.

@_cdecl("ef_catalog_lookup") @implementation
public func ef_catalog_lookup(
    _ out: UnsafeMutablePointer<OpaquePointer?>?, _ catalog: OpaquePointer?, _ table: UnsafePointer<CChar>?,
    _ key: UnsafePointer<CChar>?, _ locales: UnsafePointer<UnsafePointer<CChar>?>?, _ locale_count: Int,
    _ arguments: OpaquePointer?, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    // A catalog that fails on rejections checks every answer, on the road below.
    if let out, let block = Handle.withBorrowed(catalog, as: CatalogBox.self, { box in
        box.failsOnRejection ? nil : Serving.rememberedLookup(
            catalog: box.catalog, table: table, key: key, locales: locales, count: locale_count,
            arguments: request(arguments))
    }) ?? nil {
        err?.pointee = nil
        out.pointee = OpaquePointer(block)
        return ef_status(EF_OK)
    }
    return reportingFailures(err) { () throws(Failure) in
        let out = try CInput.clear(out)
        let lookup = try lookUp(catalog, table, key, locales, locale_count, arguments)
        if Handle.borrow(catalog, as: CatalogBox.self)?.failsOnRejection == true {
            do throws(ServingError) {
                _ = try Serving.refusingRejections(ofLookup: lookup.block)
            } catch {
                throw Failure(error)
            }
        }
        out.pointee = OpaquePointer(lookup.block)
        guard lookup.found else { throw Failure(status: ef_status(EF_E_KEY_NOT_FOUND), message: lookup.notFoundMessage) }
    }
}

/// The lookup both ef_catalog_lookup calls make, after their output parameters were checked.
func lookUp(
    _ catalog: OpaquePointer?, _ table: UnsafePointer<CChar>?, _ key: UnsafePointer<CChar>?,
    _ locales: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int, _ arguments: OpaquePointer?
) throws(Failure) -> Serving.Lookup {
    let made: Result<Serving.Lookup, ServingError>? = Handle.withBorrowed(catalog, as: CatalogBox.self) { box in
        Result { () throws(ServingError) in
            try Serving.lookup(catalog: box.catalog, table: table, key: key, locales: locales, count: count,
                               arguments: request(arguments))
        }
    }
    switch made {
    case nil: throw Failure.invalidArgument("catalog must not be NULL")
    case .success(let lookup)?: return lookup
    case .failure(let error)?: throw Failure(error)
    }
}

/// The error info whose arguments a lookup renders with, `nil` for NULL.
@inline(__always)
private func request(_ arguments: OpaquePointer?) -> ErrorRequest? {
    Handle.borrow(arguments, as: ErrorRequest.self)
}

/// The block behind a lookup handle, `nil` for NULL.
@inline(__always)
private func block(_ lookup: OpaquePointer?) -> UnsafeRawPointer? { lookup.map(UnsafeRawPointer.init) }

@_cdecl("ef_lookup_value") @implementation
public func ef_lookup_value(_ lookup: OpaquePointer?) -> UnsafePointer<CChar>? {
    block(lookup).flatMap(LookupLayout.value)
}

@_cdecl("ef_lookup_locale") @implementation
public func ef_lookup_locale(_ lookup: OpaquePointer?) -> UnsafePointer<CChar>? {
    block(lookup).flatMap(LookupLayout.locale)
}

@_cdecl("ef_lookup_table") @implementation
public func ef_lookup_table(_ lookup: OpaquePointer?) -> UnsafePointer<CChar>? {
    block(lookup).flatMap(LookupLayout.table) ?? StaticCString.empty
}

@_cdecl("ef_lookup_rejection_count") @implementation
public func ef_lookup_rejection_count(_ lookup: OpaquePointer?) -> Int {
    block(lookup).map(LookupLayout.rejectionCount) ?? 0
}

@_cdecl("ef_lookup_rejection") @implementation
public func ef_lookup_rejection(_ lookup: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    block(lookup).flatMap { LookupLayout.description($0, index) }
}

@_cdecl("ef_lookup_free") @implementation
public func ef_lookup_free(_ lookup: OpaquePointer?) {
    free(UnsafeMutableRawPointer(lookup))
}

@_cdecl("ef_catalog_text") @implementation
public func ef_catalog_text(
    _ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?, _ catalog: OpaquePointer?, _ table: UnsafePointer<CChar>?,
    _ key: UnsafePointer<CChar>?, _ locales: UnsafePointer<UnsafePointer<CChar>?>?, _ locale_count: Int,
    _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    if let out, let text = Handle.withBorrowed(catalog, as: CatalogBox.self, { box in
        Serving.rememberedText(catalog: box.catalog, table: table, key: key, locales: locales, count: locale_count)
    }) ?? nil {
        err?.pointee = nil
        out.pointee = text
        return ef_status(EF_OK)
    }
    return reportingFailures(err) { () throws(Failure) in
        guard let out else { throw Failure.invalidArgument("out must not be NULL") }
        out.pointee = nil
        let found: Result<UnsafePointer<CChar>, ServingError>? = Handle.withBorrowed(catalog, as: CatalogBox.self) { box in
            Result { () throws(ServingError) in
                try Serving.text(catalog: box.catalog, table: table, key: key, locales: locales, count: locale_count)
            }
        }
        switch found {
        case nil: throw Failure.invalidArgument("catalog must not be NULL")
        case .success(let text)?: out.pointee = text
        case .failure(let error)?: throw Failure(error)
        }
    }
}
