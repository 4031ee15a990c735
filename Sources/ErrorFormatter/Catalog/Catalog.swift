/// An immutable set of string tables in every localization of an app, plus its development
/// locale: what `Bundle` calls the localized resources, readable from any thread.
///
/// Build one with `Catalog.open(directory:)` or `CatalogBuilder`. Lookups go key by key down a
/// `LookupStack` negotiated from the user's preferences, so a key missing in `fr_CA` comes from
/// `fr`, then `Base`, the development localization and the unlocalized tables.
public struct Catalog: Sendable {
    /// The name of Xcode's base internationalization directory, `Base.lproj`.
    public static let baseLocalization = "Base"
    /// The localization name used for unlocalized (top-level) tables.
    public static let unlocalized = ""
    /// The table the rules read unless told otherwise.
    public static let defaultTable = "Localizable"

    /// The development locale as given (e.g. `en`).
    public var developmentLocale: String { storage.developmentLocale }
    /// Every localization that loaded, as spelled on disk, in byte order (`Base` included, the
    /// unlocalized tables not).
    public var localizations: [String] { storage.localizations }
    /// Everything noticed while loading, in load order.
    public var diagnostics: [Diagnostic] { storage.diagnostics }
    /// Whether there are unlocalized top-level tables.
    public var hasUnlocalizedTables: Bool { storage.hasUnlocalizedTables }

    var tables: [String: [String: StringTable]] { storage.tables }
    var stackCache: LookupStackCache { storage.stackCache }
    /// The locale whose plural rules apply to each localization's strings.
    var pluralLocales: [String: String] { storage.pluralLocales }

    /// Everything, in one immutable object: a catalog is passed to and through every lookup,
    /// and copying one reference costs less than copying each of its collections.
    private let storage: Storage

    private final class Storage: Sendable {
        let developmentLocale: String
        let localizations: [String]
        let diagnostics: [Diagnostic]
        let hasUnlocalizedTables: Bool
        let tables: [String: [String: StringTable]]
        let stackCache = LookupStackCache()
        let pluralLocales: [String: String]

        init(tables: [String: [String: StringTable]], developmentLocale: String, diagnostics: [Diagnostic],
             pluralLocales: [String: String]) {
            self.tables = tables
            self.developmentLocale = developmentLocale
            self.diagnostics = diagnostics
            self.hasUnlocalizedTables = !(tables[Catalog.unlocalized]?.isEmpty ?? true)
            self.localizations = tables.keys.filter { !$0.isEmpty }
                .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            self.pluralLocales = pluralLocales
        }
    }

    init(tables: [String: [String: StringTable]], developmentLocale: String, diagnostics: [Diagnostic]) {
        let development = Self.normalizedID(developmentLocale) ?? developmentLocale
        var pluralLocales: [String: String] = [:]
        for localization in tables.keys {
            let isDevelopmentText = localization.isEmpty || localization == Self.baseLocalization
            pluralLocales[localization] = isDevelopmentText ? development : Self.normalizedID(localization) ?? development
        }
        storage = Storage(tables: tables, developmentLocale: developmentLocale, diagnostics: diagnostics,
                          pluralLocales: pluralLocales)
    }

    /// The locale whose plural rules apply to strings of `localization`: its own (`pt_PT`, not
    /// just `pt`: CLDR rules differ by region), or the development locale's for `Base` and the
    /// unlocalized tables, which hold the developer's own text.
    public func pluralLocale(of localization: String) -> String {
        pluralLocales[localization] ?? Self.normalizedID(developmentLocale) ?? developmentLocale
    }

    private static func normalizedID(_ name: String) -> String? {
        guard case .locale(let id)? = try? Locales.normalize(name), !id.isEmpty else { return nil }
        return id
    }

    /// The table `name` of `localization` (`""` for unlocalized), if it was loaded.
    public func table(_ name: String, localization: String) -> StringTable? {
        tables[localization]?[name]
    }

    /// Names of the tables of a localization, sorted.
    public func tableNames(localization: String) -> [String] {
        (tables[localization]?.keys).map { $0.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } } ?? []
    }

    /// A string found by `lookup`, with where it came from.
    public struct Hit: Sendable, Equatable {
        public var value: String
        /// The localization that supplied it (`""` for an unlocalized table).
        public var localization: String
        public var table: String
    }

    /// The first value of `key` in `table` down `stack`, or `nil` if no localization has it.
    public func lookup(_ key: TableKey, table: String = Catalog.defaultTable, in stack: LookupStack) -> Hit? {
        layers(of: table, in: stack).lookup(key)
    }

    /// The tables named `table` down `stack`, resolved once so that several keys can be looked
    /// up without finding the tables again for each (what formatting one error does).
    public func layers(of table: String, in stack: LookupStack) -> TableLayers {
        var layers: [(localization: String, table: StringTable)] = []
        var plurals: [TableLayers.Plurals] = []
        layers.reserveCapacity(stack.localizations.count)
        plurals.reserveCapacity(stack.localizations.count)
        for localization in stack.localizations {
            guard let found = tables[localization]?[table] else { continue }
            layers.append((localization, found))
            let locale = pluralLocale(of: localization)
            // Opened now, once per layer, if the table has anything to choose plurals for;
            // `nil` (no variables, or rules ICU cannot open) is opened or reported at render.
            plurals.append((locale, found.variables.isEmpty ? nil : try? PluralRules.cardinal(for: locale)))
        }
        return TableLayers(name: table, stack: stack, layers: layers, plurals: plurals)
    }
}

/// One table in every localization of a lookup stack, most specific first.
///
/// A class, immutable: the catalog caches one per (table, preferences) and every lookup takes
/// it from there, which costs one reference count.
public final class TableLayers: Sendable {
    public let name: String
    /// The stack the layers were found down.
    public let stack: LookupStack
    public let layers: [(localization: String, table: StringTable)]
    /// Each layer's plural locale (``Catalog/pluralLocale(of:)``) and its rules, opened when
    /// the layer's table has variable formats.
    let plurals: [Plurals]
    typealias Plurals = (locale: String, rules: PluralRules?)

    init(name: String, stack: LookupStack, layers: [(localization: String, table: StringTable)],
         plurals: [Plurals]) {
        self.name = name
        self.stack = stack
        self.layers = layers
        self.plurals = plurals
    }

    /// The first value of `key`, with where it came from.
    public func lookup(_ key: TableKey) -> Catalog.Hit? {
        for layer in layers {
            if let value = layer.table.string(forKey: key) {
                return Catalog.Hit(value: value, localization: layer.localization, table: name)
            }
        }
        return nil
    }
}
