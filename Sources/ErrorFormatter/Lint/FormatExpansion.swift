/// The plain formats a value can become once each variable reference is replaced by one of
/// its variants, as Apple's runtime does before formatting the whole with the arguments: the
/// unit lint compares specifiers on, so that every plural, device and width variant is checked.
///
/// `"%#@files@ in %@"` with `files` = {one: `%d file`, other: `%d files`} expands to
/// `"%d file in %@"` and `"%d files in %@"`.
struct FormatExpansion {
    /// The variable the reference named and the variant chosen, outermost first.
    var choices: [(variable: String, variant: String)]
    /// The format with every reference replaced.
    var text: String
    /// For each reference replaced: the argument that selects its variant and its value type.
    var selectors: [(position: Int, valueType: String?, variable: String, variant: String)]

    /// At most this many expansions per value (a product of several plural variables grows
    /// fast; real entries stay far below it).
    static let limit = 256
    /// References nest at most this deep (a variant referring to another variable).
    static let maximumDepth = 8

    /// `choices` as `files=one, device=iphone` for messages.
    var label: String { choices.map { "\($0.variable)=\($0.variant)" }.joined(separator: ", ") }

    /// Every expansion of `value`: a text is its own single expansion.
    static func expansions(of value: LocalizedValue) -> [FormatExpansion] {
        switch value {
        case .text(let text):
            return [FormatExpansion(choices: [], text: text, selectors: [])]
        case .variable(let format):
            var results: [FormatExpansion] = []
            expand(FormatExpansion(choices: [], text: format.format, selectors: []), format: format, depth: 0, into: &results)
            return results
        }
    }

    private static func expand(_ partial: FormatExpansion, format: VariableFormat, depth: Int, into results: inout [FormatExpansion]) {
        guard results.count < limit else { return }
        guard depth < maximumDepth, let segments = try? FormatParser.parse(partial.text, allowsVariables: true),
              let reference = segments.lazy.compactMap({ segment -> VariableReference? in
                  if case .variable(let reference) = segment { return reference }
                  return nil
              }).first,
              let variable = format.variables[reference.name]
        else {
            results.append(partial)
            return
        }
        let bytes = Array(partial.text.utf8)
        guard reference.bytes.lowerBound >= 0, reference.bytes.upperBound <= bytes.count else {
            results.append(partial)
            return
        }
        let prefix = bytes[..<reference.bytes.lowerBound]
        let suffix = bytes[reference.bytes.upperBound...]
        for variant in variable.variants.keys.sorted(by: variantOrder) {
            guard let text = variable.variants[variant] else { continue }
            var next = partial
            next.text = String(decoding: prefix + Array(text.utf8) + suffix, as: UTF8.self)
            next.choices.append((reference.name, variant))
            next.selectors.append((reference.position, variable.ruleType == .plural ? variable.valueType : nil, reference.name, variant))
            expand(next, format: format, depth: depth + 1, into: &results)
        }
    }

    /// Plural categories in CLDR order, then anything else (devices, widths) by bytes.
    static func variantOrder(_ a: String, _ b: String) -> Bool {
        switch (PluralCategory(rawValue: a), PluralCategory(rawValue: b)) {
        case (let x?, let y?): x < y
        case (.some, nil): true
        case (nil, .some): false
        case (nil, nil): a.utf8.lexicographicallyPrecedes(b.utf8)
        }
    }
}

/// What lint compares arguments by: an object (`%@`) is not an integer, and a C string (`%s`)
/// is neither, even where the renderer would accept them for one another.
enum ArgumentFamily: String, Sendable, Hashable {
    case object = "an object (%@)"
    case cString = "a C string (%s)"
    case integer = "an integer"
    case floatingPoint = "a floating-point number"

    init(_ kind: FormatSpecifier.ArgumentKind) {
        switch kind {
        case .any: self = .object
        case .string: self = .cString
        case .signedInteger, .unsignedInteger, .character: self = .integer
        case .floatingPoint: self = .floatingPoint
        }
    }

    /// The family of a `.stringsdict` value type (`lld`, `d`, `@`, `f`), or `nil` if it is not one.
    init?(valueType: String) {
        guard let specifiers = try? StringFormat.specifiers(in: "%" + valueType), specifiers.count == 1,
              let only = specifiers.first
        else { return nil }
        self.init(only.argumentKind)
    }

    /// The argument families of a plain format by position, or `nil` when it is not a valid
    /// format (the format check reports that).
    static func signature(of text: String) -> [Int: ArgumentFamily]? {
        guard let specifiers = try? StringFormat.specifiers(in: text) else { return nil }
        var signature: [Int: ArgumentFamily] = [:]
        for specifier in specifiers where signature[specifier.position] == nil {
            signature[specifier.position] = ArgumentFamily(specifier.argumentKind)
        }
        return signature
    }
}
