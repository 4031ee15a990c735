/// Keys of the development table a translation lacks (and that no parent localization in the
/// catalog supplies: `fr-CA` may rely on `fr`), keys only a translation has, and translated
/// tables the development localization does not have at all. Coverage is `LintStatistics`.
enum KeyCoverageCheck: LintCheck {
    static let rules = [
        LintRule("missing-key", .warning, "a translation lacks a key of the development table",
                 help: "Users of that language see the development text for this key. The finding points at the development "
                     + "entry and names the translation's file; add the key there (or to a parent localization such as fr for fr-CA)."),
        LintRule("key-not-in-development", .warning, "a translation has a key the development table lacks",
                 help: "Usually a key renamed or misspelled in the development table and left behind in translations: it is "
                     + "never looked up. Remove it, or add it to the development table."),
        LintRule("table-not-in-development", .warning, "a translated table has no development table",
                 help: "A table that exists only in translations has no development text to fall back to or to be checked "
                     + "against. Add it to the development localization."),
    ]

    static func run(_ context: LintContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let usable = Set(context.usableLocalizations)
        for table in context.catalog.allTables where usable.contains(table.localization) && !context.isDevelopmentText(table) {
            guard let development = context.developmentLocalization(of: table), context.catalog.tables[development] != nil
            else { continue }
            // `fr.lproj/Main.strings` translates `Base.lproj/Main.storyboard`, not a table.
            let translatesInterface = context.catalog.interfaceBuilderFiles.values.contains { $0.contains(table.name) }
            if context.developmentTables[table.name] == nil, table.sourceLanguage == nil, !translatesInterface {
                diagnostics.append(Diagnostic(
                    severity: .warning, code: "table-not-in-development",
                    message: "the table '\(table.name)' of '\(table.localization)' has no development table in '\(development)'",
                    file: table.mainFile))
            }
        }
        for (translation, source) in context.translationPairs {
            let parents = parentTables(of: translation, context: context)
            for entry in source.orderedEntries where !translation.contains(entry.key) {
                guard !parents.contains(where: { $0.contains(entry.key) }) else { continue }
                diagnostics.append(entry.diagnostic(
                    .warning, "missing-key",
                    "\(MessageEscaping.quoted(entry.key.string)) has no '\(translation.localization)' translation "
                        + "(\(translation.mainFile)); those users see the development text"))
            }
            for entry in translation.orderedEntries where !source.contains(entry.key) {
                diagnostics.append(entry.diagnostic(
                    .warning, "key-not-in-development",
                    "\(MessageEscaping.quoted(entry.key.string)) is not in the development table (\(source.mainFile)), so it is never looked up"))
            }
        }
        return diagnostics
    }

    /// The same table in the localizations `translation` falls back to before the development
    /// one (`fr` for `fr-CA`, `es-419` for `es-MX`, `zh-Hant` for `zh-Hant-TW`).
    static func parentTables(of translation: LintTable, context: LintContext) -> [LintTable] {
        guard case .locale(let id)? = try? Locales.normalize(translation.localization), !id.isEmpty else { return [] }
        let chain = Set(Locales.chain(for: id).dropFirst().map(\.id))
        guard !chain.isEmpty else { return [] }
        let development = context.developmentLocalization(of: translation)
        return context.usableLocalizations.compactMap { localization in
            guard localization != translation.localization, localization != development,
                  let key = Locales.tableKey(for: localization),
                  chain.contains(key) || chain.contains(Locales.tableName(localization).spelling ?? "")
            else { return nil }
            return context.catalog.tables[localization]?[translation.name]
        }
    }

    /// Coverage of every translated table.
    static func statistics(_ context: LintContext) -> [LintStatistics] {
        context.translationPairs.map { translation, source in
            var statistics = LintStatistics(file: translation.mainFile, localization: translation.localization,
                                            table: translation.name, translated: 0, identical: 0, missing: 0, extra: 0)
            for entry in source.orderedEntries {
                guard let translated = translation.entry(entry.key) else {
                    statistics.missing += 1
                    continue
                }
                if translated.value == entry.value { statistics.identical += 1 } else { statistics.translated += 1 }
            }
            statistics.extra = translation.keys.reduce(0) { $0 + (!source.contains($1) ? 1 : 0) }
            return statistics
        }
    }
}
