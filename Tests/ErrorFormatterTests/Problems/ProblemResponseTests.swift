@testable import ErrorFormatter
import Testing

/// Problem responses from the Swift API, checked against hand-made JSON and headers: member
/// order, escaping, the type template, Content-Language for every kind of source, malformed
/// headers, and refused options. (`Tests/C/test_problem.c` checks the C function;
/// ProblemRoadsTests that both give the same bytes.)
@Suite struct ProblemResponseTests {
    /// The example catalog's formatter (`nil`, and every test fails, if it cannot be opened).
    static let formatter = (try? Catalog.open(directory: TestSupport.exampleCatalog)).map {
        ErrorMessageFormatter(catalog: $0)
    }

    static let standardFields = ["Content-Type", "Content-Language", "Vary"]

    private func verify(
        _ error: ErrorInfo, acceptLanguage: String?, options: ProblemOptions = ProblemOptions(), language: String,
        body: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let formatter = Self.formatter else {
            Issue.record("the example catalog does not open", sourceLocation: sourceLocation)
            return
        }
        do {
            let response = try formatter.problem(error, acceptLanguage: acceptLanguage, options: options)
            #expect(response.status == options.status, sourceLocation: sourceLocation)
            #expect(response.headerFields.map(\.name) == Self.standardFields, sourceLocation: sourceLocation)
            #expect(response.headerValue("content-type") == "application/problem+json", sourceLocation: sourceLocation)
            #expect(response.headerValue("Content-Language") == language, sourceLocation: sourceLocation)
            #expect(response.headerValue("Vary") == "Accept-Language", sourceLocation: sourceLocation)
            #expect(response.body == body, sourceLocation: sourceLocation)
        } catch {
            Issue.record("refused: \(error.message)", sourceLocation: sourceLocation)
        }
    }

    @Test func membersInTheirOrderWithEveryExtension() {
        verify(
            ErrorInfo(domain: "kCLErrorDomain", code: 0), acceptLanguage: "fr-CA, fr;q=0.8",
            options: ProblemOptions(status: 404, typeTemplate: "https://errors.example.com/{domain}/{code}",
                                    instance: "/requests/7", members: .all),
            language: "fr-CA",
            body: #"{"type":"https://errors.example.com/kCLErrorDomain/0","title":"Emplacement inconnu","status":404,"#
                + #""detail":"Impossible d’obtenir une bonne lecture. Un long tunnel?","instance":"/requests/7","#
                + #""code":0,"domain":"kCLErrorDomain","button":"OK"}"#)
    }

    @Test func titleAndDetailFromTwoLocalizationsNameBoth() {
        verify(ErrorInfo(domain: "kCLErrorDomain", code: 2), acceptLanguage: "fr-CA", language: "fr, fr-CA",
               body: #"{"type":"about:blank","title":"Pas d’Internet","status":500,"#
                   + #""detail":"Internet n’est pas accessible ou une erreur est survenue."}"#)
    }

    @Test func anEmptyMessageLeavesTheDetailAndItsLanguageOut() {
        verify(ErrorInfo(domain: "kCLErrorDomain", code: 8), acceptLanguage: "de",
               options: ProblemOptions(status: 404), language: "de",
               body: #"{"type":"about:blank","title":"Keine Ergebnisse gefunden","status":404}"#)
    }

    @Test func theCallersTextsAreInTheDevelopmentLanguageAndEscapedOnce() {
        let error = ErrorInfo(domain: "My Domain/é", code: -7,
                              description: "A \"quoted\" back\\slash,\nnew line\ttab \u{01} end")
        verify(error, acceptLanguage: "ja",
               options: ProblemOptions(status: 400, typeTemplate: "urn:problem:{domain}:{code}:{other}",
                                       instance: "a\r\nb", members: .domain),
               language: "ja, en",
               body: #"{"type":"urn:problem:My%20Domain%2F%C3%A9:-7:{other}","title":"エラー","status":400,"#
                   + #""detail":"A \"quoted\" back\\slash,\nnew line\ttab \u0001 end","instance":"a\r\nb","#
                   + #""domain":"My Domain/é"}"#)
    }

    @Test func aBuiltInTitleIsEnglish() throws {
        // No table: the title is the built-in "Error", the message the caller's description.
        let bare = ErrorMessageFormatter(catalog: try CatalogBuilder().build(developmentLocale: "de"))
        let response = try bare.problem(ErrorInfo(domain: "D", code: 1, description: "Kaputt"), acceptLanguage: "fr")
        #expect(response.headerValue("Content-Language") == "en, de")
        #expect(response.body == #"{"type":"about:blank","title":"Error","status":500,"detail":"Kaputt"}"#)
    }

    @Test func malformedOrMissingHeadersGiveTheDevelopmentLocale() {
        let body = #"{"type":"about:blank","title":"Unknown Location","status":500,"#
            + #""detail":"Couldn't get a good reading. Long tunnel?"}"#
        for header in [nil, "", "*", "i-klingon", "tlh", "\u{FFFD}garbage", ";;;,,,q=1", "fr;q=2", "en-US",
                       "fr\r\nX-Injected: 1", "xx-YY, qq"] as [String?] {
            verify(ErrorInfo(domain: "kCLErrorDomain", code: 0), acceptLanguage: header, language: "en", body: body)
        }
    }

    @Test func headerBytesThatAreNotUTF8OnlyMakeTheirPartMalformed() throws {
        let formatter = try #require(Self.formatter)
        let response = try formatter.problem(
            ErrorInfo(domain: "kCLErrorDomain", code: 0), acceptLanguageBytes: [0x66, 0x72, 0xFF, 0x2C, 0x64, 0x65],
            options: ProblemOptions())
        #expect(response.headerValue("Content-Language") == "de")
    }

    @Test func refusedOptions() throws {
        let formatter = try #require(Self.formatter)
        let error = ErrorInfo(domain: "kCLErrorDomain", code: 0)
        for options in [ProblemOptions(status: 99), ProblemOptions(status: 600),
                        ProblemOptions(members: ProblemMembers(rawValue: 8)),
                        ProblemOptions(instance: String(repeating: "i", count: Limits.maximumKeyBytes + 1))] {
            #expect(throws: ProblemError.self) { try formatter.problem(error, preferences: [], options: options) }
        }
        // The expanded type, not only the template, is bounded.
        let wide = ErrorInfo(domain: String(repeating: "%", count: 30_000), code: 1)
        #expect(throws: ProblemError.self) {
            try formatter.problem(wide, preferences: [], options: ProblemOptions(typeTemplate: "{domain}"))
        }
        #expect((try? formatter.problem(wide, preferences: [], options: ProblemOptions())) != nil)
    }

    @Test func theHeaderReaderIsTheOneEveryCallUses() {
        // The parser the problem roads read headers with gives the public function's answers.
        #expect(Locales.preferencesFromAcceptLanguage("de;q=0.5, en, fr;q=0.5, it") == ["en", "it", "de", "fr"])
        let header = Array("fr;q=0.2, ja".utf8)
        let ranges = header.withUnsafeBytes { bytes in
            AcceptLanguageRanges.withRanges(bytes) { $0.map { String(decoding: $0.bytes(in: bytes), as: UTF8.self) } }
        }
        #expect(ranges == ["ja", "fr"])
    }
}
