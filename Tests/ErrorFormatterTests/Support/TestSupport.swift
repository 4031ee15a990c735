import ErrorFormatter

/// Paths and builders shared by the test suites.
enum TestSupport {
    /// The package root, found from this file's path (Tests/ErrorFormatterTests/Support/…).
    static let packageRoot: String = {
        var components = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast(4)
        return components.joined(separator: "/")
    }()

    /// `Examples/CoreLocation`, the bundled example catalog.
    static let exampleCatalog = packageRoot + "/Examples/CoreLocation"

    /// `../shared` beside the project (the corpus and the oracles). It may be absent: the suites
    /// that read it check for the files they need and are skipped, saying so, when they are not.
    static let sharedDirectory = packageRoot + "/../shared"

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
