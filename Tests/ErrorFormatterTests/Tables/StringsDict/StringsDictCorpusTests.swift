import Testing
@testable import ErrorFormatter

/// Every `.stringsdict` file of the shared corpus loads, and what it gives agrees with
/// Foundation's parse of the same file (`expected/<path>.json`): the same keys, and for each
/// entry that became a variable format the same format, variables, rule types, value types and
/// variants. Entries left out must each have an error diagnostic.
///
/// Foundation cannot be imported next to the ICU module here, so the comparison goes the other
/// way: the loaded formats are written back in Foundation's shape and serialized as the corpus's
/// canonical JSON, byte for byte against `expected/` (left-out entries are filled in from the
/// raw property list, so the comparison still covers them).
@Suite(.enabled(if: SharedCorpus.isAvailable, "the shared corpus (<package root>/../shared/corpus) is not present"))
struct StringsDictCorpusTests {
    static func paths() throws -> [String] {
        let tsv = try FileSystem.readBytes(atPath: SharedCorpus.corpus + "/foundation-results-stringsdict.tsv")
        return String(decoding: tsv, as: UTF8.self).split(separator: "\n").dropFirst()
            .compactMap { $0.split(separator: "\t").first.map(String.init) }
    }

    static func ruleTypeName(_ type: VariableFormat.Variable.RuleType) -> String {
        switch type {
        case .plural: "NSStringPluralRuleType"
        case .device: "NSStringDeviceSpecificRuleType"
        case .width: "NSStringVariableWidthRuleType"
        }
    }

    /// The entry as Foundation's JSON spells it, rebuilt from the loaded format.
    static func foundationShape(_ format: VariableFormat) -> PropertyListValue {
        var shape = PropertyListDictionary()
        shape.updateValue(.string(format.format), forKey: TableKey("NSStringLocalizedFormatKey"))
        for (name, variable) in format.variables {
            var dictionary = PropertyListDictionary()
            for (key, variant) in variable.variants { dictionary.updateValue(.string(variant), forKey: TableKey(key)) }
            dictionary.updateValue(.string(ruleTypeName(variable.ruleType)), forKey: TableKey("NSStringFormatSpecTypeKey"))
            if let valueType = variable.valueType {
                dictionary.updateValue(.string(valueType), forKey: TableKey("NSStringFormatValueTypeKey"))
            }
            shape.updateValue(.dictionary(dictionary), forKey: TableKey(name))
        }
        return .dictionary(shape)
    }

    @Test func everyFileLoadsAndAgreesWithFoundation() throws {
        let paths = try Self.paths()
        #expect(paths.count == 121)
        var mismatches: [String] = []
        var entries = 0
        var variableFormats = 0
        var diagnostics: [String] = []
        for path in paths {
            let bytes = try FileSystem.readBytes(atPath: SharedCorpus.corpus + "/data/" + path)
            let result = StringsDictFile.load(bytes: bytes)
            guard let contents = result.contents else {
                mismatches.append("\(path): failed: \(result.failure?.description ?? "?")")
                continue
            }
            diagnostics += result.diagnostics.map { "\(path):\($0.description)" }
            let raw = PropertyListParser.parse(bytes).value?.dictionaryValue ?? PropertyListDictionary()
            entries += raw.count
            variableFormats += contents.variables.count
            var rebuilt = PropertyListDictionary()
            var leftOut = 0
            for (key, value) in raw {
                if let format = contents.variables[key] {
                    rebuilt.updateValue(Self.foundationShape(format), forKey: key)
                } else if let text = contents.texts.first(where: { $0.key == key }) {
                    rebuilt.updateValue(.string(text.value), forKey: key)
                } else {
                    leftOut += 1
                    rebuilt.updateValue(value, forKey: key)
                }
            }
            let errors = result.diagnostics.filter { $0.severity == .error }.count
            if errors != leftOut {
                mismatches.append("\(path): \(leftOut) entries left out, \(errors) error diagnostics")
            }
            if contents.variables.count + contents.texts.count + leftOut != raw.count {
                mismatches.append("\(path): keys differ from the property list's")
            }
            let expected = try FileSystem.readBytes(atPath: SharedCorpus.corpus + "/expected/" + path + ".json")
            if CanonicalJSON.serialize(.dictionary(rebuilt)) != expected {
                mismatches.append("\(path): differs from Foundation's parse")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) files disagree:\n\(mismatches.prefix(20).joined(separator: "\n"))")
        // Measured on the corpus: 570 entries; OnionBrowser el.lproj's "%d cookie(s)" references
        // a %#@cookies@ variable it does not define, and is the one entry left out.
        #expect(entries == 570)
        #expect(variableFormats == 569)
        #expect(diagnostics == [
            "OnionBrowser__OnionBrowser/Resources/el.lproj/Localizable.stringsdict:7:3: error: "
                + "\"%d cookie(s)\" references the variable \"cookies\", which it does not define; the entry is ignored [undefined-variable]",
        ])
    }

    @Test func fluentUIArabicPluralsKeepEveryCategory() throws {
        let path = "microsoft__fluentui-apple/Sources/FluentUI_iOS/Resources/Localization/ar.lproj/Localizable.stringsdict"
        let result = StringsDictFile.load(bytes: try FileSystem.readBytes(atPath: SharedCorpus.corpus + "/data/" + path))
        let format = result.contents?.variables[TableKey("Accessibility.AvatarGroup.Overflow.Value")]
        #expect(format == VariableFormat(format: "%#@others@", variables: [
            "others": .init(ruleType: .plural, valueType: "d", variants: [
                "one": "%d آخر", "two": "شخصان %d آخران", "few": "%d أشخاص آخرين", "many": "%d شخصًا آخر", "other": "%d شخص آخر",
            ]),
        ]))
    }
}
