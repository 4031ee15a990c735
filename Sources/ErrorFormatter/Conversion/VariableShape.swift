/// Which shape a variable format has, as the formats that cannot hold every shape need to
/// know: a JSON table holds only a single plural, a String Catalog a single plural or device
/// variation, or plural substitutions.
enum VariableShape {
    /// The whole format is one reference (`%#@name@`, or `%1$#@name@`, the same argument) to its
    /// only variable, whose variants reference nothing.
    case single(name: String, variable: VariableFormat.Variable)
    /// Anything else: several variables, text around the reference, nested references.
    case composite

    init(_ format: VariableFormat) {
        guard format.variables.count == 1, let (name, variable) = format.variables.first,
              format.format == "%#@\(name)@" || format.format == "%1$#@\(name)@",
              variable.variants.values.allSatisfy({ FormatReferences.variableNames(in: $0).isEmpty })
        else {
            self = .composite
            return
        }
        self = .single(name: name, variable: variable)
    }

    /// Whether a plural variable's value type is the one a JSON table or a String Catalog
    /// plural variation infers when reading it back (the first specifier of `other`).
    static func valueTypeIsInferred(_ variable: VariableFormat.Variable) -> Bool {
        variable.valueType == variable.variants["other"].flatMap(FormatReferences.firstValueType(in:))
    }

    /// A variable's variant keys in the order the formats are written in: CLDR's category
    /// order for plurals, byte order otherwise, `other` last.
    static func orderedVariantKeys(_ variable: VariableFormat.Variable) -> [String] {
        let categories = ["zero", "one", "two", "few", "many"]
        let keys = variable.variants.keys.filter { $0 != "other" }
        let ordered = variable.ruleType == .plural
            ? categories.filter(keys.contains) + keys.filter { !categories.contains($0) }.sorted(by: utf8Order)
            : keys.sorted(by: utf8Order)
        return variable.variants["other"] == nil ? ordered : ordered + ["other"]
    }

    static func utf8Order(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }

    /// A name for diagnostics: "a plural format", "a device-specific format"…
    static func kind(of format: VariableFormat) -> String {
        let types = Set(format.variables.values.map(\.ruleType))
        if types == [.plural] { return "a plural format" }
        if types == [.device] { return "a device-specific format" }
        if types == [.width] { return "a width-variant format" }
        return "a format with plural, device or width variables"
    }
}

/// JSON text as the writers emit it: strings escaped as RFC 8259 requires (`"`, `\`, control
/// characters; `\n \r \t \b \f` in short form) and nothing else, so non-ASCII text stays readable.
/// The CLI's `--json` lines use it too, with U+2028 and U+2029 escaped.
package enum JSONText {
    /// - Parameter escapingLineSeparators: also escape U+2028 and U+2029, which are valid raw in
    ///   JSON but line breaks to many line-based readers (Python's `splitlines`, older
    ///   JavaScript), so that one object stays one line.
    package static func quoted(_ value: String, escapingLineSeparators: Bool = false) -> String {
        var out = "\""
        out.reserveCapacity(value.utf8.count + 2)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\u{2028}" where escapingLineSeparators: out += "\\u2028"
            case "\u{2029}" where escapingLineSeparators: out += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
