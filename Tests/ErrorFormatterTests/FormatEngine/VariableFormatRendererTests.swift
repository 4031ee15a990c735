import Testing
@testable import ErrorFormatter

/// Shorthand for the tests' variables.
private func plural(_ valueType: String?, _ variants: [String: String]) -> VariableFormat.Variable {
    VariableFormat.Variable(ruleType: .plural, valueType: valueType, variants: variants)
}

private let files = plural("lld", ["zero": "no files", "one": "%lld file", "other": "%lld files"])
private let filesWithoutZero = plural("lld", ["one": "%lld file", "other": "%lld files"])

@Suite struct VariableFormatRendererTests {
    private func render(
        _ format: String, _ variables: [String: VariableFormat.Variable], _ arguments: [FormatArgument],
        language: String = "en"
    ) throws(FormatFailure) -> String {
        try VariableFormatRenderer.render(VariableFormat(format: format, variables: variables),
                                          arguments: arguments, language: language)
    }

    private func failureCode(
        _ format: String, _ variables: [String: VariableFormat.Variable], _ arguments: [FormatArgument],
        language: String = "en"
    ) -> String? {
        do throws(FormatFailure) {
            _ = try render(format, variables, arguments, language: language)
            return nil
        } catch {
            return error.code
        }
    }

    @Test func variantsAreChosenByTheArgumentsCategory() throws {
        #expect(try render("%#@files@", ["files": files], [.int(1)]) == "1 file")
        #expect(try render("%#@files@", ["files": files], [.int(7)]) == "7 files")
        #expect(try render("Found %#@files@.", ["files": files], [.int(2)]) == "Found 2 files.")
    }

    @Test func integerZeroUsesTheZeroVariantEvenWithoutACLDRZero() throws {
        #expect(try render("%#@files@", ["files": files], [.int(0)]) == "no files")
        #expect(try render("%#@files@", ["files": filesWithoutZero], [.int(0)]) == "0 files")
        #expect(try render("%#@files@", ["files": files], [.uint(0)], language: "ja") == "no files")
        #expect(try render("%#@files@", ["files": files], [.int(0)], language: "fr") == "no files")
        #expect(try render("%#@files@", ["files": filesWithoutZero], [.int(0)], language: "fr") == "0 file")
        // %hhd of 256 reads 0: the zero rule follows what the value type reads.
        let bytes = plural("hhd", ["zero": "none", "other": "%hhd"])
        #expect(try render("%#@n@", ["n": bytes], [.int(256)]) == "none")
    }

    @Test func floatingZeroIsNotTheIntegerZero() throws {
        let amount = plural("f", ["zero": "nothing", "one": "%.1f unit", "other": "%.1f units"])
        #expect(try render("%#@amount@", ["amount": amount], [.double(0)]) == "0.0 units")
        #expect(try render("%#@amount@", ["amount": amount], [.double(1)]) == "1.0 units")
        let rounded = plural(".0f", ["one": "%.0f unit", "other": "%.0f units"])
        #expect(try render("%#@amount@", ["amount": rounded], [.double(1)]) == "1 unit")
    }

    /// A number of the other family selects as its value type reads it (docs/formatting.md):
    /// an integer through `f`, a double holding an integer through `lld`, zero rule included.
    @Test func numbersCrossingFamiliesSelectAsTheValueTypeReadsThem() throws {
        let amount = plural("f", ["zero": "nothing", "one": "%.1f unit", "other": "%.1f units"])
        #expect(try render("%#@amount@", ["amount": amount], [.int(1)]) == "1.0 units")
        #expect(try render("%#@amount@", ["amount": amount], [.int(0)]) == "0.0 units")
        #expect(try render("%#@files@", ["files": files], [.double(1)]) == "1 file")
        #expect(try render("%#@files@", ["files": files], [.double(3)]) == "3 files")
        #expect(try render("%#@files@", ["files": files], [.double(0)]) == "no files")
        let russian = plural("d", ["one": "%d файл", "few": "%d файла", "many": "%d файлов", "other": "%d файла"])
        #expect(try render("%#@n@", ["n": russian], [.double(21)], language: "ru") == "21 файл")
        #expect(failureCode("%#@files@", ["files": files], [.double(1.5)]) == "wrong-argument-type")
        #expect(failureCode("%#@amount@", ["amount": amount], [.int(9_007_199_254_740_993)])
            == "wrong-argument-type")
    }

    @Test func categoriesFollowTheTablesLanguage() throws {
        let arabic = plural("d", ["zero": "z", "one": "o", "two": "t", "few": "f", "many": "m", "other": "x"])
        let rendered = try [0, 1, 2, 3, 11, 100].map {
            try render("%#@n@", ["n": arabic], [.int(Int64($0))], language: "ar")
        }
        #expect(rendered == ["z", "o", "t", "f", "m", "x"])
        let russian = plural("d", ["one": "%d файл", "few": "%d файла", "many": "%d файлов", "other": "%d файла"])
        #expect(try render("%#@n@", ["n": russian], [.int(21)], language: "ru") == "21 файл")
        #expect(try render("%#@n@", ["n": russian], [.int(22)], language: "ru") == "22 файла")
        #expect(try render("%#@n@", ["n": russian], [.int(25)], language: "ru") == "25 файлов")
        // A missing category falls back to `other`: English has no `few`.
        #expect(try render("%#@n@", ["n": russian], [.int(3)], language: "en") == "3 файла")
    }

    @Test func positionalReferencesAndSeveralVariables() throws {
        let folders = plural("lld", ["one": "%2$lld folder", "other": "%2$lld folders"])
        let variables = ["files": files, "folders": folders]
        #expect(try render("%#@files@ in %2$#@folders@", variables, [.int(1), .int(3)]) == "1 file in 3 folders")
        #expect(try render("%#@files@ in %2$#@folders@", variables, [.int(5), .int(1)]) == "5 files in 1 folder")
        let sequentialFolders = plural("lld", ["one": "%lld folder", "other": "%lld folders"])
        #expect(try render("%#@files@ in %#@folders@", ["files": files, "folders": sequentialFolders],
                           [.int(2), .int(1)]) == "2 files in 1 folder")
        #expect(try render("%2$#@folders@ hold %1$#@files@",
                           ["files": plural("lld", ["one": "%1$lld file", "other": "%1$lld files"]),
                            "folders": folders], [.int(4), .int(1)]) == "1 folder hold 4 files")
    }

    @Test func specifiersOutsideVariantsShareTheArguments() throws {
        let variables = ["files": plural("lld", ["one": "%2$lld file", "other": "%2$lld files"])]
        #expect(try render("%1$@ contains %2$#@files@", variables, [.string("Disk"), .int(1)]) == "Disk contains 1 file")
        #expect(try render("%@ contains %#@files@", ["files": files], [.string("Disk"), .int(9)])
            == "Disk contains 9 files")
        #expect(try render("%1$@ (%2$lld bytes)", [:], [.string("report.pdf"), .int(2048)])
            == "report.pdf (2048 bytes)")
        #expect(try render("100%% of %#@files@", ["files": files], [.int(3)]) == "100% of 3 files")
    }

    /// Text substitution, as on Apple's platforms: a variant without a specifier does not take
    /// a position, so a later sequential specifier takes the argument the variable selected with.
    @Test func variantsWithoutSpecifiersShiftLaterSequentialArguments() throws {
        let items = plural("lld", ["one": "one item", "other": "%lld items"])
        #expect(try render("%#@items@ by %@", ["items": items], [.int(1), .string("Ann")]) == "one item by 1")
        #expect(try render("%#@items@ by %2$@", ["items": items], [.int(1), .string("Ann")]) == "one item by Ann")
    }

    @Test func variantsMayReferenceOtherVariables() throws {
        let outer = plural("lld", ["one": "%lld file in %#@folders@", "other": "%lld files in %#@folders@"])
        let folders = plural("lld", ["one": "%lld folder", "other": "%lld folders"])
        #expect(try render("%#@files@", ["files": outer, "folders": folders], [.int(3), .int(1)])
            == "3 files in 1 folder")
    }

    @Test func deviceAndWidthRulesUseTheirDocumentedDefaults() throws {
        let device = VariableFormat.Variable(ruleType: .device, valueType: nil,
                                             variants: ["iphone": "Tap", "mac": "Click", "other": "Select"])
        #expect(try render("%#@action@ here", ["action": device], []) == "Select here")
        let width = VariableFormat.Variable(ruleType: .width, valueType: nil,
                                            variants: ["20": "Short", "100": "A much longer text", "50": "Medium"])
        #expect(try render("%#@label@", ["label": width], []) == "A much longer text")
    }

    @Test func failuresHaveCodes() {
        #expect(failureCode("%#@nope@", ["files": files], [.int(1)]) == "unknown-variable")
        #expect(failureCode("%#@files@", ["files": plural("d", ["one": "%d file"])], [.int(2)])
            == "missing-other-variant")
        #expect(failureCode("%#@files@", ["files": files], []) == "missing-argument")
        #expect(failureCode("%3$#@files@", ["files": files], [.int(1)]) == "missing-argument")
        #expect(failureCode("%#@files@", ["files": files], [.string("x")]) == "wrong-argument-type")
        #expect(failureCode("%#@files@", ["files": plural("@", ["other": "%@"])], [.string("x")])
            == "plural-argument-not-a-number")
        #expect(failureCode("%#@files@", ["files": plural("k", ["other": "x"])], [.int(1)]) == "invalid-value-type")
        #expect(failureCode("%#@files@", ["files": plural("lld", ["other": "%s"])], [.int(1)])
            == "wrong-argument-type")
        #expect(failureCode("%#@loop@", ["loop": plural("d", ["other": "%#@loop@"])], [.int(1)])
            == "variable-depth-exceeded")
        #expect(failureCode("%#@files", ["files": files], [.int(1)]) == "unterminated-variable")
        #expect(failureCode("%#@@", [:], [.int(1)]) == "empty-variable-name")
        #expect(failureCode("%#@x@", ["x": VariableFormat.Variable(ruleType: .device, valueType: nil,
                                                                    variants: ["mac": "m"])], [])
            == "missing-other-variant")
        #expect(failureCode("%#@x@", ["x": VariableFormat.Variable(ruleType: .width, valueType: nil,
                                                                    variants: ["wide": "m"])], [])
            == "missing-width-variant")
        #expect(failureCode("%#@files@", ["files": files], [.int(1)], language: "en\u{0}") == "invalid-language")
    }

    @Test func failuresInsideVariantsNameTheVariable() {
        do throws(FormatFailure) {
            _ = try render("%#@files@", ["files": plural("d", ["other": "%d %k"])], [.int(1)])
            Issue.record("a variant with an unknown conversion rendered")
        } catch {
            #expect(error.code == "unknown-conversion")
            #expect(error.message.hasPrefix("variable 'files', variant 'other': "))
        }
    }

    @Test func fanOutIsBounded() {
        // Each level references the next twice: 2 + 4 + … + 2^8 references without the limits.
        var variables: [String: VariableFormat.Variable] = [:]
        for level in 0..<12 {
            variables["v\(level)"] = plural("d", ["other": "%1$#@v\(level + 1)@%1$#@v\(level + 1)@"])
        }
        variables["v12"] = plural("d", ["other": "x"])
        let code = failureCode("%1$#@v0@", variables, [.int(1)])
        #expect(code == "too-many-substitutions" || code == "variable-depth-exceeded")
        var wide: [String: VariableFormat.Variable] = [:]
        let manyReferences = String(repeating: "%1$#@leaf@", count: 300)
        wide["leaf"] = plural("d", ["other": "y"])
        #expect(failureCode(manyReferences, wide, [.int(1)]) == "too-many-substitutions")
    }
}
