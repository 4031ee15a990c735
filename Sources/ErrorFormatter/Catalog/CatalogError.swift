/// Why a catalog could not be opened or built.
public struct CatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The catalog path does not exist.
        case notFound
        /// The path exists but cannot be read as a catalog directory.
        case unreadable
        /// A table is broken and loading was strict.
        case parse
        /// A locale identifier (development locale, localization name) is malformed.
        case invalidLocale
        /// An argument is unusable (e.g. a table file name that is not a `.strings` file).
        case invalidArgument
    }

    public var kind: Kind
    /// One line: control characters from a caller's path or a file name are escaped.
    public var message: String
    /// The file at fault (relative to the catalog root), its line and column, where known.
    public var file: String?
    public var line: Int
    public var column: Int

    package init(kind: Kind, message: String, file: String? = nil, line: Int = 0, column: Int = 0) {
        self.kind = kind
        self.message = MessageEscaping.escaped(message)
        self.file = file.map(MessageEscaping.escaped)
        self.line = line
        self.column = column
    }

    /// A strict-mode failure made from the diagnostic that caused it.
    init(parseFailure diagnostic: Diagnostic) {
        self.init(kind: .parse, message: diagnostic.message, file: diagnostic.file,
                  line: diagnostic.line, column: diagnostic.column)
    }

    public var description: String {
        var location = file.map { $0 + ":" } ?? ""
        if line > 0 { location += "\(line):" + (column > 0 ? "\(column):" : "") }
        return location.isEmpty ? message : location + " " + message
    }
}
