/// One table of one localization as the catalog serves it: the parsed table, with everything a
/// render needs that does not depend on the arguments worked out once, when the catalog is built.
///
/// This is where the layers meet: `Tables/` parses (and knows nothing of rendering), the format
/// engine prepares and renders (and knows nothing of catalogs), and the catalog pairs each
/// table with its localization, its variable formats prepared and the plural rules of its
/// locale. A lookup stack is a list of these, so a render never looks a locale or a rule up.
final class LocalizedTable: Sendable {
    /// The localization as spelled in the catalog (`""` for the unlocalized tables).
    let localization: String
    let table: StringTable
    /// The locale whose plural rules choose this table's variants (``Catalog/pluralLocale(of:)``).
    let pluralLocale: String
    /// Those rules, opened when the catalog is built if the table has variable formats; `nil`
    /// when it has none, or when ICU cannot open them (the render then reports why).
    let pluralRules: PluralRules?
    /// `table.variables`, each prepared for rendering once.
    private let variables: PreparedVariableIndex

    init(localization: String, table: StringTable, pluralLocale: String) {
        self.localization = localization
        self.table = table
        self.pluralLocale = pluralLocale
        variables = PreparedVariableIndex(table.variables)
        pluralRules = table.variables.isEmpty ? nil : try? PluralRules.cardinal(for: pluralLocale)
    }

    /// The value of `key` as rendering needs it: a prepared variable format, else the text.
    func preparedValue(forKey key: TableKey) -> PreparedValue? {
        if let variable = variables[key] { return .variable(variable) }
        return table.entries[key]?.stringValue.map(PreparedValue.text)
    }

    /// `value` rendered with `arguments` in this table's locale.
    func render(_ value: PreparedValue, arguments: [FormatArgument]) throws(FormatFailure) -> String {
        switch value {
        case .text(let format):
            try StringFormat.render(format, arguments: arguments)
        case .variable(let format):
            try VariableFormatRenderer.render(format, arguments: arguments, language: pluralLocale,
                                              rules: pluralRules)
        }
    }
}

/// A table value ready to render: ``LocalizedValue`` with its variable format prepared.
enum PreparedValue {
    case text(String)
    case variable(PreparedVariableFormat)
}
