/// Writes one language as a `.stringsdict` file: an XML property list (the layout Xcode writes,
/// tab-indented) whose entries are the document's keys in order.
///
/// A variable format becomes an entry dictionary (`NSStringLocalizedFormatKey`, then each
/// variable by name with its `NSStringFormatSpecTypeKey`, `NSStringFormatValueTypeKey` when it
/// has one, and its variants in CLDR order); a text becomes a plain `<string>` entry, which
/// CoreFoundation merges over the `.strings` table like any other value. So every text and
/// every variable format survives; only non-string values of a `.strings` source cannot (an
/// entry dictionary would be read as a variable format), each with a warning.
enum StringsDictTableWriter {
    static func write(_ language: TableDocument.Language) -> ConvertedTable {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>

            """
        var diagnostics: [Diagnostic] = []
        for entry in language.entries {
            switch entry.value {
            case .text(let text):
                out += "\t<key>\(escaped(entry.key.string))</key>\n\t<string>\(escaped(text))</string>\n"
            case .variable(let format):
                out += "\t<key>\(escaped(entry.key.string))</key>\n\t<dict>\n"
                out += "\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>\(escaped(format.format))</string>\n"
                for name in format.variables.keys.sorted(by: VariableShape.utf8Order) {
                    guard let variable = format.variables[name] else { continue }
                    out += "\t\t<key>\(escaped(name))</key>\n\t\t<dict>\n"
                    out += "\t\t\t<key>NSStringFormatSpecTypeKey</key>\n\t\t\t<string>\(ruleTypeName(variable.ruleType))</string>\n"
                    if let valueType = variable.valueType {
                        out += "\t\t\t<key>NSStringFormatValueTypeKey</key>\n\t\t\t<string>\(escaped(valueType))</string>\n"
                    }
                    for key in VariableShape.orderedVariantKeys(variable) {
                        guard let text = variable.variants[key] else { continue }
                        out += "\t\t\t<key>\(escaped(key))</key>\n\t\t\t<string>\(escaped(text))</string>\n"
                    }
                    out += "\t\t</dict>\n"
                }
                out += "\t</dict>\n"
            case .propertyList:
                diagnostics.append(ConversionDiagnostic.nonStringLeftOut(entry.key, target: .stringsDict))
            }
        }
        out += "</dict>\n</plist>\n"
        return ConvertedTable(bytes: Array(out.utf8), diagnostics: diagnostics)
    }

    static func ruleTypeName(_ type: VariableFormat.Variable.RuleType) -> String {
        switch type {
        case .plural: "NSStringPluralRuleType"
        case .device: "NSStringDeviceSpecificRuleType"
        case .width: "NSStringVariableWidthRuleType"
        }
    }

    /// XML character data: `&`, `<` and `>` as entities; carriage returns and the other control
    /// characters XML does not keep as they are (parsers turn a raw CR into LF) as character
    /// references, which CoreFoundation's parser decodes back to the same scalar.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "&#\(scalar.value);"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
