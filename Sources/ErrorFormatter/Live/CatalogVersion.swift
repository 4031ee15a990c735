/// An object holding one catalog: what a live catalog publishes for each version, and lends
/// references to (``VersionSlot``). Whoever takes a reference releases it when done, so a
/// version lives exactly as long as somebody holds it, and results made from it outlive it as
/// they outlive any catalog.
///
/// The C layer's `ef_catalog *` object is one (it adds the C strings its getters hand out), so
/// that a live catalog opened from C hands out ordinary catalog handles; Swift's live catalogs
/// publish a ``CatalogVersion``.
package protocol CatalogHolder: AnyObject {
    var catalog: Catalog { get }
}

/// The version object of a live catalog opened from Swift: the catalog alone.
final class CatalogVersion: CatalogHolder, Sendable {
    let catalog: Catalog

    init(_ catalog: Catalog) {
        self.catalog = catalog
    }
}
