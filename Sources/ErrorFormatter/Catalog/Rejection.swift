/// A table string that was found but not rendered, and why.
public struct Rejection: Sendable, Hashable, CustomStringConvertible {
    public var key: String
    /// The localization the string came from (`""` for an unlocalized table).
    public var localization: String
    public var table: String
    /// The formatting failure's stable code (`missing-argument`, `wrong-argument-type`…).
    public var code: String
    public var message: String

    package init(key: String, localization: String, table: String, code: String, message: String) {
        self.key = key
        self.localization = localization
        self.table = table
        self.code = code
        self.message = message
    }

    /// One line: the key and table come from the caller (an error domain is part of a key), so
    /// control characters in them are escaped (`MessageEscaping`), as in every message.
    public var description: String {
        MessageEscaping.escaped(
            "\(key) in \(localization.isEmpty ? "(unlocalized)" : localization)/\(table): \(message) [\(code)]")
    }
}
