/// What one table file contributes to one localization, whatever its format: plain texts and
/// variable formats (plurals, device/width variants).
///
/// `.strings` files give texts only, `.stringsdict` files give variable formats only, a String
/// Catalog (`.xcstrings`) gives both for each of its languages, and a JSON table both.
struct TableContents: Sendable, Equatable {
    /// Plain texts by key, in file order (non-string values are not texts and are left out).
    var texts: [(key: TableKey, value: String)]
    /// Variable formats by key.
    var variables: [TableKey: VariableFormat]

    init(texts: [(key: TableKey, value: String)] = [], variables: [TableKey: VariableFormat] = [:]) {
        self.texts = texts
        self.variables = variables
    }

    static func == (lhs: TableContents, rhs: TableContents) -> Bool {
        lhs.variables == rhs.variables && lhs.texts.count == rhs.texts.count
            && zip(lhs.texts, rhs.texts).allSatisfy { $0.key == $1.key && $0.value.utf8.elementsEqual($1.value.utf8) }
    }
}

/// The result of loading one table file of a format that yields `TableContents`.
struct TableLoadResult: Sendable {
    /// The contents, or `nil` when the file as a whole cannot be used.
    var contents: TableContents?
    /// Why the file cannot be used (severity error, with position), when `contents` is `nil`.
    var failure: Diagnostic?
    /// Everything else noticed (malformed entries that were skipped, suspicious values…), each
    /// with line and column where the format allows; `file` is left for the caller to set.
    var diagnostics: [Diagnostic]

    init(contents: TableContents?, failure: Diagnostic? = nil, diagnostics: [Diagnostic] = []) {
        self.contents = contents
        self.failure = failure
        self.diagnostics = diagnostics
    }
}
