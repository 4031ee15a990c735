/// Assembles a `Catalog` table by table: from a directory (`Catalog.open`) or from bytes held in
/// memory (tables embedded in a program, tests).
///
/// A builder is a value; the catalog it builds is immutable. Every table goes through the same
/// validation and the same lenient/strict policy, whatever its source.
public struct CatalogBuilder: Sendable {
    /// Strict: the first broken table fails the build. Lenient (default): a broken table is left
    /// out, recorded as an error diagnostic, and every other table keeps working.
    public var isStrict: Bool

    /// Tables by localization name (`""` for the unlocalized top-level tables), then table name.
    private(set) var tables: [String: [String: StringTable]] = [:]
    /// Localizations that had a table fail to load: left out if nothing else of theirs loaded.
    private var localizationsWithFailures: Set<String> = []
    private(set) var diagnostics: [Diagnostic] = []

    public init(strict: Bool = false) {
        self.isStrict = strict
    }

    /// Adds one table parsed from `bytes`.
    ///
    /// - Parameters:
    ///   - localization: The localization as spelled on disk (`fr-CA`, `zh_TW`, `Base`), or `nil`
    ///     (or empty) for an unlocalized table.
    ///   - fileName: The file name, which names the table and its format (`Localizable.strings`).
    ///   - file: How diagnostics name the file; defaults to `<localization>.lproj/<fileName>`.
    /// - Throws: `.invalidLocale` for a localization name that is not a locale identifier,
    ///   `.invalidArgument` for a file name this version cannot read, `.parse` for a broken table
    ///   when strict.
    public mutating func addTable(
        bytes: [UInt8], localization: String?, fileName: String, file: String? = nil
    ) throws(CatalogError) {
        let localizationName = localization ?? ""
        try Self.validateLocalizationName(localizationName)
        guard let tableName = TableFile.tableName(forFileName: fileName), !fileName.contains("/") else {
            throw CatalogError(kind: .invalidArgument,
                               message: "'\(fileName)' is not a table file name (expected <Table>.strings)")
        }
        let displayName = file ?? (localizationName.isEmpty ? fileName : "\(localizationName).lproj/\(fileName)")
        switch TableFile.load(bytes: bytes, name: tableName, file: displayName) {
        case .table(let table):
            if tables[localizationName]?[tableName] != nil {
                diagnostics.append(Diagnostic(
                    severity: .warning, code: "duplicate-table",
                    message: "table '\(tableName)' was added twice for this localization; the later one is used",
                    file: displayName))
            }
            tables[localizationName, default: [:]][tableName] = table
            diagnostics.append(contentsOf: table.diagnostics)
        case .failure(let error, let warnings):
            if isStrict { throw CatalogError(parseFailure: error) }
            diagnostics.append(contentsOf: warnings)
            diagnostics.append(error)
            localizationsWithFailures.insert(localizationName)
        }
    }

    /// Records a diagnostic that belongs to the catalog as a whole (e.g. a skipped directory).
    public mutating func addDiagnostic(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// Makes the immutable catalog.
    ///
    /// - Parameter developmentLocale: The language the app was written in (Apple's
    ///   `CFBundleDevelopmentRegion`), searched after `Base`.
    /// - Throws: `.invalidLocale` if `developmentLocale` is not a locale identifier.
    public func build(developmentLocale: String = "en") throws(CatalogError) -> Catalog {
        try Self.validateDevelopmentLocale(developmentLocale)
        var loaded = tables
        // A localization whose every table failed is kept out: it has nothing to offer.
        for name in localizationsWithFailures where loaded[name]?.isEmpty ?? true {
            loaded[name] = nil
        }
        return Catalog(tables: loaded, developmentLocale: developmentLocale, diagnostics: diagnostics)
    }

    static func validateLocalizationName(_ name: String) throws(CatalogError) {
        if name.isEmpty || name == Catalog.baseLocalization { return }
        guard Locales.tableKey(for: name) != nil else {
            throw CatalogError(kind: .invalidLocale, message: "'\(name)' is not a locale identifier")
        }
    }

    static func validateDevelopmentLocale(_ locale: String) throws(CatalogError) {
        let normalized: LocaleNormalization
        do {
            normalized = try Locales.normalize(locale)
        } catch {
            throw CatalogError(kind: .invalidLocale,
                               message: "development locale '\(locale)' is not valid: \(error.reason)")
        }
        guard case .locale(let id) = normalized, !id.isEmpty else {
            throw CatalogError(kind: .invalidLocale,
                               message: "development locale '\(locale)' names no language")
        }
    }
}
