/// Why `Codegen.generate` could not run at all (as opposed to what it found and refused): a
/// catalog, registry or names file that does not exist or cannot be read, or an option that is
/// not valid. `errfmt codegen` exits 2 for it.
public struct CodegenError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// Nothing exists at the path.
        case notFound
        /// The path exists but cannot be read, or is not a catalog.
        case unreadable
        /// An option is not valid: a table name with `/`, a development locale that is not a
        /// locale, a package name the language cannot have.
        case invalidOption
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

    /// The same failure of lint's reading of the catalog or the registry.
    init(_ error: LintError) {
        switch error.kind {
        case .notFound: self.init(.notFound, message: error.message, path: error.path)
        case .noPath, .unreadable, .notATable: self.init(.unreadable, message: error.message, path: error.path)
        case .invalidLocale: self.init(.invalidOption, message: error.message, path: error.path)
        }
    }

    public var description: String { message }
}
