/// Typed errors from a catalog: for each error with texts in the development localization (or
/// named in a registry), a constructor in a language's conventions taking the arguments its
/// texts take, typed from their format specifiers and plural variables, that builds the error
/// value of that language's binding; or, for `json`, the registry of the errors
/// (docs/codegen.md).
///
/// ```swift
/// let result = try Codegen.generate(catalog: "Resources", options: CodegenOptions(language: .go))
/// for finding in result.diagnostics { print(finding) }
/// if let source = result.source { print(source) }
/// ```
///
/// The development localization decides each signature. Development texts that contradict
/// each other (one argument read as two types, an argument skipped, a text that is not a
/// format), two errors that would get one name, or a table defined both in `.lproj` files and
/// in a String Catalog refuse the whole file; a translation that disagrees with the development
/// text does not (the runtime skips it for its parent's) and is reported as lint reports it.
/// The output is the same bytes for the same inputs.
public enum Codegen {
    /// Every code the generator reports besides lint's (docs/codegen.md).
    package static var rules: [LintRule] {
        [ErrorSignature.conflictRule, ErrorSignature.gapRule, ErrorSignature.unknownRule, IdentifierPlan.collisionRule,
         ErrorNames.invalidRule, ErrorNames.unknownRule, noTableRule, moduleNameRule]
    }

    static let noTableRule = LintRule(
        "codegen-no-table", .error, "the catalog has no development table of that name",
        help: "No table of the name given with --table (default Localizable) holds development text, so no error has "
            + "texts to type constructors from. Check the name, or the development locale.")
    static let moduleNameRule = LintRule(
        "codegen-module-name", .error, "a Java class must be named as its file",
        help: "javac requires a public class to be declared in a file of its name: the class is named after the output "
            + "file, and this file's name is not a legal class name. Name the file as the class should be named "
            + "(SyncErrors.java), or pass --module.")

    /// The source of `options.language` for the catalog at `path` (a catalog directory, a
    /// compiled catalog file, or one table file), or the findings that refused it.
    ///
    /// - Throws: ``CodegenError`` when the catalog, the registry or the names file cannot be
    ///   read, or an option is not valid: nothing was generated.
    public static func generate(catalog path: String, options: CodegenOptions) throws(CodegenError) -> CodegenResult {
        let table: String
        do throws(CatalogError) {
            table = try Catalog.validatedTableName(options.table)
        } catch {
            throw CodegenError(.invalidOption, message: error.message)
        }
        if let locale = options.developmentLocale {
            do throws(LintError) { try Lint.validate(developmentLocale: locale) } catch { throw CodegenError(error) }
        }
        let catalogs: [LintCatalog]
        let registry: ErrorRegistry?
        do throws(LintError) {
            catalogs = try LintInputs.catalogs(for: [path])
            registry = try options.registry.map { path throws(LintError) in try ErrorRegistry.read(path: path) }
        } catch {
            throw CodegenError(error)
        }
        guard let catalog = catalogs.first else {
            throw CodegenError(.unreadable, message: "no catalog at \(path)", path: path)
        }
        let names = try options.names.map { path throws(CodegenError) in try ErrorNames.read(path: path) }
        let lintOptions = LintOptions(developmentLocale: options.developmentLocale ?? catalog.developmentLocale)
        let context = LintContext(catalog: catalog, options: lintOptions,
                                  development: DevelopmentLocalization.resolve(catalog, options: lintOptions))
        let view = ErrorCatalogView(context: context, table: table)

        var refusals = context.development.diagnostics + TableFormatsCheck.findings(context, table: table)
            + (registry?.diagnostics ?? []) + (names?.diagnostics ?? [])
        if view.development == nil, registry?.entries.isEmpty ?? true {
            refusals.append(Diagnostic(
                severity: .error, code: noTableRule.code,
                message: "the catalog has no development table '\(table)' to generate constructors from", file: path))
        }
        var model = CodegenModel(catalog: path, table: table, developmentLocalization: view.developmentLocalization,
                                 module: moduleName(options, table: table), package: packageName(options), errors: [])
        model.errors = entries(view, registry: registry, refusals: &refusals)
        var reports = translationReports(context, view: view, errors: Set(model.errors.map(\.identity)))
        if let names {
            reports += apply(names, to: &model)
        }
        let plan = IdentifierPlan(model, language: options.language)
        // The registry names each error's constructor in every language: all must be free.
        let checked = options.language == .json ? CodegenLanguage.allCases.map { IdentifierPlan(model, language: $0) } : [plan]
        refusals += IdentifierPlan.findings(checked)
        if options.language == .java, let file = options.outputPath.map(fileName), options.module == nil,
           file != plan.module + CodegenLanguage.java.fileExtension {
            refusals.append(Diagnostic(
                severity: .error, code: moduleNameRule.code,
                message: "the class is named \(plan.module), so the file must be named \(plan.module).java, not \(file)",
                file: options.outputPath))
        }
        if options.language == .java, let package = options.package, !isJavaPackage(package) {
            throw CodegenError(.invalidOption, message: "'\(package)' is not a Java package name")
        }
        let ordered = Lint.ordered(refusals, files: catalog.files) + Lint.ordered(reports, files: catalog.files)
        guard !refusals.contains(where: { $0.severity == .error }) else {
            return CodegenResult(source: nil, diagnostics: ordered)
        }
        return CodegenResult(source: options.language.emitter.emit(model, plan), diagnostics: ordered)
    }

    /// The model's errors: every error of the development table whose texts agree on its
    /// arguments (the others add their findings to `refusals`), then every error only the
    /// registry names, with the registry's arguments.
    private static func entries(_ view: ErrorCatalogView, registry: ErrorRegistry?, refusals: inout [Diagnostic])
        -> [CodegenModel.Entry]
    {
        var entries: [CodegenModel.Entry] = []
        var known: Set<ErrorIdentity> = []
        for (identity, texts) in view.errors {
            known.insert(identity)
            let analysis = ErrorSignature.analyze(identity, texts: texts)
            guard !analysis.isRefused, let first = texts.entries.first else {
                refusals += analysis.problems
                continue
            }
            entries.append(CodegenModel.Entry(
                identity: identity, name: IdentifierWords(domain: identity.domain, code: identity.code), isNamed: false,
                keys: texts.entries.map(\.key.string), arguments: CodegenModel.arguments(analysis.arguments),
                missing: view.missingTexts(of: identity, arguments: analysis.arguments),
                source: first.diagnostic(.note, "", "")))
        }
        for entry in registry?.entries ?? [] where !known.contains(entry.error) {
            known.insert(entry.error)
            let arguments = (entry.arguments ?? []).enumerated().map { ErrorArgument(position: $0.offset + 1, type: $0.element) }
            entries.append(CodegenModel.Entry(
                identity: entry.error, name: IdentifierWords(domain: entry.error.domain, code: entry.error.code),
                isNamed: false, keys: [], arguments: CodegenModel.arguments(arguments),
                missing: view.missingTexts(of: entry.error, arguments: arguments),
                source: Diagnostic(severity: .note, code: "", message: "", file: registry?.file,
                                   line: entry.position.line, column: entry.position.column)))
        }
        return entries.sorted { $0.identity < $1.identity }
    }

    /// What lint reports about the translations of the errors' texts: a translation whose
    /// specifiers disagree with the development text is skipped at run time, and said so here,
    /// but does not refuse the file.
    private static func translationReports(_ context: LintContext, view: ErrorCatalogView, errors: Set<ErrorIdentity>)
        -> [Diagnostic]
    {
        let files = Set(view.translations.flatMap(\.files))
        let codes: Set<String> = ["format-mismatch", "format-argument-missing", "plural-value-type-mismatch", "invalid-format"]
        let found = SpecifierParityCheck.run(context) + PluralValueTypeCheck.run(context) + FormatValidityCheck.run(context)
        return found.filter { diagnostic in
            guard codes.contains(diagnostic.code), let file = diagnostic.file, files.contains(file),
                  let key = diagnostic.key, let (error, _) = ErrorIdentity.parse(key: key)
            else { return false }
            return errors.contains(error)
        }
    }

    /// Gives the errors their `--names` names; warns of names for errors that have no constructor.
    private static func apply(_ names: ErrorNames, to model: inout CodegenModel) -> [Diagnostic] {
        var unused: [Diagnostic] = []
        var indices: [ErrorIdentity: Int] = [:]
        for (index, error) in model.errors.enumerated() { indices[error.identity] = index }
        for named in names.entries {
            guard let index = indices[named.error] else {
                unused.append(names.diagnostic(
                    .warning, ErrorNames.unknownRule.code,
                    "\(named.error.label) has no development text in the table, so the name '\(MessageEscaping.escaped(named.name))' "
                        + "is not used", at: named.position))
                continue
            }
            model.errors[index].name = IdentifierWords(splitting: named.name)
            model.errors[index].isNamed = true
            model.errors[index].source = names.diagnostic(.note, "", "", at: named.position)
        }
        return unused
    }

    /// The file name of `path` (after its last `/`).
    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// `--module`, else the output file's name without its extension, else `<Table>Errors`.
    static func moduleName(_ options: CodegenOptions, table: String) -> IdentifierWords {
        if let module = options.module { return IdentifierWords(splitting: module) }
        if let output = options.outputPath {
            var name = fileName(output)
            if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
            let words = IdentifierWords(splitting: name)
            if !words.words.isEmpty { return words }
        }
        return IdentifierWords(IdentifierWords(splitting: table).words + ["Errors"])
    }

    /// `--package`; for Go without it, the output file's directory name, if it has one.
    static func packageName(_ options: CodegenOptions) -> String? {
        if let package = options.package { return package }
        guard options.language == .go, let output = options.outputPath else { return nil }
        let components = output.split(separator: "/").map(String.init)
        guard components.count >= 2, let directory = components.dropLast().last, directory != ".", directory != ".."
        else { return nil }
        return directory
    }

    /// Dot-separated Java identifiers, none a keyword.
    static func isJavaPackage(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        return parts.allSatisfy { part in
            guard let first = part.unicodeScalars.first, IdentifierWords.isLetter(first) || first == "_" || first == "$",
                  !IdentifierRules.javaKeywords.contains(part)
            else { return false }
            return part.unicodeScalars.allSatisfy { IdentifierWords.isLetter($0) || IdentifierWords.isDigit($0) || $0 == "_" || $0 == "$" }
        }
    }
}
