import Testing
@testable import ErrorFormatter

/// CoreFoundation's encoding sniffing (reference §2.1), with byte sequences built here.
/// Every expectation was checked against CFPropertyListCreateWithData.
@Suite struct PropertyListParserEncodingTests {
    typealias Support = PropertyListTestSupport
    static let entry = "\"a\" = \"é\";"
    static let expected = Support.strings([("a", "é")])

    static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
        text.utf16.flatMap { unit in
            bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
    }

    static func utf32(_ text: String, bigEndian: Bool) -> [UInt8] {
        text.unicodeScalars.flatMap { scalar in
            let bytes = (0..<4).map { UInt8(truncatingIfNeeded: scalar.value >> (8 * $0)) }
            return bigEndian ? Array(bytes.reversed()) : bytes
        }
    }

    @Test func utf8WithAndWithoutBOM() {
        #expect(PropertyListParser.parse(Array(Self.entry.utf8)).value == Self.expected)
        #expect(PropertyListParser.parse([0xEF, 0xBB, 0xBF] + Array(Self.entry.utf8)).value == Self.expected)
    }

    @Test func utf16WithBOM() {
        #expect(PropertyListParser.parse([0xFF, 0xFE] + Self.utf16(Self.entry, bigEndian: false)).value == Self.expected)
        #expect(PropertyListParser.parse([0xFE, 0xFF] + Self.utf16(Self.entry, bigEndian: true)).value == Self.expected)
    }

    @Test func utf32WithBOM() {
        #expect(PropertyListParser.parse([0xFF, 0xFE, 0x00, 0x00] + Self.utf32(Self.entry, bigEndian: false)).value == Self.expected)
        #expect(PropertyListParser.parse([0x00, 0x00, 0xFE, 0xFF] + Self.utf32(Self.entry, bigEndian: true)).value == Self.expected)
    }

    @Test func utf16SurrogatePairsDecode() {
        let text = "\"k\" = \"😀\";"
        #expect(PropertyListParser.parse([0xFF, 0xFE] + Self.utf16(text, bigEndian: false)).value
                == Support.strings([("k", "😀")]))
    }

    /// CF takes a zero first or second byte for BOM-less UTF-16 and drops the first unit: a
    /// leading newline is lost harmlessly, a leading quote breaks the file.
    @Test func bomLessUTF16DropsTheFirstUnit() {
        let harmless = PropertyListParser.parse(Self.utf16("\n" + Self.entry, bigEndian: false))
        #expect(harmless.value == Self.expected)
        #expect(Support.positions(harmless.diagnostics) == ["warning bomless-utf16@1:1"])

        let broken = PropertyListParser.parse(Self.utf16(Self.entry, bigEndian: false))
        #expect(broken.value == nil)
        #expect(broken.foundationMessage == "Expected ';' or '=' after key at line 1")

        // Big-endian without BOM is read as little-endian: U+0A00 then U+2200 …
        let bigEndian = PropertyListParser.parse(Self.utf16("\n" + Self.entry, bigEndian: true))
        #expect(bigEndian.foundationMessage == "Unexpected character '0x2200' at line 1")
    }

    @Test func trailingOddByteOfUTF16IsIgnored() {
        let bytes = [0xFF, 0xFE] + Self.utf16(Self.entry, bigEndian: false) + [0x41]
        #expect(PropertyListParser.parse(bytes).value == Self.expected)
    }

    @Test func loneSurrogateInUTF16BecomesReplacementCharacter() {
        var bytes: [UInt8] = [0xFF, 0xFE] + Self.utf16("\"k\" = \"", bigEndian: false)
        bytes += [0x00, 0xD8] + Self.utf16("x\";", bigEndian: false)
        let result = PropertyListParser.parse(bytes)
        #expect(result.value == Support.strings([("k", "\u{FFFD}x")]))
        #expect(Support.positions(result.diagnostics) == ["warning lone-surrogate@1:8"])
    }

    @Test func invalidUTF32IsAConversionFailure() {
        let result = PropertyListParser.parse([0xFF, 0xFE, 0x00, 0x00] + Self.utf16("//ab", bigEndian: false))
        #expect(result.value == nil)
        #expect(result.error?.code == "invalid-encoding")
        #expect(result.foundationMessage == "Could not determine the encoding of the XML data (string creation failed)")
    }

    @Test func invalidUTF8RejectsTheWholeFile() {
        let result = PropertyListParser.parse(Array("\"a\" = \"b\";\n// caf".utf8) + [0xE9])
        #expect(result.value == nil)
        #expect(result.foundationMessage == "Conversion of string failed.")
        #expect(result.error?.code == "invalid-utf8")
        #expect(result.error?.line == 2)
        #expect(result.error?.column == 7)
    }

    /// CF converts the whole file first, so a bad byte after a syntax error, in the silently
    /// truncated tail or in a comment still makes the conversion the failure.
    @Test func invalidUTF8AnywhereWins() {
        for prefix in ["\"a\" = \"b\"\n", "\"a\" = \"b\";;\n", "\"a\" = \"b\";\n/* ", "\"a\" = \"", "\"a\" = ("] {
            let result = PropertyListParser.parse(Array(prefix.utf8) + [0xC3, 0x28] + Array("\"x\";".utf8))
            #expect(result.foundationMessage == "Conversion of string failed.", "\(prefix)")
            #expect(result.error?.code == "invalid-utf8")
        }
    }

    /// A CF decoder quirk: of all stray bytes only 0xA9 is accepted, read as U+FFFD.
    @Test func strayA9IsReadAsReplacementCharacter() {
        let accepted = PropertyListParser.parse(Array("\"k\" = \"A".utf8) + [0xC3, 0x80, 0xA9] + Array("\";".utf8))
        #expect(accepted.value == Support.strings([("k", "A\u{C0}\u{FFFD}")]))
        let rejected = PropertyListParser.parse(Array("\"k\" = \"A".utf8) + [0xA8] + Array("\";".utf8))
        #expect(rejected.foundationMessage == "Conversion of string failed.")
    }

    @Test func emptyAndBOMOnlyFiles() {
        let empty = PropertyListParser.parse([])
        #expect(empty.value == nil)
        #expect(empty.error?.code == "empty-file")
        #expect(empty.foundationMessage == "Cannot parse a NULL or zero-length data")

        let bomOnly = PropertyListParser.parse([0xEF, 0xBB, 0xBF])
        #expect(bomOnly.value == nil)
        #expect(bomOnly.error?.code == "empty-text")
        #expect(bomOnly.foundationMessage == "Conversion of string failed. The string is empty.")

        // Too short to be sniffed as a UTF-16 BOM, and not UTF-8.
        #expect(PropertyListParser.parse([0xFF, 0xFE]).foundationMessage == "Conversion of string failed.")
        // One newline is a valid, empty table.
        #expect(PropertyListParser.parse([0x0A]).value == Support.strings([]))
    }

    @Test func secondBOMIsNotWhitespace() {
        let result = PropertyListParser.parse([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array(Self.entry.utf8))
        #expect(result.value == nil)
        #expect(result.foundationMessage == "Unexpected character '0xfeff' at line 1")
        #expect(Support.positions(result.diagnostics) == ["warning whitespace-lookalike@1:1"])
    }
}
