import CErrorFormatter
import ErrorFormatter

/// The object behind `ef_catalog_builder *`: mutable, used by one thread at a time (header).
final class CatalogBuilderBox {
    var builder: CatalogBuilder
    /// What the catalogs it finishes do beyond serving their tables (its flags).
    let options: Catalog.Options
    /// EF_CATALOG_FAIL_ON_REJECTION, for the catalogs it finishes.
    let failsOnRejection: Bool

    init(_ flags: CatalogFlags) {
        builder = CatalogBuilder(strict: flags.strict)
        options = flags.options
        failsOnRejection = flags.failsOnRejection
    }
}

@_cdecl("ef_catalog_builder_new") @implementation
public func ef_catalog_builder_new(
    _ out: UnsafeMutablePointer<OpaquePointer?>?, _ flags: UInt32, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    reportingFailures(err) { () throws(Failure) in
        let out = try CInput.clear(out)
        out.pointee = Handle.make(CatalogBuilderBox(try CatalogFlags(flags, opening: false)))
    }
}

@_cdecl("ef_catalog_builder_add_table") @implementation
public func ef_catalog_builder_add_table(
    _ builder: OpaquePointer?, _ locale: UnsafePointer<CChar>?, _ file_name: UnsafePointer<CChar>?,
    _ bytes: UnsafeRawPointer?, _ length: Int, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    reportingFailures(err) { () throws(Failure) in
        guard let box = Handle.borrow(builder, as: CatalogBuilderBox.self) else {
            throw Failure.invalidArgument("builder must not be NULL")
        }
        let localization = try CInput.optionalString(locale, name: "locale")
        // The file name says the table name, bounded like every table name (EF_MAX_KEY_BYTES);
        // the bytes are bounded like a table file read from a directory (EF_MAX_TABLE_FILE_BYTES).
        let fileName = try CInput.key(file_name, name: "file_name")
        guard length >= 0, length <= Limits.maximumTableFileBytes else {
            throw Failure.invalidArgument("length is larger than \(Limits.maximumTableFileBytes) bytes")
        }
        let contents: [UInt8]
        if length == 0 {
            contents = []
        } else {
            guard let bytes else { throw Failure.invalidArgument("bytes must not be NULL when length is \(length)") }
            contents = Array(UnsafeRawBufferPointer(start: bytes, count: length))
        }
        do throws(CatalogError) {
            try box.builder.addTable(bytes: contents, localization: localization, fileName: fileName)
        } catch {
            throw Failure(error)
        }
    }
}

@_cdecl("ef_catalog_builder_finish") @implementation
public func ef_catalog_builder_finish(
    _ out: UnsafeMutablePointer<OpaquePointer?>?, _ builder: OpaquePointer?,
    _ development_locale: UnsafePointer<CChar>?, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    reportingFailures(err) { () throws(Failure) in
        let out = try CInput.clear(out)
        guard let box = Handle.borrow(builder, as: CatalogBuilderBox.self) else {
            throw Failure.invalidArgument("builder must not be NULL")
        }
        let development = try CInput.optionalString(development_locale, name: "development_locale")
        do throws(CatalogError) {
            out.pointee = Handle.make(CatalogBox(try box.builder.build(developmentLocale: development, options: box.options),
                                                 failsOnRejection: box.failsOnRejection))
        } catch {
            throw Failure(error)
        }
    }
}

@_cdecl("ef_catalog_builder_free") @implementation
public func ef_catalog_builder_free(_ builder: OpaquePointer?) {
    Handle.release(builder, as: CatalogBuilderBox.self)
}
