/// Writes a document as a String Catalog (`.xcstrings`): every language in one file, in Xcode's
/// layout (two-space indentation, `" : "`), members sorted by code point so that the output does
/// not depend on the input's order, each string unit `translated`.
///
/// Shapes, as `StringCatalogFile` reads them back:
/// - a text: a `stringUnit`;
/// - a single plural whose value type is the first specifier of `other`: `variations.plural`;
/// - a single device variable whose variants are texts or such plurals: `variations.device`
///   (with `variations.plural` nested in a device, the one nesting Xcode offers);
/// - any other format whose variables are all plurals with a value type and whose variants
///   hold no `%arg` and no further variables: the format as the `stringUnit`, each variable a
///   substitution with its `formatSpecifier` (no `argNum`: references keep their own positions).
/// Width variants, other device shapes and non-string values cannot be held: each is a warning,
/// and so is a text with a `%#@name@` in it (plain text in `.strings`, but a String Catalog reads
/// it as a reference to a substitution, and one the entry does not define).
/// A key the source language lacks is read back with the key as its source text, which is
/// reported too.
enum StringCatalogTableWriter {
    /// A JSON value as the writer builds it.
    private indirect enum Node {
        case string(String)
        case object([(String, Node)])
    }

    static func write(_ document: TableDocument) -> ConvertedTable {
        var diagnostics: [Diagnostic] = []
        var byKey: [TableKey: [(language: String, node: Node)]] = [:]
        for language in document.languages {
            for entry in language.entries {
                switch localization(entry.value) {
                case .success(let node): byKey[entry.key, default: []].append((language.name, node))
                case .failure(let reason):
                    diagnostics.append(reason.diagnostic(for: entry.key, language: language.name))
                }
            }
        }
        var strings: [(String, Node)] = []
        for key in byKey.keys.sorted() {
            guard let localizations = byKey[key] else { continue }
            if !localizations.contains(where: { $0.language.utf8.elementsEqual(document.sourceLanguage.utf8) }) {
                diagnostics.append(Diagnostic(
                    severity: .warning, code: "missing-source-text",
                    message: "\(MessageEscaping.quoted(key.string)) has no usable text in the source language "
                        + "\(document.sourceLanguage); a String Catalog then uses the key itself as that text"))
            }
            let sorted = localizations.sorted { VariableShape.utf8Order($0.language, $1.language) }
            strings.append((key.string, .object([("localizations", .object(sorted.map { ($0.language, $0.node) }))])))
        }
        let root = Node.object([
            ("sourceLanguage", .string(document.sourceLanguage)),
            ("strings", .object(strings)),
            ("version", .string("1.0")),
        ])
        var out = ""
        render(root, indent: "", into: &out)
        out += "\n"
        return ConvertedTable(bytes: Array(out.utf8), diagnostics: diagnostics)
    }

    // MARK: Shapes

    private enum Unheld: Error {
        case nonString
        case variable(VariableFormat, String)
        /// A text with a variable reference in it, the name of the first.
        case referencingText(String)

        func diagnostic(for key: TableKey, language: String) -> Diagnostic {
            var diagnostic: Diagnostic
            switch self {
            case .nonString: diagnostic = ConversionDiagnostic.nonStringLeftOut(key, target: .stringCatalog)
            case .variable(let format, let why):
                diagnostic = ConversionDiagnostic.variableLeftOut(key, format, target: .stringCatalog, why: why)
            case .referencingText(let name):
                diagnostic = ConversionDiagnostic.referencingTextLeftOut(key, variable: name, target: .stringCatalog)
            }
            diagnostic.message += " (language \(language))"
            return diagnostic
        }
    }

    private static func localization(_ value: TableDocument.Value) -> Result<Node, Unheld> {
        switch value {
        case .text(let text):
            if let name = FormatReferences.variableNames(in: text).first { return .failure(.referencingText(name)) }
            return .success(unit(text))
        case .propertyList: return .failure(.nonString)
        case .variable(let format): return variations(format).mapError { .variable(format, $0.text) }
        }
    }

    private struct Reason: Error {
        var text: String
    }

    private static func unit(_ text: String) -> Node {
        .object([("stringUnit", unitBody(text))])
    }

    private static func unitBody(_ text: String) -> Node {
        .object([("state", .string("translated")), ("value", .string(text))])
    }

    private static func variations(_ format: VariableFormat) -> Result<Node, Reason> {
        if case .single(_, let variable) = VariableShape(format), variable.ruleType == .plural,
           VariableShape.valueTypeIsInferred(variable) {
            return .success(.object([("variations", .object([("plural", pluralVariants(variable))]))]))
        }
        if let device = deviceVariations(format) { return .success(device) }
        return substitutions(format)
    }

    private static func pluralVariants(_ variable: VariableFormat.Variable) -> Node {
        .object(VariableShape.orderedVariantKeys(variable).compactMap { name in variable.variants[name].map { (name, unit($0)) } })
    }

    /// `%#@device@` over one device variable whose variants are texts or `%#@p@` references to
    /// plural variables of the single shape: what the loader makes of `variations.device`.
    private static func deviceVariations(_ format: VariableFormat) -> Node? {
        guard let (name, device) = format.variables.first(where: { $0.value.ruleType == .device }),
              format.format == "%#@\(name)@" else { return nil }
        var used: Set<String> = [name]
        var variants: [(String, Node)] = []
        for key in VariableShape.orderedVariantKeys(device) {
            guard let text = device.variants[key] else { continue }
            let references = FormatReferences.variableNames(in: text)
            if references.isEmpty {
                variants.append((key, unit(text)))
                continue
            }
            guard references.count == 1, let plural = format.variables[references[0]], text == "%#@\(references[0])@",
                  plural.ruleType == .plural, VariableShape.valueTypeIsInferred(plural),
                  plural.variants.values.allSatisfy({ FormatReferences.variableNames(in: $0).isEmpty })
            else { return nil }
            used.insert(references[0])
            variants.append((key, .object([("variations", .object([("plural", pluralVariants(plural))]))])))
        }
        guard used.count == format.variables.count else { return nil }
        return .object([("variations", .object([("device", .object(variants))]))])
    }

    private static func substitutions(_ format: VariableFormat) -> Result<Node, Reason> {
        var members: [(String, Node)] = []
        for name in format.variables.keys.sorted(by: VariableShape.utf8Order) {
            guard let variable = format.variables[name] else { continue }
            guard variable.ruleType == .plural else {
                return .failure(Reason(text: variable.ruleType == .width
                    ? "String Catalogs have no width variants"
                    : "device variations must be the whole string, over texts or plurals"))
            }
            guard let valueType = variable.valueType else {
                return .failure(Reason(text: "the plural variable '\(name)' has no value type, which a substitution needs"))
            }
            for text in variable.variants.values {
                guard FormatReferences.variableNames(in: text).isEmpty else {
                    return .failure(Reason(text: "a variant of '\(name)' references another variable"))
                }
                guard StringCatalogVariations.replacingArg(in: text, formatSpecifier: "", argNum: nil) == text else {
                    return .failure(Reason(text: "a variant of '\(name)' contains %arg, which a substitution would read as its argument"))
                }
            }
            members.append((name, .object([
                ("formatSpecifier", .string(valueType)),
                ("variations", .object([("plural", pluralVariants(variable))])),
            ])))
        }
        return .success(.object([("stringUnit", unitBody(format.format)), ("substitutions", .object(members))]))
    }

    // MARK: Rendering

    private static func render(_ node: Node, indent: String, into out: inout String) {
        switch node {
        case .string(let text):
            out += JSONText.quoted(text)
        case .object(let members):
            guard !members.isEmpty else {
                out += "{\n\n\(indent)}"
                return
            }
            out += "{\n"
            let inner = indent + "  "
            for (index, member) in members.enumerated() {
                out += inner + JSONText.quoted(member.0) + " : "
                render(member.1, indent: inner, into: &out)
                out += index == members.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        }
    }
}
