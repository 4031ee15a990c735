/// A Swift error that carries more than its domain and code: the texts and arguments the rules
/// read (failure reason for the title, recovery suggestion and description for the message,
/// arguments for the table strings' format specifiers).
///
/// Every requirement has a default (`nil`, no arguments), so conforming is one line and each
/// error type implements only what it has:
///
/// ```swift
/// enum UploadError: FormattableError {
///     case tooLarge(name: String, bytes: Int64)
///     var formatArguments: [FormatArgument] {
///         switch self { case .tooLarge(let name, let bytes): [.string(name), .int(bytes)] }
///     }
/// }
/// ```
///
/// The names and types are Foundation's `LocalizedError`'s, so a type that conforms to both
/// states each text once. It must then implement `errorDescription`, `failureReason` and
/// `recoverySuggestion` itself: both protocols give them defaults, and Swift refuses to choose
/// ("multiple matching properties named 'errorDescription'"). The core does not import
/// Foundation, so an `NSError`'s `userInfo` texts are not read: pass them to
/// `ErrorInfo(domain:code:description:failureReason:recoverySuggestion:)`.
/// The domain and code are always Swift's own for the error (see `ErrorInfo.init(_:)`).
public protocol FormattableError: Error {
    /// A localized description (message rule `description`).
    var errorDescription: String? { get }
    /// Why it failed, already localized (title rule `failure-reason`).
    var failureReason: String? { get }
    /// What to do about it, already localized (message rule `recovery-suggestion`).
    var recoverySuggestion: String? { get }
    /// Positional arguments for the table strings' format specifiers, first argument first.
    var formatArguments: [FormatArgument] { get }
}

extension FormattableError {
    public var errorDescription: String? { nil }
    public var failureReason: String? { nil }
    public var recoverySuggestion: String? { nil }
    public var formatArguments: [FormatArgument] { [] }
}
