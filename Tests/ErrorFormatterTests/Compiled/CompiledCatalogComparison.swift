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

    /// Every difference between what a strict open of `directory` does and what a strict open
    /// of `source` (that directory opened leniently) compiled does, from memory, from a file at
    /// `path` and mapped: the same error (status, message, file, line and column) or success
    /// alike. Also what each catalog says a strict open would do (``Catalog/strictRefusal``).
    static func strictDifferences(directory: String, _ source: Catalog, at path: String) throws -> [String] {
        let expected: CatalogError?
        do {
            _ = try Catalog.open(directory: directory, strict: true)
            expected = nil
        } catch {
            expected = error
        }
        var found: [String] = []
        if source.strictRefusal != expected {
            found.append("the lenient source's strict refusal: \(String(describing: source.strictRefusal)) "
                + "!= \(String(describing: expected))")
        }
        let onFirstUse = try Catalog.open(directory: directory, loading: .onFirstUse)
        if onFirstUse.strictRefusal != expected {
            found.append("read on first use: \(String(describing: onFirstUse.strictRefusal))")
        }
        let bytes = try source.compiled()
        try source.compile(to: path)
        let opens: [(String, () throws(CatalogError) -> Catalog)] = [
            ("from memory", { () throws(CatalogError) in
                try Catalog.open(compiled: CompiledCatalogFile(source: InMemoryByteSource(bytes)), strict: true) }),
            ("from the file", { () throws(CatalogError) in try Catalog.open(path: path, strict: true) }),
            ("mapped", { () throws(CatalogError) in try Catalog.open(path: path, strict: true, mapped: true) }),
        ]
        for (name, open) in opens {
            let actual: CatalogError?
            do {
                _ = try open()
                actual = nil
            } catch {
                actual = error
            }
            if actual != expected {
                found.append("strict, \(name): \(String(describing: actual)) != \(String(describing: expected))")
            }
        }
        let reopened = try Catalog.open(path: path)
        if reopened.strictRefusal != expected {
            found.append("the compiled file's strict refusal: \(String(describing: reopened.strictRefusal))")
        }
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
