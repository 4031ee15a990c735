@testable import ErrorFormatter

/// Small helpers shared by the parser tests.
enum PropertyListTestSupport {
    static func parse(_ text: String) -> PropertyListParseResult {
        PropertyListParser.parse(Array(text.utf8))
    }

    /// A table from ordered pairs (a Swift dictionary literal would merge NFC and NFD keys).
    static func table(_ pairs: [(String, PropertyListValue)]) -> PropertyListValue {
        var dictionary = PropertyListDictionary()
        for (key, value) in pairs { dictionary.updateValue(value, forKey: TableKey(key)) }
        return .dictionary(dictionary)
    }

    static func strings(_ pairs: [(String, String)]) -> PropertyListValue {
        table(pairs.map { ($0.0, .string($0.1)) })
    }

    /// `code@line:column` for each diagnostic, the compact form the tests compare.
    static func positions(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.severity.rawValue) \($0.code)@\($0.line):\($0.column)" }
    }
}
