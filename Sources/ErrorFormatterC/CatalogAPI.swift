import CErrorFormatter
import ErrorFormatter

/// The object behind `ef_catalog *`: the immutable catalog plus C copies of what the getters
/// hand out, made once so that any number of threads can read them.
final class CatalogBox {
    let catalog: Catalog
    /// [development locale, localization names…]
    let names: CStringArena
    /// The catalog's diagnostics, with their C strings.
    let diagnostics: DiagnosticList
    /// The hot path's memos (CatalogMemo.swift), read without a lock or a reference count,
    /// each bounded in bytes whatever callers send.
    let textMemo = ConcurrentByteCache(slotCount: 8_192, byteBudget: 2 << 20)
    let resultMemo = ConcurrentByteCache(slotCount: 8_192, byteBudget: 8 << 20)
    let lookupMemo = ConcurrentByteCache(slotCount: 8_192, byteBudget: 4 << 20)
    let packedMemo = ConcurrentByteCache(slotCount: 8_192, byteBudget: 4 << 20)

    init(_ catalog: Catalog) {
        self.catalog = catalog
        names = CStringArena.make([catalog.developmentLocale] + catalog.localizations)
        diagnostics = DiagnosticList(catalog.diagnostics)
    }
}

/// Flags accepted by ef_catalog_open and ef_catalog_builder_new.
enum CatalogFlags {
    static func isStrict(_ flags: UInt32) throws(Failure) -> Bool {
        guard flags & ~UInt32(EF_CATALOG_STRICT) == 0 else {
            throw Failure.invalidArgument("unknown catalog flags 0x\(String(flags, radix: 16))")
        }
        return flags & UInt32(EF_CATALOG_STRICT) != 0
    }
}

@_cdecl("ef_catalog_open") @implementation
public func ef_catalog_open(
    _ out: UnsafeMutablePointer<OpaquePointer?>?, _ path: UnsafePointer<CChar>?,
    _ development_locale: UnsafePointer<CChar>?, _ flags: UInt32, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    reportingFailures(err) { () throws(Failure) in
        let out = try CInput.clear(out)
        let path = try CInput.string(path, name: "path")
        let development = try CInput.optionalString(development_locale, name: "development_locale")
        let strict = try CatalogFlags.isStrict(flags)
        guard !path.isEmpty else { throw Failure.invalidArgument("path must not be empty") }
        do throws(CatalogError) {
            let catalog = try Catalog.open(path: path, developmentLocale: development, strict: strict)
            out.pointee = Handle.make(CatalogBox(catalog))
        } catch {
            throw Failure(error)
        }
    }
}

@_cdecl("ef_catalog_free") @implementation
public func ef_catalog_free(_ catalog: OpaquePointer?) {
    Handle.release(catalog, as: CatalogBox.self)
}

@_cdecl("ef_catalog_localization_count") @implementation
public func ef_catalog_localization_count(_ catalog: OpaquePointer?) -> Int {
    Handle.borrow(catalog, as: CatalogBox.self)?.catalog.localizations.count ?? 0
}

@_cdecl("ef_catalog_localization_name") @implementation
public func ef_catalog_localization_name(_ catalog: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    guard let box = Handle.borrow(catalog, as: CatalogBox.self),
          box.catalog.localizations.indices.contains(index)
    else { return nil }
    return box.names[index + 1]
}

@_cdecl("ef_catalog_development_locale") @implementation
public func ef_catalog_development_locale(_ catalog: OpaquePointer?) -> UnsafePointer<CChar>? {
    Handle.borrow(catalog, as: CatalogBox.self)?.names[0] ?? StaticCString.empty
}

@_cdecl("ef_catalog_diagnostic_count") @implementation
public func ef_catalog_diagnostic_count(_ catalog: OpaquePointer?) -> Int {
    Handle.borrow(catalog, as: CatalogBox.self)?.diagnostics.count ?? 0
}

@_cdecl("ef_catalog_diagnostic_severity") @implementation
public func ef_catalog_diagnostic_severity(_ catalog: OpaquePointer?, _ index: Int) -> Int32 {
    Handle.borrow(catalog, as: CatalogBox.self)?.diagnostics.severity(index) ?? -1
}

@_cdecl("ef_catalog_diagnostic_code") @implementation
public func ef_catalog_diagnostic_code(_ catalog: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    Handle.borrow(catalog, as: CatalogBox.self)?.diagnostics.string(index, .code)
}

@_cdecl("ef_catalog_diagnostic_message") @implementation
public func ef_catalog_diagnostic_message(_ catalog: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    Handle.borrow(catalog, as: CatalogBox.self)?.diagnostics.string(index, .message)
}

@_cdecl("ef_catalog_diagnostic_file") @implementation
public func ef_catalog_diagnostic_file(_ catalog: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    Handle.borrow(catalog, as: CatalogBox.self)?.diagnostics.string(index, .file)
}

@_cdecl("ef_catalog_diagnostic_line") @implementation
public func ef_catalog_diagnostic_line(_ catalog: OpaquePointer?, _ index: Int) -> Int32 {
    Handle.borrow(catalog, as: CatalogBox.self)?.diagnostics.line(index) ?? 0
}

@_cdecl("ef_catalog_diagnostic_column") @implementation
public func ef_catalog_diagnostic_column(_ catalog: OpaquePointer?, _ index: Int) -> Int32 {
    Handle.borrow(catalog, as: CatalogBox.self)?.diagnostics.column(index) ?? 0
}
