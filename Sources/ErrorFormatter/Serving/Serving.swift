#if canImport(Glibc)
import Glibc
#endif

/// The serving component: how every caller — the Swift API, the C functions, the CLI — gets a
/// formatted error, a lookup or a text, fast. It owns what a catalog remembers to answer a
/// repeated call (in the catalog's ``MemoFamily``, under one byte budget), the plans that answer
/// calls with other argument values (``ResultTemplate``), and the one serialization of results
/// (``ItemBlock``). The C layer only checks handles and output parameters, calls in, and maps
/// ``ServingError`` to a status.
///
/// Every road gives the answer of the full road (``ErrorMessageFormatter``'s rules down the
/// negotiated layers) or does not answer (and the call goes on to the next road):
/// 1. the memo: the same key was answered before with a result that may be reused;
/// 2. a plan: the same key with arguments of the same kinds was resolved before;
/// 3. the full road, which keeps what it may for the next call.
///
/// Keys hold the bytes the caller passed (``MemoKey``); only calls that were checked on the full
/// road store anything, so equal bytes are equally valid. A memoized answer still checks what it
/// does not read but the full road would refuse (the texts' UTF-8).
package enum Serving {
    typealias Kind = MemoFamily.Kind

    /// The preference list of a C call.
    package typealias CLocales = UnsafePointer<UnsafePointer<CChar>?>?

    // MARK: - Memo entries

    /// The address of what the catalog keeps under the key `write` writes, or `nil`.
    @inline(__always)
    static func find(_ catalog: Catalog, _ write: (inout MemoKey) -> Void) -> UnsafeRawPointer? {
        MemoKey.writing { key -> UnsafeRawPointer? in
            write(&key)
            guard let bytes = key.bytes else { return nil }
            return catalog.withMemoEntries { $0.find(bytes, hash: $0.hash(bytes)) }
        }
    }

    /// The address of what the catalog keeps under `key`, or `nil` (also for an unusable key).
    @inline(__always)
    static func find(_ catalog: Catalog, _ key: MemoKey) -> UnsafeRawPointer? {
        guard let bytes = key.bytes else { return nil }
        return catalog.withMemoEntries { $0.find(bytes, hash: $0.hash(bytes)) }
    }

    /// Keeps `value` under the key `write` writes, when the budget allows.
    static func keep(_ value: AnyObject, cost: Int, in catalog: Catalog, _ write: (inout MemoKey) -> Void) {
        _ = MemoKey.writing { key -> Void? in
            write(&key)
            guard let bytes = key.bytes else { return nil }
            catalog.withMemoEntries { _ = $0.insert(bytes, hash: $0.hash(bytes), value: value, cost: cost) }
            return ()
        }
    }

    // MARK: - Layers

    /// `body` applied to the layers of `table` for a C caller's preferences, and whether the
    /// catalog keeps them under these bytes for its whole life (only then may a plan be made
    /// down them, so that a plan's key always names the layers it was made from). The
    /// preferences are checked only when these bytes were never answered before.
    static func withLayers<Answer>(
        _ catalog: Catalog, table: UnsafeRawBufferPointer, locales: CLocales, count: Int,
        _ body: (TableLayers, Bool) throws(ServingError) -> Answer
    ) throws(ServingError) -> Answer {
        func writeKey(_ key: inout MemoKey) {
            key.append(byte: Kind.layers.rawValue)
            key.appendTerminated(table)
            key.appendPreferences(locales, count: count)
        }
        if let known = MemoKey.writing({ key -> Unmanaged<TableLayers>? in
            writeKey(&key)
            return key.bytes.flatMap(catalog.knownLayers(forKey:))
        }) {
            // `_withUnsafeGuaranteedRef` rethrows untyped: the result crosses it as a value.
            return try known._withUnsafeGuaranteedRef { layers in
                Result { () throws(ServingError) in try body(layers, true) }
            }.get()
        }
        let preferences = try CallerBytes.preferences(locales, count: count)
        let layers = catalog.cachedLayers(of: String(decoding: table, as: UTF8.self), for: preferences)
        let kept = MemoKey.writing { key -> Bool? in
            writeKey(&key)
            return key.bytes.map { catalog.remember(layers, forKey: $0) }
        } ?? false
        return try body(layers, kept)
    }

    /// The same for a Swift caller's preferences.
    static func withLayers<Answer>(
        _ catalog: Catalog, table: String, preferences: [String], _ body: (TableLayers, Bool) -> Answer
    ) -> Answer {
        func writeKey(_ key: inout MemoKey) {
            key.append(byte: Kind.layers.rawValue)
            key.appendTerminated(table)
            key.appendPreferences(preferences)
        }
        if let known = MemoKey.writing({ key -> Unmanaged<TableLayers>? in
            writeKey(&key)
            return key.bytes.flatMap(catalog.knownLayers(forKey:))
        }) {
            return known._withUnsafeGuaranteedRef { body($0, true) }
        }
        let layers = catalog.cachedLayers(of: table, for: preferences)
        let kept = MemoKey.writing { key -> Bool? in
            writeKey(&key)
            return key.bytes.map { catalog.remember(layers, forKey: $0) }
        } ?? false
        return body(layers, kept)
    }

    // MARK: - The full road

    /// `error` formatted down `layers` into a block, the caller's to free, and whether it may
    /// answer later calls with its key (``ResultReuse``); what may is kept: the result itself
    /// (under `resultKey`), or the error's plan (under `planKey`) when the layers are kept for
    /// good.
    static func formatFully(
        _ error: ErrorInfo, catalog: Catalog, layers: TableLayers, layersKept: Bool,
        resultKey: (inout MemoKey) -> Void, planKey: (inout MemoKey) -> Void
    ) throws(ServingError) -> (block: UnsafeMutableRawPointer, reusable: Bool) {
        let formatter = ErrorMessageFormatter(catalog: catalog)
        let (made, showsCallerText, sawNUL) = ResultWriter.withWriter { writer in
            let shows = formatter.format(error, layers: layers) { field, text, rule, key, localization, table, rejections in
                writer.write(field, text: text, rule: rule, key: key, localization: localization, table: table,
                             rejections: rejections)
            }
            return (writer.finish(stack: layers.stack.localizations, untranslated: layers.stack.isUntranslated), shows,
                    writer.sawNUL)
        }
        guard let block = made else { throw ServingError.outOfMemory }
        let reusable = ResultReuse.mayReuse(hasArguments: !error.arguments.isEmpty, showsCallerText: showsCallerText)
        // A text cut at a U+0000 it holds: the block is not the Swift value, so neither is kept.
        if sawNUL { return (block, reusable) }
        if reusable {
            if let copy = ItemBlock.copy(block) {
                let served = ServedResult(block: copy, formatted: ResultLayout.formattedError(copy, showsCallerText: false))
                keep(served, cost: served.cost, in: catalog, resultKey)
            }
        } else if layersKept {
            plan(error, formatter: formatter, layers: layers, catalog: catalog, planKey)
        }
        return (block, reusable)
    }

    /// Keeps the plan of `error` down `layers` under `planKey` unless one is kept already; when
    /// the resolution depends on more than a plan's key, keeps the mark that says so, so that
    /// later calls with the key do not try to plan it again.
    static func plan(
        _ error: ErrorInfo, formatter: ErrorMessageFormatter, layers: TableLayers, catalog: Catalog,
        _ planKey: (inout MemoKey) -> Void
    ) {
        guard find(catalog, planKey) == nil else { return }
        let template: ResultTemplate
        if let plan = formatter.plan(error, layers: layers) {
            guard let made = ResultTemplate(plan, stack: layers.stack.localizations,
                                            untranslated: layers.stack.isUntranslated)
            else { return }
            template = made
        } else {
            template = ResultTemplate()
        }
        keep(template, cost: template.cost, in: catalog, planKey)
    }

    /// The template kept under `planKey`, unretained (the memo keeps it alive), or `nil`.
    @inline(__always)
    static func template(_ catalog: Catalog, _ planKey: (inout MemoKey) -> Void) -> Unmanaged<ResultTemplate>? {
        find(catalog, planKey).map { Unmanaged<ResultTemplate>.fromOpaque($0) }
    }
}
