#if canImport(Glibc)
import Glibc
#endif

/// Formatting an error for a C caller: `ef_format`'s result (a block the caller owns) and the
/// packed calls' output (the same items in the caller's buffer).
extension Serving {
    /// Writes the key a C caller's formatted request is remembered under (`kind`: its result, or
    /// its plan, which the arguments' kinds end).
    @inline(__always)
    private static func writeKey(
        _ key: inout MemoKey, kind: Kind, request: ErrorRequest, locales: CLocales, count: Int
    ) {
        key.append(byte: kind.rawValue)
        request.writeKey(into: &key)
        key.appendPreferences(locales, count: count)
        if kind == .plan { ResultReuse.writeArgumentKinds(of: request.arguments, into: &key) }
    }

    /// `request` formatted for the preferences from what the catalog remembers (its result, or
    /// its plan with this call's values), or `nil` when the call must take the full road
    /// (``format(_:catalog:locales:count:)``). Nothing is checked: only checked calls stored
    /// anything, under the bytes this one passed.
    @inline(__always)
    package static func rememberedFormat(_ request: ErrorRequest, catalog: Catalog, locales: CLocales, count: Int)
        -> UnsafeMutableRawPointer?
    {
        switch remembered(request, catalog: catalog, locales: locales, count: count) {
        // 1. The memo: a result made before with the same key, copied.
        case .kept(let block)?: ItemBlock.copy(block)
        case .made(let block)?: block
        case nil: nil
        }
    }

    /// What the catalog remembers for a call: the block its memo keeps (not the caller's: valid
    /// while the catalog lives), or a block made from a plan (the caller's to free).
    enum Remembered {
        case kept(UnsafeRawPointer)
        case made(UnsafeMutableRawPointer)
    }

    /// The memo's block for the call, or one rendered from its plan; `nil` when neither is kept.
    @inline(__always)
    static func remembered(_ request: ErrorRequest, catalog: Catalog, locales: CLocales, count: Int) -> Remembered? {
        // One key for both probes: the result's, then (its kind replaced, the arguments' kinds
        // appended) the plan's.
        return MemoKey.writing { key -> Remembered? in
            writeKey(&key, kind: .result, request: request, locales: locales, count: count)
            // 1. The memo: a result made before with the same key.
            if !request.hasArguments, let kept = find(catalog, key) {
                return .kept(UnsafeRawPointer(ServedResult.block(at: kept)))
            }
            // 2. A plan: this call's values rendered into what an earlier call resolved.
            key.setKind(Kind.plan.rawValue)
            let arguments = request.arguments
            ResultReuse.writeArgumentKinds(of: arguments, into: &key)
            guard let planned = find(catalog, key) else { return nil }
            return Unmanaged<ResultTemplate>.fromOpaque(planned)._withUnsafeGuaranteedRef {
                $0.block(arguments: arguments, text: request.text)
            }.map(Remembered.made)
        }
    }

    /// The plan the catalog keeps for `request` and the preferences (a template, or the mark of
    /// a key that has no plan), unretained (the memo keeps it alive), or `nil`.
    static func keptPlan(_ request: ErrorRequest, catalog: Catalog, locales: CLocales, count: Int)
        -> Unmanaged<ResultTemplate>?
    {
        template(catalog) { writeKey(&$0, kind: .plan, request: request, locales: locales, count: count) }
    }

    /// `body` applied to the block of `request` formatted for the preferences, on whichever road
    /// answers: the block a memo keeps is read where it is (no copy), any other is freed after.
    /// `planDeclined`: the caller's own try of the key's plan declined this call, so it goes
    /// straight to the full road rather than try the plan again.
    ///
    /// - Throws: as ``format(_:catalog:locales:count:)``.
    package static func withFormatted<Answer>(
        _ request: ErrorRequest, catalog: Catalog, locales: CLocales, count: Int, planDeclined: Bool = false,
        _ body: (UnsafeRawPointer) throws(ServingError) -> Answer
    ) throws(ServingError) -> Answer {
        let block: UnsafeMutableRawPointer
        switch planDeclined ? nil : remembered(request, catalog: catalog, locales: locales, count: count) {
        case .kept(let kept)?: return try body(kept)
        case .made(let made)?: block = made
        case nil: block = try format(request, catalog: catalog, locales: locales, count: count)
        }
        defer { free(block) }
        return try body(block)
    }

    /// `request` formatted for the preferences on the full road (after
    /// ``rememberedFormat(_:catalog:locales:count:)`` did not answer): a block (``ResultLayout``)
    /// the caller owns. What may answer later calls is kept.
    ///
    /// - Throws: `invalidArgument` and `invalidUTF8` for the preferences; `outOfMemory`.
    package static func format(_ request: ErrorRequest, catalog: Catalog, locales: CLocales, count: Int)
        throws(ServingError) -> UnsafeMutableRawPointer
    {
        // The closures that read bytes in place do not throw: the result crosses them as a value.
        if let made = request.withTableBytes({ table in
            Result { () throws(ServingError) in
                try withLayers(catalog, table: table, locales: locales, count: count) { layers, kept throws(ServingError) in
                    try formatFully(
                        request.errorInfo, catalog: catalog, layers: layers, layersKept: kept,
                        resultKey: { writeKey(&$0, kind: .result, request: request, locales: locales, count: count) },
                        planKey: { writeKey(&$0, kind: .plan, request: request, locales: locales, count: count) }
                    ).block
                }
            }
        }) {
            return try made.get()
        }
        // An error too long to key: formatted without the memos.
        let preferences = try CallerBytes.preferences(locales, count: count)
        let layers = catalog.cachedLayers(of: request.table, for: preferences)
        return try formatFully(request.errorInfo, catalog: catalog, layers: layers, layersKept: false,
                               resultKey: { $0.invalidate() }, planKey: { $0.invalidate() }).block
    }

    /// Writes the key an error passed as parts is remembered under (`arguments`: those of a
    /// plan's key, which their kinds end; `nil` for a result's).
    @inline(__always)
    private static func writeKey(
        _ key: inout MemoKey, parts: ErrorParts, arguments: [FormatArgument]?, locales: CLocales, count: Int
    ) {
        guard let domain = parts.domain else { return key.invalidate() }
        key.append(byte: (arguments == nil ? Kind.result : Kind.plan).rawValue)
        ErrorKeyPart.append(code: parts.code, presentTexts: parts.presentTexts,
                            options: ErrorKeyPart.options(numberStyle: parts.numberStyle), table: parts.table,
                            domain: domain,
                            to: &key)
        key.appendPreferences(locales, count: count)
        if let arguments { ResultReuse.writeArgumentKinds(of: arguments, into: &key) }
    }

    /// Copies `items` into `buffer` when they fit `capacity` bytes (negative: room for
    /// anything); their length either way.
    @inline(__always)
    private static func write(_ items: UnsafeRawBufferPointer, into buffer: UnsafeMutableRawPointer?, capacity: Int)
        -> Int
    {
        if let buffer, capacity < 0 || items.count <= capacity, let source = items.baseAddress {
            memcpy(buffer, source, items.count)
        }
        return items.count
    }

    /// The packed output of `parts` formatted for the preferences (the 1.1 items, or every item
    /// when `complete`) from what the catalog remembers, written into `buffer` when it fits
    /// `capacity` bytes (negative: room for anything): the output's length and whether it
    /// answers every later call with the same key (``ResultReuse``); `nil` when the call must
    /// take the full road. The texts are not read, only checked as the full road would check
    /// them; every other part is in the key, which only checked calls stored anything under.
    @inline(__always)
    package static func rememberedFormatPacked(
        _ parts: ErrorParts, catalog: Catalog, locales: CLocales, count: Int, complete: Bool,
        into buffer: UnsafeMutableRawPointer?, capacity: Int
    ) -> (length: Int, reusable: Bool)? {
        guard parts.domain != nil, parts.textsAreAcceptable else { return nil }
        // 1. The memo.
        if !parts.hasArguments,
           let kept = find(catalog, { writeKey(&$0, parts: parts, arguments: nil, locales: locales, count: count) }) {
            let items = ItemBlock.items(ServedResult.block(at: kept), metadata: ResultLayout.metadataCount,
                                        complete: complete)
            return (write(items, into: buffer, capacity: capacity), true)
        }
        // 2. A plan. A run of arguments that does not decode is reported by the full road.
        guard let arguments = try? parts.decodedArguments() else { return nil }
        return template(catalog, { writeKey(&$0, parts: parts, arguments: arguments, locales: locales, count: count) })?
            ._withUnsafeGuaranteedRef {
            $0.writePacked(arguments: arguments, text: parts.text, complete: complete, into: buffer,
                           capacity: capacity)
        }.map { ($0, false) }
    }

    /// The same on the full road (after ``rememberedFormatPacked(_:catalog:locales:count:complete:into:capacity:)``
    /// did not answer). What may answer later calls is kept.
    ///
    /// - Throws: `invalidArgument` and `invalidUTF8` for the parts and the preferences, in the
    ///   order `ef_error_info_new`, its setters and `ef_format` check them; `outOfMemory`.
    package static func formatPacked(
        _ parts: ErrorParts, catalog: Catalog, locales: CLocales, count: Int, complete: Bool,
        into buffer: UnsafeMutableRawPointer?, capacity: Int
    ) throws(ServingError) -> (length: Int, reusable: Bool) {
        let error = try parts.errorInfo()
        let (block, reusable) = try UTF8Bytes.with(error.table) { table in
            Result { () throws(ServingError) in
                try withLayers(catalog, table: table, locales: locales, count: count) { layers, kept throws(ServingError) in
                    try formatFully(
                        error, catalog: catalog, layers: layers, layersKept: kept,
                        resultKey: { writeKey(&$0, parts: parts, arguments: nil, locales: locales, count: count) },
                        planKey: {
                            writeKey(&$0, parts: parts, arguments: error.arguments, locales: locales, count: count)
                        })
                }
            }
        }.get()
        defer { free(block) }
        let items = ItemBlock.items(block, metadata: ResultLayout.metadataCount, complete: complete)
        return (write(items, into: buffer, capacity: capacity), reusable)
    }
}
