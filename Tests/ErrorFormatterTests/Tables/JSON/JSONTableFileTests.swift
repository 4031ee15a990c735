import Testing
@testable import ErrorFormatter

/// Flat JSON tables: strings and plural objects, and the diagnostics of malformed entries.
@Suite struct JSONTableFileTests {
    static func load(_ json: String) -> TableLoadResult { JSONTableFile.load(bytes: Array(json.utf8)) }

    @Test func textsAndPlurals() {
        let result = Self.load("""
        {"title": "Sync failed", "": "empty key",
         "pending": {"one": "%lld file waiting", "other": "%lld files waiting"},
         "plain": {"other": "Some files"}}
        """)
        #expect(result.failure == nil)
        #expect(result.diagnostics.isEmpty)
        #expect(result.contents?.texts.map(\.key.string) == ["title", ""])
        #expect(result.contents?.variables[TableKey("pending")] == VariableFormat(format: "%#@value@", variables: [
            "value": .init(ruleType: .plural, valueType: "lld", variants: ["one": "%lld file waiting", "other": "%lld files waiting"]),
        ]))
        #expect(result.contents?.variables[TableKey("plain")]?.variables["value"]?.valueType == nil)
    }

    @Test func malformedEntriesArePositioned() {
        let result = Self.load("""
        {"a": 1,
         "b": {"one": "x"},
         "c": {"one": "x", "other": null},
         "d": {"several": "x", "other": "y"},
         "e": ["x"]}
        """)
        #expect(result.diagnostics.map { "\($0.severity.rawValue) \($0.code)@\($0.line):\($0.column)" } == [
            "error unexpected-value-type@1:7",
            "error missing-other-variant@2:7",
            "error unexpected-value-type@3:29",
            "warning unknown-plural-category@4:19",
            "error unexpected-value-type@5:7",
        ])
        #expect(result.contents?.variables.keys.map(\.string) == ["d"])
    }

    @Test func failures() {
        #expect(Self.load("[\"a\"]").failure.map { "\($0.code)@\($0.line):\($0.column)" } == "not-an-object@1:1")
        #expect(Self.load("{\"a\": \"b\",}").failure?.code == "invalid-json")
        #expect(Self.load("{\"a\": \"b\",}").contents == nil)
    }
}
