/// Looking a key up down a stack and rendering it with the error's arguments: the first string
/// that the arguments satisfy wins; the others are remembered as rejections.
///
/// This is what makes a bad translation harmless: a French string asking for `%2$@` when one
/// argument was passed is skipped, and the parent language's (or the development language's)
/// string is shown instead.
public struct KeyResolution: Sendable, Equatable {
    /// The rendered text and where it came from, or `nil` if no localization had a usable string.
    public var hit: Catalog.Hit?
    /// Strings found but not rendered, in the order they were tried.
    public var rejections: [Rejection]
}

extension TableLayers {
    /// Resolves `key` with `arguments`, rendering each candidate with the plural rules of the
    /// localization that supplied it (a `fr_CA` request answered from `en` uses English rules).
    public func resolve(_ key: TableKey, arguments: [FormatArgument], in catalog: Catalog) -> KeyResolution {
        var rejections: [Rejection] = []
        for (index, layer) in layers.enumerated() {
            guard let value = layer.table.preparedValue(forKey: key) else { continue }
            do throws(FormatFailure) {
                let text: String
                switch value {
                case .text(let format):
                    text = try StringFormat.render(format, arguments: arguments)
                case .variable(let format):
                    let plural: Plurals = plurals.indices.contains(index)
                        ? plurals[index] : (catalog.pluralLocale(of: layer.localization), nil)
                    text = try VariableFormatRenderer.render(format, arguments: arguments, language: plural.locale,
                                                             rules: plural.rules)
                }
                return KeyResolution(hit: Catalog.Hit(value: text, localization: layer.localization, table: name),
                                     rejections: rejections)
            } catch {
                rejections.append(Rejection(key: key.string, localization: layer.localization, table: name,
                                            code: error.code, message: error.message))
            }
        }
        return KeyResolution(hit: nil, rejections: rejections)
    }
}

extension LocalizedValue {
    /// The text of this value for `arguments`. Table strings are formats, as with
    /// `String(format:)`: `%%` is a percent sign, and a specifier the arguments cannot satisfy
    /// makes the whole string unusable.
    ///
    /// - Parameter locale: whose plural rules choose variants; only asked for by a variable
    ///   format (finding it costs a lookup that plain text does not need).
    public func rendered(arguments: [FormatArgument], locale: @autoclosure () -> String) throws(FormatFailure)
        -> String
    {
        switch self {
        case .text(let text):
            try StringFormat.render(text, arguments: arguments)
        case .variable(let format):
            try VariableFormatRenderer.render(format, arguments: arguments, language: locale())
        }
    }
}

extension Catalog {
    /// Looks up `key` in `table` for `preferences` and renders it with `arguments`: the raw
    /// lookup under the error rules, for any key.
    public func resolve(
        _ key: String, table: String = Catalog.defaultTable, preferences: [String], arguments: [FormatArgument] = []
    ) -> KeyResolution {
        let layers = cachedLayers(of: table, for: preferences.isEmpty ? [developmentLocale] : preferences)
        return layers.resolve(TableKey(key), arguments: arguments, in: self)
    }
}
