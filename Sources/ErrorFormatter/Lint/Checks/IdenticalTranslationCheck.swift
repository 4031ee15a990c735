/// Translations identical to the development text (pofilter's `unchanged`): often a string
/// copied in and never translated. A note, since many are right (`OK`, product names, and
/// every string of `en-GB` against `en`), so it never fails a build by default.
enum IdenticalTranslationCheck: LintCheck {
    static let rules = [
        LintRule("identical-to-source", .note, "a translation is the development text",
                 help: "The translation is exactly the development text: often a string copied in and never translated. "
                     + "Ignore it for names and words that are the same in both languages."),
    ]

    static func run(_ context: LintContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for (translation, source) in context.translationPairs {
            // A regional variant of the development language (`en-GB` for `en`) is mostly the same text.
            guard language(of: translation.localization) != language(of: source.localization) else { continue }
            for entry in translation.orderedEntries {
                guard let original = source.entry(entry.key), original.value == entry.value,
                      hasLetters(entry.value)
                else { continue }
                diagnostics.append(entry.diagnostic(
                    .note, "identical-to-source",
                    "the '\(translation.localization)' text of \(MessageEscaping.quoted(entry.key.string)) is the development text"))
            }
        }
        return diagnostics
    }

    static func language(of localization: String) -> String? {
        guard let key = Locales.tableKey(for: localization) else { return nil }
        return key.split(separator: "_").first.map(String.init)
    }

    /// Whether any text of the value has a letter outside its specifiers (`%@`, `—` and `42`
    /// are the same in every language).
    static func hasLetters(_ value: LocalizedValue) -> Bool {
        func letters(_ text: String) -> Bool {
            FormatText.literalText(of: text).unicodeScalars.contains(where: \.properties.isAlphabetic)
        }
        switch value {
        case .text(let text): return letters(text)
        case .variable(let format): return format.variables.values.contains { $0.variants.values.contains(where: letters) }
        }
    }
}
