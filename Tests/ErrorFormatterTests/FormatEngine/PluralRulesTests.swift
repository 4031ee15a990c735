import Testing
@testable import ErrorFormatter

@Suite struct PluralRulesTests {
    @Test(arguments: [
        ("en", Int64(0), PluralCategory.other), ("en", 1, .one), ("en", 2, .other),
        ("fr", 0, .one), ("fr", 1, .one), ("fr", 2, .other), ("fr", 1_000_000, .many),
        ("ar", 0, .zero), ("ar", 1, .one), ("ar", 2, .two), ("ar", 3, .few), ("ar", 11, .many), ("ar", 100, .other),
        ("ru", 1, .one), ("ru", 2, .few), ("ru", 5, .many), ("ru", 11, .many), ("ru", 21, .one), ("ru", 22, .few),
        ("ru", 1_000_000_000_000_000_001, .one),
        ("ja", 0, .other), ("ja", 1, .other), ("ja", 2, .other),
        ("pl", 1, .one), ("pl", 2, .few), ("pl", 5, .many), ("pl", 12, .many), ("pl", 22, .few), ("pl", 0, .many),
        ("fr_CA", 1, .one), ("pt-PT", 0, .other), ("pt", 0, .one), ("xx", 1, .other),
    ])
    func integersGetCLDRCategories(language: String, value: Int64, expected: PluralCategory) throws {
        #expect(try PluralRules.cardinal(for: language).category(for: value) == expected)
    }

    @Test(arguments: [
        ("en", FormatArgument.double(1), String?(".1f"), PluralCategory.other),
        ("en", .double(1), "f", .other),
        ("en", .double(1), ".0f", .one),
        ("en", .double(1), "g", .one),
        ("en", .double(1), "#g", .other),
        ("en", .double(1), nil, .one),
        ("en", .double(1.5), nil, .other),
        ("en", .double(1), "e", .one),
        ("en", .double(.infinity), "f", .other),
        ("en", .double(.nan), "f", .other),
        ("fr", .double(1.5), ".1f", .one),
        ("ru", .double(1.5), ".1f", .other),
        ("ru", .double(21), ".0f", .one),
        ("pl", .double(1.5), ".1f", .other),
        ("en", .int(4_294_967_297), "d", .one),
        ("en", .int(4_294_967_297), "lld", .other),
        ("en", .int(-1), "d", .one),
        ("en", .int(-1), "u", .other),
        ("en", .uint(UInt64.max), "llu", .other),
        ("en", .int(1), "@", .one),
        ("ar", .int(2), "lld", .two),
        // A number of the other family, read as the value type prints it when that is exact.
        ("en", .int(1), "f", .other),          // 1.000000
        ("en", .int(1), ".0f", .one),
        ("en", .double(1), "d", .one),
        ("en", .double(4_294_967_297), "d", .one),   // %d keeps 32 bits: 1
        ("ru", .double(21), "lld", .one),
    ])
    func valueTypesDecideTheVisibleDigits(
        language: String, argument: FormatArgument, valueType: String?, expected: PluralCategory
    ) throws {
        #expect(try PluralRules.cardinal(for: language).category(for: argument, valueType: valueType) == expected)
    }

    /// Small integers come from a table made when the rules are opened: it must say what ICU
    /// says for every value it holds, and the values past it must still be asked of ICU.
    @Test(arguments: ["en", "fr", "ru", "ar", "pl", "cy", "ga", "lv", "he", "pt_PT", "ja", "xx"])
    func smallIntegerTableAgreesWithICU(language: String) throws {
        let rules = try PluralRules.cardinal(for: language)
        for value in Int64(-3)...1_105 {
            let operand = PluralOperand.double(Double(value))
            let fromICU: PluralCategory = try rules.category(for: operand)
            #expect(try rules.category(forSmallInteger: value) == fromICU, "\(language) \(value)")
            #expect(rules.category(for: Int64(value)) == fromICU, "\(language) \(value)")
        }
    }

    @Test func categoriesListWhatTheLanguageDistinguishes() throws {
        #expect(try PluralRules.cardinal(for: "ja").categories == [.other])
        #expect(try PluralRules.cardinal(for: "en").categories == [.one, .other])
        #expect(try PluralRules.cardinal(for: "ar").categories == Set(PluralCategory.allCases))
        #expect(try PluralRules.cardinal(for: "ru").categories == [.one, .few, .many, .other])
    }

    @Test(arguments: [
        (FormatArgument.string("1"), "@", "plural-argument-not-a-number"),
        (.string("1"), "d", "wrong-argument-type"),
        (.double(1.5), "d", "wrong-argument-type"),
        (.int(9_007_199_254_740_993), "f", "wrong-argument-type"),
        (.int(1), "zz", "invalid-value-type"),
        (.int(1), "d d", "invalid-value-type"),
        (.int(1), "1$d", "invalid-value-type"),
        (.int(1), "", "invalid-value-type"),
        (.int(1), "n", "invalid-value-type"),
    ])
    func unusableArgumentsAndValueTypesFail(argument: FormatArgument, valueType: String, code: String) throws {
        let rules = try PluralRules.cardinal(for: "en")
        #expect {
            try rules.category(for: argument, valueType: valueType)
        } throws: { ($0 as? FormatFailure)?.code == code }
    }

    @Test func invalidLanguagesAreRefused() {
        #expect { try PluralRules.cardinal(for: String(repeating: "a", count: 200)) } throws: {
            ($0 as? FormatFailure)?.code == "invalid-language"
        }
        #expect { try PluralRules.cardinal(for: "en\u{0}") } throws: {
            ($0 as? FormatFailure)?.code == "invalid-language"
        }
    }

    @Test func rulesAreSharedAndSafeUnderConcurrentUse() async throws {
        let expected: [(String, Int64, PluralCategory)] = [("ru", 22, .few), ("ar", 11, .many), ("fr", 1, .one)]
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<32 {
                group.addTask {
                    var wrong = 0
                    for iteration in 0..<200 {
                        let (language, value, category) = expected[(task + iteration) % expected.count]
                        let rules = try? PluralRules.cardinal(for: language)
                        if rules?.category(for: value) != category { wrong += 1 }
                        if rules?.category(for: PluralOperand.decimal("1.5")) == nil { wrong += 1 }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
        #expect(try PluralRules.cardinal(for: "ru") === PluralRules.cardinal(for: "ru"))
    }
}

extension PluralRules {
    /// Test shorthand: nil when ICU fails.
    fileprivate func category(for operand: PluralOperand) -> PluralCategory? {
        try? category(for: operand) as PluralCategory
    }
}
