/// Compiled catalogs as the rest of the library sees them: a catalog compiled to one file, and
/// opened again from it with the same results (docs/compiled-catalog.md).
extension Catalog {
    /// The whole catalog as a compiled catalog file: every localization's tables, the
    /// development locale and the diagnostics. Compiling the same catalog twice gives the same
    /// bytes.
    ///
    /// - Throws: `.invalidArgument` when the catalog is beyond what the format holds (more than
    ///   `Limits.maximumLocalizations` localizations, over `Limits.maximumCompiledCatalogBytes`).
    public func compiled() throws(CatalogError) -> [UInt8] {
        try CompiledCatalogWriter.bytes(
            tables: tables.mapValues { $0.mapValues(\.table) }, developmentLocale: developmentLocale,
            diagnostics: diagnostics)
    }

    /// Writes ``compiled()`` to `path`, replacing the file whole (a new file beside it, renamed
    /// over it): a reader never sees a partial file.
    ///
    /// - Throws: what ``compiled()`` throws; `.unreadable` when the file cannot be written.
    public func compile(to path: String) throws(CatalogError) {
        let bytes = try compiled()
        do {
            try FileReplacement.replace(path, with: bytes)
        } catch {
            throw CatalogError(kind: .unreadable, message: "cannot write \(path): \(error.reason)", file: path)
        }
    }

    /// Opens a catalog directory (``open(directory:developmentLocale:strict:)``) or a compiled
    /// catalog file, whichever `path` is: a regular file that starts like a compiled catalog is
    /// read as one; anything else is opened as a directory.
    ///
    /// A compiled catalog gives the results its source gave. `developmentLocale` `nil` keeps the
    /// one it was compiled with. Strict, every section is read and checked at once and a broken
    /// one fails the open with `.parse`; lenient, a broken localization is left out with a
    /// `broken-compiled-section` error diagnostic. A broken header or directory is `.parse` either way.
    /// `loading` applies to a directory; a compiled catalog is read whole when it opens.
    public static func open(
        path: String, developmentLocale: String? = nil, strict: Bool = false, loading: Loading = .atOpen
    ) throws(CatalogError) -> Catalog {
        // What cannot be opened as a file is left to the directory open, which says why.
        guard let source = try? FileByteSource.open(path: path),
              CompiledCatalogFormat.startsLikeCompiledCatalog(
                  try source.read(at: 0, count: Int(min(source.size, UInt64(CompiledCatalogFormat.magic.count))))[...])
        else {
            return try open(directory: path, developmentLocale: developmentLocale, strict: strict, loading: loading)
        }
        return try open(compiled: CompiledCatalogFile(source: source), developmentLocale: developmentLocale, strict: strict)
    }

    /// Builds the catalog of a compiled catalog file, reading every section now.
    static func open(
        compiled file: CompiledCatalogFile, developmentLocale: String? = nil, strict: Bool = false
    ) throws(CatalogError) -> Catalog {
        if let developmentLocale { try CatalogBuilder.validateDevelopmentLocale(developmentLocale) }
        var tables: [String: [String: StringTable]] = [:]
        var diagnostics = file.diagnostics
        let names = (file.hasUnlocalizedSection ? [Catalog.unlocalized] : []) + file.localizations
        for localization in names {
            do {
                tables[localization] = try file.tables(ofLocalization: localization)
            } catch where error.kind == .parse && !strict {
                diagnostics.append(Diagnostic(
                    severity: .error, code: "broken-compiled-section",
                    message: (localization.isEmpty ? "the unlocalized tables" : "the tables of '\(localization)'")
                        + " cannot be read and are left out: \(error.message)",
                    file: file.name))
            }
        }
        return Catalog(tables: tables, developmentLocale: developmentLocale ?? file.developmentLocale,
                       diagnostics: diagnostics)
    }
}
