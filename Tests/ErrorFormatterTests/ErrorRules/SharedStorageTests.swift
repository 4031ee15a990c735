import Testing
@testable import ErrorFormatter

/// `ErrorInfo` and `FormattedError` keep their fields in one box that copies share: each is still
/// a value (a changed copy leaves the original as it was), equal and hashed by its fields, and
/// an error's kept key part is always the one its fields write.
@Suite struct SharedStorageTests {
    static let english = """
        "controls.ok" = "OK";
        "errors.title" = "Something Went Wrong";
        "errors.message" = "Please try again.";
        "errors.D.1.title" = "One";
        "errors.D.2.title" = "Two";
        "errors.E.1.title" = "E one";
        "errors.D.1.message" = "Numbers: %lld.";
        """
    static let other = """
        "errors.D.1.title" = "Other one";
        """

    /// The key part written from `error`'s fields, as for an error that keeps none.
    static func writtenPart(_ error: ErrorInfo) -> [UInt8]? {
        let table = Array((error.table.isEmpty ? Catalog.defaultTable : error.table).utf8)
        let domain = Array(error.domain.utf8)
        var buffer = [UInt8](repeating: 0, count: ErrorKeyPart.length(table: table.count, domain: domain.count))
        let presentTexts = ErrorKeyPart.presentTexts(
            description: error.description?.isEmpty == false, failureReason: error.failureReason?.isEmpty == false,
            recoverySuggestion: error.recoverySuggestion?.isEmpty == false)
        let written = table.withUnsafeBytes { table in
            domain.withUnsafeBytes { domain in
                buffer.withUnsafeMutableBytes {
                    ErrorKeyPart.write(code: error.code, presentTexts: presentTexts,
                                       options: ErrorKeyPart.options(numberStyle: error.numberStyle), table: table,
                                       domain: domain, into: $0)
                }
            }
        }
        return written.map { Array(buffer.prefix($0)) }
    }

    static func keptPart(_ error: ErrorInfo) -> [UInt8]? { error.withKeyPart { Array($0) } }

    @Test func aChangedCopyLeavesTheOriginalAndKeepsItsOwnKeyPart() {
        let original = ErrorInfo(domain: "D", code: 1, arguments: [.int(3)])
        let originalPart = Self.keptPart(original)
        #expect(originalPart != nil)
        #expect(originalPart == Self.writtenPart(original))
        let changes: [(String, (inout ErrorInfo) -> Void)] = [
            ("code", { $0.code = -1009 }),
            ("domain", { $0.domain = "NSURLErrorDomain" }),
            ("domain appended to", { $0.domain += "Longer" }),
            ("table", { $0.table = "Errors" }),
            ("table emptied", { $0.table = "" }),
            ("description", { $0.description = "Described." }),
            ("empty description", { $0.description = "" }),
            ("failure reason", { $0.failureReason = "Because." }),
            ("recovery suggestion", { $0.recoverySuggestion = "Try again." }),
            ("number style", { $0.numberStyle = .localized }),
            ("arguments", { $0.arguments.append(.string("x")) }),
        ]
        for (name, change) in changes {
            var copy = original
            change(&copy)
            #expect(copy != original, "\(name)")
            #expect(Self.keptPart(copy) == Self.writtenPart(copy), "\(name)")
            #expect(Self.keptPart(original) == originalPart, "\(name)")
            #expect(original == ErrorInfo(domain: "D", code: 1, arguments: [.int(3)]), "\(name)")
        }
        // Set back, the copy is equal again, and hashes alike.
        var copy = original
        copy.domain = "E"
        copy.domain = "D"
        #expect(copy == original)
        #expect(copy.hashValue == original.hashValue)
        #expect(Self.keptPart(copy) == originalPart)
    }

    @Test func anErrorTooLongToKeepItsPartInlineOrWithANULKeepsNone() {
        let long = ErrorInfo(domain: String(repeating: "d", count: InlineErrorKeyPart.capacity), code: 1)
        #expect(Self.keptPart(long) == nil)
        // It still keys memos: the part is written from its strings, as before.
        let key = MemoKey.writing { key -> [UInt8]? in
            ErrorKeyPart.append(long, to: &key)
            return key.bytes.map { Array($0) }
        }
        #expect(key == Self.writtenPart(long))
        var shortened = long
        shortened.domain = "D"
        #expect(Self.keptPart(shortened) == Self.writtenPart(shortened))
        let withNUL = ErrorInfo(domain: "D\0E", code: 1)
        #expect(Self.keptPart(withNUL) == nil)
        let unkeyed = MemoKey.writing { key -> [UInt8]? in
            ErrorKeyPart.append(withNUL, to: &key)
            return key.bytes.map { Array($0) }
        }
        #expect(unkeyed == nil)
    }

    @Test func aChangedErrorIsFormattedAsItNowIs() throws {
        let catalog = try TestSupport.catalog([("en", Self.english)])
        let formatter = ErrorMessageFormatter(catalog: catalog)
        var error = ErrorInfo(domain: "D", code: 1)
        // Twice each: the first call keeps the result, the second is answered from it.
        for _ in 0..<2 { #expect(formatter.format(error, preferences: ["en"]).title == "One") }
        let first = error
        error.code = 2
        for _ in 0..<2 { #expect(formatter.format(error, preferences: ["en"]).title == "Two") }
        error.domain = "E"
        error.code = 1
        for _ in 0..<2 { #expect(formatter.format(error, preferences: ["en"]).title == "E one") }
        error.domain = "D"
        error.code = 9
        error.failureReason = "Because it failed."
        for _ in 0..<2 { #expect(formatter.format(error, preferences: ["en"]).title == "Because it failed.") }
        error.failureReason = nil
        error.code = 1
        error.arguments = [.int(1234)]
        error.numberStyle = .cLocale
        for _ in 0..<2 { #expect(formatter.format(error, preferences: ["en"]).message == "Numbers: 1234.") }
        // Without its argument the message is rejected, as it was for the first calls.
        #expect(formatter.format(first, preferences: ["en"]).message == "Please try again.")
        #expect(formatter.format(first, preferences: ["en"]).title == "One")
    }

    @Test func aChangedTableIsRead() throws {
        var builder = CatalogBuilder()
        try builder.addTable(bytes: Array(Self.english.utf8), localization: "en", fileName: "Localizable.strings")
        try builder.addTable(bytes: Array(Self.other.utf8), localization: "en", fileName: "Other.strings")
        let catalog = try builder.build(developmentLocale: "en")
        let formatter = ErrorMessageFormatter(catalog: catalog)
        var error = ErrorInfo(domain: "D", code: 1)
        for _ in 0..<2 { #expect(formatter.format(error, preferences: ["en"]).title == "One") }
        try error.setTable("Other")
        for _ in 0..<2 { #expect(formatter.format(error, preferences: ["en"]).title == "Other one") }
        try error.setTable(nil)
        #expect(formatter.format(error, preferences: ["en"]).title == "One")
    }

    @Test func aFormattedErrorIsAValue() throws {
        let catalog = try TestSupport.catalog([("en", Self.english)])
        let formatter = ErrorMessageFormatter(catalog: catalog)
        let error = ErrorInfo(domain: "D", code: 1)
        _ = formatter.format(error, preferences: ["en"])
        // The second result is the catalog's kept value; changing it changes only this copy.
        var result = formatter.format(error, preferences: ["en"])
        let kept = result
        result.title = "Changed"
        result.provenance[0].rule = "changed"
        result.stack.append("xx")
        result.isUntranslated.toggle()
        #expect(result != kept)
        #expect(kept.title == "One")
        #expect(formatter.format(error, preferences: ["en"]) == kept)
        #expect(formatter.format(error, preferences: ["en"]).title == "One")
        #expect(formatter.format(error, preferences: ["en"]).provenance(.title).rule != "changed")
        // Equal fields in two boxes: equal, and hashed alike.
        var rebuilt = kept
        rebuilt.title = "x"
        rebuilt.title = "One"
        #expect(rebuilt == kept)
        #expect(rebuilt.hashValue == kept.hashValue)
        #expect(Set([rebuilt, kept]).count == 1)
    }
}

extension SharedStorageTests {
    @Test func printedAsTheirFields() {
        let error = ErrorInfo(domain: "D", code: 1, description: "Described.", arguments: [.int(3)])
        #expect(String(describing: error) == """
            ErrorInfo(domain: "D", code: 1, description: Optional("Described."), failureReason: nil, \
            recoverySuggestion: nil, table: "Localizable", arguments: [3], \
            numberStyle: nil)
            """)
        let result = FormattedError(title: "T", message: "M", button: "OK", provenance: [], stack: ["en"],
                                    isUntranslated: false)
        #expect(String(describing: result) == """
            FormattedError(title: "T", message: "M", button: "OK", provenance: [], stack: ["en"], \
            isUntranslated: false, showsCallerText: false)
            """)
    }
}
