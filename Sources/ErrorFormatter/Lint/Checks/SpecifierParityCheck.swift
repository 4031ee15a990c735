/// A translation's specifiers against the development text's, for plain strings and for every
/// expansion of plural, device and width variants (`FormatExpansion`): an argument the
/// development text does not pass, or read as another type (`%d` where it has `%@`: on Apple
/// platforms `%@` reading an integer crashes; here the translation is skipped and users of that
/// language silently see the parent language), and arguments the translation drops.
/// compare-locales' `printf` check, with Apple's conversions.
enum SpecifierParityCheck: LintCheck {
    static let rules = [
        LintRule("format-mismatch", .error, "a translation's specifiers do not fit the development text's arguments",
                 help: "The translation uses an argument the development text does not pass, or reads it as another type (%d "
                     + "where the development text has %@, or positions swapped). Apple platforms may crash or print garbage; "
                     + "ErrorFormatter skips the translation for the parent language's text. Use the same specifiers, "
                     + "reordered with positions (%1$@, %2$d) where the language needs another order."),
        LintRule("format-argument-missing", .warning, "a translation drops an argument of the development text",
                 help: "The development text shows this argument (a name, a count) and the translation never does. Add the "
                     + "specifier, with a position (%2$@) if the order differs."),
    ]

    static func run(_ context: LintContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for (translation, source) in context.translationPairs {
            for entry in translation.orderedEntries {
                guard let original = source.entry(entry.key) else { continue }
                diagnostics += compare(entry, against: original)
            }
        }
        return diagnostics
    }

    static func compare(_ entry: LintEntry, against original: LintEntry) -> [Diagnostic] {
        // Everything the development text may pass, by position.
        var expected: [Int: Set<ArgumentFamily>] = [:]
        var sawValidSource = false
        for expansion in FormatExpansion.expansions(of: original.value) {
            guard let signature = ArgumentFamily.signature(of: expansion.text) else { continue }
            sawValidSource = true
            for (position, family) in signature { expected[position, default: []].insert(family) }
            for selector in expansion.selectors {
                if let type = selector.valueType, let family = ArgumentFamily(valueType: type) {
                    expected[selector.position, default: []].insert(family)
                }
            }
        }
        guard sawValidSource else { return [] }
        var diagnostics: [Diagnostic] = []
        var reported: Set<String> = []
        var used: Set<Int> = []
        let name = MessageEscaping.quoted(entry.key.string)
        for expansion in FormatExpansion.expansions(of: entry.value) {
            guard let signature = ArgumentFamily.signature(of: expansion.text) else { continue }
            used.formUnion(signature.keys)
            for selector in expansion.selectors { used.insert(selector.position) }
            let at = expansion.choices.last.map { entry.position(variable: $0.variable, variant: $0.variant) }
            let variant = expansion.choices.isEmpty ? "" : " (variant \(expansion.label))"
            for position in signature.keys.sorted() {
                guard let family = signature[position] else { continue }
                let problem: String
                if let allowed = expected[position] {
                    guard !allowed.contains(family) else { continue }
                    let theirs = allowed.map(\.rawValue).sorted().joined(separator: " or ")
                    problem = "reads argument \(position) as \(family.rawValue) where the development text has \(theirs)"
                } else {
                    problem = "uses argument \(position), which the development text does not pass"
                }
                guard reported.insert(problem).inserted else { continue }
                diagnostics.append(entry.diagnostic(.error, "format-mismatch", "\(name)\(variant) \(problem)", at: at))
            }
        }
        if !diagnostics.isEmpty || used.isEmpty && FormatExpansion.expansions(of: entry.value).allSatisfy({ ArgumentFamily.signature(of: $0.text) == nil }) {
            return diagnostics
        }
        for position in expected.keys.sorted() where !used.contains(position) {
            let family = expected[position].map { $0.map(\.rawValue).sorted().joined(separator: " or ") } ?? ""
            diagnostics.append(entry.diagnostic(
                .warning, "format-argument-missing",
                "\(name) never shows argument \(position) (\(family)) of the development text"))
        }
        return diagnostics
    }
}
