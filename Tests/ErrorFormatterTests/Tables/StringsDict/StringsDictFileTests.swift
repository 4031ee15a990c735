import Testing
@testable import ErrorFormatter

/// `.stringsdict` entries become variable formats; every malformed shape is skipped with its own
/// code at the line and column of the key it is about (columns count Unicode scalars).
@Suite struct StringsDictFileTests {
    /// An XML plist whose top dictionary holds `body` (each line of `body` starts on line 4).
    static func plist(_ body: String) -> [UInt8] {
        Array(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n" + body + "\n</dict>\n</plist>\n").utf8)
    }

    static func positions(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.severity.rawValue) \($0.code)@\($0.line):\($0.column)" }
    }

    static let pluralEntry = """
    <key>files</key>
    <dict>
      <key>NSStringLocalizedFormatKey</key><string>%#@count@ in %2$#@folders@</string>
      <key>count</key>
      <dict>
        <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
        <key>NSStringFormatValueTypeKey</key><string>lld</string>
        <key>one</key><string>%lld file</string>
        <key>other</key><string>%lld files</string>
      </dict>
      <key>folders</key>
      <dict>
        <key>NSStringFormatSpecTypeKey</key><string>NSStringDeviceSpecificRuleType</string>
        <key>mac</key><string>Mac folders</string>
        <key>other</key><string>folders</string>
      </dict>
    </dict>
    """

    @Test func pluralAndDeviceVariablesBecomeAVariableFormat() {
        let result = StringsDictFile.load(bytes: Self.plist(Self.pluralEntry))
        #expect(result.failure == nil)
        #expect(result.diagnostics.isEmpty)
        let expected = VariableFormat(format: "%#@count@ in %2$#@folders@", variables: [
            "count": .init(ruleType: .plural, valueType: "lld", variants: ["one": "%lld file", "other": "%lld files"]),
            "folders": .init(ruleType: .device, valueType: nil, variants: ["mac": "Mac folders", "other": "folders"]),
        ])
        #expect(result.contents?.variables == [TableKey("files"): expected])
        #expect(result.contents?.texts.isEmpty == true)
    }

    @Test func widthVariantsNeedNoOther() {
        let body = """
        <key>title</key><dict>
          <key>NSStringLocalizedFormatKey</key><string>%#@w@</string>
          <key>w</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringVariableWidthRuleType</string>
            <key>20</key><string>Short</string><key>50</key><string>A longer title</string></dict>
        </dict>
        """
        let result = StringsDictFile.load(bytes: Self.plist(body))
        #expect(result.diagnostics.isEmpty)
        #expect(result.contents?.variables[TableKey("title")]?.variables["w"]
            == .init(ruleType: .width, valueType: nil, variants: ["20": "Short", "50": "A longer title"]))
    }

    @Test func missingFormatKeyIsReportedAtTheEntry() {
        let body = "<key>ok</key><string>plain</string>\n  <key>broken</key><dict><key>x</key><string>y</string></dict>"
        let result = StringsDictFile.load(bytes: Self.plist(body))
        #expect(Self.positions(result.diagnostics) == ["error missing-format-key@5:3"])
        #expect(result.contents?.variables.isEmpty == true)
        #expect(result.contents?.texts.map(\.key) == [TableKey("ok")])
    }

    @Test func undefinedVariableIsReportedAtTheFormat() {
        // The shape of OnionBrowser's el.lproj "%d cookie(s)".
        let body = "\t<key>%d cookie(s)</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>%#@cookies@</string>\n\t</dict>"
        let result = StringsDictFile.load(bytes: Self.plist(body))
        #expect(Self.positions(result.diagnostics) == ["error undefined-variable@6:3"])
        #expect(result.diagnostics.first?.message.contains("\"cookies\"") == true)
        #expect(result.contents?.variables.isEmpty == true)
    }

    @Test func undefinedVariableInsideAVariantIsReportedAtTheVariant() {
        let body = """
        <key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@a@</string>
        <key>a</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
        <key>NSStringFormatValueTypeKey</key><string>d</string>
          <key>other</key><string>%d and %#@b@</string></dict></dict>
        """
        let result = StringsDictFile.load(bytes: Self.plist(body))
        #expect(Self.positions(result.diagnostics) == ["error undefined-variable@7:3"])
    }

    @Test func missingOtherVariantIsReportedAtTheVariable() {
        let body = """
        <key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@a@</string>
         <key>a</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
        <key>NSStringFormatValueTypeKey</key><string>d</string><key>one</key><string>one</string></dict></dict>
        """
        let result = StringsDictFile.load(bytes: Self.plist(body))
        #expect(Self.positions(result.diagnostics) == ["error missing-other-variant@5:2"])
        #expect(result.contents?.variables.isEmpty == true)
    }

    @Test func unknownRuleTypeIsReportedAtTheRuleTypeKey() {
        let body = """
        <key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@a@</string>
        <key>a</key><dict>
            <key>NSStringFormatSpecTypeKey</key><string>NSStringGenderRuleType</string>
            <key>other</key><string>x</string></dict></dict>
        """
        let result = StringsDictFile.load(bytes: Self.plist(body))
        #expect(Self.positions(result.diagnostics) == ["error unknown-rule-type@6:5"])
    }

    @Test func unexpectedValueTypesAreReportedWhereTheyAre() {
        let body = """
        <key>array</key><array/>
        <key>format</key><dict><key>NSStringLocalizedFormatKey</key><integer>3</integer></dict>
        <key>variant</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@a@</string>
          <key>a</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
          <key>NSStringFormatValueTypeKey</key><string>d</string>
          <key>one</key><array/><key>other</key><string>x</string></dict></dict>
        """
        let result = StringsDictFile.load(bytes: Self.plist(body))
        // <integer> is read as a string by the parser (with its own warning), so the format
        // entry is kept; the array entry and the array variant are not.
        #expect(Self.positions(result.diagnostics) == [
            "warning non-string-value@5:61", "error unexpected-value-type@4:1", "error unexpected-value-type@9:3",
        ])
        #expect(result.contents?.variables.keys.map(\.string) == ["format"])
    }

    @Test func warningsKeepTheEntry() {
        let body = """
        <key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@a@</string>
        <key>comment</key><string>for translators</string>
        <key>notes</key><dict><key>x</key><string>y</string></dict>
        <key>a</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
          <key>several</key><string>s</string><key>other</key><string>o</string></dict></dict>
        """
        let result = StringsDictFile.load(bytes: Self.plist(body))
        #expect(Self.positions(result.diagnostics) == [
            "warning unexpected-value-type@5:1", "warning missing-rule-type@6:1",
            "warning missing-value-type@7:1", "warning unknown-plural-category@8:3",
        ])
        #expect(result.contents?.variables[TableKey("k")]?.variables["a"]
            == .init(ruleType: .plural, valueType: nil, variants: ["other": "o"]))
    }

    @Test func nonDictionaryAndUnparsableFilesFail() {
        let array = StringsDictFile.load(bytes: Array("<plist><array/></plist>".utf8))
        #expect(array.contents == nil)
        #expect(array.failure?.code == "not-a-dictionary")
        let broken = StringsDictFile.load(bytes: Array("<plist><dict><key>a</key>\n<string>x</dict></plist>".utf8))
        #expect(broken.contents == nil)
        #expect(broken.failure?.severity == .error)
        #expect((broken.failure?.line ?? 0) > 0)
        let empty = StringsDictFile.load(bytes: [])
        #expect(empty.contents == TableContents())
        #expect(Self.positions(empty.diagnostics) == ["warning empty-file@0:0"])
    }

    @Test func binaryPlistsLoadWithoutPositions() throws {
        // bplist00 for {"k": {"NSStringLocalizedFormatKey": "%#@x@"}} — x undefined.
        let bytes: [UInt8] = [
            0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30, 0x30,  // bplist00
            0xD1, 0x01, 0x02,  // 0: dict, 1 entry: key 1, value 2
            0x51, 0x6B,  // 1: "k"
            0xD1, 0x03, 0x04,  // 2: dict, key 3, value 4
            0x5F, 0x10, 0x1A,  // 3: ASCII string of 26
        ] + Array("NSStringLocalizedFormatKey".utf8) + [
            0x55,  // 4: ASCII string of 5
        ] + Array("%#@x@".utf8)
        let offsets: [UInt8] = [8, 11, 13, 16, 45]
        let table = UInt8(bytes.count)
        let trailer: [UInt8] = [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 5] + [0, 0, 0, 0, 0, 0, 0, 0]
            + [0, 0, 0, 0, 0, 0, 0, table]
        let result = StringsDictFile.load(bytes: bytes + offsets + trailer)
        #expect(result.failure == nil)
        #expect(Self.positions(result.diagnostics) == ["error undefined-variable@0:0"])
    }

    @Test func positionsInBOMAndUTF16Files() {
        // 35 corpus files are UTF-8 with a BOM; built products may be UTF-16. (Columns after a
        // CRLF are left out here: SourceLocator counts the LF as the line's first column.)
        let text = "<?xml version=\"1.0\"?>\n<plist>\r<dict>\n  <key>é</key><dict/>\n</dict>\n</plist>\n"
        let bom = StringsDictFile.load(bytes: [0xEF, 0xBB, 0xBF] + Array(text.utf8))
        #expect(Self.positions(bom.diagnostics) == ["error missing-format-key@4:3"])
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { utf16 += [UInt8(truncatingIfNeeded: unit), UInt8(truncatingIfNeeded: unit >> 8)] }
        let wide = StringsDictFile.load(bytes: utf16)
        #expect(Self.positions(wide.diagnostics) == ["error missing-format-key@4:3"])
    }

    @Test func sourceMapGivesNestedKeyPositions() {
        let (result, map) = PropertyListParser.parseWithSourceMap(Self.plist(Self.pluralEntry))
        #expect(result.value != nil)
        #expect(map.position(ofKeyPath: ["files"]) == .init(line: 4, column: 1))
        #expect(map.position(ofKeyPath: ["files", "count", "other"]) == .init(line: 12, column: 5))
        #expect(map.position(ofKeyPath: ["files", "nothing"]) == nil)
    }

    @Test func formatReferencesFindVariablesAndValueTypes() {
        #expect(FormatReferences.variableNames(in: "%% %#@a@ and %2$#@b c@ %#@never") == ["a", "b c"])
        #expect(FormatReferences.firstValueType(in: "100%% %#@a@ %1$-5.2lld") == "lld")
        #expect(FormatReferences.firstValueType(in: "%@") == "@")
        #expect(FormatReferences.firstValueType(in: "no specifier %") == nil)
    }
}
