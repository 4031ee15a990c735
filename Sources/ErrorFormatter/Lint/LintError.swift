/// Why lint could not run at all (as opposed to what it found): a path that does not exist or
/// cannot be read, or a development locale that is not a locale. `errfmt lint` exits 2 for it.
public struct LintError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    /// The path at fault, as given.
    public var path: String?

    public init(message: String, path: String? = nil) {
        self.message = message
        self.path = path
    }

    public var description: String { message }
}
