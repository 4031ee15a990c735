import Testing
@testable import ErrorFormatter

/// XML and binary property lists read as tables (`.stringsdict` files, and `.strings` files as
/// Xcode ships them in built products). Values checked against CFPropertyListCreateWithData.
@Suite struct PropertyListParserXMLAndBinaryTests {
    typealias Support = PropertyListTestSupport

    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>title</key>
        \t<string>Hello &amp; &lt;world&gt; &#233;&#x1F600;</string>
        \t<!-- a comment -->
        \t<key>list</key>
        \t<array>
        \t\t<string><![CDATA[a <raw> & text]]></string>
        \t\t<data>AAE=</data>
        \t\t<dict><key>k</key><string/></dict>
        \t</array>
        \t<key>title</key>
        \t<string>again</string>
        </dict>
        </plist>
        """

    @Test func xmlPlist() {
        let result = Support.parse(Self.xml)
        #expect(result.value == Support.table([
            ("title", .string("again")),
            ("list", .array([.string("a <raw> & text"), .data([0x00, 0x01]), Support.strings([("k", "")])])),
        ]))
        #expect(Support.positions(result.diagnostics) == ["warning duplicate-key@14:2", "note duplicate-key@5:2"])
    }

    @Test func xmlNumbersBecomeStringsWithAWarning() {
        let result = Support.parse("<plist><dict><key>n</key><integer>-42</integer><key>t</key><true/></dict></plist>")
        #expect(result.value == Support.strings([("n", "-42"), ("t", "true")]))
        #expect(result.diagnostics.map(\.code) == ["non-string-value", "non-string-value"])
        // CF: "Unknown character ' ' (0x20) in <integer>".
        let spaced = Support.parse("<plist><dict><key>n</key><integer> 42 </integer></dict></plist>")
        #expect(spaced.error?.code == "invalid-xml-plist")
    }

    @Test func brokenXMLReportsBothParsers() {
        let result = Support.parse("<?xml version=\"1.0\"?>\n<plist><dict><key>a</key>\n<strin>x</string></dict></plist>")
        #expect(result.value == nil)
        #expect(result.error?.code == "invalid-xml-plist")
        #expect(result.error?.line == 3)
        #expect(result.error?.message.contains("strin") == true)
        // CF keeps the old-style parser's complaint under kCFPropertyListOldStyleParsingError.
        #expect(result.foundationMessage == "Malformed data byte group at line 1; invalid hex")
    }

    @Test func messagesStayOnOneLine() {
        let result = Support.parse("<plist><dict><k\ney>a</key></dict></plist>")
        #expect(result.error?.message.contains("\n") == false)
    }

    /// `bplist00` with a two-entry dictionary, written by hand (as Xcode would for iOS).
    static let binary: [UInt8] = {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        func object(_ body: [UInt8]) { offsets.append(bytes.count); bytes += body }
        object([0xD2, 1, 2, 3, 4])                                   // 0: dict, keys 1 2, values 3 4
        object([0x51] + Array("a".utf8))                             // 1: ASCII "a"
        object([0x52] + Array("ok".utf8))                            // 2: ASCII "ok"
        object([0x63, 0x00, 0xE9, 0xD8, 0x3D, 0xDE, 0x00])           // 3: UTF-16 "é😀" (3 units)
        object([0x42, 0xCA, 0xFE])                                   // 4: data
        let table = bytes.count
        bytes += offsets.map { UInt8($0) }
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]                            // trailer: offset and ref sizes 1
        bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(offsets.count)]         // object count
        bytes += [0, 0, 0, 0, 0, 0, 0, 0]                            // top object 0
        bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(table)]                 // offset table position
        return bytes
    }()

    @Test func binaryPlist() {
        let result = PropertyListParser.parse(Self.binary)
        #expect(result.value == Support.table([("a", .string("é😀")), ("ok", .data([0xCA, 0xFE]))]))
        #expect(result.diagnostics.isEmpty)
    }

    @Test func corruptBinaryPlistsFailCleanly() {
        var variants: [[UInt8]] = [Array(Self.binary.prefix(20)), Array("bplist00".utf8)]
        for index in 8..<Self.binary.count {
            var broken = Self.binary
            broken[index] ^= 0xFF
            variants.append(broken)
        }
        var cyclic = Self.binary
        cyclic[9] = 0  // the dictionary's first key refers to the dictionary itself
        variants.append(cyclic)
        for bytes in variants {
            let result = PropertyListParser.parse(bytes)
            #expect((result.value == nil) == (result.error?.code == "invalid-binary-plist"))
        }
        #expect(PropertyListParser.parse(cyclic).error?.message.contains("string") == true
                || PropertyListParser.parse(cyclic).error?.message.contains("itself") == true)
    }
}
