/// The type of one argument of an error, as the development texts' specifiers and plural
/// variables say: what a typed constructor of the error takes, and what a registry lists.
enum ErrorArgumentType: String, Sendable, Hashable, CaseIterable {
    /// `%@`, `%s`.
    case string
    /// `%d`, `%i`, `%lld`, `%c`, and the count of a plural variable.
    case int64
    /// `%u`, `%llu`, `%x`, `%o`.
    case uint64
    /// `%f`, `%e`, `%g`, `%a`.
    case double

    init(_ kind: FormatSpecifier.ArgumentKind) {
        switch kind {
        case .any, .string: self = .string
        case .signedInteger, .character: self = .int64
        case .unsignedInteger: self = .uint64
        case .floatingPoint: self = .double
        }
    }

    /// The type of a plural variable's value type (`NSStringFormatValueTypeKey`: `lld`, `u`,
    /// `f`), or `nil` if it is not a conversion.
    init?(valueType: String) {
        guard let specifiers = try? StringFormat.specifiers(in: "%" + valueType), specifiers.count == 1,
              let only = specifiers.first
        else { return nil }
        self.init(only.argumentKind)
    }

    /// `a string`, `a signed integer`…, for messages.
    var phrase: String {
        switch self {
        case .string: "a string"
        case .int64: "a signed integer"
        case .uint64: "an unsigned integer"
        case .double: "a floating-point number"
        }
    }
}

/// One argument of an error: its 1-based position and type, and the plural variable that
/// counts with it, if one does (a readable name for the parameter).
struct ErrorArgument: Sendable, Hashable {
    var position: Int
    var type: ErrorArgumentType
    var variable: String?
}

/// The arguments an error takes, read from its development texts (title and message) with the
/// lint's own specifier analysis: every plural, device and width variant expanded
/// (``FormatExpansion``), each plain format's specifiers parsed by the format engine.
///
/// A positional index used twice is one argument. Texts that contradict each other refuse the
/// error an argument list: one position read as two types, a position no text uses while a
/// later one is used (its type would be a guess), a text that is not a format at all.
enum ErrorSignature {
    static let conflictRule = LintRule(
        "error-argument-conflict", .error, "an error's texts read one argument as two types",
        help: "The title and message of an error (and every variant of them) are formatted with the same arguments. One "
            + "reads this argument as one type (%@, a string) and another as another (%d, an integer), so no argument "
            + "fits both: one text is always skipped, and no typed constructor can be generated. Use one conversion "
            + "for the argument everywhere.")
    static let gapRule = LintRule(
        "error-argument-gap", .error, "an error's texts skip an argument",
        help: "The texts of the error use a later argument (%3$@) but never this one, so nothing says what it is and "
            + "callers must pass something unused. Use every argument up to the last, or renumber the positions.")
    static let unknownRule = LintRule(
        "error-arguments-unknown", .error, "an error's development text is not a valid format",
        help: "The development text of the error cannot be parsed as a format (a lone %, %n, an unknown conversion), so "
            + "the arguments the error takes cannot be known. Fix the text (write a percent sign as %%).")

    /// What the texts of one error give: the arguments in order, or the findings that refuse
    /// it any (then `arguments` is empty).
    struct Analysis: Sendable {
        var arguments: [ErrorArgument] = []
        var problems: [Diagnostic] = []
        var isRefused: Bool { !problems.isEmpty }
    }

    /// The arguments of `identity`, from its development `texts`.
    static func analyze(_ identity: ErrorIdentity, texts: ErrorTextPair) -> Analysis {
        var first: [Int: (type: ErrorArgumentType, key: String, conversion: String)] = [:]
        var variables: [Int: String] = [:]
        var counted: Set<Int> = []
        var problems: [Diagnostic] = []
        var conflicting: Set<Int> = []
        for entry in texts.entries {
            for expansion in FormatExpansion.expansions(of: entry.value) {
                let at = expansion.choices.last.map { entry.position(variable: $0.variable, variant: $0.variant) }
                let variant = expansion.choices.isEmpty ? "" : " (variant \(expansion.label))"
                let specifiers: [FormatSpecifier]
                do throws(FormatFailure) {
                    specifiers = try StringFormat.specifiers(in: expansion.text)
                } catch {
                    problems.append(entry.diagnostic(
                        .error, unknownRule.code,
                        "the development text of \(MessageEscaping.quoted(entry.key.string))\(variant) is not a valid format "
                            + "(\(error.message) [\(error.code)]), so the arguments of \(identity.label) cannot be known", at: at))
                    continue
                }
                var uses: [(position: Int, type: ErrorArgumentType, conversion: String)] = specifiers.map {
                    ($0.position, ErrorArgumentType($0.argumentKind),
                     "%" + ($0.lengthModifier?.rawValue ?? "") + String($0.conversion.rawValue))
                }
                for selector in expansion.selectors {
                    guard case .variable(let format) = entry.value,
                          format.variables[selector.variable]?.ruleType == .plural
                    else { continue }
                    counted.insert(selector.position)
                    if variables[selector.position] == nil { variables[selector.position] = selector.variable }
                    if let valueType = selector.valueType, let type = ErrorArgumentType(valueType: valueType) {
                        uses.append((selector.position, type, "%" + valueType))
                    }
                }
                for use in uses {
                    guard let known = first[use.position] else {
                        first[use.position] = (use.type, entry.key.string, use.conversion)
                        continue
                    }
                    guard known.type != use.type, conflicting.insert(use.position).inserted else { continue }
                    problems.append(entry.diagnostic(
                        .error, conflictRule.code,
                        "\(MessageEscaping.quoted(entry.key.string))\(variant) reads argument \(use.position) of \(identity.label) "
                            + "as \(use.type.phrase) (\(use.conversion)) where \(MessageEscaping.quoted(known.key)) reads it as "
                            + "\(known.type.phrase) (\(known.conversion))", at: at))
                }
            }
        }
        // A plural variable counts with its argument even where no variant prints it.
        for position in counted where first[position] == nil {
            first[position] = (.int64, "", "")
        }
        guard problems.isEmpty else { return Analysis(problems: problems) }
        let last = first.keys.max() ?? 0
        let missing = last > 0 ? (1...last).filter { first[$0] == nil } : []
        if !missing.isEmpty, let entry = texts.entries.first {
            let list = missing.map(String.init).joined(separator: ", ")
            return Analysis(problems: [entry.diagnostic(
                .error, gapRule.code,
                "the texts of \(identity.label) use argument \(last) but never argument\(missing.count == 1 ? "" : "s") \(list), "
                    + "so \(missing.count == 1 ? "its type is" : "their types are") unknown")])
        }
        let arguments = (0..<last).compactMap { index -> ErrorArgument? in
            let position = index + 1
            return first[position].map { ErrorArgument(position: position, type: $0.type, variable: variables[position]) }
        }
        return Analysis(arguments: arguments)
    }
}
