import CErrorFormatter
import ErrorFormatter

/// `ef_live_catalog *` is the core's `LiveCatalog` itself: it hands out no C strings of its own
/// (refusals are copied into error details per call). Each version it publishes is a
/// `CatalogBox`, so that `ef_live_catalog_current` returns an ordinary `ef_catalog *`.

/// Flags accepted by ef_live_catalog_open: the open flags of ef_catalog_open, without
/// EF_CATALOG_ON_DEMAND (a version is read whole when it is taken), plus EF_LIVE_CATALOG_LINT_CLEAN.
/// Every version is opened with them, and published with their EF_CATALOG_FAIL_ON_REJECTION.
private func liveOptions(
    _ flags: UInt32, developmentLocale: String?, checkInterval: UInt32, debounce: UInt32?
) throws(Failure) -> (options: LiveCatalog.Options, failsOnRejection: Bool) {
    let lintClean = UInt32(EF_LIVE_CATALOG_LINT_CLEAN)
    guard flags & UInt32(EF_CATALOG_ON_DEMAND) == 0 else {
        throw Failure.invalidArgument("EF_CATALOG_ON_DEMAND does not apply to a live catalog, which reads each version whole")
    }
    let catalogFlags = try CatalogFlags(flags & ~lintClean, opening: true)
    let options = LiveCatalog.Options(
        developmentLocale: developmentLocale, strict: catalogFlags.strict, mapped: catalogFlags.mapped,
        requiresCleanLint: flags & lintClean != 0, catalogOptions: catalogFlags.options,
        checkIntervalMilliseconds: Int(checkInterval), debounceMilliseconds: debounce.map { Int($0) })
    return (options, catalogFlags.failsOnRejection)
}

private func openLiveCatalog(
    _ out: UnsafeMutablePointer<OpaquePointer?>?, _ path: UnsafePointer<CChar>?,
    _ development_locale: UnsafePointer<CChar>?, _ flags: UInt32, _ check_interval_ms: UInt32,
    debounce: UInt32?, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    reportingFailures(err) { () throws(Failure) in
        let out = try CInput.clear(out)
        let path = try CInput.string(path, name: "path")
        let development = try CInput.optionalString(development_locale, name: "development_locale")
        guard !path.isEmpty else { throw Failure.invalidArgument("path must not be empty") }
        let (options, failsOnRejection) = try liveOptions(
            flags, developmentLocale: development, checkInterval: check_interval_ms, debounce: debounce)
        do throws(CatalogError) {
            let live = try LiveCatalog.open(path: path, options: options, onEvent: nil,
                                            makingVersions: { CatalogBox($0, failsOnRejection: failsOnRejection) })
            out.pointee = Handle.make(live)
        } catch {
            throw Failure(error)
        }
    }
}

@_cdecl("ef_live_catalog_open") @implementation
public func ef_live_catalog_open(
    _ out: UnsafeMutablePointer<OpaquePointer?>?, _ path: UnsafePointer<CChar>?,
    _ development_locale: UnsafePointer<CChar>?, _ flags: UInt32, _ check_interval_ms: UInt32,
    _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    openLiveCatalog(out, path, development_locale, flags, check_interval_ms, debounce: nil, err)
}

@_cdecl("ef_live_catalog_open_with_debounce") @implementation
public func ef_live_catalog_open_with_debounce(
    _ out: UnsafeMutablePointer<OpaquePointer?>?, _ path: UnsafePointer<CChar>?,
    _ development_locale: UnsafePointer<CChar>?, _ flags: UInt32, _ check_interval_ms: UInt32,
    _ debounce_ms: UInt32, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    openLiveCatalog(out, path, development_locale, flags, check_interval_ms, debounce: debounce_ms, err)
}

@_cdecl("ef_live_catalog_current") @implementation
public func ef_live_catalog_current(_ live: OpaquePointer?) -> OpaquePointer? {
    // The reference taken is the caller's: ef_catalog_free releases it.
    Handle.withBorrowed(live, as: LiveCatalog.self) { $0.takeCurrent() }?
        .map { OpaquePointer($0.toOpaque()) }
}

@_cdecl("ef_live_catalog_reload") @implementation
public func ef_live_catalog_reload(_ live: OpaquePointer?, _ err: UnsafeMutablePointer<OpaquePointer?>?) -> ef_status {
    reportingFailures(err) { () throws(Failure) in
        guard let live = Handle.borrow(live, as: LiveCatalog.self) else {
            throw Failure.invalidArgument("live must not be NULL")
        }
        do throws(LiveCatalog.Refusal) {
            try live.reload()
        } catch {
            throw Failure(error.error)
        }
    }
}

@_cdecl("ef_live_catalog_generation") @implementation
public func ef_live_catalog_generation(_ live: OpaquePointer?) -> UInt64 {
    Handle.borrow(live, as: LiveCatalog.self)?.generation ?? 0
}

@_cdecl("ef_live_catalog_last_error") @implementation
public func ef_live_catalog_last_error(_ live: OpaquePointer?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> ef_status {
    out?.pointee = nil
    guard let live = Handle.borrow(live, as: LiveCatalog.self) else { return ef_status(EF_E_INVALID_ARGUMENT) }
    guard let refusal = live.lastRefusal else { return ef_status(EF_OK) }
    let failure = Failure(refusal.error)
    out?.pointee = Handle.make(ErrorDetailsBox(failure))
    return failure.status
}

@_cdecl("ef_live_catalog_free") @implementation
public func ef_live_catalog_free(_ live: OpaquePointer?) {
    Handle.release(live, as: LiveCatalog.self)
}
