/// The outcome of parsing a property list: CoreFoundation's answer plus everything CF keeps quiet.
package struct PropertyListParseResult: Sendable {
    /// The parsed value, or `nil` exactly when CoreFoundation would return `NULL`.
    ///
    /// A `.strings` file normally gives a dictionary, but CF also accepts a lone string, array or
    /// data at the top level; callers that need a table must check (`dictionaryValue`).
    package var value: PropertyListValue?
    /// Why parsing failed (severity `.error`, stable `code`, the precise line and column).
    package var error: Diagnostic?
    /// CoreFoundation's own error text, verbatim (e.g. `Missing ';' on line 4`), including its
    /// line number, which for a missing `;` is the line of the *next* token.
    package var foundationMessage: String?
    /// Warnings and notes CF does not give (duplicate keys, silent truncation, …), in file
    /// order; a note directly follows the warning it explains. `file` is not set.
    package var diagnostics: [Diagnostic]

    /// Creates a result; parsers build these, tests compare them.
    package init(
        value: PropertyListValue?, error: Diagnostic? = nil,
        foundationMessage: String? = nil, diagnostics: [Diagnostic] = []
    ) {
        self.value = value
        self.error = error
        self.foundationMessage = foundationMessage
        self.diagnostics = diagnostics
    }
}
