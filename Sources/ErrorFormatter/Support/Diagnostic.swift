/// A problem found in an input (a table, a catalog directory, a format string), with where it is.
///
/// Diagnostics are information for the user and for linters: CoreFoundation keeps most of these
/// problems quiet (duplicate keys, silent truncation), ErrorFormatter reports every one.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable, Comparable {
        /// The input (or the part of it named) cannot be used.
        case error
        /// The input was used, but probably not as its author meant.
        case warning
        /// Extra information attached to another diagnostic (e.g. the first of two duplicates).
        case note

        private var rank: Int {
            switch self {
            case .error: 0
            case .warning: 1
            case .note: 2
            }
        }

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    public var severity: Severity
    /// Stable kebab-case identifier, e.g. `duplicate-key`. Tools match on this, never on `message`.
    public var code: String
    /// One line, impersonal, no trailing period. Control characters copied into it from outside
    /// (a key, a file name) are escaped (`MessageEscaping`), however it is set.
    public var message: String { didSet { message = MessageEscaping.escaped(message) } }
    /// The file at fault, as the caller named it (relative to a catalog root when loading one),
    /// control characters escaped.
    public var file: String? { didSet { file = file.map(MessageEscaping.escaped) } }
    /// 1-based line, 0 when unknown.
    public var line: Int
    /// 1-based column counted in Unicode scalar values, 0 when unknown.
    public var column: Int
    /// The table key the diagnostic is about, when there is one (lint sets it for every finding
    /// about an entry, so tools can group by key without parsing `message`).
    public var key: String?

    public init(
        severity: Severity, code: String, message: String,
        file: String? = nil, line: Int = 0, column: Int = 0, key: String? = nil
    ) {
        self.severity = severity
        self.code = code
        self.message = MessageEscaping.escaped(message)
        self.file = file.map(MessageEscaping.escaped)
        self.line = line
        self.column = column
        self.key = key
    }

    /// The same diagnostic attributed to `file` (parsers report positions; loaders know paths).
    package func inFile(_ file: String) -> Diagnostic {
        var copy = self
        copy.file = file
        return copy
    }

    /// `file:line:column: severity: message [code]`, the GNU/clang form editors understand.
    public var description: String {
        var location = ""
        if let file { location += file + ":" }
        if line > 0 {
            location += "\(line):"
            if column > 0 { location += "\(column):" }
        }
        if !location.isEmpty { location += " " }
        return "\(location)\(severity.rawValue): \(message) [\(code)]"
    }
}
