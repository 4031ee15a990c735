#if canImport(Glibc)
import Glibc
#endif

/// An error passed as C strings in the call that formats it (`ef_format_packed`'s parameters,
/// `ef_format_packed_reusable`'s request, read in place): nothing is checked or made of them
/// until a road needs it, so a memoized answer costs only its key.
package struct ErrorParts {
    package var domain: UnsafePointer<CChar>?
    package var code: Int64
    package var description: UnsafePointer<CChar>?
    package var failureReason: UnsafePointer<CChar>?
    package var recoverySuggestion: UnsafePointer<CChar>?
    package var table: UnsafePointer<CChar>?
    package var arguments: Arguments
    /// How the numbers are written (`nil`: as the catalog says).
    package var numberStyle: NumberStyle?

    /// Where the error's arguments are.
    package enum Arguments {
        /// Those of an error info (`ef_format_packed`'s `arguments`; NULL: none).
        case request(ErrorRequest?)
        /// A run packed as the header says (``PackedArguments``); none exactly when `length` is 0.
        case packed(UnsafePointer<CChar>?, length: Int)
    }

    package init(
        domain: UnsafePointer<CChar>?, code: Int64, description: UnsafePointer<CChar>?,
        failureReason: UnsafePointer<CChar>?, recoverySuggestion: UnsafePointer<CChar>?,
        table: UnsafePointer<CChar>?, arguments: Arguments, numberStyle: NumberStyle? = nil
    ) {
        self.domain = domain
        self.code = code
        self.description = description
        self.failureReason = failureReason
        self.recoverySuggestion = recoverySuggestion
        self.table = table
        self.arguments = arguments
        self.numberStyle = numberStyle
    }

    /// Whether the call passes any argument (without decoding them).
    var hasArguments: Bool {
        switch arguments {
        case .request(let request): request?.hasArguments ?? false
        case .packed(_, let length): length != 0
        }
    }

    /// The arguments, decoded (and checked) from where they are.
    ///
    /// - Throws: as ``PackedArguments/decode(_:length:)``.
    func decodedArguments() throws(ServingError) -> [FormatArgument] {
        switch arguments {
        case .request(let request): return request?.arguments ?? []
        case .packed(let bytes, let length): return try PackedArguments.decode(bytes, length: length)
        }
    }

    /// Which of the texts are present (given and not empty), as keys record them.
    var presentTexts: UInt8 {
        ErrorKeyPart.presentTexts(
            description: Self.isPresent(description), failureReason: Self.isPresent(failureReason),
            recoverySuggestion: Self.isPresent(recoverySuggestion))
    }

    @inline(__always)
    private static func isPresent(_ text: UnsafePointer<CChar>?) -> Bool { text.map { $0.pointee != 0 } ?? false }

    /// Whether each text is NULL or valid UTF-8: a memoized answer reads no text it does not
    /// show, but must refuse what the full road refuses.
    var textsAreAcceptable: Bool {
        CallerBytes.isNullOrValidUTF8(description) && CallerBytes.isNullOrValidUTF8(failureReason)
            && CallerBytes.isNullOrValidUTF8(recoverySuggestion)
    }

    /// The bytes of one of the texts (`nil`: not given).
    func text(_ which: FormatPlan.CallerText) -> UnsafeRawBufferPointer? {
        let text: UnsafePointer<CChar>? = switch which {
        case .description: description
        case .failureReason: failureReason
        case .recoverySuggestion: recoverySuggestion
        }
        return text.map { UnsafeRawBufferPointer(start: $0, count: strlen($0)) }
    }

    /// The error, every part checked in the order `ef_error_info_new` and its setters check them
    /// (the domain, the table, the three texts, then the arguments), as the full road reads it;
    /// `decoded`: the arguments when they were decoded already.
    ///
    /// - Throws: `invalidArgument`, `invalidUTF8`.
    func errorInfo(decoded: [FormatArgument]? = nil) throws(ServingError) -> ErrorInfo {
        let domain = try CallerBytes.key(domain, name: "domain")
        let table = try CallerBytes.table(table)
        let description = try CallerBytes.optionalString(description, name: "description")
        let failureReason = try CallerBytes.optionalString(failureReason, name: "failure_reason")
        let recoverySuggestion = try CallerBytes.optionalString(recoverySuggestion, name: "recovery_suggestion")
        let arguments: [FormatArgument]
        if let decoded { arguments = decoded } else { arguments = try decodedArguments() }
        return ErrorInfo(
            domain: domain, code: code, description: description, failureReason: failureReason,
            recoverySuggestion: recoverySuggestion, table: table, arguments: arguments, numberStyle: numberStyle)
    }
}
