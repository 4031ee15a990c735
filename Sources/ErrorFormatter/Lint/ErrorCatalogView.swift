/// One table of a catalog seen as the errors it gives texts to: the development table and its
/// translations, which errors have texts, the arguments each takes, and which localizations
/// lack a text of their own. What the registry check and the code generator read.
struct ErrorCatalogView {
    /// The table (`Localizable`).
    let table: String
    /// Its development text: the development localization's table (merged with `Base`'s), or
    /// a String Catalog's source-language table; `nil` when the catalog has none.
    let development: LintTable?
    /// The localization of ``development`` (`""` for an unlocalized table).
    let developmentLocalization: String?
    /// Every translation of the table, localizations in byte order.
    let translations: [LintTable]
    /// Each translation followed by the tables it falls back to before the development one.
    private let fallbacks: [[LintTable]]

    init(context: LintContext, table: String) {
        self.table = table
        let stringCatalogSource = context.catalog.allTables.first {
            $0.name == table && $0.sourceLanguage != nil && $0.sourceLanguage == $0.localization
        }
        let unlocalized = context.catalog.tables[Catalog.unlocalized]?[table]
        development = context.developmentTables[table] ?? stringCatalogSource ?? unlocalized
        developmentLocalization = development?.localization
        translations = context.translationPairs.filter { $0.translation.name == table }.map(\.translation)
        fallbacks = translations.map { [$0] + KeyCoverageCheck.parentTables(of: $0, context: context) }
    }

    /// Every error with a development title or message, in ``ErrorIdentity`` order.
    var errors: [(error: ErrorIdentity, texts: ErrorTextPair)] {
        development.map(ErrorTexts.errors(in:)) ?? []
    }

    /// The development texts of `error` (none when it has none).
    func developmentTexts(of error: ErrorIdentity) -> ErrorTextPair {
        var pair = ErrorTextPair()
        for field in ErrorTextField.allCases { pair[field] = development?.entry(TableKey(error.key(field))) }
        return pair
    }

    /// The localizations, development first, in which `error` lacks a title or a message of
    /// its own, with the fields it lacks. A translation's text counts when the localization or
    /// one it falls back to before the development one (`fr` for `fr-CA`) has it and, when
    /// `arguments` are known, its specifiers take them: a text the arguments cannot satisfy is
    /// skipped at run time for the parent language's, as if it were missing.
    func missingTexts(of error: ErrorIdentity, arguments: [ErrorArgument]?)
        -> [(localization: String, fields: [ErrorTextField])]
    {
        var missing: [(localization: String, fields: [ErrorTextField])] = []
        let own = developmentTexts(of: error)
        let developmentLacks = ErrorTextField.allCases.filter { own[$0] == nil }
        if !developmentLacks.isEmpty, let localization = developmentLocalization {
            missing.append((localization, developmentLacks))
        }
        let samples = arguments.map(Self.sampleArguments)
        for (translation, tables) in zip(translations, fallbacks) {
            let lacking = ErrorTextField.allCases.filter { field in
                !tables.contains { table in
                    guard let entry = table.entry(TableKey(error.key(field))) else { return false }
                    return samples.map { Self.takes(entry.value, $0) } ?? true
                }
            }
            if !lacking.isEmpty { missing.append((translation.localization, lacking)) }
        }
        return missing
    }

    /// One value of each argument's type: whether a text takes the arguments depends on their
    /// types and count only, never on their values.
    static func sampleArguments(_ arguments: [ErrorArgument]) -> [FormatArgument] {
        arguments.map { argument in
            switch argument.type {
            case .string: .string("")
            case .int64: .int(1)
            case .uint64: .uint(1)
            case .double: .double(1)
            }
        }
    }

    /// Whether every expansion of `value` (each plural, device and width variant) takes
    /// `arguments`: a valid format whose every specifier accepts the argument it names, and
    /// whose plural variables count with a number.
    static func takes(_ value: LocalizedValue, _ arguments: [FormatArgument]) -> Bool {
        FormatExpansion.expansions(of: value).allSatisfy { expansion in
            guard let specifiers = try? StringFormat.specifiers(in: expansion.text) else { return false }
            let counts = expansion.selectors.allSatisfy { selector in
                guard case .variable(let format) = value, format.variables[selector.variable]?.ruleType == .plural
                else { return true }
                guard arguments.indices.contains(selector.position - 1) else { return false }
                if case .string = arguments[selector.position - 1] { return false }
                return true
            }
            return counts && specifiers.allSatisfy { (try? StringFormat.argument(for: $0, in: arguments)) != nil }
        }
    }
}
