import Testing
@testable import ErrorFormatter

/// What the String Catalog writer cannot hold is left out with a warning, never changed: the
/// cases the shared corpus does not have (the corpus round trips are `ConversionCorpusTests`).
struct StringCatalogTableWriterTests {
    static func strings(_ text: String) throws -> TableDocument {
        try #require(TableDocument.read(bytes: Array(text.utf8), format: .strings, language: "en").document)
    }

    /// Found by `make fuzz-convert`: `%#@name@` is plain text in a `.strings` value, but a String
    /// Catalog's string unit with it reads as a reference to an undefined substitution, and the
    /// reader then ignores the localization, so the text came back as its key.
    @Test func aTextWithAVariableReferenceIsLeftOutWithAWarning() throws {
        let document = try Self.strings("""
            "sale" = "50%#@off@ today";
            "positioned" = "%2$#@x@ and %%#@y@";
            "plain" = "100%% sure";
            "literal" = "%%#@not@";
            """)
        let written = try #require(TableConversion.write(document, as: .stringCatalog))
        #expect(written.diagnostics.map(\.code) == ["referencing-text-left-out", "referencing-text-left-out"])
        #expect(written.diagnostics.map(\.message) == [
            #""sale" is a text with the reference "%#@off@" in it, which .xcstrings would read as a variable the entry does not define; it is left out (language en)"#,
            #""positioned" is a text with the reference "%#@x@" in it, which .xcstrings would read as a variable the entry does not define; it is left out (language en)"#,
        ])
        let back = TableDocument.read(bytes: written.bytes, format: .stringCatalog, language: "en")
        #expect(back.diagnostics.isEmpty)
        let entries = try #require(back.document?.languages.first?.entries)
        #expect(entries.map(\.key.string).sorted() == ["literal", "plain"])
        #expect(entries.map(\.value).sorted { "\($0)" < "\($1)" }
            == [.text("%%#@not@"), .text("100%% sure")].sorted { "\($0)" < "\($1)" })
    }

    /// Found by `make fuzz-convert` too: a key with control characters is escaped in the message
    /// (`\u{83}`, `\u{0}`: messages have one escaper, `MessageEscaping`), and the round-trip
    /// checks must recognize the key in it, or a reported loss would look silent.
    @Test func keysLeftOutAreFoundInTheirEscapedMessages() throws {
        let document = try Self.strings(#""a\U0083b\U0000c" = "%#@x@";"# + "\n" + #""plain" = "text";"#)
        let written = try #require(TableConversion.write(document, as: .stringCatalog))
        #expect(written.diagnostics.count == 1)
        #expect(written.diagnostics.first?.message.hasPrefix(#""a\u{83}b\u{0}c" is a text"#) == true)
        let language = try #require(document.languages.first)
        #expect(ConversionDiagnostic.leftOutKeys(written.diagnostics, in: language).map(\.string)
            == ["a\u{83}b\u{0}c"])
    }
}
