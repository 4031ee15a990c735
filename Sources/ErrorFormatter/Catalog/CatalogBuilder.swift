/// Assembles a `Catalog` table by table: from a directory (`Catalog.open`) or from bytes held in
/// memory (tables embedded in a program, tests).
///
/// A builder is a value; the catalog it builds is immutable. Every table goes through the same
/// validation and the same lenient/strict policy, whatever its source.
public struct CatalogBuilder: Sendable {
    /// Strict: the first broken table fails the build. Lenient (default): a broken table is left
    /// out, recorded as an error diagnostic, and every other table keeps working.
    public var isStrict: Bool
    /// (localization, table, key) of the values already reported as holding U+0000.
    private var reportedNULs: Set<[String]> = []

    /// Tables by localization name (`""` for the unlocalized top-level tables), then table name.
    private(set) var tables: [String: [String: StringTable]] = [:]
    /// The entries of the `.strings` table of each name read last: the next localization of the
    /// same table, which mostly has the same keys, shares their storage
    /// (``TableFile/load(bytes:name:file:sharingKeysWith:)``) rather than allocating each again.
    private var lastStringsEntries: [String: PropertyListDictionary] = [:]
    /// Localizations that had a table fail to load: left out if nothing else of theirs loaded.
    private var localizationsWithFailures: Set<String> = []
    private(set) var diagnostics: [Diagnostic] = []
    /// What a strict open of the tables added so far fails with (the first in load order), kept
    /// when lenient: the builder goes on past it.
    private(set) var strictRefusal: StrictRefusal?
    /// Where each of `diagnostics` falls in the order of a whole-catalog load (parallel to it):
    /// a catalog that reads its localizations on first use gathers diagnostics out of order and
    /// sorts them back with this. Set by whoever drives the builder; unused otherwise.
    private(set) var diagnosticOrders: [DiagnosticOrder] = []
    var currentOrder = DiagnosticOrder(step: 0, part: 0)
    /// When set, the languages of a String Catalog (other than the unlocalized `""`) are not
    /// merged but kept in `deferredLanguages`, for a catalog that reads localizations on demand.
    var defersStringCatalogLanguages = false
    private(set) var deferredLanguages: [DeferredStringCatalogLanguage] = []

    public init(strict: Bool = false) {
        self.isStrict = strict
    }

    /// Adds one table file parsed from `bytes`.
    ///
    /// - Parameters:
    ///   - localization: The localization as spelled on disk (`fr-CA`, `zh_TW`, `Base`), or `nil`
    ///     (or empty) for an unlocalized table. A String Catalog (`.xcstrings`) holds every
    ///     language itself and is added without one.
    ///   - fileName: The file name, which names the table and its format: `Localizable.strings`,
    ///     `Localizable.stringsdict`, `Localizable.xcstrings`, `Localizable.json`.
    ///   - file: How diagnostics name the file; defaults to `<localization>.lproj/<fileName>`.
    /// - Throws: `.invalidLocale` for a localization name that is not a locale identifier,
    ///   `.invalidArgument` for a file name this version cannot read, `.parse` for a broken table
    ///   when strict.
    public mutating func addTable(
        bytes: [UInt8], localization: String?, fileName: String, file: String? = nil
    ) throws(CatalogError) {
        let localizationName = localization ?? ""
        try Self.validateLocalizationName(localizationName)
        guard let (tableName, format) = TableFile.classify(fileName: fileName) else {
            throw CatalogError(kind: .invalidArgument, message: "'\(fileName)' is not a table file name "
                + "(expected <Table>.strings, .stringsdict, .xcstrings or .json)")
        }
        let displayName = file ?? (localizationName.isEmpty ? fileName : "\(localizationName).lproj/\(fileName)")
        switch format {
        case .strings:
            try addStrings(bytes: bytes, localization: localizationName, table: tableName, file: displayName)
        case .stringsDict, .json:
            let result = TableFile.loadContents(bytes: bytes, format: format, file: displayName)
            try merge(result, localization: localizationName, table: tableName)
        case .stringCatalog:
            guard localizationName.isEmpty else {
                throw CatalogError(kind: .invalidArgument, message: "'\(fileName)' is a String Catalog, which "
                    + "holds every language itself: add it without a localization")
            }
            try addStringCatalog(bytes: bytes, table: tableName, file: displayName)
        }
        try reportNULs(localization: localizationName, table: tableName, file: displayName)
    }

    /// Reports every value of the table that holds U+0000 (``NULInValue``): an error that fails
    /// the build when strict, a warning otherwise.
    private mutating func reportNULs(localization: String, table: String, file: String) throws(CatalogError) {
        guard let contents = tables[localization]?[table] else { return }
        for key in contents.keysHoldingNUL {
            let diagnostic = NULInValue.diagnostic(key: key, file: file, strict: isStrict)
            refuseStrictOpen(with: CatalogError(parseFailure: diagnostic))
            if isStrict { throw CatalogError(parseFailure: diagnostic) }
            // A table is scanned again when another file merges into it: report each key once.
            if reportedNULs.insert([localization, table, key.string]).inserted { record(diagnostic) }
        }
    }

    private mutating func addStrings(bytes: [UInt8], localization: String, table: String, file: String)
        throws(CatalogError)
    {
        switch TableFile.load(bytes: bytes, name: table, file: file, sharingKeysWith: lastStringsEntries[table]) {
        case .table(let loaded):
            lastStringsEntries[table] = loaded.entries
            var merged = loaded
            if let existing = tables[localization]?[table] {
                if !existing.entries.isEmpty {
                    record(Diagnostic(
                        severity: .warning, code: "duplicate-table",
                        message: "table '\(table)' was added twice for this localization; the later one is used",
                        file: file))
                }
                // A .stringsdict read earlier keeps its variables: it overrides whatever order.
                merged = StringTable(name: table, entries: loaded.entries, variables: existing.variables,
                                     diagnostics: existing.diagnostics + loaded.diagnostics)
            }
            tables[localization, default: [:]][table] = merged
            record(loaded.diagnostics)
        case .failure(let error, let warnings):
            try recordFailure(error, warnings: warnings, localization: localization)
        }
    }

    /// Merges what a `.stringsdict` or JSON table (or one language of a String Catalog) gives.
    private mutating func merge(_ result: TableLoadResult, localization: String, table: String) throws(CatalogError) {
        guard let contents = result.contents else {
            let failure = result.failure ?? Diagnostic(severity: .error, code: "parse-error",
                                                       message: "the file cannot be used")
            try recordFailure(failure, warnings: result.diagnostics, localization: localization)
            return
        }
        let existing = tables[localization]?[table] ?? StringTable(name: table, entries: PropertyListDictionary())
        tables[localization, default: [:]][table] = existing.merging(contents, diagnostics: result.diagnostics)
        record(result.diagnostics)
    }

    private mutating func addStringCatalog(bytes: [UInt8], table: String, file: String) throws(CatalogError) {
        let result = StringCatalogFile.load(bytes: bytes)
        let warnings = result.diagnostics.map { $0.inFile(file) }
        guard result.failure == nil else {
            let failure = result.failure.map { $0.inFile(file) }
                ?? Diagnostic(severity: .error, code: "parse-error", message: "the file cannot be used", file: file)
            try recordFailure(failure, warnings: warnings, localization: "")
            return
        }
        record(warnings)
        let fileOrder = currentOrder
        defer { currentOrder = fileOrder }
        for (index, language) in result.tables.keys.sorted().enumerated() {
            guard let contents = result.tables[language] else { continue }
            currentOrder = DiagnosticOrder(step: fileOrder.step, part: index + 1)
            if defersStringCatalogLanguages, !language.isEmpty, (try? Self.validateLocalizationName(language)) != nil {
                deferredLanguages.append(DeferredStringCatalogLanguage(
                    language: language, table: table, file: file, contents: contents, order: currentOrder))
                continue
            }
            try addStringCatalogLanguage(contents, language: language, table: table, file: file)
        }
    }

    /// Merges one language of a String Catalog, or skips it with a warning if it is not a locale.
    mutating func addStringCatalogLanguage(_ contents: TableContents, language: String, table: String, file: String)
        throws(CatalogError)
    {
        do {
            try Self.validateLocalizationName(language)
        } catch {
            record(Diagnostic(
                severity: .warning, code: "unknown-localization",
                message: "language '\(language)' of the String Catalog is not a locale; it is skipped", file: file))
            return
        }
        try merge(TableLoadResult(contents: contents), localization: language, table: table)
        try reportNULs(localization: language, table: table, file: file)
    }

    private mutating func recordFailure(_ error: Diagnostic, warnings: [Diagnostic], localization: String)
        throws(CatalogError)
    {
        refuseStrictOpen(with: CatalogError(parseFailure: error))
        if isStrict { throw CatalogError(parseFailure: error) }
        record(warnings)
        record(error)
        localizationsWithFailures.insert(localization)
    }

    /// Whether a table of `localization` failed to load (lenient mode).
    func hasFailures(in localization: String) -> Bool {
        localizationsWithFailures.contains(localization)
    }

    private mutating func record(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
        diagnosticOrders.append(currentOrder)
    }

    private mutating func record(_ more: [Diagnostic]) {
        for diagnostic in more { record(diagnostic) }
    }

    /// Notes what a strict open fails with at this point of the load (`currentOrder`): kept if
    /// it comes before what was noted so far.
    mutating func refuseStrictOpen(with error: CatalogError) {
        strictRefusal = StrictRefusal.earlier(strictRefusal, StrictRefusal(error: error, order: currentOrder))
    }

    /// Records a diagnostic that belongs to the catalog as a whole (e.g. a skipped directory).
    public mutating func addDiagnostic(_ diagnostic: Diagnostic) {
        record(diagnostic)
    }

    /// Makes the immutable catalog.
    ///
    /// - Parameter developmentLocale: The language the app was written in (Apple's
    ///   `CFBundleDevelopmentRegion`), searched after `Base`; `nil` means
    ///   ``Catalog/defaultDevelopmentLocale``.
    /// - Throws: `.invalidLocale` if `developmentLocale` is not a locale identifier.
    public func build(developmentLocale: String? = nil) throws(CatalogError) -> Catalog {
        let developmentLocale = developmentLocale ?? Catalog.defaultDevelopmentLocale
        try Self.validateDevelopmentLocale(developmentLocale)
        var loaded = tables
        // A localization whose every table failed is kept out: it has nothing to offer.
        for name in localizationsWithFailures where loaded[name]?.isEmpty ?? true {
            loaded[name] = nil
        }
        return Catalog(tables: loaded, developmentLocale: developmentLocale, diagnostics: diagnostics,
                       strictRefusal: strictRefusal?.error)
    }

    static func validateLocalizationName(_ name: String) throws(CatalogError) {
        if name.isEmpty || name == Catalog.baseLocalization { return }
        guard Locales.tableKey(for: name) != nil else {
            throw CatalogError(kind: .invalidLocale, message: "'\(name)' is not a locale identifier")
        }
    }

    /// Checks that `locale` names a language, normalized by `known` when the answers are kept.
    static func validateDevelopmentLocale(_ locale: String, known: PrecomputedNegotiation? = nil)
        throws(CatalogError)
    {
        let normalized: LocaleNormalization
        do {
            if let known {
                normalized = try known.normalize(locale)
            } else {
                normalized = try Locales.normalize(locale)
            }
        } catch {
            throw CatalogError(kind: .invalidLocale,
                               message: "development locale '\(locale)' is not valid: \(error.reason.rawValue)")
        }
        guard case .locale(let id) = normalized, !id.isEmpty else {
            throw CatalogError(kind: .invalidLocale,
                               message: "development locale '\(locale)' names no language")
        }
    }
}

/// The place of a diagnostic in a whole-catalog load: the catalog directory's entry being read
/// (`step`, in listing order) and the part of it (a String Catalog's languages in order).
struct DiagnosticOrder: Sendable, Comparable {
    var step: Int
    var part: Int

    static func < (lhs: DiagnosticOrder, rhs: DiagnosticOrder) -> Bool {
        (lhs.step, lhs.part) < (rhs.step, rhs.part)
    }
}

/// One language of a top-level String Catalog, kept to be merged when its localization is read.
struct DeferredStringCatalogLanguage: Sendable {
    var language: String
    var table: String
    var file: String
    var contents: TableContents
    var order: DiagnosticOrder
}
