/// The error to format: the parts of an `NSError` that the rules read.
public struct ErrorInfo: Sendable, Hashable {
    /// The error domain, e.g. `kCLErrorDomain` or `NSURLErrorDomain`.
    public var domain: String
    /// The error code; keys spell it as a decimal integer (`-1009`).
    public var code: Int64
    /// `localizedDescription`, already localized by whoever made the error (message rule 3).
    public var description: String?
    /// `localizedFailureReason` (title rule 2).
    public var failureReason: String?
    /// `localizedRecoverySuggestion` (message rule 2).
    public var recoverySuggestion: String?
    /// The table the rules read.
    public var table: String
    /// Positional arguments for the format specifiers of the table's strings (`%@`, `%lld`,
    /// `%1$@`, `%#@files@`…), first argument first.
    public var arguments: [FormatArgument]
    /// How the arguments' numbers are written; `nil` (the default) leaves it to the catalog
    /// (``Catalog/Options/localizedNumbers``).
    public var numberStyle: NumberStyle?

    public init(
        domain: String, code: Int64, description: String? = nil, failureReason: String? = nil,
        recoverySuggestion: String? = nil, table: String = Catalog.defaultTable, arguments: [FormatArgument] = [],
        numberStyle: NumberStyle? = nil
    ) {
        self.arguments = arguments
        self.numberStyle = numberStyle
        self.domain = domain
        self.code = code
        self.description = description
        self.failureReason = failureReason
        self.recoverySuggestion = recoverySuggestion
        self.table = table
    }

    /// Appends one positional argument.
    ///
    /// - Throws: `.invalidArgument` when the error already has `Limits.maximumArguments`.
    public mutating func appendArgument(_ argument: FormatArgument) throws(CatalogError) {
        try Self.checkRoomForArgument(after: arguments.count)
        arguments.append(argument)
    }

    /// The limit of ``appendArgument(_:)`` for an error that has `count` arguments, for callers
    /// that keep the arguments apart from the rest of the error.
    ///
    /// - Throws: `.invalidArgument` when `count` is `Limits.maximumArguments` or more.
    package static func checkRoomForArgument(after count: Int) throws(CatalogError) {
        guard count < Limits.maximumArguments else {
            throw CatalogError(kind: .invalidArgument,
                               message: "an error takes at most \(Limits.maximumArguments) arguments")
        }
    }

    /// Sets the table the rules read: `nil` or `""` restores ``Catalog/defaultTable``.
    ///
    /// - Throws: `.invalidArgument` for a name containing `/` (``Catalog/validatedTableName(_:)``).
    public mutating func setTable(_ name: String?) throws(CatalogError) {
        table = try Catalog.validatedTableName(name)
    }
}
