/// The checks of translate-toolkit's `pofilter` that apply to app strings, comparing each
/// translation (each variant, against the development variant of the same category or its
/// `other`) with the development text. Each is a `TextComparison`; see `TextComparisons`.
enum TranslationTextCheck: LintCheck {
    static var rules: [LintRule] { TextComparisons.all.map(\.rule) }

    static func run(_ context: LintContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for (translation, source) in context.translationPairs {
            for entry in translation.orderedEntries {
                guard let original = source.entry(entry.key) else { continue }
                for pair in pairs(entry, original) {
                    let subject = MessageEscaping.quoted(entry.key.string) + pair.what
                    for comparison in TextComparisons.all {
                        guard let problem = comparison.compare(pair.source, pair.translation) else { continue }
                        diagnostics.append(entry.diagnostic(
                            comparison.rule.severity, comparison.rule.code, "\(subject): \(problem)", at: pair.position))
                    }
                }
            }
        }
        return diagnostics
    }

    /// The texts to compare: text with text; each translated variant with the development
    /// variant of the same variable and key, else its `other`, else the development text.
    static func pairs(_ entry: LintEntry, _ original: LintEntry)
        -> [(source: String, translation: String, what: String, position: LintEntry.Position?)] {
        switch (entry.value, original.value) {
        case (.text(let translated), .text(let source)):
            return [(source, translated, "", nil)]
        case (.variable(let format), _):
            var result: [(String, String, String, LintEntry.Position?)] = []
            for name in format.variables.keys.sorted() {
                guard let variable = format.variables[name] else { continue }
                for variant in variable.variants.keys.sorted(by: FormatExpansion.variantOrder) {
                    guard let translated = variable.variants[variant], !FormatText.isOnlyReference(translated) else { continue }
                    let source: String?
                    switch original.value {
                    case .text(let text): source = text
                    case .variable(let sourceFormat):
                        let sourceVariable = sourceFormat.variables[name]
                        source = sourceVariable?.variants[variant] ?? sourceVariable?.variants["other"]
                    }
                    guard let source, !FormatText.isOnlyReference(source) else { continue }
                    result.append((source, translated, " (variant '\(variant)' of \(MessageEscaping.quoted(name)))",
                                   entry.position(variable: name, variant: variant)))
                }
            }
            return result
        case (.text, .variable):
            return []
        }
    }
}

/// One pofilter-style comparison of a development text and its translation.
struct TextComparison: Sendable {
    var rule: LintRule
    /// Why the translation looks wrong, or `nil`.
    var compare: @Sendable (_ source: String, _ translation: String) -> String?
}

/// The comparisons, each after the pofilter test of the same purpose (named in its help).
enum TextComparisons {
    static let all: [TextComparison] = [
        TextComparison(rule: LintRule(
            "empty-translation", .warning, "a translation is empty where the development text is not",
            help: "pofilter 'blank'/'untranslated': the translation is an empty string, so users of the language see "
                + "nothing. Translate it, or remove the key so the development text is shown.")) { source, translation in
            translation.isEmpty && !source.isEmpty ? "the translation is empty" : nil
        },
        TextComparison(rule: LintRule(
            "replacement-character", .warning, "a translation holds U+FFFD, the mark of text decoded wrongly",
            help: "compare-locales 'encodings': a U+FFFD replacement character in a translation is almost always text that "
                + "was saved in one encoding and read in another. Re-export the translation as UTF-8.")) { source, translation in
            translation.unicodeScalars.contains("\u{FFFD}") && !source.unicodeScalars.contains("\u{FFFD}")
                ? "the translation holds U+FFFD (text decoded with the wrong encoding)" : nil
        },
        TextComparison(rule: LintRule(
            "markup-mismatch", .warning, "a translation's markup tags differ from the development text's",
            help: "pofilter 'xmltags': tags such as <b>…</b> or <a href=…> are code, not text; a dropped, renamed or "
                + "unbalanced tag breaks the rendering. Keep the same tags.")) { source, translation in
            let expected = TextFeatures.tags(in: source), found = TextFeatures.tags(in: translation)
            return expected == found ? nil : "its tags \(TextFeatures.list(found)) differ from \(TextFeatures.list(expected))"
        },
        TextComparison(rule: LintRule(
            "placeholder-mismatch", .warning, "a translation's {placeholders} differ from the development text's",
            help: "pofilter 'variables'/'pythonbraceformat': placeholders such as {name}, {{count}} or $(APP) are filled in "
                + "by code; translated or dropped, they show up raw. Keep them exactly.")) { source, translation in
            let expected = TextFeatures.placeholders(in: source), found = TextFeatures.placeholders(in: translation)
            return expected == found ? nil : "its placeholders \(TextFeatures.list(found)) differ from \(TextFeatures.list(expected))"
        },
        TextComparison(rule: LintRule(
            "url-mismatch", .note, "a URL of the development text is not in the translation",
            help: "pofilter 'urls': the translation lacks a URL the development text has (often a typo in a copied link). "
                + "Localized URLs are fine; check the others.")) { source, translation in
            let found = Set(TextFeatures.urls(in: translation))
            let missing = TextFeatures.urls(in: source).filter { !found.contains($0) }
            return missing.isEmpty ? nil : "the translation lacks \(TextFeatures.list(missing))"
        },
        TextComparison(rule: LintRule(
            "email-mismatch", .note, "an email address of the development text is not in the translation",
            help: "pofilter 'emails': the translation lacks an email address the development text has.")) { source, translation in
            let found = Set(TextFeatures.emails(in: translation))
            let missing = TextFeatures.emails(in: source).filter { !found.contains($0) }
            return missing.isEmpty ? nil : "the translation lacks \(TextFeatures.list(missing))"
        },
        TextComparison(rule: LintRule(
            "newline-mismatch", .note, "a translation has another number of line breaks",
            help: "pofilter 'newlines': line breaks are usually layout (an alert's two paragraphs); a different count often "
                + "means a lost or doubled \\n.")) { source, translation in
            let expected = TextFeatures.count("\n", in: source), found = TextFeatures.count("\n", in: translation)
            return expected == found ? nil : "it has \(found) line breaks where the development text has \(expected)"
        },
        TextComparison(rule: LintRule(
            "tab-mismatch", .note, "a translation has another number of tabs",
            help: "pofilter 'tabs': tabs are layout (columns); keep their number.")) { source, translation in
            let expected = TextFeatures.count("\t", in: source), found = TextFeatures.count("\t", in: translation)
            return expected == found ? nil : "it has \(found) tabs where the development text has \(expected)"
        },
        TextComparison(rule: LintRule(
            "whitespace-mismatch", .note, "a translation starts or ends with other whitespace",
            help: "pofilter 'startwhitespace'/'endwhitespace': leading and trailing spaces are usually there to join the "
                + "string to another one; a translation that drops or adds them runs words together or doubles a space.")) { source, translation in
            guard !translation.isEmpty, !source.isEmpty else { return nil }
            if TextFeatures.leadingWhitespace(source) != TextFeatures.leadingWhitespace(translation) {
                return "its leading whitespace differs from the development text's"
            }
            if TextFeatures.trailingWhitespace(source) != TextFeatures.trailingWhitespace(translation) {
                return "its trailing whitespace differs from the development text's"
            }
            return nil
        },
        TextComparison(rule: LintRule(
            "double-space", .note, "a translation has a double space the development text has not",
            help: "pofilter 'doublespacing': two spaces in a row inside a sentence are almost always a typo.")) { source, translation in
            translation.contains("  ") && !source.contains("  ") ? "it has a double space" : nil
        },
        TextComparison(rule: LintRule(
            "repeated-word", .note, "a translation repeats a word",
            help: "pofilter 'doublewords': 'the the'. Some languages repeat words on purpose; check.")) { source, translation in
            guard let word = TextFeatures.repeatedWord(in: translation), TextFeatures.repeatedWord(in: source) != word else { return nil }
            return "it repeats \(MessageEscaping.quoted(word))"
        },
        TextComparison(rule: LintRule(
            "end-punctuation-mismatch", .note, "a translation ends with other punctuation",
            help: "pofilter 'endpunc': a question that became a statement, a lost colon before a value, a full stop added "
                + "to a button label. Equivalent marks of other scripts (。？！：) count as the same.")) { source, translation in
            let expected = TextFeatures.endPunctuation(source), found = TextFeatures.endPunctuation(translation)
            guard expected != found, !translation.isEmpty else { return nil }
            return "it ends with \(found.map { "'\($0)'" } ?? "no punctuation") where the development text ends with "
                + (expected.map { "'\($0)'" } ?? "none")
        },
        TextComparison(rule: LintRule(
            "bracket-mismatch", .note, "a translation has other brackets",
            help: "pofilter 'brackets': a lost or extra (, [ or { usually means a damaged string.")) { source, translation in
            guard TextFeatures.mayHaveBrackets(source) || TextFeatures.mayHaveBrackets(translation) else { return nil }
            let expected = TextFeatures.brackets(in: source), found = TextFeatures.brackets(in: translation)
            return expected == found ? nil : "its brackets \(found) differ from the development text's \(expected)"
        },
        TextComparison(rule: LintRule(
            "number-mismatch", .note, "a translation has other numbers",
            help: "pofilter 'numbers': a number of the development text (a limit, a version, a port) is not in the "
                + "translation. Numbers written in another script or spelled out are fine.")) { source, translation in
            let found = TextFeatures.numbers(in: translation)
            let missing = TextFeatures.numbers(in: source).filter { !found.contains($0) }
            return missing.isEmpty ? nil : "the translation lacks the number \(missing.joined(separator: ", "))"
        },
    ]
}
