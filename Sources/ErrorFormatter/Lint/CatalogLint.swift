/// Lint of a catalog already loaded (`Catalog.open`, `CatalogBuilder`): the loading
/// diagnostics plus every check of ``Lint``. A loaded catalog keeps no positions, so findings
/// about entries name the table as `<localization>.lproj/<Table>` without line and column; lint
/// the directory with ``Lint/run(paths:options:)`` to get them.
package enum CatalogLint {
    /// Every diagnostic for `catalog`, loading problems first, then the checks' findings.
    package static func check(_ catalog: Catalog) -> [Diagnostic] {
        let report = Lint.check(LintCatalog(catalog), options: LintOptions(developmentLocale: catalog.developmentLocale))
        return catalog.diagnostics + report.diagnostics
    }
}

extension LintCatalog {
    /// The tables of a loaded catalog, without positions. Each table is named as
    /// `<localization>.lproj/<Table>`, under `container` when given (the compiled file it was
    /// read from: `App.efc/fr.lproj/Localizable`).
    package init(_ catalog: Catalog, shownUnder container: String? = nil) {
        self.init()
        for localization in [Catalog.unlocalized] + catalog.localizations {
            if !localization.isEmpty, let container {
                localizationSources[localization] = "\(container)/\(localization)\(Catalog.localizationDirectorySuffix)"
            }
            for name in catalog.tableNames(localization: localization) {
                guard let table = catalog.table(name, localization: localization) else { continue }
                let inCatalog = localization.isEmpty ? name : "\(localization)\(Catalog.localizationDirectorySuffix)/\(name)"
                let file = container.map { "\($0)/\(inCatalog)" } ?? inCatalog
                var lintTable = LintTable(localization: localization, name: name)
                lintTable.files = [file]
                for key in table.keys {
                    guard let value = table.value(forKey: key) else { continue }
                    lintTable.add(LintEntry(key: key, value: value, file: file, position: .unknown))
                }
                tables[localization, default: [:]][name] = lintTable
                files.append(file)
            }
        }
    }
}
