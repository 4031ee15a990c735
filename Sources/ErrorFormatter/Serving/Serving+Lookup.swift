#if canImport(Glibc)
import Glibc
#endif

/// Looking any key up for a C caller: `ef_catalog_lookup`'s block, the packed calls' items, and
/// `ef_catalog_text`'s borrowed text.
extension Serving {
    /// What a lookup answered: its block (``LookupLayout``), the caller's to free, whether a value
    /// was found, and the names a not-found message quotes.
    package struct Lookup {
        package let block: UnsafeMutableRawPointer
        package let found: Bool
        package let key: String
        package let table: String

        /// The message of a lookup that found no value.
        package var notFoundMessage: String { Serving.notFoundMessage(key: key, table: table) }
    }

    /// The message of a key no localization has a usable value for.
    package static func notFoundMessage(key: String, table: String) -> String {
        "no localization has a usable value for \"\(key)\" in \(table)"
    }

    /// The key a lookup or a text is remembered under: the kind, the table's bytes as passed
    /// (NULL as ""), the preferences, then the key's bytes.
    @inline(__always)
    private static func writeKeyKey(
        _ memo: inout MemoKey, kind: Kind, table: UnsafePointer<CChar>?, key: UnsafePointer<CChar>?,
        locales: CLocales, count: Int
    ) {
        guard let key else { return memo.invalidate() }
        memo.append(byte: kind.rawValue)
        memo.appendTerminated(UnsafeRawBufferPointer(start: table, count: table.map { strlen($0) } ?? 0))
        memo.appendPreferences(locales, count: count)
        memo.append(UnsafeRawBufferPointer(start: key, count: strlen(key)))
    }

    /// The block of a lookup without arguments made before with the same bytes, copied (the
    /// caller's to free), or `nil` when the call must take the full road. Only lookups that found
    /// a value are kept (a miss owes its caller error details anyway).
    @inline(__always)
    package static func rememberedLookup(
        catalog: Catalog, table: UnsafePointer<CChar>?, key: UnsafePointer<CChar>?, locales: CLocales, count: Int,
        arguments: ErrorRequest?
    ) -> UnsafeMutableRawPointer? {
        guard arguments?.hasArguments != true,
              let kept = find(catalog, { writeKeyKey(&$0, kind: .lookup, table: table, key: key, locales: locales,
                                                     count: count) }),
              let block = KeptBytes.bytes(at: kept).baseAddress
        else { return nil }
        return ItemBlock.copy(block)
    }

    /// `key` looked up in `table` (NULL or "": `Localizable`) for the preferences and rendered
    /// with `arguments`' arguments, on the full road (after ``rememberedLookup`` did not answer).
    /// A lookup without arguments that found a value is kept for the same call again.
    ///
    /// - Throws: `invalidArgument` and `invalidUTF8` for the table, the key and the preferences,
    ///   in that order; `outOfMemory`.
    package static func lookup(
        catalog: Catalog, table: UnsafePointer<CChar>?, key: UnsafePointer<CChar>?, locales: CLocales, count: Int,
        arguments: ErrorRequest?
    ) throws(ServingError) -> Lookup {
        let hasArguments = arguments?.hasArguments ?? false
        func memoKey(_ memo: inout MemoKey) {
            writeKeyKey(&memo, kind: .lookup, table: table, key: key, locales: locales, count: count)
        }
        let tableName = Catalog.tableName(orDefault: try CallerBytes.optionalKey(table, name: "table"))
        let keyName = try CallerBytes.key(key, name: "key")
        let preferences = try CallerBytes.preferences(locales, count: count)
        let resolution = catalog.resolve(keyName, table: tableName, preferences: preferences,
                                         arguments: arguments?.arguments ?? [])
        guard let block = LookupLayout.make(resolution, table: tableName) else { throw ServingError.outOfMemory }
        if !hasArguments, resolution.hit != nil,
           let kept = KeptBytes(copying: UnsafeRawBufferPointer(start: block, count: ItemBlock.size(block))) {
            keep(kept, cost: ItemBlock.size(block), in: catalog, memoKey)
        }
        return Lookup(block: block, found: resolution.hit != nil, key: keyName, table: tableName)
    }

    /// The text of a call answered before with the same bytes (borrowed from the catalog), or
    /// `nil` when the call must take the full road: no lock is taken and nothing shared written.
    @inline(__always)
    package static func rememberedText(
        catalog: Catalog, table: UnsafePointer<CChar>?, key: UnsafePointer<CChar>?, locales: CLocales, count: Int
    ) -> UnsafePointer<CChar>? {
        find(catalog, { writeKeyKey(&$0, kind: .text, table: table, key: key, locales: locales, count: count) })?
            .assumingMemoryBound(to: CChar.self)
    }

    /// The text `key` shows with no arguments, borrowed from the catalog (valid as long as it),
    /// on the full road (after ``rememberedText`` did not answer): the same resolution as a
    /// lookup without arguments, answered from each table's argument-free texts, and kept for
    /// the same call again.
    ///
    /// - Throws: `invalidArgument` and `invalidUTF8` for the table, the key and the preferences,
    ///   in that order; `keyNotFound` when no localization of the stack has a value that
    ///   renders without arguments.
    package static func text(
        catalog: Catalog, table: UnsafePointer<CChar>?, key: UnsafePointer<CChar>?, locales: CLocales, count: Int
    ) throws(ServingError) -> UnsafePointer<CChar> {
        func memoKey(_ memo: inout MemoKey) {
            writeKeyKey(&memo, kind: .text, table: table, key: key, locales: locales, count: count)
        }
        let tableName = Catalog.tableName(orDefault: try CallerBytes.optionalKey(table, name: "table"))
        let keyName = try CallerBytes.key(key, name: "key")
        let preferences = try CallerBytes.preferences(locales, count: count)
        let layers = catalog.cachedLayers(of: tableName, for: preferences)
        // The text lives in the catalog's tables, whatever happens to `layers`.
        guard let key, let text = layers.argumentFreeText(forKey: UnsafeRawBufferPointer(start: key, count: strlen(key)))
        else { throw ServingError(.keyNotFound, notFoundMessage(key: keyName, table: tableName)) }
        _ = MemoKey.writing { memo -> Void? in
            memoKey(&memo)
            guard let bytes = memo.bytes else { return nil }
            catalog.withMemoEntries { _ = $0.insert(bytes, hash: $0.hash(bytes), pointer: UnsafeRawPointer(text), cost: 0) }
            return ()
        }
        return text
    }
}

extension Serving {
    /// A lookup block's items as a packed call writes them: the 1.1 items, or every item.
    package static func lookupItems(_ block: UnsafeRawPointer, complete: Bool) -> UnsafeRawBufferPointer {
        ItemBlock.items(block, metadata: LookupLayout.metadataCount, complete: complete)
    }
}
