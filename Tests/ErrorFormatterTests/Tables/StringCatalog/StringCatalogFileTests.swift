import Testing
@testable import ErrorFormatter

/// String Catalog semantics and every diagnostic of the loader, with exact positions.
@Suite struct StringCatalogFileTests {
    static func load(_ strings: String, source: String = "en") -> StringCatalogLoadResult {
        StringCatalogFile.load(bytes: Array("{\"sourceLanguage\": \"\(source)\", \"version\": \"1.0\",\n\"strings\": {\n\(strings)\n}}".utf8))
    }

    static func positions(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.severity.rawValue) \($0.code)@\($0.line):\($0.column)" }
    }

    static func text(_ result: StringCatalogLoadResult, _ language: String, _ key: String) -> String? {
        result.tables[language]?.texts.first(where: { $0.key == TableKey(key) })?.value
    }

    static func unit(_ value: String, state: String = "translated") -> String {
        "{\"stringUnit\": {\"state\": \"\(state)\", \"value\": \"\(value)\"}}"
    }

    @Test func whatCountsAsATranslation() {
        let result = Self.load("""
        "k": {"localizations": {
          "en": \(Self.unit("Hello")),
          "fr": \(Self.unit("Bonjour", state: "needs_review")),
          "de": \(Self.unit("Hallo", state: "stale")),
          "es": \(Self.unit("", state: "new")),
          "it": \(Self.unit("Ciao", state: "new")),
          "pt": {"stringUnit": {"value": "Olá"}}
        }},
        "": {},
        "only.key": {"localizations": {"fr": \(Self.unit("Seulement"))}}
        """)
        #expect(result.failure == nil)
        #expect(result.diagnostics.isEmpty)
        #expect(result.sourceLanguage == "en")
        #expect(Self.text(result, "en", "k") == "Hello")
        #expect(Self.text(result, "fr", "k") == "Bonjour")
        #expect(Self.text(result, "de", "k") == nil)
        #expect(Self.text(result, "es", "k") == nil)
        #expect(Self.text(result, "it", "k") == "Ciao")
        #expect(Self.text(result, "pt", "k") == "Olá")
        // No source localization: the key is the source text; empty keys are allowed.
        #expect(Self.text(result, "en", "only.key") == "only.key")
        #expect(Self.text(result, "en", "") == "")
        #expect(result.tables["en"]?.texts.map(\.key.string) == ["k", "", "only.key"])
    }

    @Test func sourceLanguageWithoutUsableTranslationFallsBackToTheKey() {
        let result = Self.load(#""k": {"localizations": {"en": \#(Self.unit("", state: "new"))}}"#)
        #expect(Self.text(result, "en", "k") == "k")
    }

    @Test func shouldTranslateFalseKeepsOnlyTheSource() {
        let result = Self.load("""
        "a": {"shouldTranslate": false, "localizations": {"fr": \(Self.unit("A fr"))}},
        "b": {"shouldTranslate": false, "localizations": {"en": \(Self.unit("B en")), "fr": \(Self.unit("B fr"))}}
        """)
        #expect(Self.text(result, "en", "a") == "a")
        #expect(Self.text(result, "en", "b") == "B en")
        #expect(result.tables["fr"] == nil)
    }

    @Test func pluralVariationsWithValueTypeFromOther() {
        let result = Self.load("""
        "n files": {"localizations": {"fr": {"variations": {"plural": {
          "one": \(Self.unit("%lld fichier")), "many": \(Self.unit("", state: "new")),
          "other": \(Self.unit("%1$lld fichiers"))}}}}}
        """)
        #expect(result.tables["fr"]?.variables[TableKey("n files")] == VariableFormat(format: "%#@plural@", variables: [
            "plural": .init(ruleType: .plural, valueType: "lld", variants: ["one": "%lld fichier", "other": "%1$lld fichiers"]),
        ]))
    }

    @Test func deviceVariationsWithNestedPlural() {
        let result = Self.load("""
        "k": {"localizations": {"en": {"variations": {"device": {
          "mac": \(Self.unit("Click")),
          "other": {"variations": {"plural": {"one": \(Self.unit("%d tap")), "other": \(Self.unit("%d taps"))}}}}}}}}
        """)
        #expect(result.diagnostics.isEmpty)
        #expect(result.tables["en"]?.variables[TableKey("k")] == VariableFormat(format: "%#@device@", variables: [
            "device": .init(ruleType: .device, valueType: nil, variants: ["mac": "Click", "other": "%#@device.other.plural@"]),
            "device.other.plural": .init(ruleType: .plural, valueType: "d", variants: ["one": "%d tap", "other": "%d taps"]),
        ]))
    }

    @Test func substitutionsReplaceArg() {
        let result = Self.load("""
        "k": {"localizations": {"en": {
          "stringUnit": {"state": "translated", "value": "%#@files@ in %2$#@folders@ (100%%)"},
          "substitutions": {
            "files": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
              "one": \(Self.unit("%arg file")), "other": \(Self.unit("%arg files, 100%%arg"))}}},
            "folders": {"formatSpecifier": "d", "variations": {"plural": {"other": \(Self.unit("%arg folders"))}}}
          }}}}
        """)
        #expect(result.diagnostics.isEmpty)
        #expect(result.tables["en"]?.variables[TableKey("k")] == VariableFormat(format: "%1$#@files@ in %2$#@folders@ (100%%)", variables: [
            "files": .init(ruleType: .plural, valueType: "lld", variants: ["one": "%1$lld file", "other": "%1$lld files, 100%%arg"]),
            "folders": .init(ruleType: .plural, valueType: "d", variants: ["other": "%d folders"]),
        ]))
    }

    @Test func catalogFailures() {
        func failure(_ json: String) -> String? {
            StringCatalogFile.load(bytes: Array(json.utf8)).failure.map { "\($0.code)@\($0.line):\($0.column)" }
        }
        #expect(failure("[]") == "not-an-object@1:1")
        #expect(failure("{\"strings\": {}}") == "missing-source-language@1:1")
        #expect(failure("{\"sourceLanguage\": 1, \"strings\": {}}") == "unexpected-value-type@1:20")
        #expect(failure("{\"sourceLanguage\": \"en\"}") == "missing-strings@1:1")
        #expect(failure("{\"sourceLanguage\": \"en\",\n \"strings\": []}") == "unexpected-value-type@2:13")
        #expect(failure("{\"sourceLanguage\": \"en\", \"strings\": {}") == "invalid-json@1:39")
    }

    @Test func everyEntryDiagnosticIsPositioned() {
        let result = Self.load("""
        "a": 1,
        "b": {"localizations": {"fr": "x"}},
        "c": {"localizations": {"fr": {"stringUnit": {"state": "translated"}}}},
        "d": {"localizations": {"fr": {"stringUnit": {"state": "done", "value": "D"}}}},
        "e": {"localizations": {"fr": {"variations": {"plural": {"one": \(Self.unit("un"))}}}}},
        "f": {"localizations": {"fr": {"variations": {"width": {}}}}},
        "g": {"localizations": {"fr": \(Self.unit("%#@missing@"))}},
        "h": {"localizations": {"fr": {"stringUnit": {"value": "%#@n@"}, "substitutions": {"n": {"argNum": 0, "formatSpecifier": "d"}}}}},
        "i": {"localizations": {"fr": {"stringUnit": {"value": "%#@n@"}, "substitutions": {"n": {"variations": {"plural": {}}}}}}},
        "j": {"localizations": {"fr": {"variations": {"plural": {"several": \(Self.unit("x")), "other": \(Self.unit("y"))}}}}},
        "k": {"localizations": {"fr": {}}},
        "l": {"localizations": {"fr": {"stringSet": {"values": []}}}},
        "m": {"shouldTranslate": "no"}
        """)
        #expect(Self.positions(result.diagnostics) == [
            "error unexpected-value-type@3:6",
            "error unexpected-value-type@4:31",
            "warning missing-value@5:46",
            "warning unknown-state@6:56",
            "error missing-other-variant@7:57",
            "error unsupported-variations@8:56",
            "error undefined-variable@9:46",
            "error invalid-arg-num@10:100",
            "error missing-format-specifier@11:89",
            "warning unknown-plural-category@12:69",
            "warning missing-string-unit@13:31",
            "note unsupported-string-set@14:45",
            "warning unexpected-value-type@15:26",
        ])
        #expect(Self.text(result, "fr", "d") == "D")
        #expect(result.tables["fr"]?.variables[TableKey("j")]?.variables["plural"]?.variants == ["other": "y"])
        #expect(Self.text(result, "en", "m") == "m")
    }
}
