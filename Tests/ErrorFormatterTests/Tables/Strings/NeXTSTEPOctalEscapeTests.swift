import Testing
@testable import ErrorFormatter

/// Octal escapes `\200`…`\377` against the NeXTSTEP table of the research notes (reference
/// strings-format.md §2.4, verified there against CF), read from the shared folder.
@Suite(.enabled(if: SharedCorpus.isAvailable, "the shared reference (<package root>/../shared) is not present"))
struct NeXTSTEPOctalEscapeTests {
    /// `octal=HEX` pairs from the reference's NeXTSTEP block.
    static func referenceTable() throws -> [(octal: String, unit: UInt32)] {
        let bytes = try FileSystem.readBytes(atPath: SharedCorpus.root + "/reference/strings-format.md")
        let text = String(decoding: bytes, as: UTF8.self)
        var pairs: [(String, UInt32)] = []
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let parts = word.split(separator: "=")
            guard parts.count == 2, parts[0].count == 3, parts[1].count == 4,
                  parts[0].allSatisfy({ ("0"..."7").contains($0) }), parts[0].first.map({ $0 == "2" || $0 == "3" }) == true,
                  let unit = UInt32(parts[1], radix: 16) else { continue }
            pairs.append((String(parts[0]), unit))
        }
        return pairs
    }

    @Test func everyHighOctalEscapeMatchesTheReference() throws {
        let table = try Self.referenceTable()
        #expect(table.count == 128)
        for (octal, unit) in table {
            let result = PropertyListParser.parse(Array("\"k\" = \"\\\(octal)\";".utf8))
            let expected = unit == 0 ? "\u{0}" : String(Character(Unicode.Scalar(unit) ?? "?"))
            #expect(result.value == PropertyListTestSupport.strings([("k", expected)]), "\\\(octal)")
        }
    }
}
