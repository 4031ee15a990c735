/// What a compiled catalog reports beyond the diagnostics it stores, and what fails its strict
/// open: the same answers as its sources, however the file was made.
///
/// A file the library compiled stores its sources' diagnostics (the `nul-in-value` warnings
/// among them) and, when a strict open of the sources fails, that failure (its strict refusal
/// section). The reader checks the values again all the same: a value holding U+0000 that the
/// stored diagnostics do not report (a file made otherwise, or changed with its checksums made
/// right) gets the warning a source table would get, and fails a strict open, as a source's
/// does. Reported ones are not reported twice: each stored `nul-in-value` diagnostic stands for
/// one value found (matched by message, which names the key). The values are looked at when
/// the stored diagnostics are read (the first time a catalog's diagnostics or strict refusal
/// are asked for, at once when strict), never on the lookup road.
///
/// A strict open fails with the first of, in this order: a broken catalog section, a broken
/// localization section (in directory order), a broken negotiation section, a broken or present
/// strict refusal section, a value holding U+0000 (in directory order). A lenient open keeps the
/// same first one as the catalog's ``Catalog/strictRefusal``, so that compiling it again keeps it.
final class CompiledCatalogFindings: Sendable {
    /// The tables read so far, with their localization, by the index of their section (the
    /// unlocalized one first, then the localizations in order).
    private let tablesRead = Protected<[Int: (localization: String, tables: [String: StringTable])]>([:])
    /// How many localization sections the file has, the unlocalized one included.
    let sectionCount: Int
    /// The compiled file, as its tables are named in the warnings.
    private let file: String?

    init(sectionCount: Int, file: String?) {
        self.sectionCount = sectionCount
        self.file = file
    }

    // MARK: Where each finding falls in a strict open

    static let catalogSectionOrder = DiagnosticOrder(step: 0, part: 0)

    /// Section `index` (the unlocalized one, 0, first), broken: where its diagnostic falls too.
    func order(ofSection index: Int) -> DiagnosticOrder { DiagnosticOrder(step: index + 1, part: 0) }

    /// The negotiation section, broken: where its diagnostic falls too.
    var negotiationOrder: DiagnosticOrder { DiagnosticOrder(step: sectionCount + 1, part: 0) }

    private var strictRefusalOrder: DiagnosticOrder { DiagnosticOrder(step: sectionCount + 2, part: 0) }

    private func order(ofNULInSection index: Int) -> DiagnosticOrder {
        DiagnosticOrder(step: sectionCount + 3, part: index)
    }

    // MARK: Values holding U+0000

    /// Notes the tables of `localization`, section `index`, to be looked at with the stored
    /// diagnostics.
    func noteTables(_ tables: [String: StringTable], localization: String, section index: Int) {
        tablesRead.withLock { $0[index] = (localization, tables) }
    }

    /// The warnings for the values holding U+0000 in the tables read, by section, in section
    /// order, tables by name; each table named as lint names a catalog's
    /// (`App.efc/fr.lproj/Localizable`): the file holds no table file.
    private func nulWarnings() -> [(section: Int, warnings: [Diagnostic])] {
        let read = tablesRead.withLock { $0.sorted { $0.key < $1.key } }
        return read.compactMap { index, section in
            var warnings: [Diagnostic] = []
            for name in section.tables.keys.sorted(by: { $0.precedesInUTF8Order($1) }) {
                guard let keys = section.tables[name]?.keysHoldingNUL, !keys.isEmpty else { continue }
                let inCatalog = section.localization.isEmpty
                    ? name : "\(section.localization)\(Catalog.localizationDirectorySuffix)/\(name)"
                let tableFile = file.map { "\($0)/\(inCatalog)" } ?? inCatalog
                warnings += keys.map { NULInValue.diagnostic(key: $0, file: tableFile, strict: false) }
            }
            return warnings.isEmpty ? nil : (index, warnings)
        }
    }

    // MARK: Putting it together

    /// The diagnostics that come first (`stored`, then the values holding U+0000 they do not
    /// report, in section order) and the strict refusal found among them, the stored strict
    /// refusal and those values: what ``LocalizationStore`` reads once every section is read.
    ///
    /// - Parameters:
    ///   - stored: The catalog section's diagnostics, or the one that says it is broken.
    ///   - storedRefusal: What the strict refusal section holds, or why it cannot be read.
    func leading(stored: [Diagnostic], storedRefusal: Result<CatalogError?, CatalogError>) -> LocalizationStore.Leading {
        let sections = nulWarnings()
        var reported: [String: Int] = [:]
        for diagnostic in stored where diagnostic.code == NULInValue.code { reported[diagnostic.message, default: 0] += 1 }
        var unreported: [Diagnostic] = []
        for diagnostic in sections.flatMap(\.warnings) {
            if let count = reported[diagnostic.message], count > 0 {
                reported[diagnostic.message] = count - 1
            } else {
                unreported.append(diagnostic)
            }
        }
        var refusal: StrictRefusal?
        switch storedRefusal {
        case .success(let error?): refusal = StrictRefusal(error: error, order: strictRefusalOrder)
        case .failure(let error): refusal = StrictRefusal(error: error, order: strictRefusalOrder)
        case .success(nil): break
        }
        if let (index, found) = sections.first, let first = found.first {
            refusal = StrictRefusal.earlier(refusal, StrictRefusal(
                error: CatalogError(parseFailure: first), order: order(ofNULInSection: index)))
        }
        return LocalizationStore.Leading(diagnostics: stored + unreported, strictRefusal: refusal)
    }

    /// ``leading(stored:storedRefusal:)`` read from `file`: its catalog section (one
    /// `broken-compiled-section` error in place of its diagnostics when it is broken, and the
    /// strict refusal then) and its strict refusal section.
    func leading(of file: CompiledCatalogFile) -> LocalizationStore.Leading {
        let storedRefusal = Result { () throws(CatalogError) in try file.storedStrictRefusal() }
        do throws(CatalogError) {
            return leading(stored: try file.storedDiagnostics(), storedRefusal: storedRefusal)
        } catch {
            var leading = leading(stored: [Self.brokenCatalogSection(of: file, error)], storedRefusal: storedRefusal)
            leading.strictRefusal = StrictRefusal.earlier(
                StrictRefusal(error: error, order: Self.catalogSectionOrder), leading.strictRefusal)
            return leading
        }
    }

    static func brokenCatalogSection(of file: CompiledCatalogFile, _ error: CatalogError) -> Diagnostic {
        Diagnostic(
            severity: .error, code: "broken-compiled-section",
            message: "the catalog's own diagnostics cannot be read and are left out: \(error.message)", file: file.name)
    }
}
