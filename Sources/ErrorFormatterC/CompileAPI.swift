import CErrorFormatter
import ErrorFormatter

@_cdecl("ef_catalog_compile") @implementation
public func ef_catalog_compile(
    _ catalog: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    reportingFailures(err) { () throws(Failure) in
        guard let box = Handle.borrow(catalog, as: CatalogBox.self) else {
            throw Failure.invalidArgument("catalog must not be NULL")
        }
        let path = try CInput.string(path, name: "path")
        guard !path.isEmpty else { throw Failure.invalidArgument("path must not be empty") }
        do throws(CatalogError) {
            try box.catalog.compile(to: path)
        } catch {
            throw Failure(error)
        }
    }
}
