extension Catalog {
    /// The directory-name suffix of a localization (`fr.lproj`).
    public static let localizationDirectorySuffix = ".lproj"

    /// Opens a catalog directory laid out like an Apple bundle's resources:
    /// `<directory>/<loc>.lproj/<Table>.strings` for every localization (any spelling: `fr-CA`,
    /// `fr_CA`, `zh-Hant`, `es-419`, `Base`) and unlocalized `<directory>/<Table>.strings`.
    ///
    /// Nothing outside `directory` is read: entries that are symbolic links leading out of it
    /// are skipped with a warning. Directories whose name is not a locale are skipped with a
    /// warning; files this version does not read are noted.
    ///
    /// - Throws: `.notFound`, `.unreadable` for the directory itself; `.invalidLocale` for a bad
    ///   `developmentLocale`; `.parse` for a broken table when `strict`.
    public static func open(
        directory: String, developmentLocale: String = "en", strict: Bool = false
    ) throws(CatalogError) -> Catalog {
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
                try readTable(path: path, fileName: name, localization: nil, displayedAs: name)
            }
        }
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
        guard TableFile.tableName(forFileName: fileName) != nil else {
            if Self.laterFormatExtensions.contains(where: { fileName.hasSuffix($0) }) {
                builder.addDiagnostic(Diagnostic(
                    severity: .note, code: "unsupported-table-format",
                    message: "'\(fileName)' is a table format this version does not read yet; it is ignored",
                    file: display))
            }
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

    /// Apple table formats that are recognised but not read by this version.
    private static let laterFormatExtensions = [".stringsdict", ".xcstrings"]

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
