/// Plural variants against the CLDR categories of the variant's language, from ICU: a
/// category the language uses but the variable lacks (those counts show the `other` text:
/// "1 fichiers"), and one it never uses (dead text, often copied from English). `zero` is
/// never flagged as unused: Apple uses it for 0 in every language. `other` is required by the
/// loaders (`missing-other-variant`).
enum PluralCategoryCheck: LintCheck {
    static let rules = [
        LintRule("plural-category-missing", .warning, "a plural lacks a category its language uses",
                 help: "CLDR (through ICU) gives the language this category, e.g. 'one' in French or 'few' in Polish; counts "
                     + "in it show the 'other' text instead, which is usually wrong grammar. Add the variant."),
        LintRule("plural-category-unused", .note, "a plural has a category its language never uses",
                 help: "The language has no such category (Japanese has only 'other'; English has no 'few'), so the variant is "
                     + "never chosen. Remove it; 'zero' is always allowed, Apple uses it for 0."),
    ]

    static func run(_ context: LintContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for table in context.catalog.allTables {
            guard table.orderedEntries.contains(where: { if case .variable = $0.value { true } else { false } }),
                  let locale = context.pluralLocale(of: table),
                  let rules = try? PluralRules.cardinal(for: locale)
            else { continue }
            let categories = rules.categories
            let listed = categories.sorted().map(\.rawValue).joined(separator: ", ")
            let language = table.localization.isEmpty ? locale : table.localization
            for entry in table.orderedEntries {
                guard case .variable(let format) = entry.value else { continue }
                for name in format.variables.keys.sorted() {
                    guard let variable = format.variables[name], variable.ruleType == .plural else { continue }
                    let present = Set(variable.variants.keys.compactMap(PluralCategory.init(rawValue:)))
                    let missing = categories.subtracting(present).sorted()
                    if !missing.isEmpty {
                        diagnostics.append(entry.diagnostic(
                            .warning, "plural-category-missing",
                            "\(MessageEscaping.quoted(name)) in \(MessageEscaping.quoted(entry.key.string)) lacks "
                                + missing.map { "'\($0.rawValue)'" }.joined(separator: ", ")
                                + " (\(language) uses \(listed)); those counts show the 'other' text",
                            at: entry.position(variable: name)))
                    }
                    for category in present.subtracting(categories).sorted() where category != .zero {
                        diagnostics.append(entry.diagnostic(
                            .note, "plural-category-unused",
                            "'\(category.rawValue)' of \(MessageEscaping.quoted(name)) in \(MessageEscaping.quoted(entry.key.string)) "
                                + "is never chosen: \(language) uses only \(listed)",
                            at: entry.position(variable: name, variant: category.rawValue)))
                    }
                }
            }
        }
        return diagnostics
    }
}
