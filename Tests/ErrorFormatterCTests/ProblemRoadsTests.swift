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
        var length = 0
        guard call(nil, 0, &length) == EF_OK else { return nil }
        var bytes = [CChar](repeating: 0, count: length)
        var again = 0
        guard bytes.withUnsafeMutableBufferPointer({ call($0.baseAddress, $0.count, &again) }) == EF_OK,
              again == length
        else { return nil }
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
}
