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
    /// - Parameters:
    ///   - developmentLocale: `nil` means ``defaultDevelopmentLocale``.
    ///   - loading: When the localizations' files are read. ``Loading/onFirstUse`` applies to
    ///     lenient opens: a strict open validates every table, so it reads everything at once.
    /// - Throws: `.notFound`, `.unreadable` for the directory itself; `.invalidLocale` for a bad
    ///   `developmentLocale`; `.parse` for a broken table when `strict`; `.unreadable` when
    ///   `strict` and an entry cannot be read.
    public static func open(
        directory: String, developmentLocale: String? = nil, strict: Bool = false, loading: Loading = .atOpen
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
        if loading == .onFirstUse, !strict,
           let deferred = try DirectoryReader.plan(root: root) {
            return Catalog(deferred: deferred, developmentLocale: developmentLocale)
        }
        var reader = DirectoryReader(root: root, builder: CatalogBuilder(strict: strict))
        try reader.readRoot()
        return try reader.builder.build(developmentLocale: developmentLocale)
    }
}

/// What a catalog read on first use keeps of its directory: the tables read at open (the
/// unlocalized ones), their diagnostics, and how to read each localization.
struct DeferredCatalog {
    var unlocalizedTables: [String: StringTable]
    var diagnostics: [Diagnostic]
    var orders: [DiagnosticOrder]
    /// What a strict open fails with in what was read at open.
    var strictRefusal: StrictRefusal?
    var localizations: [String]
    var load: LocalizationStore.Loader
}

/// What contributes to one localization, in the order a whole load reads it.
private enum DeferredFiles {
    /// The table files of `<loc>.lproj`, as listed at open.
    case localizationDirectory(name: String, files: [String], step: Int)
    /// `<loc>.json` at the top.
    case jsonTable(fileName: String, step: Int)
    /// The localization's language in a top-level String Catalog, parsed at open.
    case stringCatalogLanguage(DeferredStringCatalogLanguage)

    var step: Int {
        switch self {
        case .localizationDirectory(_, _, let step), .jsonTable(_, let step): step
        case .stringCatalogLanguage(let language): language.order.step
        }
    }
}

/// Walks one catalog directory into a `CatalogBuilder`. Every entry is opened through
/// `RootDirectory` by its path relative to the root, so every read stays inside it.
private struct DirectoryReader {
    let root: RootDirectory
    var builder: CatalogBuilder
    private var localizations = 0
    private var tableFiles = 0
    /// When set, the files of each localization are not read but listed here, to be read when
    /// the catalog first needs that localization (``Catalog/Loading/onFirstUse``).
    private var plan: [String: [DeferredFiles]]?

    init(root: RootDirectory, builder: CatalogBuilder) {
        self.root = root
        self.builder = builder
    }

    mutating func readRoot() throws(CatalogError) {
        guard case .directory(let descriptor) = try openInsideRoot(".", displayedAs: ".") else { return }
        let names = try list(descriptor, displayedAs: ".")
        close(descriptor)
        for (step, name) in names.enumerated() {
            builder.currentOrder = DiagnosticOrder(step: step + 1, part: 0)
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
                try readLocalization(directoryName: name, descriptor: descriptor, step: step + 1)
            case .file(let descriptor, let size):
                defer { close(descriptor) }
                guard !isLocalization else {
                    reportMisnamed(name, "is a file, not a localization directory")
                    continue
                }
                try readTopLevelFile(descriptor: descriptor, size: size, fileName: name, step: step + 1)
            }
        }
    }

    /// Lists the catalog without reading the localizations' files: what
    /// ``Catalog/Loading/onFirstUse`` keeps. `nil` when reading on first use could not give the
    /// same catalog as a whole load (so many table files that the limit could fall differently).
    static func plan(root: RootDirectory) throws(CatalogError) -> DeferredCatalog? {
        var reader = DirectoryReader(root: root, builder: CatalogBuilder(strict: false))
        reader.plan = [:]
        reader.builder.defersStringCatalogLanguages = true
        try reader.readRoot()
        guard reader.tableFiles <= Limits.maximumTableFiles else { return nil }
        var plan = reader.plan ?? [:]
        for language in reader.builder.deferredLanguages {
            plan[language.language, default: []].append(.stringCatalogLanguage(language))
        }
        // One entry of the directory contributes once to a localization: the steps differ.
        let ordered = plan.mapValues { $0.sorted { $0.step < $1.step } }
        let builder = reader.builder
        var unlocalized = builder.tables[Catalog.unlocalized] ?? [:]
        if builder.hasFailures(in: Catalog.unlocalized), unlocalized.isEmpty { unlocalized = [:] }
        return DeferredCatalog(
            unlocalizedTables: unlocalized, diagnostics: builder.diagnostics, orders: builder.diagnosticOrders,
            strictRefusal: builder.strictRefusal, localizations: Array(ordered.keys),
            load: { localization in load(localization, from: ordered[localization] ?? [], root: root) })
    }

    /// Reads one localization as a whole load would: every file that contributes to it, in
    /// directory order. Lenient, so nothing throws (a file that cannot be read is a diagnostic).
    private static func load(_ localization: String, from files: [DeferredFiles], root: RootDirectory)
        -> LocalizationStore.Loaded
    {
        var reader = DirectoryReader(root: root, builder: CatalogBuilder(strict: false))
        for part in files {
            do {
                switch part {
                case .localizationDirectory(let name, let files, let step):
                    reader.builder.currentOrder = DiagnosticOrder(step: step, part: 1)
                    try reader.readLocalizationFiles(files, directoryName: name, localization: localization)
                case .jsonTable(let fileName, let step):
                    reader.builder.currentOrder = DiagnosticOrder(step: step, part: 1)
                    // `<loc>.json`, opened again now that its localization is needed.
                    try reader.readTableFile(at: fileName, as: jsonTableFileName, localization: localization)
                case .stringCatalogLanguage(let language):
                    reader.builder.currentOrder = language.order
                    try reader.builder.addStringCatalogLanguage(
                        language.contents, language: localization, table: language.table, file: language.file)
                }
            } catch {
                // Unreachable when lenient; kept as what it would mean rather than dropped.
                reader.builder.addDiagnostic(Diagnostic(
                    severity: .error, code: "unreadable-file", message: error.message, file: error.file))
            }
        }
        let builder = reader.builder
        var tables = builder.tables[localization]
        if builder.hasFailures(in: localization), tables?.isEmpty ?? true { tables = nil }
        return LocalizationStore.Loaded(tables: tables, diagnostics: builder.diagnostics,
                                        orders: builder.diagnosticOrders, strictRefusal: builder.strictRefusal)
    }

    /// An entry named like catalog content that is of the other kind: skipped, and said so.
    private mutating func reportMisnamed(_ display: String, _ what: String) {
        builder.addDiagnostic(Diagnostic(
            severity: .warning, code: "unsupported-file-type", message: "'\(display)' \(what); it is skipped",
            file: display))
    }

    /// A top-level file: an unlocalized `.strings`/`.stringsdict` table, a String Catalog (every
    /// language), or `<loc>.json` (the `Localizable` table of one localization).
    private mutating func readTopLevelFile(descriptor: Int32, size: Int, fileName: String, step: Int)
        throws(CatalogError)
    {
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
        // The unlocalized tables (a `.json` named after no locale at all) are read at open.
        if plan != nil, !name.isEmpty {
            tableFiles += 1
            plan?[name, default: []].append(.jsonTable(fileName: fileName, step: step))
            return
        }
        try readJSONTable(descriptor: descriptor, size: size, fileName: fileName, localization: name)
    }

    /// The table file a top-level `<loc>.json` is read as: the `Localizable` table of `<loc>`.
    private static let jsonTableFileName = Catalog.defaultTable + TableFile.Format.json.fileExtension

    /// `<loc>.json`: the `Localizable` table of `<loc>`.
    private mutating func readJSONTable(descriptor: Int32, size: Int, fileName: String, localization: String)
        throws(CatalogError)
    {
        try readTable(descriptor: descriptor, size: size, fileName: Self.jsonTableFileName,
                      localization: localization, displayedAs: fileName)
    }

    private mutating func readLocalization(directoryName: String, descriptor: Int32, step: Int) throws(CatalogError) {
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
        let names = try list(descriptor, displayedAs: directoryName).filter { TableFile.classify(fileName: $0) != nil }
        if plan != nil, !localization.isEmpty {
            // Counted as a whole load counts them; `plan(root:)` gives up on the plan if that
            // could make the table-file limit fall differently.
            tableFiles += names.count
            plan?[localization, default: []].append(
                .localizationDirectory(name: directoryName, files: names, step: step))
            return
        }
        try readLocalizationFiles(names, directoryName: directoryName, localization: localization)
    }

    private mutating func readLocalizationFiles(_ names: [String], directoryName: String, localization: String)
        throws(CatalogError)
    {
        for name in names {
            try readTableFile(at: directoryName + "/" + name, as: name, localization: localization)
        }
    }

    /// Opens the table file at `display` below the root and reads it as `fileName` (which names
    /// its table and format); a directory in its place is skipped, and said so.
    private mutating func readTableFile(at display: String, as fileName: String, localization: String)
        throws(CatalogError)
    {
        guard let entry = try openInsideRoot(display, displayedAs: display) else { return }
        switch entry {
        case .directory(let descriptor):
            close(descriptor)
            reportMisnamed(display, "is a directory, not a table file")
        case .file(let descriptor, let size):
            defer { close(descriptor) }
            try readTable(descriptor: descriptor, size: size, fileName: fileName, localization: localization,
                          displayedAs: display)
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
        if severity == .error {
            let refusal = CatalogError(kind: .unreadable, message: "cannot read \(display): \(error.reason)", file: display)
            builder.refuseStrictOpen(with: refusal)
            if builder.isStrict { throw refusal }
        }
        builder.addDiagnostic(Diagnostic(severity: severity, code: code, message: message, file: display))
    }
}
