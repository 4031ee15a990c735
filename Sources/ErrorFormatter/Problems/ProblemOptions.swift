/// What a problem response says besides the error: its HTTP status, the problem type's URI, the
/// occurrence's URI, and which extension members its body adds (RFC 9457).
public struct ProblemOptions: Sendable, Hashable {
    /// The HTTP status, from 100 to 599: the response's and the body's `status` member.
    public var status: Int
    /// The problem type's URI (`type`), where `{domain}` and `{code}` are replaced by the
    /// error's domain (percent-encoded: every byte but ASCII letters, digits, `-`, `.`, `_` and
    /// `~`) and its code in decimal: `https://errors.example.com/{domain}/{code}`.
    /// `about:blank` (the default) says the problem has no type beyond its status.
    public var typeTemplate: String
    /// The URI of this occurrence of the problem (`instance`), or `nil` to leave it out.
    public var instance: String?
    /// Which extension members the body adds after the standard ones.
    public var members: ProblemMembers

    public init(
        status: Int = 500, typeTemplate: String = ProblemOptions.blankType, instance: String? = nil,
        members: ProblemMembers = []
    ) {
        self.status = status
        self.typeTemplate = typeTemplate
        self.instance = instance
        self.members = members
    }

    /// The type of a problem that has no type beyond its HTTP status.
    public static let blankType = "about:blank"
}

/// The extension members a problem body may add, in this order after `instance`; the values
/// are the C flags `EF_PROBLEM_CODE`, `EF_PROBLEM_DOMAIN` and `EF_PROBLEM_BUTTON`.
public struct ProblemMembers: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// `"code"`: the error's code, a JSON number.
    public static let code = ProblemMembers(rawValue: 1)
    /// `"domain"`: the error's domain.
    public static let domain = ProblemMembers(rawValue: 2)
    /// `"button"`: the localized label of the button that dismisses the error.
    public static let button = ProblemMembers(rawValue: 4)

    /// Every member there is; any other bit is refused.
    public static let all: ProblemMembers = [.code, .domain, .button]
}
