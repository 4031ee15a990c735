import CErrorFormatter
import ErrorFormatter

/// The object behind `ef_result *`: a formatted error with every string already in C form.
///
/// All of a result's strings live in one arena (one `malloc`): a result is made for every
/// `ef_format` call, so its cost is per call.
final class ResultBox {
    /// For field f, [text, rule, key, locale, table] at f * 5; then the stack entries at
    /// `stackOffset`; then each field's rejection messages, field by field.
    let strings: CStringArena
    let stackCount: Int
    /// Where each field's rejection messages start in `strings`, and (last) where they end.
    private let rejectionBounds: [Int]
    private static let fields = ErrorField.allCases
    private static let stringsPerField = 5
    private static let stackOffset = fields.count * stringsPerField

    init(_ formatted: FormattedError) {
        // Provenance is read in place, field by field: copying a `Provenance` copies four
        // strings and an array, and the arena reads each twice.
        let provenance = formatted.provenance
        var bounds: [Int] = []
        bounds.reserveCapacity(Self.fields.count + 1)
        var end = Self.stackOffset + formatted.stack.count
        for field in Self.fields {
            bounds.append(end)
            end += provenance.indices.contains(field.rawValue) ? provenance[field.rawValue].rejections.count : 0
        }
        bounds.append(end)
        // Strings are passed where they are rather than gathered into an array first.
        strings = CStringArena.make { add in
            for field in Self.fields {
                add(formatted.text(field))
                if provenance.indices.contains(field.rawValue) {
                    add(provenance[field.rawValue].rule)
                    add(provenance[field.rawValue].key)
                    add(provenance[field.rawValue].localization)
                    add(provenance[field.rawValue].table)
                } else {
                    add(FormattedError.missingProvenance.rule)
                    add(nil)
                    add(nil)
                    add(nil)
                }
            }
            for entry in formatted.stack { add(entry) }
            for field in Self.fields where provenance.indices.contains(field.rawValue) {
                for rejection in provenance[field.rawValue].rejections { add(rejection.description) }
            }
        }
        stackCount = formatted.stack.count
        rejectionBounds = bounds
    }

    /// Item `item` (0 text … 4 table) of `field`, or `nil` for a field that does not exist.
    func string(field: Int32, item: Int) -> UnsafePointer<CChar>? {
        guard let field = ErrorField(rawValue: Int(field)) else { return nil }
        return strings[field.rawValue * Self.stringsPerField + item]
    }

    /// Where the rejection messages of `field` are in `strings`; empty for an unknown field.
    private func rejectionRange(field: Int32) -> Range<Int> {
        guard let field = ErrorField(rawValue: Int(field)), field.rawValue >= 0,
              field.rawValue + 1 < rejectionBounds.count
        else { return 0..<0 }
        return rejectionBounds[field.rawValue]..<rejectionBounds[field.rawValue + 1]
    }

    func rejectionCount(field: Int32) -> Int { rejectionRange(field: field).count }

    func rejection(field: Int32, index: Int) -> UnsafePointer<CChar>? {
        let range = rejectionRange(field: field)
        guard index >= 0, index < range.count else { return nil }
        return strings[range.lowerBound + index]
    }

    /// Writes the list of `ef_result_strings` (fields, stack, NULL, each field's rejections and
    /// a NULL) to at most `capacity` entries of `out`; returns the length of the whole list.
    func writeStrings(to out: UnsafeMutablePointer<UnsafePointer<CChar>?>?, capacity: Int) -> Int {
        var length = 0
        func put(_ string: UnsafePointer<CChar>?) {
            if let out, length < capacity { out[length] = string }
            length += 1
        }
        for index in 0..<(Self.stackOffset + stackCount) { put(strings[index]) }
        put(nil)
        for field in Self.fields {
            for index in rejectionRange(field: Int32(field.rawValue)) { put(strings[index]) }
            put(nil)
        }
        return length
    }

    /// What the result's strings cost, in bytes (what a memo of it is charged).
    var byteCount: Int { strings.capacity * 8 + rejectionBounds.count * 8 + 64 }

    func stackEntry(_ index: Int) -> UnsafePointer<CChar>? {
        guard index >= 0, index < stackCount else { return nil }
        return strings[Self.stackOffset + index]
    }
}

@_cdecl("ef_format") @implementation
public func ef_format(
    _ out: UnsafeMutablePointer<OpaquePointer?>?, _ catalog: OpaquePointer?, _ info: OpaquePointer?,
    _ locales: UnsafePointer<UnsafePointer<CChar>?>?, _ locale_count: Int,
    _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    // The hot path: an argument-free error formatted before for the same (preferences, table,
    // domain, code, texts present) is handed out as the catalog's shared result, without a
    // lock, an allocation or a reference count.
    if let out, let memoized = Handle.withBorrowed(catalog, as: CatalogBox.self, { box in
        Handle.withBorrowed(info, as: ErrorInfoBox.self) { info in
            box.memoizedResult(info: info, locales: locales, count: locale_count)
        } ?? nil
    }) ?? nil {
        err?.pointee = nil
        out.pointee = memoized
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
        let preferences = try CInput.strings(locales, count: locale_count, name: "locales")
        let formatted = ErrorMessageFormatter(catalog: catalogBox.catalog).format(infoBox.info, preferences: preferences)
        let result = ResultBox(formatted)
        if let shared = catalogBox.memoize(result, of: formatted, info: infoBox, locales: locales, count: locale_count) {
            out.pointee = shared
        } else {
            out.pointee = Handle.make(result)
        }
    }
}

@_cdecl("ef_result_title") @implementation
public func ef_result_title(_ result: OpaquePointer?) -> UnsafePointer<CChar>? {
    Handle.withBorrowed(result, as: ResultBox.self) { $0.string(field: Int32(EF_FIELD_TITLE), item: 0) } ?? StaticCString.empty
}

@_cdecl("ef_result_message") @implementation
public func ef_result_message(_ result: OpaquePointer?) -> UnsafePointer<CChar>? {
    Handle.withBorrowed(result, as: ResultBox.self) { $0.string(field: Int32(EF_FIELD_MESSAGE), item: 0) } ?? StaticCString.empty
}

@_cdecl("ef_result_button") @implementation
public func ef_result_button(_ result: OpaquePointer?) -> UnsafePointer<CChar>? {
    Handle.withBorrowed(result, as: ResultBox.self) { $0.string(field: Int32(EF_FIELD_BUTTON), item: 0) } ?? StaticCString.empty
}

@_cdecl("ef_result_rule") @implementation
public func ef_result_rule(_ result: OpaquePointer?, _ field: Int32) -> UnsafePointer<CChar>? {
    Handle.withBorrowed(result, as: ResultBox.self) { $0.string(field: field, item: 1) } ?? nil
}

@_cdecl("ef_result_key") @implementation
public func ef_result_key(_ result: OpaquePointer?, _ field: Int32) -> UnsafePointer<CChar>? {
    Handle.withBorrowed(result, as: ResultBox.self) { $0.string(field: field, item: 2) } ?? nil
}

@_cdecl("ef_result_locale") @implementation
public func ef_result_locale(_ result: OpaquePointer?, _ field: Int32) -> UnsafePointer<CChar>? {
    Handle.withBorrowed(result, as: ResultBox.self) { $0.string(field: field, item: 3) } ?? nil
}

@_cdecl("ef_result_table") @implementation
public func ef_result_table(_ result: OpaquePointer?, _ field: Int32) -> UnsafePointer<CChar>? {
    Handle.withBorrowed(result, as: ResultBox.self) { $0.string(field: field, item: 4) } ?? nil
}

@_cdecl("ef_result_stack_count") @implementation
public func ef_result_stack_count(_ result: OpaquePointer?) -> Int {
    Handle.withBorrowed(result, as: ResultBox.self) { $0.stackCount } ?? 0
}

@_cdecl("ef_result_stack_entry") @implementation
public func ef_result_stack_entry(_ result: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    Handle.withBorrowed(result, as: ResultBox.self) { $0.stackEntry(index) } ?? nil
}

@_cdecl("ef_result_rejection_count") @implementation
public func ef_result_rejection_count(_ result: OpaquePointer?, _ field: Int32) -> Int {
    Handle.withBorrowed(result, as: ResultBox.self) { $0.rejectionCount(field: field) } ?? 0
}

@_cdecl("ef_result_rejection") @implementation
public func ef_result_rejection(_ result: OpaquePointer?, _ field: Int32, _ index: Int) -> UnsafePointer<CChar>? {
    Handle.withBorrowed(result, as: ResultBox.self) { $0.rejection(field: field, index: index) } ?? nil
}

@_cdecl("ef_result_strings") @implementation
public func ef_result_strings(
    _ result: OpaquePointer?, _ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?, _ capacity: Int
) -> Int {
    // A size_t above Int.max arrives negative: the caller has room for anything.
    let room = out == nil ? 0 : capacity < 0 ? Int.max : capacity
    return Handle.withBorrowed(result, as: ResultBox.self) { $0.writeStrings(to: out, capacity: room) } ?? 0
}

@_cdecl("ef_result_free") @implementation
public func ef_result_free(_ result: OpaquePointer?) {
    Handle.release(result, as: ResultBox.self)
}
