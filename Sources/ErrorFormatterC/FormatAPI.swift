import CErrorFormatter
import ErrorFormatter

/// What `ef_result *` points at: an ``OwnedStrings`` block of a formatted error, the caller's
/// own (valid until `ef_result_free`, whatever happens to the catalog).
///
/// Strings: for field f, [text, rule, key, locale, table] at f * 5; then the stack entries; then
/// each field's rejection messages, field by field. Metadata: the stack count, then where each
/// field's rejection messages start among the strings and (last) where they end.
enum ResultBlock {
    private static let fields = ErrorField.allCases
    static let stringsPerField = 5
    static let fieldCount = 3
    private static let stackOffset = fieldCount * stringsPerField
    static let metadataCount = 1 + fieldCount + 1

    /// The block of `error` formatted down `layers` by `formatter`, or `nil` if memory ran out,
    /// and whether it shows a text the caller passed (``FormattedError/showsCallerText``).
    static func make(_ error: ErrorInfo, layers: TableLayers, formatter: ErrorMessageFormatter)
        -> (block: UnsafeMutableRawPointer?, showsCallerText: Bool)
    {
        withUnsafeTemporaryAllocation(byteCount: ResultBlockWriter.stackScratchBytes, alignment: 8) { scratch in
            // A temporary allocation of a nonzero size always has an address.
            guard let base = scratch.baseAddress else { return (nil, false) }
            var writer = ResultBlockWriter(stackScratch: base, count: scratch.count)
            let showsCallerText = formatter.format(error, layers: layers) {
                field, text, rule, key, localization, table, rejections in
                writer.write(field, text: text, rule: rule, key: key, localization: localization, table: table,
                             rejections: rejections)
            }
            return (writer.finish(stack: layers.stack.localizations), showsCallerText)
        }
    }

    /// Item `item` (0 text … 4 table) of `field`, or `nil` for a field that does not exist.
    static func string(_ block: UnsafeRawPointer, field: Int32, item: Int) -> UnsafePointer<CChar>? {
        guard let field = ErrorField(rawValue: Int(field)) else { return nil }
        return OwnedStrings.string(block, field.rawValue * stringsPerField + item)
    }

    static func stackCount(_ block: UnsafeRawPointer) -> Int { OwnedStrings.metadata(block, 0) }

    static func stackEntry(_ block: UnsafeRawPointer, _ index: Int) -> UnsafePointer<CChar>? {
        guard index >= 0, index < stackCount(block) else { return nil }
        return OwnedStrings.string(block, stackOffset + index)
    }

    /// Where the rejection messages of `field` are among the strings; empty for an unknown field.
    private static func rejectionRange(_ block: UnsafeRawPointer, field: Int32) -> Range<Int> {
        guard let field = ErrorField(rawValue: Int(field)) else { return 0..<0 }
        let start = OwnedStrings.metadata(block, 1 + field.rawValue)
        let end = OwnedStrings.metadata(block, 2 + field.rawValue)
        return start <= end ? start..<end : 0..<0
    }

    static func rejectionCount(_ block: UnsafeRawPointer, field: Int32) -> Int {
        rejectionRange(block, field: field).count
    }

    static func rejection(_ block: UnsafeRawPointer, field: Int32, index: Int) -> UnsafePointer<CChar>? {
        let range = rejectionRange(block, field: field)
        guard index >= 0, index < range.count else { return nil }
        return OwnedStrings.string(block, range.lowerBound + index)
    }

    /// Writes the list of `ef_result_strings` (fields, stack, NULL, each field's rejections and
    /// a NULL) to at most `capacity` entries of `out`; returns the length of the whole list.
    static func writeStrings(
        _ block: UnsafeRawPointer, to out: UnsafeMutablePointer<UnsafePointer<CChar>?>?, capacity: Int
    ) -> Int {
        var length = 0
        func put(_ string: UnsafePointer<CChar>?) {
            if let out, length < capacity { out[length] = string }
            length += 1
        }
        for index in 0..<(stackOffset + stackCount(block)) { put(OwnedStrings.string(block, index)) }
        put(nil)
        for field in fields {
            for index in rejectionRange(block, field: Int32(field.rawValue)) { put(OwnedStrings.string(block, index)) }
            put(nil)
        }
        return length
    }
}

@_cdecl("ef_format") @implementation
public func ef_format(
    _ out: UnsafeMutablePointer<OpaquePointer?>?, _ catalog: OpaquePointer?, _ info: OpaquePointer?,
    _ locales: UnsafePointer<UnsafePointer<CChar>?>?, _ locale_count: Int,
    _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    // The hot path: an argument-free error formatted before for the same (preferences, table,
    // domain, code, texts present) is copied from the catalog's memo, without a lock or a
    // shared write. The copy is the caller's, as every result is.
    if let out, let memoized = Handle.withBorrowed(catalog, as: CatalogBox.self, { box in
        Handle.withBorrowed(info, as: ErrorInfoBox.self) { info in
            box.memoizedResult(info: info, locales: locales, count: locale_count)
        } ?? nil
    }) ?? nil, let copy = OwnedStrings.copy(memoized) {
        err?.pointee = nil
        out.pointee = OwnedStrings.handle(copy)
        return ef_status(EF_OK)
    }
    // The same error resolved before with arguments of the same kinds, or showing a caller
    // text: its plan renders this call's values into a block of the caller's own.
    if let out, let planned = Handle.withBorrowed(catalog, as: CatalogBox.self, { box in
        Handle.withBorrowed(info, as: ErrorInfoBox.self) { info in
            box.plannedResult(info: info, locales: locales, count: locale_count)
        } ?? nil
    }) ?? nil {
        err?.pointee = nil
        out.pointee = OwnedStrings.handle(planned)
        return ef_status(EF_OK)
    }
    return reportingFailures(err) { () throws(Failure) in
        let out = try CInput.clear(out)
        guard let catalogBox = Handle.borrow(catalog, as: CatalogBox.self) else {
            throw Failure.invalidArgument("catalog must not be NULL")
        }
        guard let infoBox = Handle.borrow(info, as: ErrorInfoBox.self) else {
            throw Failure.invalidArgument("info must not be NULL")
        }
        let catalog = catalogBox.catalog
        let formatter = ErrorMessageFormatter(catalog: catalog)
        let made: UnsafeMutableRawPointer?, showsCallerText: Bool
        // A result the memo cannot keep may still have a plan (PlannedResult.swift). Plans are
        // made only down layers the catalog keeps under these bytes for its whole life, so a
        // plan's key always names the layers it was made from.
        let plans = { (showsCallerText: Bool) in
            !ResultReuse.mayReuse(hasArguments: infoBox.hasArguments, showsCallerText: showsCallerText)
        }
        if let known = infoBox.layersKey(locales: locales, count: locale_count, { catalog.knownLayers(forKey: $0) }) {
            // The same table and preference bytes were validated and resolved before; the
            // catalog holds the layers as long as the caller holds the catalog.
            (made, showsCallerText) = known._withUnsafeGuaranteedRef { layers in
                let made = ResultBlock.make(infoBox.info, layers: layers, formatter: formatter)
                if made.block != nil, plans(made.showsCallerText) {
                    catalogBox.rememberPlan(info: infoBox, layers: layers, formatter: formatter, locales: locales,
                                            count: locale_count)
                }
                return made
            }
        } else {
            let preferences = try CInput.strings(locales, count: locale_count, name: "locales")
            let layers = catalog.cachedLayers(of: Catalog.tableName(orDefault: infoBox.info.table), for: preferences)
            _ = infoBox.layersKey(locales: locales, count: locale_count) { catalog.remember(layers, forKey: $0) }
            (made, showsCallerText) = ResultBlock.make(infoBox.info, layers: layers, formatter: formatter)
        }
        guard let block = made else { throw Failure.outOfMemory() }
        catalogBox.memoize(result: block, showingCallerText: showsCallerText, info: infoBox, locales: locales,
                           count: locale_count)
        out.pointee = OwnedStrings.handle(block)
    }
}

extension ErrorInfoBox {
    /// `body` applied to the bytes that name this error's table and the caller's preferences
    /// for ``Catalog/knownLayers(forKey:)``: the table, a NUL, then the preferences as
    /// ``CallerKey`` lays them out. `nil` when there is no such key (see ``CallerKey``).
    @inline(__always)
    fileprivate func layersKey<Result>(
        locales: UnsafePointer<UnsafePointer<CChar>?>?, count: Int, _ body: (UnsafeRawBufferPointer) -> Result?
    ) -> Result? {
        withTableBytes { table in
            CallerKey.with(head: table, locales: locales, count: count, tail: UnsafeRawBufferPointer(start: nil, count: 0), body)
        }
    }
}

@_cdecl("ef_result_title") @implementation
public func ef_result_title(_ result: OpaquePointer?) -> UnsafePointer<CChar>? {
    OwnedStrings.block(result).flatMap { ResultBlock.string($0, field: Int32(EF_FIELD_TITLE), item: 0) } ?? StaticCString.empty
}

@_cdecl("ef_result_message") @implementation
public func ef_result_message(_ result: OpaquePointer?) -> UnsafePointer<CChar>? {
    OwnedStrings.block(result).flatMap { ResultBlock.string($0, field: Int32(EF_FIELD_MESSAGE), item: 0) } ?? StaticCString.empty
}

@_cdecl("ef_result_button") @implementation
public func ef_result_button(_ result: OpaquePointer?) -> UnsafePointer<CChar>? {
    OwnedStrings.block(result).flatMap { ResultBlock.string($0, field: Int32(EF_FIELD_BUTTON), item: 0) } ?? StaticCString.empty
}

@_cdecl("ef_result_rule") @implementation
public func ef_result_rule(_ result: OpaquePointer?, _ field: Int32) -> UnsafePointer<CChar>? {
    OwnedStrings.block(result).flatMap { ResultBlock.string($0, field: field, item: 1) }
}

@_cdecl("ef_result_key") @implementation
public func ef_result_key(_ result: OpaquePointer?, _ field: Int32) -> UnsafePointer<CChar>? {
    OwnedStrings.block(result).flatMap { ResultBlock.string($0, field: field, item: 2) }
}

@_cdecl("ef_result_locale") @implementation
public func ef_result_locale(_ result: OpaquePointer?, _ field: Int32) -> UnsafePointer<CChar>? {
    OwnedStrings.block(result).flatMap { ResultBlock.string($0, field: field, item: 3) }
}

@_cdecl("ef_result_table") @implementation
public func ef_result_table(_ result: OpaquePointer?, _ field: Int32) -> UnsafePointer<CChar>? {
    OwnedStrings.block(result).flatMap { ResultBlock.string($0, field: field, item: 4) }
}

@_cdecl("ef_result_stack_count") @implementation
public func ef_result_stack_count(_ result: OpaquePointer?) -> Int {
    OwnedStrings.block(result).map(ResultBlock.stackCount) ?? 0
}

@_cdecl("ef_result_stack_entry") @implementation
public func ef_result_stack_entry(_ result: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    OwnedStrings.block(result).flatMap { ResultBlock.stackEntry($0, index) }
}

@_cdecl("ef_result_rejection_count") @implementation
public func ef_result_rejection_count(_ result: OpaquePointer?, _ field: Int32) -> Int {
    OwnedStrings.block(result).map { ResultBlock.rejectionCount($0, field: field) } ?? 0
}

@_cdecl("ef_result_rejection") @implementation
public func ef_result_rejection(_ result: OpaquePointer?, _ field: Int32, _ index: Int) -> UnsafePointer<CChar>? {
    OwnedStrings.block(result).flatMap { ResultBlock.rejection($0, field: field, index: index) }
}

@_cdecl("ef_result_strings") @implementation
public func ef_result_strings(
    _ result: OpaquePointer?, _ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?, _ capacity: Int
) -> Int {
    // A size_t above Int.max arrives negative: the caller has room for anything.
    let room = out == nil ? 0 : capacity < 0 ? Int.max : capacity
    return OwnedStrings.block(result).map { ResultBlock.writeStrings($0, to: out, capacity: room) } ?? 0
}

@_cdecl("ef_result_free") @implementation
public func ef_result_free(_ result: OpaquePointer?) {
    OwnedStrings.free(result)
}
