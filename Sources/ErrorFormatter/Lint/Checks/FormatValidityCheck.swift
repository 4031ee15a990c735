/// Table strings (and every variant and variable format) that are not valid formats, so are
/// never shown (`80%` for `80%%`, `%n`, `%k`, a position of 0, a `%#@` reference in a plain
/// string), and `100% sure`, which parses as `% s`: a literal percent sign, almost certainly.
enum FormatValidityCheck: LintCheck {
    static let rules = [
        LintRule("invalid-format", .warning, "a table string is not a valid format, so it is never shown",
                 help: "The string has a specifier that can never render (a lone % as in 80%, %n, an unknown conversion, "
                     + "position 0, one argument read as two types). ErrorFormatter never shows such a string and falls back to "
                     + "the parent language; write a percent sign as %%."),
        LintRule("suspicious-percent", .warning, "a percent sign followed by a space and a letter reads as a specifier",
                 help: "'100% sure' parses as the specifier '% s' (a string with the space flag), which needs an argument. "
                     + "Write %% for a literal percent sign."),
    ]

    static func run(_ context: LintContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for table in context.catalog.allTables {
            for entry in table.orderedEntries {
                switch entry.value {
                case .text(let text):
                    diagnostics += check(text, entry: entry, allowsVariables: false, what: "", at: nil)
                case .variable(let format):
                    diagnostics += check(format.format, entry: entry, allowsVariables: true, what: " (its format)", at: nil)
                    for name in format.variables.keys.sorted() {
                        guard let variable = format.variables[name] else { continue }
                        for variant in variable.variants.keys.sorted(by: FormatExpansion.variantOrder) {
                            guard let text = variable.variants[variant] else { continue }
                            diagnostics += check(text, entry: entry, allowsVariables: true,
                                                 what: " (variant '\(variant)' of \(MessageEscaping.quoted(name)))",
                                                 at: entry.position(variable: name, variant: variant))
                        }
                    }
                }
            }
        }
        return diagnostics
    }

    static func check(_ text: String, entry: LintEntry, allowsVariables: Bool, what: String,
                      at position: LintEntry.Position?) -> [Diagnostic] {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return [] }
        let name = MessageEscaping.quoted(entry.key.string) + what
        let segments: [FormatSegment]
        do throws(FormatFailure) {
            segments = try FormatParser.parse(text, allowsVariables: allowsVariables)
            let specifiers = segments.compactMap { segment -> FormatSpecifier? in
                if case .specifier(let specifier) = segment { return specifier }
                return nil
            }
            try StringFormat.checkConsistentKinds(specifiers)
        } catch {
            return [entry.diagnostic(
                .warning, "invalid-format",
                "\(name) is not a valid format, so it is never shown: \(error.message) [\(error.code)]; write a percent sign as %%",
                at: position)]
        }
        for case .specifier(let specifier) in segments where looksLikeALiteralPercentSign(specifier) {
            return [entry.diagnostic(
                .warning, "suspicious-percent",
                "\(name) has '% \(specifier.conversion.rawValue)' (a specifier with the space flag), probably a percent "
                    + "sign followed by a word; write %% if so", at: position)]
        }
        return []
    }

    /// `100% sure` parses as `% s` (a string with the space flag, which only numbers use): a
    /// percent sign that was meant literally, and a string that needs an argument.
    static func looksLikeALiteralPercentSign(_ specifier: FormatSpecifier) -> Bool {
        specifier.flags.contains(.spaceSign) && (specifier.argumentKind == .string || specifier.argumentKind == .any)
    }
}
