/// The tables a catalog serves for its pseudo-locales (``PseudoLocale``), made from the
/// development localization's texts the first time a lookup needs one, and kept with the
/// catalog.
///
/// A pseudo-locale's table `T` holds every key the development text has: what a user of the
/// development locale is shown, found down that user's stack (the development localization,
/// `Base`, the unlocalized tables), each text made into pseudo text (``PseudoText``). A
/// variable format keeps its variables, value types and rule types; its format and each variant
/// become pseudo text, and a plural variable gets the categories the pseudo-locale's language
/// uses that it lacks, with its `other` text (`ar-XB` has six). The table is then a table like
/// any other: its plural rules and number symbols are the pseudo-locale's own (English for
/// `en-XA`, Arabic for `ar-XB`), so a catalog with the files ``contents(of:table:)`` gives
/// (`errfmt pseudo`) shows what this one does.
final class PseudoLocalizations: Sendable {
    private struct Key: Hashable {
        var pseudo: PseudoLocale
        var table: String
    }

    /// Made tables. Bounded by the catalog: only names of tables its development stack has are
    /// kept, two pseudo-locales each.
    private let tables = Protected<[Key: LocalizedTable]>([:])

    /// The table `name` of `pseudo`, made now if it was not; `nil` when the development text has
    /// no table of that name.
    func table(_ name: String, of pseudo: PseudoLocale, in catalog: Catalog) -> LocalizedTable? {
        let key = Key(pseudo: pseudo, table: name)
        if let made = tables.withLock({ $0[key] }) { return made }
        guard let contents = Self.contents(of: pseudo, table: name, in: catalog) else { return nil }
        var entries = PropertyListDictionary(minimumCapacity: contents.count)
        var variables: [TableKey: VariableFormat] = [:]
        for (key, value) in contents {
            switch value {
            case .text(let text): _ = entries.updateValue(.string(text), forKey: key)
            case .variable(let format): variables[key] = format
            }
        }
        let made = LocalizedTable(
            localization: pseudo.localization, table: StringTable(name: name, entries: entries, variables: variables),
            pluralLocale: catalog.pluralLocale(of: pseudo.localization))
        // Two threads may make it at once: the first kept is the one every later call gets.
        return tables.withLock { kept in
            if let first = kept[key] { return first }
            kept[key] = made
            return made
        }
    }

    /// The keys of `pseudo`'s table `name`, in the development text's order (its most specific
    /// layer's first), each with its pseudo text; `nil` when the development text has no such
    /// table.
    static func contents(of pseudo: PseudoLocale, table name: String, in catalog: Catalog)
        -> [(key: TableKey, value: LocalizedValue)]?
    {
        let source = catalog.cachedLayers(of: name, for: [catalog.developmentLocale])
        guard !source.layers.isEmpty else { return nil }
        let categories = (try? PluralRules.cardinal(for: catalog.pluralLocale(of: pseudo.localization)))?.categories
        var seen = Set<TableKey>()
        var contents: [(key: TableKey, value: LocalizedValue)] = []
        for layer in source.layers {
            for key in layer.table.keys where !seen.contains(key) {
                guard let value = layer.table.value(forKey: key) else { continue }
                seen.insert(key)
                switch value {
                case .text(let text):
                    contents.append((key, .text(PseudoText.make(text, for: pseudo, isWhole: true))))
                case .variable(let format):
                    contents.append((key, .variable(made(format, for: pseudo, categories: categories))))
                }
            }
        }
        return contents
    }

    private static func made(_ format: VariableFormat, for pseudo: PseudoLocale, categories: Set<PluralCategory>?)
        -> VariableFormat
    {
        var made = VariableFormat(format: PseudoText.make(format.format, for: pseudo, isWhole: true), variables: [:])
        for (name, variable) in format.variables {
            var variants = variable.variants.mapValues { PseudoText.make($0, for: pseudo, isWhole: false) }
            if variable.ruleType == .plural, let other = variants[PluralCategory.other.rawValue], let categories {
                for category in categories where variants[category.rawValue] == nil {
                    variants[category.rawValue] = other
                }
            }
            made.variables[name] = VariableFormat.Variable(
                ruleType: variable.ruleType, valueType: variable.valueType, variants: variants)
        }
        return made
    }
}
