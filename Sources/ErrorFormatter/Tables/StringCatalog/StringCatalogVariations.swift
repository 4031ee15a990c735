/// Turns one localization of a String Catalog entry (`{"stringUnit": …, "variations": …,
/// "substitutions": …}`) into a `LocalizedValue`, as `xcstringstool compile` turns it into a
/// `.strings` value or a `.stringsdict` rule.
///
/// - A lone `stringUnit` is a text.
/// - `variations.plural` is a `VariableFormat` with format `%#@plural@` and one plural variable
///   whose value type is the first specifier of the `other` variant (else of any variant).
/// - `variations.device` is a variable `device` of rule type `.device`. A device variant may
///   itself hold `variations.plural` (the nesting Xcode offers); it becomes the plural variable
///   `device.<device>.plural`, referenced from that device's variant. Other nestings are
///   reported as `unsupported-variations`.
/// - `substitutions` add one plural variable each; `%arg` in their variants becomes
///   `%<argNum>$<formatSpecifier>` (or `%<formatSpecifier>` without `argNum`), and the main
///   value's `%#@name@` / `%N$#@name@` references are kept as they are.
struct StringCatalogVariations {
    let key: String
    let language: String
    var diagnostics: [Diagnostic] = []

    init(key: String, language: String) {
        self.key = key
        self.language = language
    }

    private var entryName: String { "\"\(key)\" (\(language))" }

    private mutating func report(_ severity: Diagnostic.Severity, _ code: String, _ message: String, at value: JSONValue) {
        diagnostics.append(Diagnostic(severity: severity, code: code, message: message, line: value.line, column: value.column))
    }

    /// The localization's value, or `nil` when it holds no translation (silently) or is
    /// malformed (with an error diagnostic).
    mutating func localizedValue(_ localization: JSONValue) -> LocalizedValue? {
        guard let object = localization.objectValue else {
            report(.error, "unexpected-value-type",
                   "the localization of \(entryName) is \(localization.kindDescription), not an object; it is ignored", at: localization)
            return nil
        }
        var variables: [String: VariableFormat.Variable] = [:]
        var argumentNumbers: [String: Int] = [:]
        if let substitutions = object["substitutions"] {
            guard let members = substitutions.objectValue else {
                report(.error, "unexpected-value-type",
                       "\"substitutions\" of \(entryName) is \(substitutions.kindDescription), not an object; the localization is ignored",
                       at: substitutions)
                return nil
            }
            for member in members {
                guard let variable = substitution(member) else { return nil }
                variables[member.key] = variable
                if case .number(let text)? = member.value.objectValue?["argNum"]?.kind, let number = Int(text) {
                    argumentNumbers[member.key] = number
                }
            }
        }
        let format: String
        let origin: JSONValue
        if let variations = object["variations"] {
            guard let (variationFormat, variationVariables) = topLevelVariations(variations) else { return nil }
            format = variationFormat
            origin = variations
            variables.merge(variationVariables) { _, new in new }
        } else if let unit = object["stringUnit"] {
            guard let text = translation(unit) else { return nil }
            format = text
            origin = unit
        } else if let set = object["stringSet"] {
            report(.note, "unsupported-string-set",
                   "\(entryName) is a string set (a list of phrases for App Shortcuts), not a table string; it is ignored", at: set)
            return nil
        } else {
            report(.warning, "missing-string-unit",
                   "the localization of \(entryName) has neither \"stringUnit\" nor \"variations\"; it is ignored", at: localization)
            return nil
        }
        var references = FormatReferences.variableNames(in: format)
        for variable in variables.values {
            for variant in variable.variants.values { references += FormatReferences.variableNames(in: variant) }
        }
        if let missing = references.first(where: { variables[$0] == nil }) {
            report(.error, "undefined-variable",
                   "\(entryName) references the variable \"\(missing)\", which it does not define; the localization is ignored",
                   at: origin)
            return nil
        }
        if variables.isEmpty { return .text(format) }
        let positioned = Self.positioningReferences(in: format, argumentNumbers: argumentNumbers)
        return .variable(VariableFormat(format: positioned, variables: variables))
    }

    /// `%#@name@` → `%N$#@name@` for a substitution with `"argNum": N`, as `xcstringstool`
    /// compiles it: the substitution says which argument selects its variant, so the reference
    /// must not depend on what the variants before it consume (in `%#@arg1@ in %#@arg2@`, the
    /// first variant's `%1$lld` takes no sequential position, and `arg2` would otherwise select
    /// with argument 1). References that already have a position are kept.
    static func positioningReferences(in format: String, argumentNumbers: [String: Int]) -> String {
        guard !argumentNumbers.isEmpty else { return format }
        return rewritingDirectives(in: format) { after in
            guard after.hasPrefix("#@"), let end = after.dropFirst(2).firstIndex(of: "@"),
                  let number = argumentNumbers[String(after.dropFirst(2)[..<end])]
            else { return nil }
            let reference = after[..<after.index(after: end)]
            return ("%\(number)$" + reference, reference.count)
        }
    }

    // MARK: String units

    /// The value of a `{"stringUnit": …}` holder or of a bare string unit, if it counts as a
    /// translation (see `StringCatalogFile`).
    mutating func translation(_ unitValue: JSONValue) -> String? {
        guard let unit = unitValue.objectValue else {
            report(.error, "unexpected-value-type",
                   "a \"stringUnit\" of \(entryName) is \(unitValue.kindDescription), not an object; it is ignored", at: unitValue)
            return nil
        }
        guard let valueMember = unit["value"] else {
            report(.warning, "missing-value", "a \"stringUnit\" of \(entryName) has no \"value\"; it is ignored", at: unitValue)
            return nil
        }
        guard let value = valueMember.stringValue else {
            report(.error, "unexpected-value-type",
                   "a \"value\" of \(entryName) is \(valueMember.kindDescription), not a string; it is ignored", at: valueMember)
            return nil
        }
        guard let stateValue = unit["state"] else { return value }
        guard let state = stateValue.stringValue else {
            report(.warning, "unexpected-value-type",
                   "a \"state\" of \(entryName) is \(stateValue.kindDescription), not a string; the value is used", at: stateValue)
            return value
        }
        switch state {
        case "stale": return nil
        case "new": return value.isEmpty ? nil : value
        case "translated", "needs_review": return value
        default:
            report(.warning, "unknown-state",
                   "\(entryName) has the unknown state \"\(state)\"; the value is used as a translation", at: stateValue)
            return value
        }
    }

    // MARK: Variations

    /// `{"plural": …}` or `{"device": …}` at the top of a localization: the format and its
    /// variables.
    private mutating func topLevelVariations(_ value: JSONValue) -> (String, [String: VariableFormat.Variable])? {
        guard let object = value.objectValue, object.count == 1, let kind = object.members.first else {
            report(.error, "unsupported-variations",
                   "the variations of \(entryName) must be an object with exactly one of \"plural\" or \"device\"; the localization is ignored",
                   at: value)
            return nil
        }
        switch kind.key {
        case "plural":
            guard let variable = pluralVariable(kind.value) else { return nil }
            return ("%#@plural@", ["plural": variable])
        case "device":
            return deviceVariables(kind.value)
        default:
            report(.error, "unsupported-variations",
                   "\(entryName) has \"\(kind.key)\" variations; only plural and device variations are supported; the localization is ignored",
                   at: kind.value)
            return nil
        }
    }

    /// A plural variable from `{"one": {"stringUnit": …}, "other": …}`; `nil` when malformed
    /// (with a diagnostic) or when no category holds a translation (silently).
    private mutating func pluralVariable(_ value: JSONValue, formatSpecifier: String? = nil, argNum: Int? = nil) -> VariableFormat.Variable? {
        guard let categories = value.objectValue else {
            report(.error, "unexpected-value-type",
                   "plural variations of \(entryName) are \(value.kindDescription), not an object; the localization is ignored", at: value)
            return nil
        }
        var variants: [String: String] = [:]
        for category in categories {
            if let unknown = VariableFormat.Variable.unknownPluralCategory(category.key, of: entryName) {
                report(.warning, unknown.code, unknown.message, at: category.value)
                continue
            }
            guard let holder = category.value.objectValue else {
                report(.error, "unexpected-value-type",
                       "the \"\(category.key)\" variant of \(entryName) is \(category.value.kindDescription), not an object; the localization is ignored",
                       at: category.value)
                return nil
            }
            guard let unit = holder["stringUnit"] else {
                report(.error, "unsupported-variations",
                       "the \"\(category.key)\" variant of \(entryName) has no \"stringUnit\" (variations inside plural variations are not supported); the localization is ignored",
                       at: category.value)
                return nil
            }
            guard let text = translation(unit) else { continue }
            if let formatSpecifier {
                variants[category.key] = Self.replacingArg(in: text, formatSpecifier: formatSpecifier, argNum: argNum)
            } else {
                variants[category.key] = text
            }
        }
        guard !variants.isEmpty else { return nil }
        guard let other = variants["other"] else {
            report(.error, "missing-other-variant",
                   "the plural variations of \(entryName) have no translated \"other\" variant, the fallback of every rule; the localization is ignored",
                   at: value)
            return nil
        }
        let valueType = formatSpecifier ?? FormatReferences.firstValueType(in: other)
            ?? variants.keys.sorted().lazy.compactMap { variants[$0].flatMap(FormatReferences.firstValueType(in:)) }.first
        return VariableFormat.Variable(ruleType: .plural, valueType: valueType, variants: variants)
    }

    /// A device variable (and a plural variable per device that nests one).
    private mutating func deviceVariables(_ value: JSONValue) -> (String, [String: VariableFormat.Variable])? {
        guard let devices = value.objectValue else {
            report(.error, "unexpected-value-type",
                   "device variations of \(entryName) are \(value.kindDescription), not an object; the localization is ignored", at: value)
            return nil
        }
        var variables: [String: VariableFormat.Variable] = [:]
        var variants: [String: String] = [:]
        for device in devices {
            guard let holder = device.value.objectValue else {
                report(.error, "unexpected-value-type",
                       "the \"\(device.key)\" variant of \(entryName) is \(device.value.kindDescription), not an object; the localization is ignored",
                       at: device.value)
                return nil
            }
            if let unit = holder["stringUnit"] {
                if let text = translation(unit) { variants[device.key] = text }
                continue
            }
            guard let nested = holder["variations"]?.objectValue, nested.count == 1, let plural = nested["plural"] else {
                report(.error, "unsupported-variations",
                       "the \"\(device.key)\" variant of \(entryName) needs a \"stringUnit\" or plural variations; the localization is ignored",
                       at: device.value)
                return nil
            }
            let diagnosticsBefore = diagnostics.count
            guard let variable = pluralVariable(plural) else {
                // Malformed (an error was reported) spoils the localization; untranslated does not.
                if diagnostics.dropFirst(diagnosticsBefore).contains(where: { $0.severity == .error }) { return nil }
                continue
            }
            let name = "device.\(device.key).plural"
            variables[name] = variable
            variants[device.key] = "%#@\(name)@"
        }
        guard !variants.isEmpty else { return nil }
        guard variants["other"] != nil else {
            report(.error, "missing-other-variant",
                   "the device variations of \(entryName) have no translated \"other\" variant, used for every other device; the localization is ignored",
                   at: value)
            return nil
        }
        variables["device"] = VariableFormat.Variable(ruleType: .device, valueType: nil, variants: variants)
        return ("%#@device@", variables)
    }

    // MARK: Substitutions

    /// One `substitutions` member: `{"argNum": 2, "formatSpecifier": "lld", "variations": {"plural": …}}`.
    private mutating func substitution(_ member: JSONObject.Member) -> VariableFormat.Variable? {
        guard let object = member.value.objectValue else {
            report(.error, "unexpected-value-type",
                   "substitution \"\(member.key)\" of \(entryName) is \(member.value.kindDescription), not an object; the localization is ignored",
                   at: member.value)
            return nil
        }
        var argNum: Int?
        if let argValue = object["argNum"] {
            guard case .number(let text) = argValue.kind, let number = Int(text), number >= 1 else {
                report(.error, "invalid-arg-num",
                       "\"argNum\" of substitution \"\(member.key)\" of \(entryName) must be an integer from 1; the localization is ignored",
                       at: argValue)
                return nil
            }
            argNum = number
        }
        guard let specifierValue = object["formatSpecifier"], let formatSpecifier = specifierValue.stringValue, !formatSpecifier.isEmpty else {
            report(.error, "missing-format-specifier",
                   "substitution \"\(member.key)\" of \(entryName) has no \"formatSpecifier\" string, so %arg means nothing; the localization is ignored",
                   at: object["formatSpecifier"] ?? member.value)
            return nil
        }
        guard let variations = object["variations"]?.objectValue, variations.count == 1, let plural = variations["plural"] else {
            report(.error, "unsupported-variations",
                   "substitution \"\(member.key)\" of \(entryName) needs \"variations\" holding only \"plural\"; the localization is ignored",
                   at: object["variations"] ?? member.value)
            return nil
        }
        return pluralVariable(plural, formatSpecifier: formatSpecifier, argNum: argNum)
    }

    /// `%arg` → `%2$lld` (or `%lld` without `argNum`); `%%` stays a literal percent sign.
    static func replacingArg(in text: String, formatSpecifier: String, argNum: Int?) -> String {
        let replacement = argNum.map { "%\($0)$\(formatSpecifier)" } ?? "%\(formatSpecifier)"
        return rewritingDirectives(in: text) { after in after.hasPrefix("arg") ? (replacement, 3) : nil }
    }

    /// `text` with some `%` directives rewritten. `rewrite` sees what follows a `%` (never a
    /// `%%`, which is kept) and returns the replacement for the `%` and the number of characters
    /// after it that the replacement consumes, or `nil` to keep the `%` as it is.
    private static func rewritingDirectives(
        in text: String, _ rewrite: (Substring) -> (replacement: String, consumed: Int)?
    ) -> String {
        var result = ""
        var rest = Substring(text)
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            let after = rest[percent...].dropFirst()
            if after.hasPrefix("%") {
                result += "%%"
                rest = after.dropFirst()
            } else if let (replacement, consumed) = rewrite(after) {
                result += replacement
                rest = after.dropFirst(consumed)
            } else {
                result += "%"
                rest = after
            }
        }
        return result + rest
    }
}
