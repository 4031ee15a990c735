import Testing
@testable import ErrorFormatter

/// File names to table formats: the byte path for ASCII names against the `Character` rules
/// written out here, on hand-picked names and on random ASCII ones.
@Suite struct TableFileClassifyTests {
    /// The rules as `Character`s: not hidden, no '/', an extension and a name before it.
    private static func expected(_ fileName: String) -> (name: String, format: TableFile.Format)? {
        guard !fileName.hasPrefix("."), !fileName.contains("/") else { return nil }
        for format in TableFile.Format.allCases where fileName.hasSuffix(format.fileExtension) {
            let name = String(fileName.dropLast(format.fileExtension.count))
            return name.isEmpty ? nil : (name, format)
        }
        return nil
    }

    @Test(arguments: [
        "Localizable.strings", "Plurals.stringsdict", "Catalog.xcstrings", "Table.json", ".strings",
        ".hidden.strings", "a/b.strings", "strings", "x.txt", "x.strings.bak", "x.strings.json",
        "Café.strings", "日本語.stringsdict", "\u{0600}.strings", "a\r\n.strings", "x.string",
    ])
    func handPickedNames(_ fileName: String) {
        let found = TableFile.classify(fileName: fileName)
        let wanted = Self.expected(fileName)
        #expect(found?.name == wanted?.name && found?.format == wanted?.format, "\(fileName)")
    }

    @Test func randomASCIINamesFollowTheCharacterRules() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "Z", "9", ".", "/", "-", " ", "strings", "dict", "json", "xc", ".strings", ".json"]
        for _ in 0..<3000 {
            let name = (0..<Int.random(in: 0...5, using: &generator))
                .map { _ in pieces[Int.random(in: 0..<pieces.count, using: &generator)] }.joined()
            let found = TableFile.classify(fileName: name)
            let wanted = Self.expected(name)
            #expect(found?.name == wanted?.name && found?.format == wanted?.format, "\(name)")
        }
    }
}
