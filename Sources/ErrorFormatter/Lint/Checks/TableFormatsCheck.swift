/// A table defined both in `.lproj` files (or a `<loc>.json` table) and in a top-level String
/// Catalog of the same name, for one localization: the catalog reads both, in directory order,
/// and the later file's strings replace the earlier's (a `.strings` file replaces the whole
/// table, so `Localizable.strings` hides every string of `Localizable.xcstrings` in that
/// language). Lint sees the two merged, so without this finding nothing would say so.
enum TableFormatsCheck: LintCheck {
    static let rules = [
        LintRule("table-defined-twice", .error, "a table is defined both in .lproj files and in a String Catalog",
                 help: "The catalog reads both definitions of the table for this localization, in directory order, and the "
                     + "later one's strings replace the earlier one's: a <loc>.lproj/<Table>.strings file hides every string "
                     + "of <Table>.xcstrings in that language, so keys that only the String Catalog has are never found. "
                     + "Keep each table in one format: migrate the .lproj strings into the String Catalog, or the reverse."),
    ]

    static func run(_ context: LintContext) -> [Diagnostic] {
        findings(context)
    }

    /// The findings about every table, or only those named `name`.
    static func findings(_ context: LintContext, table name: String? = nil) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for table in context.catalog.allTables where name == nil || table.name == name {
            let stringCatalogs = table.files.filter { $0.hasSuffix(TableFile.Format.stringCatalog.fileExtension) }
            let others = table.files.filter { !$0.hasSuffix(TableFile.Format.stringCatalog.fileExtension) }
            guard let catalogFile = stringCatalogs.first, let file = others.first else { continue }
            let localization = table.localization.isEmpty ? "the unlocalized tables" : "'\(table.localization)'"
            diagnostics.append(Diagnostic(
                severity: .error, code: "table-defined-twice",
                message: "the table '\(table.name)' of \(localization) is defined both by \(others.joined(separator: " and ")) "
                    + "and by the String Catalog \(catalogFile); the catalog reads both, and one hides the other's strings",
                file: file))
        }
        return diagnostics
    }
}
