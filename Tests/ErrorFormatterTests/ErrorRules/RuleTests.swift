import Testing
@testable import ErrorFormatter

@Suite struct RuleTests {
    @Test(arguments: [
        (Int64(0), "errors.kCLErrorDomain.0.title"),
        (Int64(-1009), "errors.kCLErrorDomain.-1009.title"),
        (Int64.max, "errors.kCLErrorDomain.9223372036854775807.title"),
        (Int64.min, "errors.kCLErrorDomain.-9223372036854775808.title"),
    ])
    func codeKeysSpellTheCodeInDecimal(code: Int64, expected: String) {
        let template = KeyTemplate(.codeKey, "errors.{domain}.{code}.title")
        #expect(template.key(for: ErrorInfo(domain: "kCLErrorDomain", code: code)) == expected)
    }

    @Test func templatesKeepUnknownBracesLiterally() {
        let template = KeyTemplate(.genericKey, "a.{other}.{domain}")
        #expect(template.key(for: ErrorInfo(domain: "D", code: 1)) == "a.{other}.D")
    }

    @Test func defaultRuleSetMatchesTheDocumentedTable() {
        let rules = RuleSet.default
        #expect(rules.title.map(\.identifier) == ["code-key", "failure-reason", "domain-key", "generic-key", "builtin"])
        #expect(rules.message.map(\.identifier)
            == ["code-key", "recovery-suggestion", "description", "domain-key", "generic-key", "empty"])
        #expect(rules.button.map(\.identifier) == ["button-key", "builtin"])
    }
}
