#if canImport(Glibc)
import Glibc
#endif

/// Formatting an error for a C caller: `ef_format`'s result (a block the caller owns) and the
/// packed calls' output (the same items in the caller's buffer).
extension Serving {
    /// `request` formatted for the preferences: a block (``ResultLayout``) the caller owns.
    ///
    /// - Throws: `invalidArgument` and `invalidUTF8` for the preferences; `outOfMemory`.
    package static func format(_ request: ErrorRequest, catalog: Catalog, locales: CLocales, count: Int)
        throws(ServingError) -> UnsafeMutableRawPointer
    {
        func resultKey(_ key: inout MemoKey) {
            key.append(byte: Kind.result.rawValue)
            request.writeKey(into: &key)
            key.appendPreferences(locales, count: count)
        }
        func planKey(_ key: inout MemoKey) {
            key.append(byte: Kind.plan.rawValue)
            request.writeKey(into: &key)
            key.appendPreferences(locales, count: count)
            ResultReuse.writeArgumentKinds(of: request.arguments, into: &key)
        }
        // 1. The memo: a result made before with the same key, copied.
        if !request.hasArguments, let kept = find(catalog, resultKey) {
            guard let copy = ItemBlock.copy(ServedResult.block(at: kept)) else { throw ServingError.outOfMemory }
            return copy
        }
        // 2. A plan: this call's values rendered into what an earlier call resolved.
        if let planned = template(catalog, planKey)?._withUnsafeGuaranteedRef({
            $0.block(arguments: request.arguments, text: request.text)
        }) {
            return planned
        }
        // 3. The full road.
        // The closures that read bytes in place do not throw: the result crosses them as a value.
        if let made = request.withTableBytes({ table in
            Result { () throws(ServingError) in
                try withLayers(catalog, table: table, locales: locales, count: count) { layers, kept throws(ServingError) in
                    try formatFully(request.errorInfo, catalog: catalog, layers: layers, layersKept: kept,
                                    resultKey: resultKey, planKey: planKey).block
                }
            }
        }) {
            return try made.get()
        } else {
            // An error too long to key: formatted without the memos.
            let preferences = try CallerBytes.preferences(locales, count: count)
            let layers = catalog.cachedLayers(of: request.table, for: preferences)
            return try formatFully(request.errorInfo, catalog: catalog, layers: layers, layersKept: false,
                                   resultKey: { $0.invalidate() }, planKey: { $0.invalidate() }).block
        }
    }

    /// The packed output of `parts` formatted for the preferences (the 1.1 items, or every item
    /// when `complete`), written into `buffer` when it fits `capacity` bytes (negative: room for
    /// anything): the output's length, and whether the output answers every later call with the
    /// same key (``ResultReuse``).
    ///
    /// - Throws: `invalidArgument` and `invalidUTF8` for the parts and the preferences, in the
    ///   order `ef_error_info_new`, its setters and `ef_format` check them; `outOfMemory`.
    package static func formatPacked(
        _ parts: ErrorParts, catalog: Catalog, locales: CLocales, count: Int, complete: Bool,
        into buffer: UnsafeMutableRawPointer?, capacity: Int
    ) throws(ServingError) -> (length: Int, reusable: Bool) {
        func write(_ items: UnsafeRawBufferPointer) -> Int {
            if let buffer, capacity < 0 || items.count <= capacity, let source = items.baseAddress {
                memcpy(buffer, source, items.count)
            }
            return items.count
        }
        func callKey(_ key: inout MemoKey) {
            guard let domain = parts.domain else { return key.invalidate() }
            ErrorKeyPart.append(code: parts.code, presentTexts: parts.presentTexts, table: parts.table,
                                domain: domain, to: &key)
            key.appendPreferences(locales, count: count)
        }
        func resultKey(_ key: inout MemoKey) {
            key.append(byte: Kind.result.rawValue)
            callKey(&key)
        }
        // 1. The memo. The texts are not read, only checked as the full road would check them.
        if !parts.hasArguments, let kept = find(catalog, resultKey), parts.textsAreAcceptable {
            return (write(ItemBlock.items(ServedResult.block(at: kept), metadata: ResultLayout.metadataCount,
                                          complete: complete)), true)
        }
        // 2. A plan. The arguments are decoded once, for the plan and, if it cannot answer, the
        //    full road; a run that does not decode is reported by the full road, in its order.
        let arguments = try? parts.decodedArguments()
        if let arguments, parts.domain != nil, parts.textsAreAcceptable,
           let written = template(catalog, { key in
               key.append(byte: Kind.plan.rawValue)
               callKey(&key)
               ResultReuse.writeArgumentKinds(of: arguments, into: &key)
           })?._withUnsafeGuaranteedRef({
               $0.writePacked(arguments: arguments, text: parts.text, complete: complete, into: buffer,
                              capacity: capacity)
           }) {
            return (written, false)
        }
        // 3. The full road.
        let checked = try parts.errorInfo(decoded: arguments)
        let (block, reusable) = try UTF8Bytes.with(checked.table) { table in
            Result { () throws(ServingError) in
                try withLayers(catalog, table: table, locales: locales, count: count) { layers, kept throws(ServingError) in
                    try formatFully(checked, catalog: catalog, layers: layers, layersKept: kept, resultKey: resultKey,
                                    planKey: { key in
                                        key.append(byte: Kind.plan.rawValue)
                                        callKey(&key)
                                        ResultReuse.writeArgumentKinds(of: checked.arguments, into: &key)
                                    })
                }
            }
        }.get()
        defer { free(block) }
        return (write(ItemBlock.items(block, metadata: ResultLayout.metadataCount, complete: complete)), reusable)
    }
}
