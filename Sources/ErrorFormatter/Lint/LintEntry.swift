/// One key of one table file, as lint sees it: its value and where it is written.
///
/// The catalog keeps no positions (lookups must not pay for them); lint reads each file again
/// with the parsers' source maps so that every finding about an entry points at its line.
struct LintEntry: Sendable {
    /// A 1-based line and column (in Unicode scalars); 0 and 0 when the format has no lines
    /// (binary property lists).
    struct Position: Sendable, Hashable {
        var line: Int
        var column: Int

        init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }

        static let unknown = Position(line: 0, column: 0)
    }

    var key: TableKey
    var value: LocalizedValue
    /// The file as the user named it.
    var file: String
    /// Where the key is written.
    var position: Position
    /// Where each variable (`"files"`) and variant (`"files/one"`) of a variable format is
    /// written, when the format says (`.stringsdict`, String Catalogs, JSON tables).
    var variantPositions: [String: Position]

    init(key: TableKey, value: LocalizedValue, file: String, position: Position,
                variantPositions: [String: Position] = [:]) {
        self.key = key
        self.value = value
        self.file = file
        self.position = position
        self.variantPositions = variantPositions
    }

    /// The position of variant `variant` of variable `variable`, else of the variable, else of
    /// the key.
    func position(variable: String, variant: String? = nil) -> Position {
        if let variant, let found = variantPositions[variable + "/" + variant] { return found }
        return variantPositions[variable] ?? position
    }

    /// A diagnostic about this entry, at `position` (the key's unless given).
    func diagnostic(_ severity: Diagnostic.Severity, _ code: String, _ message: String,
                    at position: Position? = nil) -> Diagnostic {
        let at = position ?? self.position
        return Diagnostic(severity: severity, code: code, message: message, file: file,
                          line: at.line, column: at.column, key: key.string)
    }
}
