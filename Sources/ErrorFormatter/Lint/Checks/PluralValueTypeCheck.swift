/// Within one plural variable: a variant whose specifier for the counted argument is not of
/// the variable's value type (`NSStringFormatValueTypeKey` `lld` with a variant `%@ Dateien`):
/// the count is an integer, so `%@` reads an integer as an object.
enum PluralValueTypeCheck: LintCheck {
    static let rules = [
        LintRule("plural-value-type-mismatch", .error, "a plural variant formats the count as another type",
                 help: "The variable's value type (NSStringFormatValueTypeKey, e.g. lld) says what the counted argument is; a "
                     + "variant that formats that argument with another conversion (%@ for an integer) crashes or prints "
                     + "garbage on Apple platforms. Use the value type's conversion (%lld) in every variant."),
    ]

    static func run(_ context: LintContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for table in context.catalog.allTables {
            for entry in table.orderedEntries {
                guard case .variable(let format) = entry.value else { continue }
                let positions = selectingPositions(in: format)
                for name in format.variables.keys.sorted() where hasDeclaredValueType(name, in: entry) {
                    guard let variable = format.variables[name], variable.ruleType == .plural,
                          let type = variable.valueType, let expected = ArgumentFamily(valueType: type)
                    else { continue }
                    for variant in variable.variants.keys.sorted(by: FormatExpansion.variantOrder) {
                        guard let text = variable.variants[variant],
                              let found = countSpecifier(in: text, position: positions[name])
                        else { continue }
                        let family = ArgumentFamily(found.argumentKind)
                        guard family != expected else { continue }
                        diagnostics.append(entry.diagnostic(
                            .error, "plural-value-type-mismatch",
                            "variant '\(variant)' of \(MessageEscaping.quoted(name)) in \(MessageEscaping.quoted(entry.key.string)) "
                                + "formats the count as \(family.rawValue), but the value type '\(type)' is \(expected.rawValue)",
                            at: entry.position(variable: name, variant: variant)))
                    }
                }
            }
        }
        return diagnostics
    }

    /// Whether the variable's value type was written in the file: always in a `.stringsdict`
    /// (`NSStringFormatValueTypeKey`) and for a String Catalog substitution (`formatSpecifier`);
    /// a String Catalog's plain plural variations and a JSON table's plurals have a value type
    /// the loader infers from a variant, which proves nothing about the others.
    static func hasDeclaredValueType(_ name: String, in entry: LintEntry) -> Bool {
        if entry.file.hasSuffix(TableFile.Format.json.fileExtension) { return false }
        if entry.file.hasSuffix(TableFile.Format.stringCatalog.fileExtension) {
            return name != "plural" && !name.hasPrefix("device.")
        }
        return true
    }

    /// The argument each variable's reference selects with, where the format says it
    /// explicitly (`%2$#@files@`).
    static func selectingPositions(in format: VariableFormat) -> [String: Int] {
        var positions: [String: Int] = [:]
        let texts = [format.format] + format.variables.values.flatMap { $0.variants.values }
        for text in texts {
            guard let segments = try? FormatParser.parse(text, allowsVariables: true) else { continue }
            for case .variable(let reference) in segments where reference.isPositionExplicit {
                positions[reference.name] = reference.position
            }
        }
        return positions
    }

    /// The specifier of a variant that formats the count: the one at the selecting argument's
    /// position (explicit in the reference, else 1 for a reference that is the format's first
    /// directive), else the variant's only specifier when it has no position (`%d files`, the
    /// usual form). A variant that shows only other arguments (`one match in %2$@`) is not
    /// judged, nor anything ambiguous.
    static func countSpecifier(in variant: String, position: Int?) -> FormatSpecifier? {
        guard let specifiers = try? StringFormat.specifiers(in: variant), !specifiers.isEmpty else { return nil }
        let selecting = position ?? 1
        if let explicit = specifiers.first(where: { $0.isPositionExplicit && $0.position == selecting }) {
            return explicit
        }
        guard specifiers.count == 1, let only = specifiers.first, !only.isPositionExplicit else { return nil }
        return only
    }
}
