@testable import ErrorFormatter
import Testing

/// Identifiers spelled from error names in each language's case, and made legal: keywords,
/// leading digits, characters outside ASCII.
@Suite struct IdentifierTests {
    @Test(arguments: [
        ("SyncErrorDomain", ["Sync", "Error", "Domain"]),
        ("kCLErrorDomain", ["k", "CL", "Error", "Domain"]),
        ("NSURLErrorDomain", ["NSURL", "Error", "Domain"]),
        ("com.example.sync", ["com", "example", "sync"]),
        ("my_domain-2", ["my", "domain", "2"]),
        ("OAuth2Error", ["O", "Auth2", "Error"]),
        ("Café", ["Caf", "u00e9"]),
        ("同期", ["u540c", "u671f"]),
        ("", []),
    ])
    func words(_ text: String, _ expected: [String]) {
        #expect(IdentifierWords(splitting: text).words == expected)
    }

    @Test func styles() {
        let words = IdentifierWords(domain: "NSURLErrorDomain", code: -1009)
        #expect(words.snakeCase == "nsurl_error_domain_minus_1009")
        #expect(words.lowerCamelCase == "nsurlErrorDomainMinus1009")
        #expect(words.upperCamelCase == "NSURLErrorDomainMinus1009")
        #expect(words.screamingSnakeCase == "NSURL_ERROR_DOMAIN_MINUS_1009")
        #expect(IdentifierWords(domain: "D", code: Int64.min).snakeCase == "d_minus_9223372036854775808")
    }

    @Test func keywordsLeadingDigitsAndEmptyNamesAreMadeLegal() {
        let keyword = IdentifierWords(["class"])
        #expect(IdentifierRules.rules(for: .python).legal(keyword, .snake) == "class_")
        #expect(IdentifierRules.rules(for: .java).legal(keyword, .lowerCamel) == "class_")
        #expect(IdentifierRules.rules(for: .swift).legal(keyword, .lowerCamel) == "class_")
        #expect(IdentifierRules.rules(for: .rust).legal(IdentifierWords(["Self"]), .upperCamel) == "Self_")
        #expect(IdentifierRules.rules(for: .go).legal(IdentifierWords(["string"]), .lowerCamel) == "string_")
        #expect(IdentifierRules.rules(for: .typescript).legal(IdentifierWords(["arguments"]), .lowerCamel) == "arguments_")
        #expect(IdentifierRules.rules(for: .c).legal(IdentifierWords(["int64", "t"]), .snake) == "int64_t_")
        let digits = IdentifierWords(["42", "errors"])
        #expect(IdentifierRules.rules(for: .go).legal(digits, .upperCamel) == "E42Errors")
        #expect(IdentifierRules.rules(for: .c).legal(digits, .snake) == "e_42_errors")
        #expect(IdentifierRules.rules(for: .python).legal(IdentifierWords([]), .snake) == "error")
        // A C constructor that would be a function of the library.
        #expect(IdentifierRules.rules(for: .c).constructor(IdentifierWords(["ef", "error", "info"])) == "ef_error_info_new_")
    }

    @Test func literalsReadBackAsTheSameText() {
        let text = "a\"b\\c?\n\u{7F}é\u{2028}"
        #expect(SourceLiterals.string(text, for: .c) == "\"a\\\"b\\\\c\\?\\012\\177\\303\\251\\342\\200\\250\"")
        #expect(SourceLiterals.string(text, for: .java) == "\"a\\\"b\\\\c?\\u000A\\u007F\\u00E9\\u2028\"")
        #expect(SourceLiterals.string(text, for: .go) == "\"a\\\"b\\\\c?\\u000A\\u007Fé\\u2028\"")
        #expect(SourceLiterals.string(text, for: .swift) == "\"a\\\"b\\\\c?\\u{A}\\u{7F}é\\u{2028}\"")
        #expect(SourceLiterals.string("it's", for: .typescript) == "'it\\'s'")
        #expect(SourceLiterals.comment("a */ b \\u0041 \"x\"? é") == "a *U+002F b U+005Cu0041 U+0022xU+0022U+003F U+00E9")
        #expect(SourceLiterals.code(Int64.min, for: .c) == "(-INT64_C(9223372036854775807) - 1)")
        #expect(SourceLiterals.code(1 << 60, for: .typescript) == "BigInt('1152921504606846976')")
        #expect(SourceLiterals.code(-1009, for: .typescript) == "-1009")
    }
}
