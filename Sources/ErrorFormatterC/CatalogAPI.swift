import CErrorFormatter
import ErrorFormatter

/// The object behind `ef_catalog *`: the immutable catalog plus C copies of what the getters
/// hand out, made once so that any number of threads can read them. What the catalog remembers
/// between calls is the catalog's own (`Catalog.memos`), shared with its Swift callers.
final class CatalogBox {
    let catalog: Catalog
    /// The development locale.
    let developmentLocale: CStringArena
    /// The localization names and the diagnostics, made by the first getter that needs them:
    /// a catalog read on first use (EF_CATALOG_ON_DEMAND) reads every localization to know
    /// them, which only a caller who asks should pay for.
    private let listings = Protected<Listings?>(nil)

    struct Listings {
        let localizations: [String]
        let names: CStringArena
        let diagnostics: DiagnosticList

        var count: Int { localizations.count }
    }
    init(_ catalog: Catalog) {
        self.catalog = catalog
        developmentLocale = CStringArena.make([catalog.developmentLocale])
        // Listed now when that reads nothing more; a catalog reading on first use waits to be asked.
        if !catalog.readsOnFirstUse { _ = self.lists }
    }

    /// The listings, made once. The arena's strings live as long as the box.
    var lists: Listings {
        listings.withLock { made in
            if let made { return made }
            let localizations = catalog.localizations
            let lists = Listings(localizations: localizations, names: CStringArena.make(localizations),
                                 diagnostics: DiagnosticList(catalog.diagnostics))
            made = lists
            return lists
        }
    }
}

/// Flags accepted by ef_catalog_open and ef_catalog_builder_new.
struct CatalogFlags {
    var strict: Bool
    /// EF_CATALOG_ON_DEMAND (ef_catalog_open only).
    var onDemand: Bool
    /// EF_CATALOG_MAPPED (ef_catalog_open only).
    var mapped: Bool

    /// The flags of ef_catalog_open (`opening`) or of ef_catalog_builder_new; any other bit is refused.
    init(_ flags: UInt32, opening: Bool) throws(Failure) {
        let known = UInt32(EF_CATALOG_STRICT) | (opening ? UInt32(EF_CATALOG_ON_DEMAND) | UInt32(EF_CATALOG_MAPPED) : 0)
        guard flags & ~known == 0 else {
            throw Failure.invalidArgument("unknown catalog flags 0x\(String(flags, radix: 16))")
        }
        strict = flags & UInt32(EF_CATALOG_STRICT) != 0
        onDemand = flags & UInt32(EF_CATALOG_ON_DEMAND) != 0
        mapped = flags & UInt32(EF_CATALOG_MAPPED) != 0
    }

    static func isStrict(_ flags: UInt32) throws(Failure) -> Bool {
        try CatalogFlags(flags, opening: false).strict
    }
}

@_cdecl("ef_catalog_open") @implementation
public func ef_catalog_open(
    _ out: UnsafeMutablePointer<OpaquePointer?>?, _ path: UnsafePointer<CChar>?,
    _ development_locale: UnsafePointer<CChar>?, _ flags: UInt32, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    openCatalog(out, path, development_locale, flags, memoBudget: Limits.defaultMemoBytes, err)
}

@_cdecl("ef_catalog_open_with_memo_budget") @implementation
public func ef_catalog_open_with_memo_budget(
    _ out: UnsafeMutablePointer<OpaquePointer?>?, _ path: UnsafePointer<CChar>?,
    _ development_locale: UnsafePointer<CChar>?, _ flags: UInt32, _ memo_budget: Int,
    _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    openCatalog(out, path, development_locale, flags, memoBudget: memo_budget, err)
}

private func openCatalog(
    _ out: UnsafeMutablePointer<OpaquePointer?>?, _ path: UnsafePointer<CChar>?,
    _ development_locale: UnsafePointer<CChar>?, _ flags: UInt32, memoBudget: Int,
    _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    reportingFailures(err) { () throws(Failure) in
        let out = try CInput.clear(out)
        let path = try CInput.string(path, name: "path")
        let development = try CInput.optionalString(development_locale, name: "development_locale")
        let options = try CatalogFlags(flags, opening: true)
        guard !path.isEmpty else { throw Failure.invalidArgument("path must not be empty") }
        // A size_t above Int.max arrives negative.
        guard memoBudget >= 0, memoBudget <= Limits.maximumMemoBytes else {
            throw Failure.invalidArgument(
                "memo_budget \(UInt(bitPattern: memoBudget)) is more than \(Limits.maximumMemoBytes) bytes")
        }
        do throws(CatalogError) {
            let catalog = try Catalog.open(path: path, developmentLocale: development, strict: options.strict,
                                           loading: options.onDemand ? .onFirstUse : .atOpen, mapped: options.mapped,
                                           memoBudget: memoBudget)
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
    Handle.borrow(catalog, as: CatalogBox.self)?.lists.count ?? 0
}

@_cdecl("ef_catalog_localization_name") @implementation
public func ef_catalog_localization_name(_ catalog: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    guard let lists = Handle.borrow(catalog, as: CatalogBox.self)?.lists, index >= 0, index < lists.count
    else { return nil }
    return lists.names[index]
}

@_cdecl("ef_catalog_development_locale") @implementation
public func ef_catalog_development_locale(_ catalog: OpaquePointer?) -> UnsafePointer<CChar>? {
    Handle.borrow(catalog, as: CatalogBox.self)?.developmentLocale[0] ?? StaticCString.empty
}

@_cdecl("ef_catalog_diagnostic_count") @implementation
public func ef_catalog_diagnostic_count(_ catalog: OpaquePointer?) -> Int {
    Handle.borrow(catalog, as: CatalogBox.self)?.lists.diagnostics.count ?? 0
}

@_cdecl("ef_catalog_diagnostic_severity") @implementation
public func ef_catalog_diagnostic_severity(_ catalog: OpaquePointer?, _ index: Int) -> Int32 {
    Handle.borrow(catalog, as: CatalogBox.self)?.lists.diagnostics.severity(index) ?? -1
}

@_cdecl("ef_catalog_diagnostic_code") @implementation
public func ef_catalog_diagnostic_code(_ catalog: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    Handle.borrow(catalog, as: CatalogBox.self)?.lists.diagnostics.string(index, .code)
}

@_cdecl("ef_catalog_diagnostic_message") @implementation
public func ef_catalog_diagnostic_message(_ catalog: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    Handle.borrow(catalog, as: CatalogBox.self)?.lists.diagnostics.string(index, .message)
}

@_cdecl("ef_catalog_diagnostic_file") @implementation
public func ef_catalog_diagnostic_file(_ catalog: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    Handle.borrow(catalog, as: CatalogBox.self)?.lists.diagnostics.string(index, .file)
}

@_cdecl("ef_catalog_diagnostic_line") @implementation
public func ef_catalog_diagnostic_line(_ catalog: OpaquePointer?, _ index: Int) -> Int32 {
    Handle.borrow(catalog, as: CatalogBox.self)?.lists.diagnostics.line(index) ?? 0
}

@_cdecl("ef_catalog_diagnostic_column") @implementation
public func ef_catalog_diagnostic_column(_ catalog: OpaquePointer?, _ index: Int) -> Int32 {
    Handle.borrow(catalog, as: CatalogBox.self)?.lists.diagnostics.column(index) ?? 0
}

@_cdecl("ef_catalog_describe_packed") @implementation
public func ef_catalog_describe_packed(
    _ out_length: UnsafeMutablePointer<Int>?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
    _ catalog: OpaquePointer?, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    writingPacked(out_length, buffer, capacity, err) { () throws(Failure) in
        guard let box = Handle.borrow(catalog, as: CatalogBox.self) else {
            throw Failure.invalidArgument("catalog must not be NULL")
        }
        let lists = box.lists
        return CatalogDescriptionLayout.items(developmentLocale: box.catalog.developmentLocale,
                                              localizations: lists.localizations,
                                              diagnostics: lists.diagnostics.diagnostics)
    }
}
