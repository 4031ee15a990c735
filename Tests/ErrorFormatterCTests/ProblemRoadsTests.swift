#if canImport(Glibc)
import Glibc
#endif
import CErrorFormatter
import ErrorFormatter
@testable import ErrorFormatterC
import Testing

/// `ef_format_problem` and the Swift API's `problem` give the same response for the same error,
/// header and options: the first call of a key (the full road), the repeated one (the memo, or
/// the plan with other argument values), and each of the C road's preference forms.
@Suite struct ProblemRoadsTests {
    /// The response the C function gives, decoded by hand from its items.
    static func cResponse(
        catalog: OpaquePointer?, info: OpaquePointer?, header: String?, options: ProblemOptions
    ) -> ProblemResponse? {
        func call(_ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int, _ length: inout Int) -> ef_status {
            withOptionalCString(header) { header in
                withOptionalCString(options.instance) { instance in
                    ef_format_problem(&length, buffer, capacity, catalog, info, header, nil, 0, Int32(options.status),
                                      options.typeTemplate, instance, options.members.rawValue, nil)
                }
            }
        }
        // One call when the response fits (so that a fresh catalog's call is its full road),
        // else a second one into a buffer of the length the first said.
        var length = 0
        var bytes = [CChar](repeating: 0, count: 8_192)
        guard bytes.withUnsafeMutableBufferPointer({ call($0.baseAddress, $0.count, &length) }) == EF_OK else {
            return nil
        }
        if length > bytes.count {
            bytes = [CChar](repeating: 0, count: length)
            var again = 0
            guard bytes.withUnsafeMutableBufferPointer({ call($0.baseAddress, $0.count, &again) }) == EF_OK,
                  again == length
            else { return nil }
        }
        bytes.removeLast(bytes.count - length)
        let items = bytes.split(separator: 0, omittingEmptySubsequences: false).dropLast()
            .map { String(decoding: $0.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        let header = items.first?.split(separator: " ").compactMap { Int($0) } ?? []
        guard header.count == 2, items.count == 2 + 2 * header[1] else { return nil }
        return ProblemResponse(
            status: header[0],
            headerFields: (0..<header[1]).map { .init(name: items[1 + 2 * $0], value: items[2 + 2 * $0]) },
            body: items[1 + 2 * header[1]])
    }

    static func withOptionalCString<Result>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> Result) -> Result {
        guard let string else { return body(nil) }
        return string.withCString(body)
    }

    @Test func cAndSwiftGiveTheSameBytes() throws {
        let example = ServingRoadsTests.example("Sync")
        var catalog: OpaquePointer?
        try #require(ef_catalog_open(&catalog, example, "en", UInt32(EF_CATALOG_LENIENT), nil) == EF_OK)
        defer { ef_catalog_free(catalog) }
        let formatter = ErrorMessageFormatter(catalog: try Catalog.open(directory: example, developmentLocale: "en"))
        let headers: [String?] = [nil, "", "fr", "de-CH, fr;q=0.5", "*", "i-klingon", "zz, fr-CA;q=0.1"]
        let options = [
            ProblemOptions(),
            ProblemOptions(status: 409, typeTemplate: "https://errors.example.com/{domain}/{code}",
                           instance: "/uploads/\"9\"", members: .all),
        ]
        for code in Int64(0)...4 {
            for arguments in [[], [FormatArgument.string("rapport.pdf"), .int(2048)], [.int(3)]] {
                var info: OpaquePointer?
                try #require(ef_error_info_new(&info, "SyncErrorDomain", code, nil) == EF_OK)
                defer { ef_error_info_free(info) }
                for argument in arguments {
                    switch argument {
                    case .string(let text): _ = ef_error_info_add_string(info, text, nil)
                    case .int(let value): _ = ef_error_info_add_int64(info, value, nil)
                    default: break
                    }
                }
                let error = ErrorInfo(domain: "SyncErrorDomain", code: code, arguments: arguments)
                for header in headers {
                    for option in options {
                        // Twice: the second call of a key takes a remembered road.
                        for _ in 0..<2 {
                            let fromC = Self.cResponse(catalog: catalog, info: info, header: header, options: option)
                            let fromSwift = try formatter.problem(error, acceptLanguage: header, options: option)
                            #expect(fromC == fromSwift, "code \(code), \(arguments), header \(header ?? "none")")
                        }
                    }
                }
            }
        }
    }

    // MARK: - Templates

    /// Tables whose title, message and button take arguments, in English and (partly) French, so
    /// that a response's texts come from a format, a fixed string, the error's own text, or
    /// two localizations.
    static let templateTables: [(locale: String, text: String)] = [
        ("en", #"""
            "controls.ok" = "Retry “%1$@”";
            "errors.T.1.title" = "Cannot open “%1$@”";
            "errors.T.1.message" = "“%1$@” needs %2$lld bytes.";
            "errors.T.2.title" = "Plain \"title\"";
            "errors.T.2.message" = "%1$@";
            "errors.T.3.title" = "Sent %1$@";
            "errors.T.4.title" = "Fixed";
            "errors.T.4.message" = "%2$lld of “%1$@”";
            """#),
        ("fr", #"""
            "errors.T.1.title" = "Impossible d’ouvrir « %1$@ »";
            "errors.T.4.message" = "%2$lld sur « %1$@ »";
            """#),
    ]

    /// A fresh C catalog of ``templateTables``: its first call of every key takes the full road.
    static func templateCatalog() throws -> OpaquePointer? {
        var builder: OpaquePointer?
        try #require(ef_catalog_builder_new(&builder, UInt32(EF_CATALOG_STRICT), nil) == EF_OK)
        defer { ef_catalog_builder_free(builder) }
        for table in templateTables {
            let bytes = Array(table.text.utf8)
            try #require(ef_catalog_builder_add_table(builder, table.locale, "Localizable.strings", bytes, bytes.count,
                                                      nil) == EF_OK)
        }
        var catalog: OpaquePointer?
        try #require(ef_catalog_builder_finish(&catalog, builder, "en", nil) == EF_OK)
        return catalog
    }

    /// The texts arguments are tried with: each character JSON escapes (quotes, backslashes,
    /// control characters, CR, LF), U+2028 and U+2029 (left as they are), non-ASCII, an empty
    /// text, and one too long for a plan to render (its calls take the full road).
    static let awkwardTexts = [
        "report.pdf", #"a "quoted" name"#, #"back\slash\"#, "tab\tCR\rLF\nend", "\u{01}\u{1F}\u{7F}",
        "line\u{2028}para\u{2029}", "ünïcødé 文件 🙂", "", "</script>", String(repeating: "long ", count: 80),
        "\r\nSet-Cookie: x=1",
    ]

    /// Every response of an error with arguments, made once more by a catalog that has answered
    /// the same key before (from the template of its plan, or its kept response), is the bytes a
    /// fresh catalog makes on the full road, and the Swift API's: for texts that need escaping,
    /// a message that comes out empty (its detail left out), the error's own description shown,
    /// two localizations, headers and lists, and every member.
    @Test func rememberedResponsesAreTheFullRoadsBytes() throws {
        let warm = try Self.templateCatalog()
        defer { ef_catalog_free(warm) }
        var builder = CatalogBuilder(strict: true)
        for table in Self.templateTables {
            try builder.addTable(bytes: Array(table.text.utf8), localization: table.locale,
                                 fileName: "Localizable.strings")
        }
        let formatter = ErrorMessageFormatter(catalog: try builder.build(developmentLocale: "en"))
        let options = [
            ProblemOptions(),
            ProblemOptions(status: 422, typeTemplate: "https://errors.example.com/{domain}/{code}?q=\"x\"",
                           instance: "/uploads/\"9\"\\", members: .all),
        ]
        var compared = 0
        for code in Int64(1)...4 {
            for header in [nil, "fr", "fr-CA, en;q=0.5", "de"] as [String?] {
                for option in options {
                    for description in [nil, "The \"disk\"\nis full"] as [String?] {
                        for (index, text) in Self.awkwardTexts.enumerated() {
                            var info: OpaquePointer?
                            try #require(ef_error_info_new(&info, "T", code, nil) == EF_OK)
                            defer { ef_error_info_free(info) }
                            try #require(ef_error_info_add_string(info, text, nil) == EF_OK)
                            try #require(ef_error_info_add_int64(info, Int64(index) * 1_000, nil) == EF_OK)
                            if let description { try #require(ef_error_info_set_description(info, description, nil) == EF_OK) }
                            let cold = try Self.templateCatalog()
                            defer { ef_catalog_free(cold) }
                            let full = Self.cResponse(catalog: cold, info: info, header: header, options: option)
                            // The first text makes the key's template; each later one is answered
                            // by it, and each is asked twice.
                            for _ in 0..<2 {
                                let remembered = Self.cResponse(catalog: warm, info: info, header: header, options: option)
                                #expect(remembered == full, "code \(code), \(text.debugDescription), header \(header ?? "none")")
                            }
                            let error = ErrorInfo(domain: "T", code: code, description: description,
                                                  arguments: [.string(text), .int(Int64(index) * 1_000)])
                            let fromSwift = try formatter.problem(error, acceptLanguage: header, options: option)
                            #expect(fromSwift == full, "code \(code), \(text.debugDescription), header \(header ?? "none")")
                            #expect(full != nil)
                            compared += 1
                        }
                    }
                }
            }
        }
        #expect(compared == 4 * 4 * 2 * 2 * Self.awkwardTexts.count)
    }

    /// A remembered response checked by hand: the argument escaped once, as it is written
    /// (`"`, `\`, control characters; U+2028 left as it is), the title from French and the
    /// message from English, and the instance of each call.
    @Test func aRememberedResponseEscapesTheArgumentOnce() throws {
        let catalog = try Self.templateCatalog()
        defer { ef_catalog_free(catalog) }
        for (text, instance) in [("first.pdf", "/a"), ("q\"b\\c\u{01}\n\u{2028}", "/b")] {
            var info: OpaquePointer?
            try #require(ef_error_info_new(&info, "T", 1, nil) == EF_OK)
            defer { ef_error_info_free(info) }
            try #require(ef_error_info_add_string(info, text, nil) == EF_OK)
            try #require(ef_error_info_add_int64(info, 42, nil) == EF_OK)
            let response = Self.cResponse(catalog: catalog, info: info, header: "fr",
                                          options: ProblemOptions(status: 400, instance: instance, members: .button))
            if text == "first.pdf" { continue }
            #expect(response?.headerValue("Content-Language") == "fr, en")
            #expect(response?.body == #"{"type":"about:blank","title":"Impossible d’ouvrir « q\"b\\c\u0001\n"#
                + "\u{2028}" + #" »","status":400,"detail":"“q\"b\\c\u0001\n"# + "\u{2028}"
                + #"” needs 42 bytes.","instance":"/b","button":"Retry “q\"b\\c\u0001\n"# + "\u{2028}" + #"”"}"#)
        }
    }

    /// A key answered before still refuses what its memo key does not vouch for: a status or
    /// flags out of range, an instance that is not UTF-8 or too long, a list given with a
    /// header; and a type template that is not UTF-8 is refused, never matched.
    @Test func aRememberedKeyStillRefusesBadOptions() throws {
        let catalog = try Self.templateCatalog()
        defer { ef_catalog_free(catalog) }
        for arguments in [false, true] {
            var info: OpaquePointer?
            try #require(ef_error_info_new(&info, "T", arguments ? 1 : 4, nil) == EF_OK)
            defer { ef_error_info_free(info) }
            if arguments {
                try #require(ef_error_info_add_string(info, "a.pdf", nil) == EF_OK)
                try #require(ef_error_info_add_int64(info, 1, nil) == EF_OK)
            }
            let template = "https://errors.example.com/{domain}/{code}"
            func call(status: Int32 = 500, typeTemplate: [CChar]? = nil, instance: [CChar]? = nil, members: UInt32 = 0,
                      header: String? = "fr", listCount: Int = 0) -> ef_status {
                var length = 0
                var buffer = [CChar](repeating: 0, count: 4_096)
                let french = strdup("fr")
                defer { free(french) }
                var list: [UnsafePointer<CChar>?] = [UnsafePointer(french)]
                let typeBytes = typeTemplate ?? Array(template.utf8CString)
                return Self.withOptionalCString(header) { header in
                    ef_format_problem(&length, &buffer, buffer.count, catalog, info, header, &list, listCount, status,
                                      typeBytes, instance, members, nil)
                }
            }
            // Twice: the key is then remembered (a kept response, or a template).
            #expect(call() == EF_OK)
            #expect(call() == EF_OK)
            #expect(call(status: 99) == EF_E_INVALID_ARGUMENT)
            #expect(call(status: 600) == EF_E_INVALID_ARGUMENT)
            #expect(call(members: 0x100) == EF_E_INVALID_ARGUMENT)
            #expect(call(instance: [0x2F, -1, 0]) == EF_E_INVALID_UTF8)
            #expect(call(instance: Array(String(repeating: "i", count: Int(EF_MAX_KEY_BYTES) + 1).utf8CString))
                == EF_E_INVALID_ARGUMENT)
            #expect(call(listCount: 1) == EF_E_INVALID_ARGUMENT)
            #expect(call(typeTemplate: [0x68, -2, 0]) == EF_E_INVALID_UTF8)
            #expect(call(typeTemplate: [0x68, -2, 0]) == EF_E_INVALID_UTF8)
            #expect(call(instance: Array("/ok".utf8CString)) == EF_OK)
        }
    }
}
