#if canImport(Glibc)
import Glibc
#endif

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
    /// Nothing outside `directory` is read: every entry is opened relative to a descriptor of the
    /// root, links resolved by the library one component at a time (`RootDirectory`), so a link
    /// leading out of it -- even one swapped while the catalog opens -- is skipped with an
    /// `outside-catalog` warning, and what was checked is what is read. Every other entry that is
    /// skipped gets a diagnostic too: FIFOs, sockets and devices (`unsupported-file-type`, never
    /// opened in a blocking way), link loops (`link-loop`), names that are not UTF-8
    /// (`invalid-file-name`), unreadable files and `.lproj` directories alike (`unreadable-file`:
    /// an error diagnostic when lenient, `.unreadable` when strict), files over
    /// `Limits.maximumTableFileBytes` (`file-too-large`), entries past the counts of `Limits`
    /// (`too-many-entries`). Directories and JSON files whose name is not a locale are skipped
    /// with a warning; other files are ignored.
    ///
    /// - Parameter developmentLocale: `nil` means ``defaultDevelopmentLocale``.
    /// - Throws: `.notFound`, `.unreadable` for the directory itself; `.invalidLocale` for a bad
    ///   `developmentLocale`; `.parse` for a broken table when `strict`; `.unreadable` when
    ///   `strict` and an entry cannot be read.
    public static func open(
        directory: String, developmentLocale: String? = nil, strict: Bool = false
    ) throws(CatalogError) -> Catalog {
        let developmentLocale = developmentLocale ?? defaultDevelopmentLocale
        try CatalogBuilder.validateDevelopmentLocale(developmentLocale)
        let root: RootDirectory
        do {
            root = try RootDirectory(path: directory)
        } catch {
            switch error.kind {
            case .notFound:
                throw CatalogError(kind: .notFound, message: "no such catalog directory: \(directory)", file: directory)
            default:
                throw CatalogError(kind: .unreadable, message: "\(error.reason): \(directory)", file: directory)
            }
        }
        var reader = DirectoryReader(root: root, builder: CatalogBuilder(strict: strict))
        try reader.readRoot()
        return try reader.builder.build(developmentLocale: developmentLocale)
    }
}

/// Walks one catalog directory into a `CatalogBuilder`. Every entry is opened through
/// `RootDirectory` by its path relative to the root, so every read stays inside it.
private struct DirectoryReader {
    let root: RootDirectory
    var builder: CatalogBuilder
    private var localizations = 0
    private var tableFiles = 0

    init(root: RootDirectory, builder: CatalogBuilder) {
        self.root = root
        self.builder = builder
    }

    mutating func readRoot() throws(CatalogError) {
        guard case .directory(let descriptor) = try openInsideRoot(".", displayedAs: ".") else { return }
        let names = try list(descriptor, displayedAs: ".")
        close(descriptor)
        for name in names {
            // Only what is named like catalog content is opened, as inside a .lproj: anything
            // else (images, nibs, .DS_Store, a private file) is not read, so it can neither be
            // skipped nor fail a strict open.
            let isLocalization = name.hasSuffix(Catalog.localizationDirectorySuffix)
            guard isLocalization || TableFile.classify(fileName: name) != nil else { continue }
            guard let entry = try openInsideRoot(name, displayedAs: name) else { continue }
            switch entry {
            case .directory(let descriptor):
                defer { close(descriptor) }
                guard isLocalization else {
                    reportMisnamed(name, "is a directory, not a table file")
                    continue
                }
                try readLocalization(directoryName: name, descriptor: descriptor)
            case .file(let descriptor, let size):
                defer { close(descriptor) }
                guard !isLocalization else {
                    reportMisnamed(name, "is a file, not a localization directory")
                    continue
                }
                try readTopLevelFile(descriptor: descriptor, size: size, fileName: name)
            }
        }
    }

    /// An entry named like catalog content that is of the other kind: skipped, and said so.
    private mutating func reportMisnamed(_ display: String, _ what: String) {
        builder.addDiagnostic(Diagnostic(
            severity: .warning, code: "unsupported-file-type", message: "'\(display)' \(what); it is skipped",
            file: display))
    }

    /// A top-level file: an unlocalized `.strings`/`.stringsdict` table, a String Catalog (every
    /// language), or `<loc>.json` (the `Localizable` table of one localization).
    private mutating func readTopLevelFile(descriptor: Int32, size: Int, fileName: String) throws(CatalogError) {
        guard let (name, format) = TableFile.classify(fileName: fileName) else { return }
        guard format == .json else {
            try readTable(descriptor: descriptor, size: size, fileName: fileName, localization: nil, displayedAs: fileName)
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
        guard countLocalization(displayedAs: fileName) else { return }
        try readTable(descriptor: descriptor, size: size,
                      fileName: Catalog.defaultTable + TableFile.Format.json.fileExtension,
                      localization: name, displayedAs: fileName)
    }

    private mutating func readLocalization(directoryName: String, descriptor: Int32) throws(CatalogError) {
        let localization = String(directoryName.dropLast(Catalog.localizationDirectorySuffix.count))
        do {
            try CatalogBuilder.validateLocalizationName(localization)
        } catch {
            builder.addDiagnostic(Diagnostic(
                severity: .warning, code: "unknown-localization",
                message: "'\(directoryName)' is not named after a locale; it is skipped", file: directoryName))
            return
        }
        guard countLocalization(displayedAs: directoryName) else { return }
        for name in try list(descriptor, displayedAs: directoryName) {
            let display = directoryName + "/" + name
            guard TableFile.classify(fileName: name) != nil else { continue }
            guard let entry = try openInsideRoot(display, displayedAs: display) else { continue }
            switch entry {
            case .directory(let descriptor):
                close(descriptor)
                reportMisnamed(display, "is a directory, not a table file")
            case .file(let descriptor, let size):
                defer { close(descriptor) }
                try readTable(descriptor: descriptor, size: size, fileName: name, localization: localization,
                              displayedAs: display)
            }
        }
    }

    /// Counts one more localization; past `Limits.maximumLocalizations`, reports it skipped.
    private mutating func countLocalization(displayedAs display: String) -> Bool {
        localizations += 1
        guard localizations <= Limits.maximumLocalizations else {
            if localizations == Limits.maximumLocalizations + 1 {
                builder.addDiagnostic(Diagnostic(
                    severity: .error, code: "too-many-entries",
                    message: "more than \(Limits.maximumLocalizations) localizations; '\(display)' and the ones after it are skipped",
                    file: display))
            }
            return false
        }
        return true
    }

    private mutating func readTable(
        descriptor: Int32, size: Int, fileName: String, localization: String?, displayedAs display: String
    ) throws(CatalogError) {
        guard let (_, format) = TableFile.classify(fileName: fileName) else { return }
        if format == .stringCatalog, localization != nil {
            builder.addDiagnostic(Diagnostic(
                severity: .warning, code: "misplaced-string-catalog",
                message: "a String Catalog holds every language and belongs at the top of the catalog; "
                    + "this one is ignored", file: display))
            return
        }
        tableFiles += 1
        guard tableFiles <= Limits.maximumTableFiles else {
            if tableFiles == Limits.maximumTableFiles + 1 {
                builder.addDiagnostic(Diagnostic(
                    severity: .error, code: "too-many-entries",
                    message: "more than \(Limits.maximumTableFiles) table files; '\(display)' and the ones after it are skipped",
                    file: display))
            }
            return
        }
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.readBytes(descriptor: descriptor, size: size, limit: Limits.maximumTableFileBytes,
                                             path: display)
        } catch {
            try skip(display, because: error)
            return
        }
        try builder.addTable(bytes: bytes, localization: localization, fileName: fileName, file: display)
    }

    /// Lists an open directory; a name that is not UTF-8 gets a diagnostic (it is never repaired
    /// into a name that would open something else), and so do names past the entry limit.
    private mutating func list(_ descriptor: Int32, displayedAs display: String) throws(CatalogError) -> [String] {
        let listing: (names: [FileSystem.DirectoryName], truncated: Bool)
        do {
            listing = try FileSystem.contentsOfDirectory(
                descriptor: descriptor, limit: Limits.maximumDirectoryEntries, path: display)
        } catch {
            throw CatalogError(kind: .unreadable, message: "cannot list \(display): \(error.reason)", file: display)
        }
        if listing.truncated {
            builder.addDiagnostic(Diagnostic(
                severity: .error, code: "too-many-entries",
                message: "more than \(Limits.maximumDirectoryEntries) entries; the ones after them are skipped",
                file: display))
        }
        var names: [String] = []
        names.reserveCapacity(listing.names.count)
        for name in listing.names {
            if let text = name.text {
                names.append(text)
            } else {
                let shown = (display == "." ? "" : display + "/") + name.displayed
                builder.addDiagnostic(Diagnostic(
                    severity: .warning, code: "invalid-file-name",
                    message: "'\(shown)' is not named in UTF-8; it is skipped", file: shown))
            }
        }
        return names
    }

    /// Opens `path` below the root; `nil` (after a diagnostic, or an error when strict and the
    /// entry is unreadable) when it cannot be used.
    private mutating func openInsideRoot(_ path: String, displayedAs display: String) throws(CatalogError) -> RootDirectory.Entry? {
        do {
            return try root.openEntry(path)
        } catch {
            if display == "." {
                throw CatalogError(kind: .unreadable, message: "cannot read the catalog directory: \(error.reason)", file: display)
            }
            try skip(display, because: error)
            return nil
        }
    }

    /// The diagnostic for an entry that cannot be read; strict loading fails on the ones that
    /// are errors (an unreadable or oversized file), never on a link or a FIFO it was not meant
    /// to follow.
    private mutating func skip(_ display: String, because error: FileSystemError) throws(CatalogError) {
        let (code, severity, message): (String, Diagnostic.Severity, String) = switch error.kind {
        case .outsideRoot: ("outside-catalog", .warning, "'\(display)' leads outside the catalog directory; it is skipped")
        case .linkLoop: ("link-loop", .warning, "'\(display)': \(error.reason); it is skipped")
        case .unsupportedType: ("unsupported-file-type", .warning, "'\(display)' is \(error.reason); it is skipped")
        case .invalidName: ("invalid-file-name", .warning, "'\(display)' is not named in UTF-8; it is skipped")
        case .notFound: ("vanished-file", .warning, "'\(display)' vanished while the catalog was read; it is skipped")
        case .tooLarge: ("file-too-large", .error, "cannot read the file: \(error.reason)")
        case .unreadable: ("unreadable-file", .error, "cannot read the file: \(error.reason)")
        }
        if severity == .error, builder.isStrict {
            throw CatalogError(kind: .unreadable, message: "cannot read \(display): \(error.reason)", file: display)
        }
        builder.addDiagnostic(Diagnostic(severity: severity, code: code, message: message, file: display))
    }
}
