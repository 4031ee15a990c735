/// Catalog-wide checks for translators and CI: everything noticed while loading (broken tables,
/// duplicate keys, truncation…) plus checks that need several localizations at once.
package enum CatalogLint {
    /// Every diagnostic for `catalog`, loading problems first, then cross-localization checks.
    package static func check(_ catalog: Catalog) -> [Diagnostic] {
        catalog.diagnostics + keysMissingFromDevelopment(catalog) + formatProblems(catalog)
    }

    /// Table strings that are not valid formats (`100%` where `100%%` was meant: the string can
    /// never be shown), and translations whose specifiers the arguments of the development
    /// string would not satisfy (an argument it does not pass, or of another type): at run time
    /// such a translation is skipped for the parent language's string, so users of that
    /// language silently see the wrong language.
    static func formatProblems(_ catalog: Catalog) -> [Diagnostic] {
        let development = developmentLocalization(of: catalog)
        var diagnostics: [Diagnostic] = []
        for localization in catalog.localizations {
            for tableName in catalog.tableNames(localization: localization) {
                guard let table = catalog.table(tableName, localization: localization) else { continue }
                let source = localization == development ? nil
                    : development.flatMap { catalog.table(tableName, localization: $0) }
                let file = "\(localization).lproj/\(tableName)"
                for key in table.entries.keys {
                    guard let text = table.string(forKey: key) else { continue }
                    let specifiers: [FormatSpecifier]
                    do throws(FormatFailure) {
                        specifiers = try StringFormat.specifiers(in: text)
                    } catch {
                        diagnostics.append(Diagnostic(
                            severity: .warning, code: "invalid-format",
                            message: "\"\(key)\" is not a valid format, so it is never shown: \(error.message) "
                                + "(write a percent sign as %%)", file: file))
                        continue
                    }
                    if let literal = specifiers.first(where: looksLikeALiteralPercentSign) {
                        diagnostics.append(Diagnostic(
                            severity: .warning, code: "suspicious-percent",
                            message: "\"\(key)\" has '% \(literal.conversion.rawValue)' (a specifier with the space flag), "
                                + "probably a percent sign followed by a word; write %% if so", file: file))
                    }
                    guard let sourceText = source?.string(forKey: key),
                          let sourceSpecifiers = try? StringFormat.specifiers(in: sourceText)
                    else { continue }
                    if let problem = mismatch(translation: specifiers, source: sourceSpecifiers) {
                        diagnostics.append(Diagnostic(
                            severity: .warning, code: "format-mismatch",
                            message: "\"\(key)\" \(problem); it will be skipped for the parent language's "
                                + "string", file: file))
                    }
                }
            }
        }
        return diagnostics
    }

    /// `100% sure` parses as `% s` (a string with the space flag, which only numbers use): a
    /// percent sign that was meant literally, and a string that needs an argument.
    static func looksLikeALiteralPercentSign(_ specifier: FormatSpecifier) -> Bool {
        specifier.flags.contains(.spaceSign) && (specifier.argumentKind == .string || specifier.argumentKind == .any)
    }

    /// Why a translation's specifiers do not fit the development string's, or `nil`.
    static func mismatch(translation: [FormatSpecifier], source: [FormatSpecifier]) -> String? {
        var sourceKinds: [Int: FormatSpecifier.ArgumentKind] = [:]
        for specifier in source { sourceKinds[specifier.position] = specifier.argumentKind }
        for specifier in translation {
            guard let kind = sourceKinds[specifier.position] else {
                return "uses argument \(specifier.position), which the development string does not take"
            }
            if !specifier.argumentKind.isCompatible(with: kind) {
                return "reads argument \(specifier.position) as \(specifier.argumentKind.rawValue) where the "
                    + "development string has \(kind.rawValue)"
            }
        }
        return nil
    }

    /// Keys a translation has but the development localization lacks: usually a typo or a key
    /// renamed in the source language and left behind in translations, so never looked up.
    static func keysMissingFromDevelopment(_ catalog: Catalog) -> [Diagnostic] {
        guard let development = developmentLocalization(of: catalog) else { return [] }
        var diagnostics: [Diagnostic] = []
        for localization in catalog.localizations where localization != development {
            for tableName in catalog.tableNames(localization: localization) {
                guard let source = catalog.table(tableName, localization: development),
                      let translation = catalog.table(tableName, localization: localization)
                else { continue }
                for key in translation.entries.keys where source.entries[key] == nil {
                    diagnostics.append(Diagnostic(
                        severity: .warning, code: "key-not-in-development",
                        message: "key \"\(key)\" is not in the development localization '\(development)'",
                        file: "\(localization).lproj/\(tableName)\(TableFile.stringsExtension)"))
                }
            }
        }
        return diagnostics
    }

    /// The localization that holds the development locale's own text, e.g. `en` for `en`.
    static func developmentLocalization(of catalog: Catalog) -> String? {
        let candidates = catalog.localizations.filter { $0 != Catalog.baseLocalization }
        let negotiation = Locales.negotiate(preferences: [catalog.developmentLocale], available: candidates,
                                            mode: .strict)
        guard let first = negotiation.entries.first, candidates.indices.contains(first.index) else { return nil }
        return candidates[first.index]
    }
}
