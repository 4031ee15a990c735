import ErrorFormatter

/// Paths and builders shared by the test suites.
enum TestSupport {
    /// The package root, found from this file's path (Tests/ErrorFormatterTests/…).
    static let packageRoot: String = {
        var components = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast(3)
        return components.joined(separator: "/")
    }()

    /// `Examples/CoreLocation`, the bundled example catalog.
    static let exampleCatalog = packageRoot + "/Examples/CoreLocation"

    /// `../shared` beside the project, or nil when this checkout has none (tests then skip).
    static let sharedDirectory: String? = {
        let path = packageRoot + "/../shared"
        return FileSystem.entryType(atPath: path) == .directory ? path : nil
    }()

    /// A catalog built in memory from `.strings` sources: localization ("" = unlocalized) → text.
    static func catalog(
        _ tables: [(localization: String, text: String)], table: String = "Localizable",
        developmentLocale: String = "en"
    ) throws -> Catalog {
        var builder = CatalogBuilder()
        for (localization, text) in tables {
            try builder.addTable(bytes: Array(text.utf8), localization: localization,
                                 fileName: table + ".strings")
        }
        return try builder.build(developmentLocale: developmentLocale)
    }
}
