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

    /// The development locale of a catalog opened or built without one: the language of the
    /// app's own text when nobody said otherwise (Apple's default `CFBundleDevelopmentRegion`).
    /// Every adapter (C, CLI, Python) gets it from here.
    public static let defaultDevelopmentLocale = "en"

    /// The development locale as given (e.g. `en`).
    public var developmentLocale: String { storage.developmentLocale }
    /// Every localization that loaded, as spelled on disk, in byte order (`Base` included, the
    /// unlocalized tables not). A catalog opened with ``Loading/onFirstUse`` reads every
    /// localization not yet read to answer.
    public var localizations: [String] {
        storage.localizations ?? Self.sortedLocalizations(storage.store.all.keys)
    }
    /// Everything noticed while loading, in load order. A catalog opened with
    /// ``Loading/onFirstUse`` reads every localization not yet read to answer.
    public var diagnostics: [Diagnostic] { storage.store.diagnostics }
    /// Whether there are unlocalized top-level tables.
    public var hasUnlocalizedTables: Bool { storage.hasUnlocalizedTables }

    /// When a catalog reads its localizations' files.
    public enum Loading: Sendable {
        /// Everything when the catalog opens: every table is validated there, and the catalog
        /// never touches the file system again.
        case atOpen
        /// The unlocalized tables and String Catalogs when it opens; a localization's files
        /// the first time a lookup needs that localization. Results are the same as
        /// ``atOpen``'s; the catalog keeps its directory open (one descriptor) until the last
        /// localization is read, and a file changed after the open is read as it is then.
        case onFirstUse
    }

    /// Every table, by localization then name, prepared for rendering (everything read).
    var tables: [String: [String: LocalizedTable]] { storage.store.all }
    var stackCache: LookupStackCache { storage.stackCache }
    /// What the catalog remembers between calls, under one byte budget (``MemoFamily``).
    package var memos: MemoFamily { storage.memos }

    /// `body` applied to the memos' lock-free entries without a retain or a release: the hot
    /// roads read them on every call, and the catalog (which the caller holds) keeps them.
    @inline(__always)
    package func withMemoEntries<Result>(_ body: (ConcurrentByteCache) -> Result) -> Result {
        storage.memoEntries._withUnsafeGuaranteedRef(body)
    }

    /// Everything, in one immutable object: a catalog is passed to and through every lookup,
    /// and copying one reference costs less than copying each of its collections.
    private let storage: Storage

    private final class Storage: Sendable {
        let developmentLocale: String
        /// The development locale normalized: the plural locale of `Base` and the unlocalized
        /// tables, and of any localization whose name does not normalize.
        let developmentPluralLocale: String
        /// Every localization, when they are all known at build time.
        let localizations: [String]?
        let hasUnlocalizedTables: Bool
        let store: LocalizationStore
        let memos: MemoFamily
        /// `memos.entries`, unretained: `memos` keeps them as long as this storage.
        let memoEntries: Unmanaged<ConcurrentByteCache>
        let stackCache: LookupStackCache
        /// What ICU says about the localizations' names, when known in advance (a compiled file).
        let negotiation: PrecomputedNegotiation?

        init(
            tables parsed: [String: [String: StringTable]], developmentLocale: String, diagnostics: [Diagnostic],
            strictRefusal: CatalogError?, negotiation: PrecomputedNegotiation?
        ) {
            let development = Catalog.normalizedID(developmentLocale, known: negotiation) ?? developmentLocale
            var tables: [String: [String: LocalizedTable]] = [:]
            for (localization, named) in parsed {
                let pluralLocale = Catalog.pluralLocale(of: localization, development: development, known: negotiation)
                tables[localization] = named.mapValues {
                    LocalizedTable(localization: localization, table: $0, pluralLocale: pluralLocale)
                }
            }
            store = LocalizationStore(tables: tables, diagnostics: diagnostics, strictRefusal: strictRefusal)
            self.developmentLocale = developmentLocale
            self.developmentPluralLocale = development
            self.hasUnlocalizedTables = !(tables[Catalog.unlocalized]?.isEmpty ?? true)
            self.localizations = Catalog.sortedLocalizations(tables.keys)
            self.negotiation = negotiation
            memos = MemoFamily()
            memoEntries = Unmanaged.passUnretained(memos.entries)
            stackCache = LookupStackCache(memos: memos)
        }

        init(
            deferred: DeferredCatalog, developmentLocale: String, negotiation: PrecomputedNegotiation?,
            leadingDiagnostics: LocalizationStore.DiagnosticsReader?
        ) {
            let development = Catalog.normalizedID(developmentLocale, known: negotiation) ?? developmentLocale
            let unlocalized = deferred.unlocalizedTables.mapValues {
                LocalizedTable(localization: Catalog.unlocalized, table: $0,
                               pluralLocale: Catalog.pluralLocale(of: Catalog.unlocalized, development: development,
                                                                  known: negotiation))
            }
            store = LocalizationStore(
                tables: unlocalized.isEmpty ? [:] : [Catalog.unlocalized: unlocalized],
                diagnostics: deferred.diagnostics, orders: deferred.orders, strictRefusal: deferred.strictRefusal,
                leadingDiagnostics: leadingDiagnostics,
                deferred: deferred.localizations, loader: deferred.load,
                makeTable: { localization, table in
                    LocalizedTable(localization: localization, table: table,
                                   pluralLocale: Catalog.pluralLocale(of: localization, development: development,
                                                                      known: negotiation))
                })
            self.developmentLocale = developmentLocale
            self.developmentPluralLocale = development
            self.hasUnlocalizedTables = !unlocalized.isEmpty
            self.localizations = nil
            self.negotiation = negotiation
            memos = MemoFamily()
            memoEntries = Unmanaged.passUnretained(memos.entries)
            stackCache = LookupStackCache(memos: memos)
        }

        /// The same catalog with memos of its own under `memoBudget` bytes.
        init(_ other: Storage, memoBudget: Int) {
            developmentLocale = other.developmentLocale
            developmentPluralLocale = other.developmentPluralLocale
            localizations = other.localizations
            hasUnlocalizedTables = other.hasUnlocalizedTables
            store = other.store
            negotiation = other.negotiation
            memos = MemoFamily(byteBudget: memoBudget)
            memoEntries = Unmanaged.passUnretained(memos.entries)
            stackCache = LookupStackCache(memos: memos)
        }
    }

    /// Prepares every table (variable formats, plural rules): the catalog is immutable from here.
    /// `strictRefusal` is what a strict open of the tables' sources fails with, when the catalog
    /// was opened leniently past it; `negotiation`, when given, answers for the localizations'
    /// names instead of ICU.
    init(
        tables: [String: [String: StringTable]], developmentLocale: String, diagnostics: [Diagnostic],
        strictRefusal: CatalogError? = nil, negotiation: PrecomputedNegotiation? = nil
    ) {
        storage = Storage(tables: tables, developmentLocale: developmentLocale, diagnostics: diagnostics,
                          strictRefusal: strictRefusal, negotiation: negotiation)
    }

    /// A catalog whose localizations are read when first needed; `leadingDiagnostics`, when
    /// given, reads the diagnostics that come before all others the first time they are asked for.
    init(
        deferred: DeferredCatalog, developmentLocale: String, negotiation: PrecomputedNegotiation? = nil,
        leadingDiagnostics: LocalizationStore.DiagnosticsReader? = nil
    ) {
        storage = Storage(deferred: deferred, developmentLocale: developmentLocale, negotiation: negotiation,
                          leadingDiagnostics: leadingDiagnostics)
    }

    private init(storage: Storage) {
        self.storage = storage
    }

    /// This catalog with memos of their own, limited to `bytes` (clamped to 0 ...
    /// `Limits.maximumMemoBytes`; 0 remembers nothing): the same tables, shared, and the same
    /// results. What it remembers is explained in ``MemoFamily``; every catalog starts with
    /// `Limits.defaultMemoBytes`. Meant for the opener, before the catalog is used: nothing this
    /// catalog has remembered is carried over.
    package func withMemoBudget(_ bytes: Int) -> Catalog {
        guard bytes != memos.byteBudget else { return self }
        return Catalog(storage: Storage(storage, memoBudget: bytes))
    }

    /// What a strict open of this catalog's sources fails with (its first broken table,
    /// unreadable file or value holding U+0000), when it was opened or built leniently past it;
    /// `nil` when a strict open succeeds. A catalog opened with ``Loading/onFirstUse`` reads
    /// every localization not yet read to answer. Compiling keeps it
    /// (docs/compiled-catalog.md).
    var strictRefusal: CatalogError? { storage.store.strictRefusal }

    /// What ICU says about the localizations' names, when it was known in advance.
    var precomputedNegotiation: PrecomputedNegotiation? { storage.negotiation }

    private static func sortedLocalizations(_ names: some Sequence<String>) -> [String] {
        names.filter { !$0.isEmpty }.sorted { $0.precedesInUTF8Order($1) }
    }

    /// The localizations negotiation may choose from without reading any: every one a whole
    /// load would keep, plus deferred ones not read yet (``makeLookupStack`` reads the ones it
    /// chooses, and chooses again if one turns out empty).
    var candidateLocalizations: [String] {
        storage.localizations ?? storage.store.sortedLocalizedCandidates
    }

    /// Whether some localizations (or diagnostics) are read when first needed (an on-demand
    /// directory, a compiled file): then listing them all, or every diagnostic, reads what is left.
    package var readsOnFirstUse: Bool { storage.localizations == nil }

    /// Reads `localization` if it was deferred; false if it has no tables.
    func hasTables(_ localization: String) -> Bool {
        storage.store.tables(of: localization) != nil
    }

    /// The locale whose plural rules apply to strings of `localization`: its own (`pt_PT`, not
    /// just `pt`: CLDR rules differ by region), or the development locale's for `Base` and the
    /// unlocalized tables, which hold the developer's own text.
    func pluralLocale(of localization: String) -> String {
        Self.pluralLocale(of: localization, development: storage.developmentPluralLocale, known: storage.negotiation)
    }

    private static func pluralLocale(of localization: String, development: String, known: PrecomputedNegotiation?)
        -> String
    {
        let isDevelopmentText = localization.isEmpty || localization == baseLocalization
        return isDevelopmentText ? development : normalizedID(localization, known: known) ?? development
    }

    /// `name` normalized, when it names a locale (by `known`, when the answers are kept).
    private static func normalizedID(_ name: String, known: PrecomputedNegotiation?) -> String? {
        guard case .locale(let id)? = try? (known?.normalize(name) ?? Locales.normalize(name)), !id.isEmpty else {
            return nil
        }
        return id
    }

    /// The table `name` of `localization` (`""` for unlocalized), if it was loaded.
    func table(_ name: String, localization: String) -> StringTable? {
        storage.store.tables(of: localization)?[name]?.table
    }

    /// Names of the tables of a localization, sorted.
    package func tableNames(localization: String) -> [String] {
        (storage.store.tables(of: localization)?.keys).map { $0.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } } ?? []
    }

    /// A string found by `lookup`, with where it came from.
    package struct Hit: Sendable, Equatable {
        package var value: String
        /// The localization that supplied it (`""` for an unlocalized table).
        package var localization: String
        package var table: String
    }

    /// The first value of `key` in `table` down `stack`, or `nil` if no localization has it.
    func lookup(_ key: TableKey, table: String = Catalog.defaultTable, in stack: LookupStack) -> Hit? {
        layers(of: table, in: stack).lookup(key)
    }

    /// The tables named `table` down `stack`, resolved once so that several keys can be looked
    /// up without finding the tables again for each (what formatting one error does).
    func layers(of table: String, in stack: LookupStack) -> TableLayers {
        var layers: [LocalizedTable] = []
        layers.reserveCapacity(stack.localizations.count)
        for localization in stack.localizations {
            if let found = storage.store.tables(of: localization)?[table] { layers.append(found) }
        }
        return TableLayers(name: table, stack: stack, layers: layers)
    }
}

/// One table in every localization of a lookup stack, most specific first: the lookup stack as
/// one value, each layer carrying its localization, its table and its plural rules.
///
/// A class, immutable: the catalog caches one per (table, preferences) and every lookup takes
/// it from there, which costs one reference count.
package final class TableLayers: Sendable {
    let name: String
    /// The stack the layers were found down.
    package let stack: LookupStack
    let layers: [LocalizedTable]
    /// The hash secrets, copied: reading the global costs a `swift_once` check per call.
    let secrets = KeyedHash.secrets

    init(name: String, stack: LookupStack, layers: [LocalizedTable]) {
        self.name = name
        self.stack = stack
        self.layers = layers
    }

    /// The first value of `key`, with where it came from.
    func lookup(_ key: TableKey) -> Catalog.Hit? {
        for layer in layers {
            if let value = layer.table.string(forKey: key) {
                return Catalog.Hit(value: value, localization: layer.localization, table: name)
            }
        }
        return nil
    }

    /// The text the first layer that has one shows for `key` with no arguments (``ArgumentFreeTexts``),
    /// found from the caller's bytes: valid while the catalog lives; `nil` when no layer has a
    /// value for `key` that renders without arguments.
    @inline(__always)
    package func argumentFreeText(forKey key: UnsafeRawBufferPointer) -> UnsafePointer<CChar>? {
        let hash = ArgumentFreeTexts.hash(of: key, secrets: secrets)
        for layer in layers {
            if let text = layer.argumentFreeText(forKey: key, hash: hash) { return text }
        }
        return nil
    }
}
