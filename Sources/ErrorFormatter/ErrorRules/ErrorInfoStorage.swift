/// The fields of an ``ErrorInfo``, in one box that copies of the value share until one of them is
/// changed (the value copies the box first: copy on write), and the error's part of a memo key
/// (``InlineErrorKeyPart``), made with the box and kept in step with the fields it is made of.
///
/// Changed only through a value that holds the only reference, so never while another thread
/// may read it: the key part is complete before the box can be shared, and a box that is shared
/// is only read. The fields are exempt from the run-time exclusivity checks a class's `var`s
/// otherwise get on every access: that uniqueness is what makes each access exclusive.
final class ErrorInfoStorage: @unchecked Sendable {
    @exclusivity(unchecked) var domain: String
    @exclusivity(unchecked) var code: Int64
    @exclusivity(unchecked) var description: String?
    @exclusivity(unchecked) var failureReason: String?
    @exclusivity(unchecked) var recoverySuggestion: String?
    @exclusivity(unchecked) var table: String
    @exclusivity(unchecked) var arguments: [FormatArgument]
    @exclusivity(unchecked) var numberStyle: NumberStyle?
    @exclusivity(unchecked) var keyPart: InlineErrorKeyPart

    init(
        domain: String, code: Int64, description: String?, failureReason: String?, recoverySuggestion: String?,
        table: String, arguments: [FormatArgument], numberStyle: NumberStyle?
    ) {
        self.domain = domain
        self.code = code
        self.description = description
        self.failureReason = failureReason
        self.recoverySuggestion = recoverySuggestion
        self.table = table
        self.arguments = arguments
        self.numberStyle = numberStyle
        keyPart = InlineErrorKeyPart(
            code: code,
            presentTexts: Self.presentTexts(description, failureReason, recoverySuggestion),
            numberStyle: numberStyle, table: table, domain: domain)
    }

    /// A box of its own with the same fields (and key part).
    func copy() -> ErrorInfoStorage {
        ErrorInfoStorage(copying: self)
    }

    private init(copying other: ErrorInfoStorage) {
        domain = other.domain
        code = other.code
        description = other.description
        failureReason = other.failureReason
        recoverySuggestion = other.recoverySuggestion
        table = other.table
        arguments = other.arguments
        numberStyle = other.numberStyle
        keyPart = other.keyPart
    }

    /// Makes the key part again, after the table or the domain changed.
    func remakeKeyPart() {
        keyPart = InlineErrorKeyPart(
            code: code, presentTexts: Self.presentTexts(description, failureReason, recoverySuggestion),
            numberStyle: numberStyle, table: table, domain: domain)
    }

    /// Records in the key part which texts are present, after one of them changed.
    func updatePresentTexts() {
        keyPart.setPresentTexts(Self.presentTexts(description, failureReason, recoverySuggestion))
    }

    /// Which texts the rules count as present: those not empty.
    private static func presentTexts(_ description: String?, _ failureReason: String?,
                                     _ recoverySuggestion: String?) -> UInt8 {
        ErrorKeyPart.presentTexts(
            description: description?.isEmpty == false, failureReason: failureReason?.isEmpty == false,
            recoverySuggestion: recoverySuggestion?.isEmpty == false)
    }

    func hasEqualFields(_ other: ErrorInfoStorage) -> Bool {
        domain == other.domain && code == other.code && description == other.description
            && failureReason == other.failureReason && recoverySuggestion == other.recoverySuggestion
            && table == other.table && arguments == other.arguments && numberStyle == other.numberStyle
    }

    func hashFields(into hasher: inout Hasher) {
        hasher.combine(domain)
        hasher.combine(code)
        hasher.combine(description)
        hasher.combine(failureReason)
        hasher.combine(recoverySuggestion)
        hasher.combine(table)
        hasher.combine(arguments)
        hasher.combine(numberStyle)
    }
}
