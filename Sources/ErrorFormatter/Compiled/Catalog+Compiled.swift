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
            diagnostics: diagnostics, negotiation: precomputedNegotiation, strictRefusal: strictRefusal)
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
    /// one it was compiled with. Lenient, each localization's section is read, checked and
    /// decoded the first time a lookup needs it (``Loading/onFirstUse`` whatever `loading` says:
    /// the file exists to be opened fast), a broken one left out with a
    /// `broken-compiled-section` error diagnostic (a broken negotiation section too: ICU is
    /// then asked about the names, with the same results); the file stays open (one
    /// descriptor) until every section is read. Strict, every section is read and checked at
    /// once and a broken one fails the open with `.parse`. A broken header or directory is
    /// `.parse` either way.
    ///
    /// `mapped` maps each section of a compiled catalog file read-only when it is first needed,
    /// instead of copying it (a directory has nothing to map: it is ignored there): sections are
    /// read where they lie, with the same checks and results, and every process that maps the
    /// file shares their pages. The caller promises that the file is not truncated or rewritten
    /// in place while the catalog lives (replacing it by rename is safe): a mapped page cut off
    /// the file raises SIGBUS when read. Where the system cannot map a section, it is read.
    ///
    /// `memoBudget` bounds what the catalog keeps to answer repeated calls faster (results,
    /// plans, texts, negotiated stacks; clamped to 0 ... `Limits.maximumMemoBytes`, 0 keeps
    /// nothing): calls beyond it take their full road, with the same results.
    public static func open(
        path: String, developmentLocale: String? = nil, strict: Bool = false, loading: Loading = .atOpen,
        mapped: Bool = false, memoBudget: Int = Limits.defaultMemoBytes
    ) throws(CatalogError) -> Catalog {
        // What cannot be opened as a file is left to the directory open, which says why.
        guard let opened = try compiledCatalogSource(atPath: path) else {
            return try open(directory: path, developmentLocale: developmentLocale, strict: strict, loading: loading)
                .withMemoBudget(memoBudget)
        }
        let source: any CompiledByteSource = mapped ? MappedByteSource(mapping: opened) : opened
        let file = try CompiledCatalogFile(source: source)
        return try (strict
            ? open(compiled: file, developmentLocale: developmentLocale, strict: true)
            : openOnFirstUse(compiled: file, developmentLocale: developmentLocale)).withMemoBudget(memoBudget)
    }

    /// Whether `path` is a regular file that starts like a compiled catalog (what
    /// ``open(path:developmentLocale:strict:loading:)`` opens as one).
    package static func isCompiledCatalogFile(atPath path: String) -> Bool {
        (try? compiledCatalogSource(atPath: path)) != nil
    }

    /// `path` opened for reading when it is a regular file that starts like a compiled catalog;
    /// `nil` when it is not a regular file or starts otherwise.
    ///
    /// - Throws: `.unreadable` when the start of the file cannot be read.
    private static func compiledCatalogSource(atPath path: String) throws(CatalogError) -> FileByteSource? {
        guard let source = try? FileByteSource.open(path: path),
              CompiledCatalogFormat.startsLikeCompiledCatalog(
                  try source.read(at: 0, count: Int(min(source.size, UInt64(CompiledCatalogFormat.magic.count)))).array()[...])
        else { return nil }
        return source
    }

    /// Builds the catalog of a compiled catalog file, reading every section now: lenient, with
    /// the results, diagnostics and strict refusal (in the same order) of
    /// ``openOnFirstUse(compiled:developmentLocale:)``; strict, failing with that refusal
    /// (``CompiledCatalogFindings`` says which comes first).
    static func open(
        compiled file: CompiledCatalogFile, developmentLocale: String? = nil, strict: Bool = false
    ) throws(CatalogError) -> Catalog {
        if let developmentLocale { try CatalogBuilder.validateDevelopmentLocale(developmentLocale) }
        let names = sectionNames(of: file)
        let findings = CompiledCatalogFindings(sectionCount: names.count, file: file.name)
        var stored: [Diagnostic]
        var refusal: StrictRefusal?
        do {
            stored = try file.storedDiagnostics()
        } catch where error.kind == .parse && !strict {
            stored = [CompiledCatalogFindings.brokenCatalogSection(of: file, error)]
            refusal = StrictRefusal(error: error, order: CompiledCatalogFindings.catalogSectionOrder)
        }
        var tables: [String: [String: StringTable]] = [:]
        var broken: [Diagnostic] = []
        for (index, localization) in names.enumerated() {
            do {
                let read = try file.tables(ofLocalization: localization)
                findings.noteTables(read, localization: localization, section: index)
                tables[localization] = read
            } catch where error.kind == .parse && !strict {
                broken.append(brokenSection(localization, of: file, error))
                refusal = StrictRefusal.earlier(refusal, StrictRefusal(error: error, order: findings.order(ofSection: index)))
            }
        }
        if let brokenNegotiation = file.brokenNegotiation {
            if strict { throw brokenNegotiation }
            broken.append(brokenNegotiationSection(of: file, brokenNegotiation))
            refusal = StrictRefusal.earlier(refusal, StrictRefusal(error: brokenNegotiation, order: findings.negotiationOrder))
        }
        let leading = findings.leading(
            stored: stored, storedRefusal: Result { () throws(CatalogError) in try file.storedStrictRefusal() })
        refusal = StrictRefusal.earlier(refusal, leading.strictRefusal)
        if strict, let refusal { throw refusal.error }
        return Catalog(tables: tables, developmentLocale: developmentLocale ?? file.developmentLocale,
                       diagnostics: leading.diagnostics + broken, strictRefusal: refusal?.error,
                       negotiation: file.negotiation)
    }

    /// The catalog of a compiled catalog file whose sections are read when first needed, with
    /// the results and diagnostics (in the same order) of ``open(compiled:developmentLocale:strict:)``
    /// lenient: the stored diagnostics first (and the values holding U+0000 they do not report),
    /// then one per broken section in section order.
    ///
    /// The stored diagnostics too are read when first asked for; if their section turns out
    /// broken then (the open did not read it), one `broken-compiled-section` error stands in
    /// for them.
    static func openOnFirstUse(
        compiled file: CompiledCatalogFile, developmentLocale: String? = nil
    ) throws(CatalogError) -> Catalog {
        if let developmentLocale { try CatalogBuilder.validateDevelopmentLocale(developmentLocale) }
        let names = sectionNames(of: file)
        let findings = CompiledCatalogFindings(sectionCount: names.count, file: file.name)
        var diagnostics: [Diagnostic] = []
        var orders: [DiagnosticOrder] = []
        var refusal: StrictRefusal?
        var unlocalized: [String: StringTable] = [:]
        if file.hasUnlocalizedSection {
            do {
                unlocalized = try file.tables(ofLocalization: Catalog.unlocalized)
                findings.noteTables(unlocalized, localization: Catalog.unlocalized, section: 0)
            } catch {
                diagnostics.append(brokenSection(Catalog.unlocalized, of: file, error))
                orders.append(findings.order(ofSection: 0))
                refusal = StrictRefusal(error: error, order: findings.order(ofSection: 0))
            }
        }
        if let broken = file.brokenNegotiation {
            // The negotiation section follows every localization's: its diagnostic too.
            diagnostics.append(brokenNegotiationSection(of: file, broken))
            orders.append(findings.negotiationOrder)
            refusal = StrictRefusal.earlier(refusal, StrictRefusal(error: broken, order: findings.negotiationOrder))
        }
        let deferred = DeferredCatalog(
            unlocalizedTables: unlocalized, diagnostics: diagnostics, orders: orders, strictRefusal: refusal,
            localizations: file.localizations,
            load: { localization in
                let index = file.sectionIndex(of: localization) ?? names.count
                do throws(CatalogError) {
                    let tables = try file.tables(ofLocalization: localization)
                    findings.noteTables(tables, localization: localization, section: index)
                    return LocalizationStore.Loaded(tables: tables, diagnostics: [], orders: [])
                } catch {
                    // Read after the open, a section that cannot be read (cut short, or the
                    // system failing) can only be left out, as a broken one is.
                    return LocalizationStore.Loaded(
                        tables: nil, diagnostics: [brokenSection(localization, of: file, error)],
                        orders: [findings.order(ofSection: index)],
                        strictRefusal: StrictRefusal(error: error, order: findings.order(ofSection: index)))
                }
            })
        return Catalog(deferred: deferred, developmentLocale: developmentLocale ?? file.developmentLocale,
                       negotiation: file.negotiation, leadingDiagnostics: { findings.leading(of: file) })
    }

    /// The sections of localizations, the unlocalized one first: the order they are read in.
    private static func sectionNames(of file: CompiledCatalogFile) -> [String] {
        (file.hasUnlocalizedSection ? [Catalog.unlocalized] : []) + file.localizations
    }

    private static func brokenNegotiationSection(of file: CompiledCatalogFile, _ error: CatalogError) -> Diagnostic {
        Diagnostic(
            severity: .error, code: "broken-compiled-section",
            message: "the negotiation section cannot be read and is left out (ICU is asked about each localization's "
                + "name instead, with the same results): \(error.message)",
            file: file.name)
    }

    private static func brokenSection(_ localization: String, of file: CompiledCatalogFile, _ error: CatalogError)
        -> Diagnostic
    {
        Diagnostic(
            severity: .error, code: "broken-compiled-section",
            message: (localization.isEmpty ? "the unlocalized tables" : "the tables of '\(localization)'")
                + " cannot be read and are left out: \(error.message)",
            file: file.name)
    }
}
