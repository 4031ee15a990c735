import ErrorFormatter
import Testing

/// Plural categories from ICU for each table's language.
@Suite struct LintPluralTests {
    static func table(_ variants: [(String, String)]) -> String {
        "{\n  \"n\": {\n" + variants.map { "    \"\($0.0)\": \"\($0.1)\"" }.joined(separator: ",\n") + "\n  }\n}\n"
    }

    @Test func missingAndUnusedCategories() throws {
        let fixture = try LintFixture()
            .write("en.json", Self.table([("zero", "no files"), ("one", "%lld file"), ("other", "%lld files")]))
            // French uses one, many, other: "one" and "many" are missing.
            .write("fr.json", Self.table([("other", "%lld fichiers")]))
            // Japanese uses only other: "one" is never chosen.
            .write("ja.json", Self.table([("one", "%lld ファイル"), ("other", "%lld ファイル")]))
            // Polish uses one, few, many, other.
            .write("pl.json", Self.table([("one", "%lld plik"), ("few", "%lld pliki"), ("many", "%lld plików"), ("other", "%lld pliku")]))
        #expect(try fixture.findings(codes: ["plural-category-missing", "plural-category-unused"]) == [
            "fr.json:2:3: plural-category-missing",
            "ja.json:3:5: plural-category-unused",
        ])
        let missing = try #require(try fixture.lint().diagnostics.first { $0.code == "plural-category-missing" })
        #expect(missing.message.contains("'one', 'many'"))
    }

    @Test func otherIsRequired() throws {
        let fixture = try LintFixture().write("en.json", Self.table([("one", "%lld file")]))
        #expect(try fixture.findings() == ["en.json:2:8: missing-other-variant"])
    }
}
