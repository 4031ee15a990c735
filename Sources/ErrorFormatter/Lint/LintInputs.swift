/// Turns the paths given to lint into catalogs: each directory is a catalog of its own (laid
/// out as `Catalog.open(directory:)` reads one), and the loose files named together form one
/// more, so that `lint en.lproj/Localizable.strings fr.lproj/Localizable.strings` compares them.
///
/// Files are shown as the user named them: a directory's files as the directory argument plus
/// the path inside it, so that editors and CI annotations can open them from where lint ran.
enum LintInputs {
    static let rules = [
        LintRule("outside-catalog", .warning, "a link inside the directory leads outside it; it is skipped",
                 help: "Nothing outside a catalog directory is read. Copy the file into the catalog instead of linking it."),
        LintRule("misplaced-string-catalog", .warning, "a String Catalog inside a .lproj directory; the catalog ignores it",
                 help: "A .xcstrings file holds every language and belongs at the top of the catalog, beside the .lproj directories."),
        LintRule("unreadable-file", .error, "a table file cannot be read",
                 help: "Permissions or an I/O error kept the file from being read; the rest of the catalog was linted."),
    ]

    /// The catalogs for `paths`, in argument order (loose files last).
    static func catalogs(for paths: [String]) throws(LintError) -> [LintCatalog] {
        var catalogs: [LintCatalog] = []
        var loose = LintCatalog()
        var hasLooseFiles = false
        for path in paths {
            guard !path.isEmpty else { throw LintError(.noPath, message: "an empty path was given", path: path) }
            switch FileSystem.entryType(atPath: path) {
            case nil:
                throw LintError(.notFound, message: "no such file or directory: \(path)", path: path)
            case .directory?:
                catalogs.append(try readDirectory(path))
            case .file? where TableFile.classify(fileName: path.split(separator: "/").last.map(String.init) ?? path) == nil:
                guard let compiled = try readCompiledCatalog(path) else {
                    throw LintError(.notATable, message: "not a table file (.strings, .stringsdict, .xcstrings or .json) "
                        + "or a compiled catalog: \(path)", path: path)
                }
                catalogs.append(compiled)
            case .file?:
                try readLooseFile(path, into: &loose)
                hasLooseFiles = true
            case .other?:
                throw LintError(.unreadable, message: "not a file or directory: \(path)", path: path)
            }
        }
        if hasLooseFiles { catalogs.append(loose) }
        return catalogs
    }

    /// `dir` + `/` + `name`, without doubling a slash or keeping a leading `./`.
    static func display(_ directory: String, _ name: String) -> String {
        var base = directory
        while base.count > 1, base.hasSuffix("/") { base.removeLast() }
        if base == "." { return name }
        if base.hasPrefix("./") { base.removeFirst(2) }
        return base.hasSuffix("/") ? base + name : base + "/" + name
    }

    private static func shown(_ path: String) -> String {
        path.hasPrefix("./") ? String(path.dropFirst(2)) : path
    }

    // MARK: Loose files

    /// A file named on the command line: its localization comes from its `<loc>.lproj`
    /// directory, or for `<loc>.json` from its name; a String Catalog names its languages.
    private static func readLooseFile(_ path: String, into catalog: inout LintCatalog) throws(LintError) {
        let components = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard let fileName = components.last, let (name, format) = TableFile.classify(fileName: fileName) else {
            throw LintError(.notATable, message: "not a table file (.strings, .stringsdict, .xcstrings or .json): \(path)", path: path)
        }
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.readBytes(atPath: path)
        } catch {
            throw LintError(.unreadable, message: "cannot read \(path): \(error.reason)", path: path)
        }
        var localization = Catalog.unlocalized
        var table = name
        if components.count >= 2, components[components.count - 2].hasSuffix(Catalog.localizationDirectorySuffix) {
            let directory = components[components.count - 2]
            localization = String(directory.dropLast(Catalog.localizationDirectorySuffix.count))
            let directoryPath = String(shown(path).dropLast(fileName.count + 1))
            catalog.localizationSources[localization] = catalog.localizationSources[localization] ?? directoryPath
        } else if format == .json {
            localization = name
            table = Catalog.defaultTable
            catalog.localizationSources[localization] = catalog.localizationSources[localization] ?? shown(path)
        }
        catalog.add(LintFileReader.read(bytes: bytes, file: shown(path), format: format, table: table,
                                        localization: localization))
    }

    // MARK: Compiled catalogs

    /// The catalog of the compiled catalog file at `path` (`errfmt compile`), every section read:
    /// its stored diagnostics, then one for each broken section; `nil` when the file is not one.
    private static func readCompiledCatalog(_ path: String) throws(LintError) -> LintCatalog? {
        guard Catalog.isCompiledCatalogFile(atPath: path) else { return nil }
        let opened: Catalog
        do throws(CatalogError) {
            opened = try Catalog.open(path: path)
        } catch {
            throw LintError(.unreadable, message: error.message, path: path)
        }
        var catalog = LintCatalog(opened, shownUnder: shown(path))
        catalog.diagnostics = opened.diagnostics
        catalog.developmentLocale = opened.developmentLocale
        return catalog
    }

    // MARK: Catalog directories

    private static func readDirectory(_ directory: String) throws(LintError) -> LintCatalog {
        guard let root = FileSystem.canonicalPath(directory) else {
            throw LintError(.notFound, message: "no such directory: \(directory)", path: directory)
        }
        var catalog = LintCatalog()
        for name in try list(root, shownAs: directory) {
            let path = FileSystem.join(root, name)
            let display = self.display(directory, name)
            guard let type = entryTypeInside(root, path, display: display, into: &catalog) else { continue }
            if name.hasSuffix(Catalog.localizationDirectorySuffix), type == .directory {
                try readLocalization(root: root, path: path, directoryName: name, display: display, into: &catalog)
            } else if type == .file, let (table, format) = TableFile.classify(fileName: name) {
                if format == .json {
                    // `<loc>.json`: the `Localizable` table of that localization.
                    catalog.localizationSources[table] = display
                    read(path, display: display, format: format, table: Catalog.defaultTable, localization: table,
                         into: &catalog)
                } else {
                    read(path, display: display, format: format, table: table, localization: Catalog.unlocalized,
                         into: &catalog)
                }
            }
        }
        return catalog
    }

    private static func readLocalization(root: String, path: String, directoryName: String, display: String,
                                         into catalog: inout LintCatalog) throws(LintError) {
        let localization = String(directoryName.dropLast(Catalog.localizationDirectorySuffix.count))
        catalog.localizationSources[localization] = display
        for name in try list(path, shownAs: display) {
            let filePath = FileSystem.join(path, name)
            let fileDisplay = self.display(display, name)
            guard entryTypeInside(root, filePath, display: fileDisplay, into: &catalog) == .file else { continue }
            if let interface = interfaceBuilderName(name) {
                catalog.interfaceBuilderFiles[localization, default: []].insert(interface)
                continue
            }
            guard let (table, format) = TableFile.classify(fileName: name) else { continue }
            if format == .stringCatalog {
                catalog.diagnostics.append(Diagnostic(
                    severity: .warning, code: "misplaced-string-catalog",
                    message: "a String Catalog holds every language and belongs at the top of the catalog; "
                        + "the catalog ignores this one", file: fileDisplay))
                continue
            }
            read(filePath, display: fileDisplay, format: format, table: table, localization: localization, into: &catalog)
        }
    }

    /// `Main` for `Main.storyboard` or `Main.xib`, else `nil`.
    static func interfaceBuilderName(_ fileName: String) -> String? {
        for suffix in [".storyboard", ".xib"] where fileName.hasSuffix(suffix) && fileName.count > suffix.count {
            return String(fileName.dropLast(suffix.count))
        }
        return nil
    }

    private static func read(_ path: String, display: String, format: TableFile.Format, table: String,
                             localization: String, into catalog: inout LintCatalog) {
        do {
            let bytes = try FileSystem.readBytes(atPath: path)
            catalog.add(LintFileReader.read(bytes: bytes, file: display, format: format, table: table,
                                            localization: localization))
        } catch {
            catalog.diagnostics.append(Diagnostic(
                severity: .error, code: "unreadable-file", message: "cannot read the file: \(error.reason)", file: display))
        }
    }

    private static func list(_ path: String, shownAs display: String) throws(LintError) -> [String] {
        do {
            return try FileSystem.contentsOfDirectory(atPath: path).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        } catch {
            throw LintError(.unreadable, message: "cannot list \(display): \(error.reason)", path: display)
        }
    }

    /// The type of `path`, or `nil` (with a warning) for a link leading outside the catalog.
    private static func entryTypeInside(_ root: String, _ path: String, display: String,
                                        into catalog: inout LintCatalog) -> FileSystem.EntryType? {
        guard let resolved = FileSystem.canonicalPath(path) else { return nil }
        guard FileSystem.isPath(resolved, inside: root) else {
            catalog.diagnostics.append(Diagnostic(
                severity: .warning, code: "outside-catalog",
                message: "'\(display)' leads outside the catalog directory; it is skipped", file: display))
            return nil
        }
        return FileSystem.entryType(atPath: resolved)
    }
}
