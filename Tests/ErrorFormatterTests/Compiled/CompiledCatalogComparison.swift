#if canImport(Glibc)
import Glibc
#endif
@testable import ErrorFormatter

/// Whether a catalog opened from a compiled file is its source: the same compiled bytes (so the
/// same tables, entries, variables and diagnostics, byte for byte), the same localizations, and
/// the same rendered value of every key in every localization.
enum CompiledCatalogComparison {
    /// Arguments given to every key: enough to render most formats (`%@`, `%d`, plurals), and
    /// rejected the same way by both catalogs when they are not.
    static let arguments: [FormatArgument] = [.int(2), .string("x"), .double(1.5)]

    /// `source`, compiled, then opened from those bytes.
    static func reopened(_ source: Catalog, strict: Bool = false) throws -> (bytes: [UInt8], catalog: Catalog) {
        let bytes = try source.compiled()
        let file = try CompiledCatalogFile(source: InMemoryByteSource(bytes))
        return (bytes, try Catalog.open(compiled: file, strict: strict))
    }

    /// `source`, compiled, then opened from those bytes to be read on first use (what a lenient
    /// open of a compiled file does).
    static func reopenedOnFirstUse(_ source: Catalog) throws -> Catalog {
        try Catalog.openOnFirstUse(compiled: CompiledCatalogFile(source: InMemoryByteSource(source.compiled())))
    }

    /// `source`, compiled to a file at `path` and opened from it mapped (on first use).
    static func reopenedMapped(_ source: Catalog, at path: String) throws -> Catalog {
        try source.compile(to: path)
        return try Catalog.open(path: path, mapped: true)
    }

    /// Every difference found, as one line each (empty when the two are the same). The keys are
    /// looked up first, so that a catalog read on first use reads its localizations one by one
    /// as lookups need them, before the listings read the rest.
    static func differences(_ source: Catalog, _ compiled: Catalog, keysPerTable: Int = .max) throws -> [String] {
        var found: [String] = []
        for localization in [Catalog.unlocalized] + source.localizations {
            let preferences = localization.isEmpty ? [] : [localization]
            for name in source.tableNames(localization: localization) {
                guard let table = source.table(name, localization: localization) else { continue }
                let sourceLayers = source.cachedLayers(of: name, for: preferences)
                let compiledLayers = compiled.cachedLayers(of: name, for: preferences)
                for key in table.keys.prefix(keysPerTable) {
                    // The gettext-shaped answer: a compiled table reads it key by key.
                    let expectedText = argumentFreeText(key, in: sourceLayers)
                    let actualText = argumentFreeText(key, in: compiledLayers)
                    if expectedText != actualText {
                        found.append("\(localization)/\(name): \"\(key.string)\" without arguments: "
                            + "\(String(describing: expectedText)) != \(String(describing: actualText))")
                    }
                    let expected = source.resolve(key.string, table: name, preferences: preferences, arguments: arguments)
                    let actual = compiled.resolve(key.string, table: name, preferences: preferences, arguments: arguments)
                    if !same(expected, actual) {
                        found.append("\(localization)/\(name): \"\(key.string)\": \(String(describing: expected.hit)) "
                            + "!= \(String(describing: actual.hit))")
                    }
                }
            }
        }
        if try source.compiled() != compiled.compiled() { found.append("compiled bytes differ") }
        if source.developmentLocale != compiled.developmentLocale { found.append("development locale") }
        if source.localizations != compiled.localizations { found.append("localizations") }
        if source.hasUnlocalizedTables != compiled.hasUnlocalizedTables { found.append("unlocalized tables") }
        if source.diagnostics.map(\.description) != compiled.diagnostics.map(\.description) { found.append("diagnostics") }
        return found
    }

    /// The UTF-8 of what `layers` shows for `key` with no arguments (``TableLayers/argumentFreeText(forKey:)``).
    static func argumentFreeText(_ key: TableKey, in layers: TableLayers) -> [UInt8]? {
        var key = key.string
        return key.withUTF8 { bytes in
            layers.argumentFreeText(forKey: UnsafeRawBufferPointer(bytes)).map { text in
                Array(UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self),
                                          count: strlen(text)))
            }
        }
    }

    /// Equal, strings compared byte by byte (Swift's `==` would merge NFC and NFD spellings).
    private static func same(_ a: KeyResolution, _ b: KeyResolution) -> Bool {
        a.hit?.value.utf8.elementsEqual(b.hit?.value.utf8 ?? "".utf8) ?? (b.hit == nil)
            && a.hit?.localization == b.hit?.localization && a.hit?.table == b.hit?.table
            && a.rejections.map(\.description) == b.rejections.map(\.description)
    }
}
