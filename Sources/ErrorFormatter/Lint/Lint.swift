/// Lint for string tables: everything the parsers and loaders notice, plus the checks that
/// need the development text, the other localizations or ICU (see docs/lint.md for every code).
///
/// ```swift
/// let report = try Lint.run(paths: ["Resources"], options: LintOptions(developmentLocale: "de"))
/// for diagnostic in report.diagnostics { print(diagnostic) }
/// ```
public enum Lint {
    /// The checks, in the order their findings are produced before sorting.
    static var checks: [any LintCheck.Type] { [
        LocalizationNamesCheck.self,
        KeyCoverageCheck.self,
        ErrorFieldPairCheck.self,
        ErrorKeyShapeCheck.self,
        FormatValidityCheck.self,
        SpecifierParityCheck.self,
        PluralValueTypeCheck.self,
        ErrorArgumentsCheck.self,
        PluralCategoryCheck.self,
        IdenticalTranslationCheck.self,
        TranslationTextCheck.self,
        TableFormatsCheck.self,
        RegistryCheck.self,
    ] }

    /// Every code a check reports, with its severity and help (loader and parser codes are
    /// listed in docs/diagnostics.md and docs/table-formats.md).
    package static var rules: [LintRule] {
        [DevelopmentLocalization.rule] + LintInputs.rules + StringCatalogSourceMap.rules + checks.flatMap { $0.rules }
    }

    /// The rule for `code`: a check's, else a generic one for a parser or loader code.
    package static func rule(for code: String, severity: Diagnostic.Severity) -> LintRule {
        if let known = rules.first(where: { $0.code == code }) { return known }
        return LintRule(code, severity, "reported by the table parser or loader",
                        help: "The file was read as CoreFoundation (or Xcode, for String Catalogs) reads it, and this was "
                            + "found on the way; docs/diagnostics.md and docs/table-formats.md describe '\(code)'.")
    }

    /// Lints files (any table format), catalog directories and compiled catalog files.
    ///
    /// Each directory is a catalog of its own, and so is each compiled catalog (its tables
    /// without positions, named `App.efc/fr.lproj/Localizable`; its development locale unless
    /// the options name one); the table files named directly are linted together (their
    /// localizations from their `.lproj` directories, or `<loc>.json` names).
    ///
    /// With ``LintOptions/registry``, each catalog is also checked against the errors the
    /// registry names (docs/codegen.md); what cannot be read in the registry is reported once,
    /// after the catalogs' findings.
    ///
    /// - Throws: ``LintError`` when a path (or the registry) does not exist or cannot be read, a
    ///   file is not a table, or the development locale is not a locale: nothing was linted.
    public static func run(paths: [String], options: LintOptions = LintOptions()) throws(LintError) -> LintReport {
        if let locale = options.developmentLocale {
            try validate(developmentLocale: locale)
        }
        guard !paths.isEmpty else { throw LintError(.noPath, message: "no path to lint was given") }
        let registry = try options.registry.map { path throws(LintError) in try ErrorRegistry.read(path: path) }
        var report = LintReport()
        for catalog in try LintInputs.catalogs(for: paths) {
            var catalogOptions = options
            catalogOptions.developmentLocale = options.developmentLocale ?? catalog.developmentLocale
            let one = check(catalog, options: catalogOptions, registry: registry)
            report.diagnostics += one.diagnostics
            report.statistics += one.statistics
            report.fileCount += one.fileCount
        }
        report.diagnostics += registry?.diagnostics ?? []
        return report
    }

    /// Runs every check over an already read catalog.
    static func check(_ catalog: LintCatalog, options: LintOptions = LintOptions(), registry: ErrorRegistry? = nil)
        -> LintReport
    {
        let development = DevelopmentLocalization.resolve(catalog, options: options)
        let context = LintContext(catalog: catalog, options: options, development: development, registry: registry)
        var diagnostics = catalog.diagnostics + development.diagnostics
        for check in checks { diagnostics += check.run(context) }
        return LintReport(diagnostics: ordered(diagnostics, files: catalog.files),
                          statistics: KeyCoverageCheck.statistics(context), fileCount: catalog.fileCount)
    }

    static func validate(developmentLocale locale: String) throws(LintError) {
        do throws(CatalogError) {
            try CatalogBuilder.validateDevelopmentLocale(locale)
        } catch {
            throw LintError(.invalidLocale, message: error.message)
        }
    }

    /// By file (in the order read), then line and column; a note stays right after the
    /// finding it explains (a duplicate's earlier spelling), whatever its own line.
    static func ordered(_ diagnostics: [Diagnostic], files: [String]) -> [Diagnostic] {
        var fileRank: [String: Int] = [:]
        for file in files where fileRank[file] == nil { fileRank[file] = fileRank.count }
        var keys: [(file: Int, line: Int, column: Int, index: Int)] = []
        keys.reserveCapacity(diagnostics.count)
        for (index, diagnostic) in diagnostics.enumerated() {
            let rank = diagnostic.file.flatMap { fileRank[$0] } ?? (diagnostic.file == nil ? -1 : files.count)
            if diagnostic.severity == .note, index > 0, diagnostic.code == diagnostics[index - 1].code,
               diagnostic.file == diagnostics[index - 1].file, let previous = keys.last {
                keys.append((previous.file, previous.line, previous.column, index))
            } else {
                keys.append((rank, diagnostic.line, diagnostic.column, index))
            }
        }
        return keys.sorted { ($0.file, $0.line, $0.column, $0.index) < ($1.file, $1.line, $1.column, $1.index) }
            .map { diagnostics[$0.index] }
    }
}

extension DevelopmentLocalization {
    static let rule = LintRule(
        "no-development-localization", .error, "no localization holds the development text",
        help: "Translations are checked against the development localization: --development-locale, else Base.lproj, else en. "
            + "None of these holds tables, so nothing could be checked. Pass --development-locale with the language the app "
            + "is written in (e.g. de for a German-first app), or fix its spelling.")
}
