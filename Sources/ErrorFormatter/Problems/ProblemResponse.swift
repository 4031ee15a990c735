/// An HTTP response carrying a problem details object (RFC 9457): what a service sends for an
/// error, with the title and detail localized for the request's `Accept-Language`.
///
/// Its bytes are the library's on every road (Swift, C, every binding, `errfmt problem`), so the
/// same error and header give the same response from every runtime.
public struct ProblemResponse: Sendable, Hashable {
    /// A header field of the response.
    public struct HeaderField: Sendable, Hashable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The HTTP status.
    public var status: Int
    /// `Content-Type: application/problem+json`, `Content-Language` and `Vary: Accept-Language`,
    /// in that order. No name or value holds a CR, LF or NUL, whatever the inputs were.
    public var headerFields: [HeaderField]
    /// The body: a JSON object, UTF-8, its members in the order `type`, `title`, `status`,
    /// `detail` (left out when the message is empty), `instance` (when given), then the
    /// extension members asked for: `code`, `domain`, `button`.
    public var body: String

    public init(status: Int, headerFields: [HeaderField], body: String) {
        self.status = status
        self.headerFields = headerFields
        self.body = body
    }

    /// The value of the header field `name` (compared without regard to ASCII case), if present.
    public func headerValue(_ name: String) -> String? {
        let wanted = Array(name.lowercased().utf8)
        return headerFields.first { Array($0.name.lowercased().utf8) == wanted }?.value
    }
}
