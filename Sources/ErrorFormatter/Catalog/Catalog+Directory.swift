extension Catalog {
    /// The directory-name suffix of a localization (`fr.lproj`).
    public static let localizationDirectorySuffix = ".lproj"

    /// Opens a catalog directory laid out like an Apple bundle's resources:
    /// - `<directory>/<loc>.lproj/<Table>.strings` and `<Table>.stringsdict` (and `<Table>.json`)
    ///   for every localization (any spelling: `fr-CA`, `fr_CA`, `zh-Hant`, `es-419`, `Base`);
    /// - unlocalized `<directory>/<Table>.strings` / `.stringsdict`;
    /// - String Catalogs `<directory>/<Table>.xcstrings` (one table in every language);
    /// - flat JSON tables `<directory>/<loc>.json` (the `Localizable` table of `<loc>`).
    ///
    /// Nothing outside `directory` is read: entries that are symbolic links leading out of it
    /// are skipped with a warning. Directories and JSON files whose name is not a locale are
    /// skipped with a warning; other files are ignored.
    ///
    /// - Parameter developmentLocale: `nil` means ``defaultDevelopmentLocale``.
    /// - Throws: `.notFound`, `.unreadable` for the directory itself; `.invalidLocale` for a bad
    ///   `developmentLocale`; `.parse` for a broken table when `strict`.
    public static func open(
        directory: String, developmentLocale: String? = nil, strict: Bool = false
    ) throws(CatalogError) -> Catalog {
        let developmentLocale = developmentLocale ?? defaultDevelopmentLocale
        try CatalogBuilder.validateDevelopmentLocale(developmentLocale)
        guard let root = FileSystem.canonicalPath(directory) else {
            throw CatalogError(kind: .notFound, message: "no such catalog directory: \(directory)", file: directory)
        }
        guard FileSystem.entryType(atPath: root) == .directory else {
            throw CatalogError(kind: .unreadable, message: "not a directory: \(directory)", file: directory)
        }
        var reader = DirectoryReader(root: root, builder: CatalogBuilder(strict: strict))
        try reader.readRoot()
        return try reader.builder.build(developmentLocale: developmentLocale)
    }
}

/// Walks one catalog directory into a `CatalogBuilder`, keeping every read inside the root.
private struct DirectoryReader {
    let root: String
    var builder: CatalogBuilder

    mutating func readRoot() throws(CatalogError) {
        for name in try list(root, displayedAs: ".") {
            let path = FileSystem.join(root, name)
            guard let type = entryTypeInsideRoot(path, displayedAs: name) else { continue }
            if name.hasSuffix(Catalog.localizationDirectorySuffix), type == .directory {
                try readLocalization(directoryName: name, path: path)
            } else if type == .file {
                try readTopLevelFile(path: path, fileName: name)
            }
        }
    }

    /// A top-level file: an unlocalized `.strings`/`.stringsdict` table, a String Catalog (every
    /// language), or `<loc>.json` (the `Localizable` table of one localization).
    private mutating func readTopLevelFile(path: String, fileName: String) throws(CatalogError) {
        guard let (name, format) = TableFile.classify(fileName: fileName) else { return }
        guard format == .json else {
            try readTable(path: path, fileName: fileName, localization: nil, displayedAs: fileName)
            return
        }
        do {
            try CatalogBuilder.validateLocalizationName(name)
        } catch {
            builder.addDiagnostic(Diagnostic(
                severity: .warning, code: "unknown-localization",
                message: "'\(fileName)' is not named after a locale (expected <locale>.json); it is skipped",
                file: fileName))
            return
        }
        try readTable(path: path, fileName: Catalog.defaultTable + TableFile.Format.json.fileExtension,
                      localization: name, displayedAs: fileName)
    }

    private mutating func readLocalization(directoryName: String, path: String) throws(CatalogError) {
        let localization = String(directoryName.dropLast(Catalog.localizationDirectorySuffix.count))
        do {
            try CatalogBuilder.validateLocalizationName(localization)
        } catch {
            builder.addDiagnostic(Diagnostic(
                severity: .warning, code: "unknown-localization",
                message: "'\(directoryName)' is not named after a locale; it is skipped", file: directoryName))
            return
        }
        for name in try list(path, displayedAs: directoryName) {
            let display = directoryName + "/" + name
            let filePath = FileSystem.join(path, name)
            guard entryTypeInsideRoot(filePath, displayedAs: display) == .file else { continue }
            try readTable(path: filePath, fileName: name, localization: localization, displayedAs: display)
        }
    }

    private mutating func readTable(
        path: String, fileName: String, localization: String?, displayedAs display: String
    ) throws(CatalogError) {
        guard let (_, format) = TableFile.classify(fileName: fileName) else { return }
        if format == .stringCatalog, localization != nil {
            builder.addDiagnostic(Diagnostic(
                severity: .warning, code: "misplaced-string-catalog",
                message: "a String Catalog holds every language and belongs at the top of the catalog; "
                    + "this one is ignored", file: display))
            return
        }
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.readBytes(atPath: path)
        } catch {
            if builder.isStrict {
                throw CatalogError(kind: .unreadable, message: "cannot read \(display): \(error.reason)", file: display)
            }
            builder.addDiagnostic(Diagnostic(
                severity: .error, code: "unreadable-file", message: "cannot read the file: \(error.reason)",
                file: display))
            return
        }
        try builder.addTable(bytes: bytes, localization: localization, fileName: fileName, file: display)
    }

    private func list(_ path: String, displayedAs display: String) throws(CatalogError) -> [String] {
        do {
            return try FileSystem.contentsOfDirectory(atPath: path)
        } catch {
            throw CatalogError(kind: .unreadable, message: "cannot list \(display): \(error.reason)", file: display)
        }
    }

    /// The type of the entry at `path`, or `nil` (with a warning) when it is a link leading
    /// outside the catalog root or vanished while reading.
    private mutating func entryTypeInsideRoot(_ path: String, displayedAs display: String) -> FileSystem.EntryType? {
        guard let resolved = FileSystem.canonicalPath(path) else { return nil }
        guard FileSystem.isPath(resolved, inside: root) else {
            builder.addDiagnostic(Diagnostic(
                severity: .warning, code: "outside-catalog",
                message: "'\(display)' leads outside the catalog directory; it is skipped", file: display))
            return nil
        }
        return FileSystem.entryType(atPath: resolved)
    }
}
