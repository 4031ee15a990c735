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
                out += "\t<key>\(XMLText.escaped(entry.key.string))</key>\n\t<string>\(XMLText.escaped(text))</string>\n"
            case .variable(let format):
                out += "\t<key>\(XMLText.escaped(entry.key.string))</key>\n\t<dict>\n"
                out += "\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>\(XMLText.escaped(format.format))</string>\n"
                for name in format.variables.keys.sorted(by: VariableShape.utf8Order) {
                    guard let variable = format.variables[name] else { continue }
                    out += "\t\t<key>\(XMLText.escaped(name))</key>\n\t\t<dict>\n"
                    out += "\t\t\t<key>NSStringFormatSpecTypeKey</key>\n\t\t\t<string>\(ruleTypeName(variable.ruleType))</string>\n"
                    if let valueType = variable.valueType {
                        out += "\t\t\t<key>NSStringFormatValueTypeKey</key>\n\t\t\t<string>\(XMLText.escaped(valueType))</string>\n"
                    }
                    for key in VariableShape.orderedVariantKeys(variable) {
                        guard let text = variable.variants[key] else { continue }
                        out += "\t\t\t<key>\(XMLText.escaped(key))</key>\n\t\t\t<string>\(XMLText.escaped(text))</string>\n"
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
}
