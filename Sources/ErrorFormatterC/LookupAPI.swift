import CErrorFormatter
import ErrorFormatter

/// The object behind `ef_lookup *` is the arena of its strings, [value, locale, table] then the
/// rejection messages: one allocation per lookup. (A `LookupBox` subclass of a non-final arena
/// reads better, but its maker then returns a dynamic `Self` and stopped being inlined: 4 % more
/// instructions per lookup, measured.)
typealias LookupBox = CStringArena

extension CStringArena {
    private static let rejectionOffset = 3

    static func lookup(_ resolution: KeyResolution, table: String) -> CStringArena {
        make { add in
            add(resolution.hit?.value)
            add(resolution.hit?.localization)
            add(table)
            for rejection in resolution.rejections { add(rejection.description) }
        }
    }

    var rejectionCount: Int { Swift.max(0, count - Self.rejectionOffset) }

    func rejection(_ index: Int) -> UnsafePointer<CChar>? {
        guard index >= 0, index < rejectionCount else { return nil }
        return self[Self.rejectionOffset + index]
    }
}

@_cdecl("ef_catalog_lookup") @implementation
public func ef_catalog_lookup(
    _ out: UnsafeMutablePointer<OpaquePointer?>?, _ catalog: OpaquePointer?, _ table: UnsafePointer<CChar>?,
    _ key: UnsafePointer<CChar>?, _ locales: UnsafePointer<UnsafePointer<CChar>?>?, _ locale_count: Int,
    _ arguments: OpaquePointer?, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    reportingFailures(err) { () throws(Failure) in
        let out = try CInput.clear(out)
        guard catalog != nil else { throw Failure.invalidArgument("catalog must not be NULL") }
        let resolvedTable = Catalog.tableName(orDefault: try CInput.optionalString(table, name: "table"))
        let key = try CInput.string(key, name: "key")
        let preferences = try CInput.strings(locales, count: locale_count, name: "locales")
        let values = Handle.withBorrowed(arguments, as: ErrorInfoBox.self) { $0.info.arguments } ?? []
        guard let resolution = Handle.withBorrowed(catalog, as: CatalogBox.self, { box in
            box.catalog.resolve(key, table: resolvedTable, preferences: preferences, arguments: values)
        }) else { throw Failure.invalidArgument("catalog must not be NULL") }
        out.pointee = Handle.make(CStringArena.lookup(resolution, table: resolvedTable))
        guard resolution.hit != nil else {
            throw Failure(status: ef_status(EF_E_KEY_NOT_FOUND),
                          message: "no localization has a usable value for \"\(key)\" in \(resolvedTable)")
        }
    }
}

@_cdecl("ef_lookup_value") @implementation
public func ef_lookup_value(_ lookup: OpaquePointer?) -> UnsafePointer<CChar>? {
    Handle.withBorrowed(lookup, as: LookupBox.self) { $0[0] } ?? nil
}

@_cdecl("ef_lookup_locale") @implementation
public func ef_lookup_locale(_ lookup: OpaquePointer?) -> UnsafePointer<CChar>? {
    Handle.withBorrowed(lookup, as: LookupBox.self) { $0[1] } ?? nil
}

@_cdecl("ef_lookup_table") @implementation
public func ef_lookup_table(_ lookup: OpaquePointer?) -> UnsafePointer<CChar>? {
    Handle.borrow(lookup, as: LookupBox.self)?[2] ?? StaticCString.empty
}

@_cdecl("ef_lookup_rejection_count") @implementation
public func ef_lookup_rejection_count(_ lookup: OpaquePointer?) -> Int {
    Handle.borrow(lookup, as: LookupBox.self)?.rejectionCount ?? 0
}

@_cdecl("ef_lookup_rejection") @implementation
public func ef_lookup_rejection(_ lookup: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    Handle.borrow(lookup, as: LookupBox.self)?.rejection(index)
}

@_cdecl("ef_lookup_free") @implementation
public func ef_lookup_free(_ lookup: OpaquePointer?) {
    Handle.release(lookup, as: LookupBox.self)
}
