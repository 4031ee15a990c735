/// Why lint could not run at all (as opposed to what it found): a path that does not exist or
/// cannot be read, or a development locale that is not a locale. `errfmt lint` exits 2 for it.
public struct LintError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// No path was given, or an empty one.
        case noPath
        /// Nothing exists at the path.
        case notFound
        /// The path exists but cannot be read or listed, or is neither a file nor a directory.
        case unreadable
        /// A file named directly is not a table file (by its extension).
        case notATable
        /// The development locale is not a locale.
        case invalidLocale
    }

    public var kind: Kind
    public var message: String
    /// The path at fault, as given.
    public var path: String?

    package init(_ kind: Kind, message: String, path: String? = nil) {
        self.kind = kind
        self.message = message
        self.path = path
    }

    public var description: String { message }
}
