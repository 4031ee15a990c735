import Testing
import ErrorFormatter

/// Plain Swift errors: the domain is the type's qualified name, the code an enum's case tag --
/// cases with associated values first, in declaration order, then the others: offline is 1.
enum SyncError: Error {
    case offline
    case conflict(path: String)
    case quotaExceeded
}

struct StructError: Error {}

/// An integer raw value is the code: the way to stable codes without Foundation.
enum CodedError: Int, Error {
    case notFound = 404
    case teapot = 418
}

/// An error with texts and arguments of its own.
enum UploadError: FormattableError {
    case tooLarge(name: String, bytes: Int64)
    case rejected(reason: String)

    var formatArguments: [FormatArgument] {
        switch self {
        case .tooLarge(let name, let bytes): [.string(name), .int(bytes)]
        case .rejected: []
        }
    }

    var failureReason: String? {
        switch self {
        case .tooLarge: nil
        case .rejected(let reason): reason
        }
    }

    var recoverySuggestion: String? {
        switch self {
        case .tooLarge: nil
        case .rejected: "Try another file."
        }
    }
}

@Suite struct SwiftErrorAdapterTests {
    static let syncDomain = "ErrorFormatterTests.SyncError"
    static let uploadDomain = "ErrorFormatterTests.UploadError"

    static let english = """
        "controls.ok" = "OK";
        "errors.title" = "Something Went Wrong";
        "errors.message" = "Please try again.";
        "errors.ErrorFormatterTests.SyncError.1.title" = "You're Offline";
        "errors.ErrorFormatterTests.SyncError.2.title" = "Storage Full";
        "errors.ErrorFormatterTests.UploadError.0.title" = "“%1$@” Is Too Large";
        "errors.ErrorFormatterTests.UploadError.0.message" = "The file has %2$lld bytes.";
        """
    static let french = """
        "errors.ErrorFormatterTests.SyncError.1.title" = "Vous êtes hors ligne";
        """

    func formatter() throws -> ErrorMessageFormatter {
        ErrorMessageFormatter(catalog: try TestSupport.catalog([("en", Self.english), ("fr", Self.french)]))
    }

    @Test func domainAndCodeAreSwiftsOwn() {
        // Swift numbers the payload case first, whatever the declaration order.
        #expect(ErrorInfo(SyncError.conflict(path: "a")) == ErrorInfo(domain: Self.syncDomain, code: 0))
        #expect(ErrorInfo(SyncError.offline) == ErrorInfo(domain: Self.syncDomain, code: 1))
        #expect(ErrorInfo(SyncError.quotaExceeded) == ErrorInfo(domain: Self.syncDomain, code: 2))
        #expect(ErrorInfo(CodedError.teapot) == ErrorInfo(domain: "ErrorFormatterTests.CodedError", code: 418))
        // Not an enum: Swift's code is 1.
        #expect(ErrorInfo(StructError()) == ErrorInfo(domain: "ErrorFormatterTests.StructError", code: 1))
        // The same as the type's reflected name, which is how a table author finds the key.
        #expect(ErrorInfo(SyncError.offline).domain == String(reflecting: SyncError.self))
    }

    @Test func aPlainSwiftErrorFormatsInOneCall() throws {
        let formatter = try formatter()
        let french = formatter.format(SyncError.offline, preferences: ["fr-CA"])
        #expect(french.title == "Vous êtes hors ligne")
        #expect(french.provenance(.title) == Provenance(
            rule: "code-key", key: "errors.ErrorFormatterTests.SyncError.1.title", localization: "fr", table: "Localizable"))
        #expect(french.message == "Please try again.")

        let full = formatter.format(SyncError.quotaExceeded, preferences: ["en"])
        #expect(full.title == "Storage Full")
        // A case without keys takes the generic ones.
        let conflict = formatter.format(SyncError.conflict(path: "notes.txt"), preferences: ["en"])
        #expect(conflict.title == "Something Went Wrong")
        #expect(conflict.provenance(.title).rule == "generic-key")
    }

    @Test func aFormattableErrorBringsItsArgumentsAndReasons() throws {
        let formatter = try formatter()
        let large = formatter.format(UploadError.tooLarge(name: "photo.jpg", bytes: 2048), preferences: ["en"])
        #expect(large.title == "“photo.jpg” Is Too Large")
        #expect(large.message == "The file has 2048 bytes.")

        // No key for this case: the error's own failure reason and recovery suggestion win
        // over the generic keys, exactly as for an NSError.
        let rejected = formatter.format(UploadError.rejected(reason: "The server refused it."), preferences: ["en"])
        #expect(rejected.title == "The server refused it.")
        #expect(rejected.provenance(.title).rule == "failure-reason")
        #expect(rejected.message == "Try another file.")
        #expect(rejected.provenance(.message).rule == "recovery-suggestion")
    }

    @Test func explicitArgumentsReplaceTheErrorsOwn() {
        let info = ErrorInfo(UploadError.tooLarge(name: "a", bytes: 1), arguments: [.string("b")])
        #expect(info.arguments == [.string("b")])
        #expect(ErrorInfo(UploadError.tooLarge(name: "a", bytes: 1)).arguments == [.string("a"), .int(1)])
    }

    @Test func anErrorSeenOnlyAsAnyErrorKeepsItsTexts() throws {
        let thrown: any Error = UploadError.rejected(reason: "Too late.")
        let info = ErrorInfo(thrown)
        #expect(info.domain == Self.uploadDomain)
        #expect(info.code == 1)
        #expect(info.failureReason == "Too late.")
        #expect(info.recoverySuggestion == "Try another file.")
        #expect(info.description == nil)
    }
}
