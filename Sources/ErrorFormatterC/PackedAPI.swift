#if canImport(Glibc)
import Glibc
#endif
import CErrorFormatter
import ErrorFormatter

/// `ef_format_packed` and `ef_catalog_lookup_packed`: a whole result in the caller's buffer in
/// one call, for bindings that pay per call. They run the same core path as `ef_format` and
/// `ef_catalog_lookup`; only the way the result leaves the library differs. The layouts are
/// specified in the header.

/// One field of a formatted error as the formatter hands it over (``ErrorMessageFormatter``'s
/// `FieldWriter`), kept until the whole output is written: the header that comes first counts
/// what every field holds. A field the formatter never hands over reads as
/// `FormattedError.missingProvenance` (rule `empty`, no key, locale or table), as for the getters.
struct PackedField {
    var text = ""
    var rule = FormattedError.missingProvenance.rule
    var key: String?
    var localization: String?
    var table: String?
    var rejections: [Rejection] = []
}

/// The packed form of a formatted error (see `ef_format_packed` in the header), written from its
/// fields and the stack they were looked up down: no `FormattedError` is made for it. Each field
/// is read in place, three calls rather than a loop: an array of the fields would copy each.
func pack(
    _ title: PackedField, _ message: PackedField, _ button: PackedField, stack: LookupStack,
    into writer: inout PackedWriter
) {
    writer.addNumber(stack.isUntranslated ? 1 : 0)
    writer.addNumber(stack.localizations.count)
    writer.addNumber(title.rejections.count)
    writer.addNumber(message.rejections.count)
    writer.addNumber(button.rejections.count)
    writer.addNumber(mask(title, at: 0) | mask(message, at: 1) | mask(button, at: 2), last: true)
    writer.add(title.text)
    writer.add(message.text)
    writer.add(button.text)
    addProvenance(title, into: &writer)
    addProvenance(message, into: &writer)
    addProvenance(button, into: &writer)
    for entry in stack.localizations { writer.add(entry) }
    for rejection in title.rejections { pack(rejection, into: &writer) }
    for rejection in message.rejections { pack(rejection, into: &writer) }
    for rejection in button.rejections { pack(rejection, into: &writer) }
}

private func addProvenance(_ field: PackedField, into writer: inout PackedWriter) {
    writer.add(field.rule)
    writer.add(field.key)
    writer.add(field.localization)
    writer.add(field.table)
}

/// The null mask's bits of `field`, the `index`th: key, locale, table.
private func mask(_ field: PackedField, at index: Int) -> Int {
    ((field.key == nil ? 1 : 0) | (field.localization == nil ? 2 : 0) | (field.table == nil ? 4 : 0)) << (3 * index)
}

/// Formats `error` down `layers` into `writer`; returns whether a field shows a text the error
/// carries (``FormattedError/showsCallerText``).
private func pack(_ error: ErrorInfo, layers: TableLayers, formatter: ErrorMessageFormatter,
                  into writer: inout PackedWriter) -> Bool {
    var title = PackedField(), message = PackedField(), button = PackedField()
    let showsCallerText = formatter.format(error, layers: layers) {
        field, text, rule, key, localization, table, rejections in
        let kept = PackedField(
            text: text.string, rule: rule, key: key.map { String(decoding: $0, as: UTF8.self) },
            localization: localization, table: table, rejections: rejections)
        switch field {
        case .title: title = kept
        case .message: message = kept
        case .button: button = kept
        }
    }
    pack(title, message, button, stack: layers.stack, into: &writer)
    return showsCallerText
}

private func pack(_ rejection: Rejection, into writer: inout PackedWriter) {
    writer.add(rejection.key)
    writer.add(rejection.localization)
    writer.add(rejection.table)
    writer.add(rejection.code)
    writer.add(rejection.message)
}

/// Validates the output parameters shared by both functions and makes their writer.
private func packedOutput(
    _ out_length: UnsafeMutablePointer<Int>?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int
) throws(Failure) -> (UnsafeMutablePointer<Int>, PackedWriter) {
    guard let out_length else { throw Failure.invalidArgument("out_length must not be NULL") }
    out_length.pointee = 0
    guard buffer != nil || capacity == 0 else {
        throw Failure.invalidArgument("buffer must not be NULL when its capacity is \(capacity)")
    }
    // A size_t above Int.max arrives negative: the caller has room for anything.
    let room = capacity < 0 ? Int.max : capacity
    return (out_length, PackedWriter(buffer: buffer.map(UnsafeMutableRawPointer.init), capacity: room))
}

@_cdecl("ef_format_packed") @implementation
public func ef_format_packed(
    _ out_length: UnsafeMutablePointer<Int>?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
    _ catalog: OpaquePointer?, _ domain: UnsafePointer<CChar>?, _ code: Int64,
    _ description: UnsafePointer<CChar>?, _ failure_reason: UnsafePointer<CChar>?,
    _ recovery_suggestion: UnsafePointer<CChar>?, _ table: UnsafePointer<CChar>?,
    _ arguments: OpaquePointer?,
    _ locales: UnsafePointer<UnsafePointer<CChar>?>?, _ locale_count: Int,
    _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    formatPacked(
        out_length, buffer, capacity, nil, catalog, domain, code, description, failure_reason, recovery_suggestion,
        table, hasArguments: Handle.withBorrowed(arguments, as: ErrorInfoBox.self) { $0.argumentCount > 0 } ?? false,
        arguments: { () throws(Failure) in Handle.withBorrowed(arguments, as: ErrorInfoBox.self) { $0.info.arguments } ?? [] },
        locales, locale_count, err)
}

/// `ef_format_packed` of a request packed into one run (``PackedRequest``: the texts, the code and
/// the packed arguments, ``PackedArguments``), and whether the output may answer later calls, as
/// ``ResultReuse`` decides (1 or 0; 0 on failure; `out_reusable` NULL: not said).
@_cdecl("ef_format_packed_reusable") @implementation
public func ef_format_packed_reusable(
    _ out_length: UnsafeMutablePointer<Int>?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
    _ out_reusable: UnsafeMutablePointer<Int32>?, _ catalog: OpaquePointer?,
    _ request: UnsafePointer<CChar>?, _ request_length: Int,
    _ locales: UnsafePointer<UnsafePointer<CChar>?>?, _ locale_count: Int,
    _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    let read: PackedRequest
    do throws(Failure) {
        read = try PackedRequest.read(request, length: request_length)
    } catch {
        out_reusable?.pointee = 0
        // The output parameters are checked first, as every packed call checks them.
        return reportingFailures(err) { () throws(Failure) in
            _ = try packedOutput(out_length, buffer, capacity)
            throw error
        }
    }
    return formatPacked(
        out_length, buffer, capacity, out_reusable, catalog, read.domain, read.code, read.description,
        read.failureReason, read.recoverySuggestion, read.table, hasArguments: read.argumentsLength != 0,
        arguments: { () throws(Failure) in try PackedArguments.decode(read.arguments, length: read.argumentsLength) },
        locales, locale_count, err)
}

/// Both packed formats: the memo's answer when it has one, else the whole road. `hasArguments`
/// says whether the call passes any (the memo keeps no result made with arguments);
/// `arguments` reads them, only on the whole road and after the other inputs are checked.
@inline(__always)
private func formatPacked(
    _ out_length: UnsafeMutablePointer<Int>?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
    _ out_reusable: UnsafeMutablePointer<Int32>?,
    _ catalog: OpaquePointer?, _ domain: UnsafePointer<CChar>?, _ code: Int64,
    _ description: UnsafePointer<CChar>?, _ failure_reason: UnsafePointer<CChar>?,
    _ recovery_suggestion: UnsafePointer<CChar>?, _ table: UnsafePointer<CChar>?,
    hasArguments: Bool, arguments: () throws(Failure) -> [FormatArgument],
    _ locales: UnsafePointer<UnsafePointer<CChar>?>?, _ locale_count: Int,
    _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    out_reusable?.pointee = 0
    let texts = CallerKey.presentTexts(
        description: description, failureReason: failure_reason, recoverySuggestion: recovery_suggestion)
    // The hot path: an output the memo kept for the same (code, texts present, table, domain,
    // preferences) is copied from it. The texts themselves are only checked, as the slow path
    // would check them; every other input is part of the key, which only validated calls made.
    if let out_length, buffer != nil || capacity == 0, let domain,
       let packed = Handle.withBorrowed(catalog, as: CatalogBox.self, { box in
           box.memoizedPacked(code: code, texts: texts, hasArguments: hasArguments, table: table, domain: domain,
                              locales: locales, count: locale_count)
       }) ?? nil,
       CallerKey.isAcceptable(description), CallerKey.isAcceptable(failure_reason),
       CallerKey.isAcceptable(recovery_suggestion)
    {
        // A size_t above Int.max arrives negative: the caller has room for anything.
        if capacity < 0 || packed.count <= capacity, let buffer, let source = packed.baseAddress {
            memcpy(buffer, source, packed.count)
        }
        out_length.pointee = packed.count
        out_reusable?.pointee = 1
        err?.pointee = nil
        return ef_status(EF_OK)
    }
    // The same error resolved before with arguments of the same kinds, or showing a caller
    // text: its plan (PlannedPacked.swift) writes this call's values into the output. The
    // arguments are decoded once, for the plan and, if it cannot answer, for the full road.
    var decoded: [FormatArgument]?
    if let out_length, buffer != nil || capacity == 0, let domain,
       CallerKey.isAcceptable(description), CallerKey.isAcceptable(failure_reason),
       CallerKey.isAcceptable(recovery_suggestion),
       let catalogBox = Handle.borrow(catalog, as: CatalogBox.self),
       let values = try? arguments()
    {
        decoded = values
        let written = catalogBox.plannedPacked(
            code: code, texts: texts, table: table, domain: domain, locales: locales, count: locale_count,
            arguments: values, text: { which in
                switch which {
                case .description: description
                case .failureReason: failure_reason
                case .recoverySuggestion: recovery_suggestion
                }
            }, into: buffer.map(UnsafeMutableRawPointer.init), capacity: capacity)
        if let written {
            out_length.pointee = written
            err?.pointee = nil
            return ef_status(EF_OK)
        }
    }
    return reportingFailures(err) { () throws(Failure) in
        var (length, writer) = try packedOutput(out_length, buffer, capacity)
        guard let catalogBox = Handle.borrow(catalog, as: CatalogBox.self) else {
            throw Failure.invalidArgument("catalog must not be NULL")
        }
        // The same checks, in the same order, as ef_error_info_new and its setters.
        let domainName = try CInput.string(domain, name: "domain")
        let requestedTable = try CInput.optionalKey(table, name: "table")
        let tableName: String
        do throws(CatalogError) {
            tableName = try Catalog.validatedTableName(requestedTable)
        } catch {
            throw Failure(error)
        }
        // Read last, as ef_error_info_add_* come after the setters; decoded once.
        func callArguments() throws(Failure) -> [FormatArgument] {
            if let decoded { return decoded }
            return try arguments()
        }
        let info = ErrorInfo(
            domain: domainName, code: code,
            description: try CInput.optionalString(description, name: "description"),
            failureReason: try CInput.optionalString(failure_reason, name: "failure_reason"),
            recoverySuggestion: try CInput.optionalString(recovery_suggestion, name: "recovery_suggestion"),
            table: tableName,
            arguments: try callArguments())
        let catalog = catalogBox.catalog
        let formatter = ErrorMessageFormatter(catalog: catalog)
        let showsCallerText: Bool
        if let known = layersKey(table: tableName, locales: locales, count: locale_count, { catalog.knownLayers(forKey: $0) }) {
            // The same table and preference bytes were validated and resolved before; the
            // catalog holds the layers as long as the caller holds the catalog.
            showsCallerText = known._withUnsafeGuaranteedRef { layers in
                let shows = pack(info, layers: layers, formatter: formatter, into: &writer)
                // What the memo never keeps may be planned: down layers the catalog keeps for
                // its whole life, so that the plan's key always names the layers it was made from.
                if !ResultReuse.mayReuse(hasArguments: hasArguments, showsCallerText: shows), let domain {
                    catalogBox.rememberPackedPlan(
                        info: info, layers: layers, formatter: formatter, code: code, texts: texts, table: table,
                        domain: domain, locales: locales, count: locale_count)
                }
                return shows
            }
        } else {
            let preferences = try CInput.strings(locales, count: locale_count, name: "locales")
            let layers = catalog.cachedLayers(of: tableName, for: preferences)
            _ = layersKey(table: tableName, locales: locales, count: locale_count) { catalog.remember(layers, forKey: $0) }
            showsCallerText = pack(info, layers: layers, formatter: formatter, into: &writer)
        }
        length.pointee = writer.length
        out_reusable?.pointee = ResultReuse.mayReuse(hasArguments: hasArguments, showsCallerText: showsCallerText) ? 1 : 0
        if let domain, let buffer, writer.fits {
            catalogBox.memoize(
                packed: UnsafeRawBufferPointer(start: buffer, count: writer.length),
                showingCallerText: showsCallerText, hasArguments: hasArguments, code: code, texts: texts,
                table: table, domain: domain, locales: locales, count: locale_count)
        }
    }
}

/// `body` applied to the bytes that name `table` and the caller's preferences for
/// ``Catalog/knownLayers(forKey:)``, laid out as `ef_format` lays them out (the table, a NUL, then
/// the preferences as ``CallerKey`` writes them), so both find the same layers. `nil` when there
/// is no such key (see ``CallerKey``).
@inline(__always)
private func layersKey<Result>(
    table: String, locales: UnsafePointer<UnsafePointer<CChar>?>?, count: Int,
    _ body: (UnsafeRawBufferPointer) -> Result?
) -> Result? {
    var table = table
    return table.withUTF8 { name in
        CallerKey.with(head: UnsafeRawBufferPointer(name), locales: locales, count: count,
                       tail: UnsafeRawBufferPointer(start: nil, count: 0), body)
    }
}

@_cdecl("ef_catalog_lookup_packed") @implementation
public func ef_catalog_lookup_packed(
    _ out_length: UnsafeMutablePointer<Int>?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
    _ catalog: OpaquePointer?, _ table: UnsafePointer<CChar>?, _ key: UnsafePointer<CChar>?,
    _ locales: UnsafePointer<UnsafePointer<CChar>?>?, _ locale_count: Int,
    _ arguments: OpaquePointer?, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    reportingFailures(err) { () throws(Failure) in
        var (length, writer) = try packedOutput(out_length, buffer, capacity)
        guard catalog != nil else { throw Failure.invalidArgument("catalog must not be NULL") }
        // The same checks, in the same order, as ef_catalog_lookup.
        let resolvedTable = Catalog.tableName(orDefault: try CInput.optionalKey(table, name: "table"))
        let key = try CInput.key(key, name: "key")
        let preferences = try CInput.strings(locales, count: locale_count, name: "locales")
        let values = Handle.withBorrowed(arguments, as: ErrorInfoBox.self) { $0.info.arguments } ?? []
        guard let resolution = Handle.withBorrowed(catalog, as: CatalogBox.self, { box in
            box.catalog.resolve(key, table: resolvedTable, preferences: preferences, arguments: values)
        }) else { throw Failure.invalidArgument("catalog must not be NULL") }
        writer.addNumber(resolution.hit == nil ? 0 : 1)
        writer.addNumber(resolution.rejections.count, last: true)
        writer.add(resolution.hit?.value)
        writer.add(resolution.hit?.localization)
        writer.add(resolvedTable)
        for rejection in resolution.rejections { pack(rejection, into: &writer) }
        length.pointee = writer.length
        guard resolution.hit != nil else {
            throw Failure(status: ef_status(EF_E_KEY_NOT_FOUND),
                          message: "no localization has a usable value for \"\(key)\" in \(resolvedTable)")
        }
    }
}
