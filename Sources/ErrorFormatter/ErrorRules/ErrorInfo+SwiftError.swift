/// Formatting a Swift `Error` in one call, with the domain and code Swift itself gives it.
///
/// `Error` has two requirements every error satisfies, `_domain` and `_code` (public, though
/// underscored: they are what `NSError` bridging reads, and they work on Linux without
/// Foundation). For a Swift type the domain is its qualified name (`MyApp.UploadError`,
/// `String(reflecting:)` of the type). The code is:
/// - an integer raw value (`enum HTTPError: Int, Error { case notFound = 404 }`): the way to
///   stable codes without Foundation;
/// - otherwise an enum's case tag, which Swift assigns to the cases with associated values
///   first (0, 1, ... in declaration order), then to the others -- so adding a case with a
///   payload renumbers the plain ones;
/// - 1 for a struct or class;
/// - an `NSError`'s or a `CustomNSError`'s own domain and code.
/// So a table names a Swift error's keys `errors.MyApp.UploadError.0.title`.
extension ErrorInfo {
    /// What the rules see of `error`: its domain and code, plus the texts and arguments of a
    /// `FormattableError`. `arguments`, when given, replaces the error's `formatArguments`.
    public init(_ error: any Error, table: String = Catalog.defaultTable, arguments: [FormatArgument]? = nil) {
        let formattable = error as? any FormattableError
        self.init(
            domain: error._domain,
            code: Int64(error._code),
            description: formattable?.errorDescription,
            failureReason: formattable?.failureReason,
            recoverySuggestion: formattable?.recoverySuggestion,
            table: table,
            arguments: arguments ?? formattable?.formatArguments ?? [])
    }
}

extension ErrorMessageFormatter {
    /// Formats a Swift error for `preferences` (most preferred first): `format(ErrorInfo(error),
    /// preferences:)`.
    public func format(_ error: any Error, table: String = Catalog.defaultTable, preferences: [String]) -> FormattedError {
        format(ErrorInfo(error, table: table), preferences: preferences)
    }
}
