/// Where the parts of a String Catalog's entries are written, for lint: each entry's key,
/// each localization, each plural, device and substitution variant (named the way
/// `StringCatalogVariations` names the variables it makes), and the `state` of every
/// `stringUnit` that is not plainly translated.
struct StringCatalogSourceMap {
    static let rules = [
        LintRule("state-new", .note, "a String Catalog translation is marked new (not translated yet)",
                 help: "Xcode marks a translation 'new' until it is translated; an empty one is not used, a non-empty one is. "
                     + "Translate it and mark it translated."),
        LintRule("state-needs-review", .warning, "a String Catalog translation needs review; it is shown as it is",
                 help: "A translator, or a change of the source text, flagged this translation; users see it as it is. "
                     + "Review it and mark it translated."),
        LintRule("state-stale", .warning, "a String Catalog translation is stale, so it is not used",
                 help: "The source text changed or the key left the code; a stale translation is not compiled, so users see "
                     + "the fallback. Update the translation, or remove the key if it is gone."),
    ]

    struct Location {
        var position: LintEntry.Position
        var variants: [String: LintEntry.Position] = [:]
    }

    private var keys: [TableKey: LintEntry.Position] = [:]
    private var localizations: [TableKey: [String: Location]] = [:]
    /// `state-new`, `state-needs-review`, `state-stale` notes and warnings, in file order.
    private(set) var stateDiagnostics: [Diagnostic] = []

    /// - Parameter sourceLanguage: its states are the developer's bookkeeping (Xcode marks
    ///   extracted source texts `new`), not a translation's, and are not reported.
    init(strings: JSONObject, sourceLanguage: String) {
        for entry in strings {
            let key = TableKey(entry.key)
            keys[key] = LintEntry.Position(line: entry.keyLine, column: entry.keyColumn)
            guard let languages = entry.value.objectValue?["localizations"]?.objectValue else { continue }
            var byLanguage: [String: Location] = [:]
            for language in languages {
                var location = Location(position: LintEntry.Position(line: language.keyLine, column: language.keyColumn))
                if let object = language.value.objectValue {
                    Self.mapVariants(of: object, prefix: "", into: &location.variants)
                    for substitution in object["substitutions"]?.objectValue ?? JSONObject() {
                        location.variants[substitution.key] = Self.position(of: substitution)
                        if let plural = substitution.value.objectValue?["variations"]?.objectValue?["plural"]?.objectValue {
                            for category in plural {
                                location.variants[substitution.key + "/" + category.key] = Self.position(of: category)
                            }
                        }
                    }
                }
                byLanguage[language.key] = location
                if !language.key.utf8.elementsEqual(sourceLanguage.utf8) {
                    collectStates(in: language.value, key: entry.key, language: language.key)
                }
            }
            localizations[key] = byLanguage
        }
    }

    private static func position(of member: JSONObject.Member) -> LintEntry.Position {
        LintEntry.Position(line: member.keyLine, column: member.keyColumn)
    }

    /// `variations.plural.<category>` → `plural/<category>`; `variations.device.<device>` →
    /// `device/<device>`, and a device's nested plural → `device.<device>.plural/<category>`.
    private static func mapVariants(of object: JSONObject, prefix: String, into variants: inout [String: LintEntry.Position]) {
        guard let variations = object["variations"]?.objectValue else { return }
        for kind in variations {
            let name = prefix.isEmpty ? kind.key : prefix + "." + kind.key
            variants[name] = position(of: kind)
            for variant in kind.value.objectValue ?? JSONObject() {
                variants[name + "/" + variant.key] = position(of: variant)
                if kind.key == "device", let nested = variant.value.objectValue {
                    mapVariants(of: nested, prefix: "device." + variant.key, into: &variants)
                }
            }
        }
    }

    /// Every `stringUnit` under a localization whose state says it is not a finished
    /// translation: `new` (untranslated; with a value, the value is used), `needs_review` (used,
    /// but flagged by a translator or by a changed source), `stale` (not used any more: the
    /// source text changed or the key left the code, so users see the fallback).
    private mutating func collectStates(in value: JSONValue, key: String, language: String) {
        guard let object = value.objectValue else { return }
        for member in object {
            if member.key == "stringUnit", let unit = member.value.objectValue,
               let stateValue = unit["state"], let state = stateValue.stringValue {
                let quotedKey = MessageEscaping.quoted(key)
                let finding: (Diagnostic.Severity, String, String)? = switch state {
                case "new": (.note, "state-new", "the \(language) translation of \(quotedKey) is marked new (not translated yet)")
                case "needs_review": (.warning, "state-needs-review",
                                      "the \(language) translation of \(quotedKey) needs review; it is shown as it is")
                case "stale": (.warning, "state-stale",
                               "the \(language) translation of \(quotedKey) is stale, so it is not used: users see the fallback")
                default: nil
                }
                if let (severity, code, message) = finding {
                    stateDiagnostics.append(Diagnostic(severity: severity, code: code, message: message,
                                                       line: stateValue.line, column: stateValue.column, key: key))
                }
            } else if member.value.objectValue != nil {
                collectStates(in: member.value, key: key, language: language)
            }
        }
    }

    /// Where the `language` value of `key` is: its localization, else the key itself (a source
    /// text that is the key).
    func location(key: String, language: String) -> Location {
        let tableKey = TableKey(key)
        if let found = localizations[tableKey]?[language] { return found }
        return Location(position: keys[tableKey] ?? .unknown)
    }
}
