import CErrorFormatter
import ErrorFormatter

/// What `ef_lookup *` points at: an ``OwnedStrings`` block, the caller's own (valid until
/// `ef_lookup_free`, whatever happens to the catalog). Strings: value, locale, table, then the
/// rejection messages.
enum LookupBlock {
    private static let rejectionOffset = 3

    /// The block of `resolution`, or `nil` if memory ran out.
    static func make(_ resolution: KeyResolution, table: String) -> UnsafeMutableRawPointer? {
        OwnedStrings.make(metadataCount: 0, metadata: { _ in }, strings: { add in
            add(resolution.hit?.value)
            add(resolution.hit?.localization)
            add(table)
            for rejection in resolution.rejections { add(rejection.description) }
        })
    }

    static func rejectionCount(_ block: UnsafeRawPointer) -> Int {
        Swift.max(0, OwnedStrings.count(block) - rejectionOffset)
    }

    static func rejection(_ block: UnsafeRawPointer, _ index: Int) -> UnsafePointer<CChar>? {
        guard index >= 0, index < rejectionCount(block) else { return nil }
        return OwnedStrings.string(block, rejectionOffset + index)
    }
}

@_cdecl("ef_catalog_lookup") @implementation
public func ef_catalog_lookup(
    _ out: UnsafeMutablePointer<OpaquePointer?>?, _ catalog: OpaquePointer?, _ table: UnsafePointer<CChar>?,
    _ key: UnsafePointer<CChar>?, _ locales: UnsafePointer<UnsafePointer<CChar>?>?, _ locale_count: Int,
    _ arguments: OpaquePointer?, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    // The hot path: a lookup without arguments made before with the same bytes is copied from
    // the catalog's memo (hits only: a miss also owes the caller its error details).
    let hasArguments = Handle.withBorrowed(arguments, as: ErrorInfoBox.self) { $0.argumentCount > 0 } ?? false
    if !hasArguments, let out, let key, let memoized = Handle.withBorrowed(catalog, as: CatalogBox.self, { box in
        box.memoizedLookup(table: table, key: key, locales: locales, count: locale_count)
    }) ?? nil, let copy = OwnedStrings.copy(memoized) {
        err?.pointee = nil
        out.pointee = OwnedStrings.handle(copy)
        return ef_status(EF_OK)
    }
    return reportingFailures(err) { () throws(Failure) in
        let out = try CInput.clear(out)
        guard catalog != nil else { throw Failure.invalidArgument("catalog must not be NULL") }
        let resolvedTable = Catalog.tableName(orDefault: try CInput.optionalKey(table, name: "table"))
        let keyPointer = key
        let key = try CInput.key(key, name: "key")
        let preferences = try CInput.strings(locales, count: locale_count, name: "locales")
        let values = Handle.withBorrowed(arguments, as: ErrorInfoBox.self) { $0.info.arguments } ?? []
        guard let resolution = Handle.withBorrowed(catalog, as: CatalogBox.self, { box in
            box.catalog.resolve(key, table: resolvedTable, preferences: preferences, arguments: values)
        }) else { throw Failure.invalidArgument("catalog must not be NULL") }
        guard let lookup = LookupBlock.make(resolution, table: resolvedTable) else { throw Failure.outOfMemory() }
        if values.isEmpty && resolution.hit != nil {
            Handle.withBorrowed(catalog, as: CatalogBox.self) { box in
                box.memoize(lookup: lookup, table: table, key: keyPointer, locales: locales, count: locale_count)
            }
        }
        out.pointee = OwnedStrings.handle(lookup)
        guard resolution.hit != nil else {
            throw Failure(status: ef_status(EF_E_KEY_NOT_FOUND),
                          message: "no localization has a usable value for \"\(key)\" in \(resolvedTable)")
        }
    }
}

@_cdecl("ef_lookup_value") @implementation
public func ef_lookup_value(_ lookup: OpaquePointer?) -> UnsafePointer<CChar>? {
    OwnedStrings.block(lookup).flatMap { OwnedStrings.string($0, 0) }
}

@_cdecl("ef_lookup_locale") @implementation
public func ef_lookup_locale(_ lookup: OpaquePointer?) -> UnsafePointer<CChar>? {
    OwnedStrings.block(lookup).flatMap { OwnedStrings.string($0, 1) }
}

@_cdecl("ef_lookup_table") @implementation
public func ef_lookup_table(_ lookup: OpaquePointer?) -> UnsafePointer<CChar>? {
    OwnedStrings.block(lookup).flatMap { OwnedStrings.string($0, 2) } ?? StaticCString.empty
}

@_cdecl("ef_lookup_rejection_count") @implementation
public func ef_lookup_rejection_count(_ lookup: OpaquePointer?) -> Int {
    OwnedStrings.block(lookup).map(LookupBlock.rejectionCount) ?? 0
}

@_cdecl("ef_lookup_rejection") @implementation
public func ef_lookup_rejection(_ lookup: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    OwnedStrings.block(lookup).flatMap { LookupBlock.rejection($0, index) }
}

@_cdecl("ef_lookup_free") @implementation
public func ef_lookup_free(_ lookup: OpaquePointer?) {
    OwnedStrings.free(lookup)
}

@_cdecl("ef_catalog_text") @implementation
public func ef_catalog_text(
    _ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?, _ catalog: OpaquePointer?, _ table: UnsafePointer<CChar>?,
    _ key: UnsafePointer<CChar>?, _ locales: UnsafePointer<UnsafePointer<CChar>?>?, _ locale_count: Int,
    _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    // The hot path: the same (table, preferences, key) bytes answered before. Bytes that got
    // an entry were validated then, so equal bytes need no validation now.
    if let out, let key, let text = Handle.withBorrowed(catalog, as: CatalogBox.self, { box in
        box.memoizedText(table: table, key: key, locales: locales, count: locale_count)
    }) ?? nil {
        err?.pointee = nil
        out.pointee = text
        return ef_status(EF_OK)
    }
    return reportingFailures(err) { () throws(Failure) in
        guard let out else { throw Failure.invalidArgument("out must not be NULL") }
        out.pointee = nil
        guard let box = Handle.borrow(catalog, as: CatalogBox.self) else {
            throw Failure.invalidArgument("catalog must not be NULL")
        }
        let tableName = Catalog.tableName(orDefault: try CInput.optionalKey(table, name: "table"))
        let keyString = try CInput.key(key, name: "key")
        let preferences = try CInput.strings(locales, count: locale_count, name: "locales")
        let layers = box.catalog.cachedLayers(of: tableName, for: preferences)
        // The text lives in the catalog's tables, whatever happens to `layers`.
        guard let key, let text = layers.argumentFreeText(forKey: CallerKey.bytes(key)) else {
            throw Failure(status: ef_status(EF_E_KEY_NOT_FOUND),
                          message: "no localization has a usable value for \"\(keyString)\" in \(tableName)")
        }
        box.memoize(text: text, table: table, key: key, locales: locales, count: locale_count)
        out.pointee = text
    }
}
