import ErrorFormatter

/// Opening the catalog named by `--catalog DIR` (with `--development-locale L` and, where a
/// command accepts them, `--strict` and `--pseudo-locales`), the same way for every command. DIR
/// may also be a compiled catalog file (`errfmt compile`).
enum CatalogOptions {
    /// The catalog, or `nil` after printing why it cannot be opened (the command then exits 1).
    static func open(_ options: CommandArguments) throws(UsageError) -> Catalog? {
        let directory = try options.required("--catalog")
        do throws(CatalogError) {
            return try Catalog.open(path: directory,
                                    developmentLocale: options.value("--development-locale"),
                                    strict: options.has("--strict"),
                                    options: options.has("--pseudo-locales") ? .pseudoLocales : [])
        } catch {
            CommandLineOutput.error(error.description)
            return nil
        }
    }
}
