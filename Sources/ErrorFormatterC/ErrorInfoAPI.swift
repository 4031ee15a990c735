#if canImport(Glibc)
import Glibc
#endif
import CErrorFormatter
import ErrorFormatter

/// The object behind `ef_error_info *`: a mutable error description.
///
/// The description lives behind a pointer, read with `info` and changed with `update`, rather
/// than in a stored `var`: a class's `var` is checked for exclusive access at run time on every
/// use, which cost more than appending an argument. The header makes the caller responsible for
/// not changing one error info from two threads at once, as with every mutable handle.
final class ErrorInfoBox {
    private let storage: UnsafeMutablePointer<ErrorInfo>
    /// What a memoized result of this error is keyed by, kept up to date by every change, so
    /// that `ef_format`'s hot path reads bytes instead of four strings (which costs reference
    /// counts): the code, which texts are present, the table, a NUL and the domain.
    private let memo: UnsafeMutablePointer<MemoKey>

    private struct MemoKey {
        /// `nil` when the key would be longer than ``CallerKey/capacity`` allows.
        var bytes: UnsafeMutableRawPointer?
        var count = 0
        /// How many bytes of the table name follow the first ``ResultReuse/tableOffset``.
        var tableLength = 0
        var hasArguments = false
    }

    init(_ info: ErrorInfo) {
        storage = UnsafeMutablePointer<ErrorInfo>.allocate(capacity: 1)
        storage.initialize(to: info)
        memo = UnsafeMutablePointer<MemoKey>.allocate(capacity: 1)
        memo.initialize(to: MemoKey())
        rebuildMemoKey()
    }

    deinit {
        free(memo.pointee.bytes)
        memo.deinitialize(count: 1)
        memo.deallocate()
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    var info: ErrorInfo { storage.pointee }

    var argumentCount: Int { storage.pointee.arguments.count }

    /// The error's arguments, read in place (the error itself is not copied).
    var arguments: [FormatArgument] { storage.pointee.arguments }

    /// One of the texts the error carries, read in place.
    func text(_ which: FormatPlan.CallerText) -> String? {
        switch which {
        case .description: storage.pointee.description
        case .failureReason: storage.pointee.failureReason
        case .recoverySuggestion: storage.pointee.recoverySuggestion
        }
    }

    /// Changes the error (anything but its arguments: see ``updateArguments(_:)``).
    func update<Result, E: Error>(_ change: (inout ErrorInfo) throws(E) -> Result) throws(E) -> Result {
        defer { rebuildMemoKey() }
        return try change(&storage.pointee)
    }

    /// Changes one of the error's texts only: of the memo key, only the byte that says which
    /// texts are present can change (a caller that sets a description per call must not pay for
    /// a new key each time).
    func updateText(_ change: (inout ErrorInfo) -> Void) {
        change(&storage.pointee)
        guard let bytes = memo.pointee.bytes else { return }
        bytes.storeBytes(of: Self.presentTexts(of: storage.pointee), toByteOffset: ResultReuse.presentTextsOffset,
                         as: UInt8.self)
    }

    /// Changes the error's arguments only: the memo key stays, only whether there are any is
    /// noted (an argument loop must not rebuild the key on every append).
    func updateArguments<Result, E: Error>(_ change: (inout [FormatArgument]) throws(E) -> Result) throws(E)
        -> Result
    {
        defer { memo.pointee.hasArguments = !storage.pointee.arguments.isEmpty }
        return try change(&storage.pointee.arguments)
    }

    /// Whether the error has arguments (a memoized result is never one of those: ``ResultReuse``).
    var hasArguments: Bool { memo.pointee.hasArguments }

    /// `body` applied to the memo key (see `memo`, laid out as ``ResultReuse`` keys an error);
    /// `nil` when the key could not be made (a very long table or domain).
    @inline(__always)
    func withMemoKey<Result>(_ body: (UnsafeRawBufferPointer) -> Result?) -> Result? {
        guard let bytes = memo.pointee.bytes else { return nil }
        return body(UnsafeRawBufferPointer(start: bytes, count: memo.pointee.count))
    }

    /// `body` applied to the UTF-8 bytes of the error's table (read from the memo key, so no
    /// `String` is touched); `nil` when the key could not be made (a very long table or domain).
    @inline(__always)
    func withTableBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result?) -> Result? {
        guard let bytes = memo.pointee.bytes else { return nil }
        return body(UnsafeRawBufferPointer(start: bytes + ResultReuse.tableOffset, count: memo.pointee.tableLength))
    }

    /// The memo key's byte for which of `info`'s texts are present.
    private static func presentTexts(of info: ErrorInfo) -> UInt8 {
        ResultReuse.presentTexts(
            description: ResultReuse.isPresent(info.description), failureReason: ResultReuse.isPresent(info.failureReason),
            recoverySuggestion: ResultReuse.isPresent(info.recoverySuggestion))
    }

    private func rebuildMemoKey() {
        var info = storage.pointee
        free(memo.pointee.bytes)
        memo.pointee = MemoKey(bytes: nil, count: 0, hasArguments: !info.arguments.isEmpty)
        let texts = Self.presentTexts(of: info)
        let capacity = ResultReuse.tableOffset + info.table.utf8.count + 1 + info.domain.utf8.count
        guard capacity <= CallerKey.capacity / 2, let bytes = malloc(capacity) else { return }
        let count = info.table.withUTF8 { table in
            info.domain.withUTF8 { domain in
                ResultReuse.writeErrorKey(
                    code: info.code, presentTexts: texts, table: UnsafeRawBufferPointer(table),
                    domain: UnsafeRawBufferPointer(domain), into: UnsafeMutableRawBufferPointer(start: bytes, count: capacity))
            }
        }
        guard let count else {
            free(bytes)
            return
        }
        memo.pointee.bytes = bytes
        memo.pointee.count = count
        memo.pointee.tableLength = info.table.utf8.count
    }
}

@_cdecl("ef_error_info_new") @implementation
public func ef_error_info_new(
    _ out: UnsafeMutablePointer<OpaquePointer?>?, _ domain: UnsafePointer<CChar>?, _ code: Int64,
    _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    reportingFailures(err) { () throws(Failure) in
        let out = try CInput.clear(out)
        let domain = try CInput.key(domain, name: "domain")
        out.pointee = Handle.make(ErrorInfoBox(ErrorInfo(domain: domain, code: code)))
    }
}

/// Sets one optional text of an error info; NULL clears it.
private func setText(
    _ info: OpaquePointer?, _ text: UnsafePointer<CChar>?, name: String,
    _ err: UnsafeMutablePointer<OpaquePointer?>?, _ assign: (ErrorInfoBox, String?) -> Void
) -> ef_status {
    reportingFailures(err) { () throws(Failure) in
        guard let box = Handle.borrow(info, as: ErrorInfoBox.self) else {
            throw Failure.invalidArgument("info must not be NULL")
        }
        assign(box, try CInput.optionalString(text, name: name))
    }
}

@_cdecl("ef_error_info_set_description") @implementation
public func ef_error_info_set_description(
    _ info: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    setText(info, text, name: "text", err) { box, text in box.updateText { $0.description = text } }
}

@_cdecl("ef_error_info_set_failure_reason") @implementation
public func ef_error_info_set_failure_reason(
    _ info: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    setText(info, text, name: "text", err) { box, text in box.updateText { $0.failureReason = text } }
}

@_cdecl("ef_error_info_set_recovery_suggestion") @implementation
public func ef_error_info_set_recovery_suggestion(
    _ info: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    setText(info, text, name: "text", err) { box, text in box.updateText { $0.recoverySuggestion = text } }
}

@_cdecl("ef_error_info_set_table") @implementation
public func ef_error_info_set_table(
    _ info: OpaquePointer?, _ table: UnsafePointer<CChar>?, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    reportingFailures(err) { () throws(Failure) in
        guard let box = Handle.borrow(info, as: ErrorInfoBox.self) else {
            throw Failure.invalidArgument("info must not be NULL")
        }
        let name = try CInput.optionalKey(table, name: "table")
        do throws(CatalogError) {
            try box.update { info throws(CatalogError) in try info.setTable(name) }
        } catch {
            throw Failure(error)
        }
    }
}

/// Appends one argument to an error info.
private func addArgument(
    _ info: OpaquePointer?, _ err: UnsafeMutablePointer<OpaquePointer?>?,
    _ makeArgument: () throws(Failure) -> FormatArgument
) -> ef_status {
    reportingFailures(err) { () throws(Failure) in
        guard info != nil else { throw Failure.invalidArgument("info must not be NULL") }
        let argument = try makeArgument()
        let added: CatalogError?? = Handle.withBorrowed(info, as: ErrorInfoBox.self) { box in
            do throws(CatalogError) {
                try box.updateArguments { arguments throws(CatalogError) in
                    try ErrorInfo.checkRoomForArgument(after: arguments.count)
                    arguments.append(argument)
                }
                return nil
            } catch {
                return error
            }
        }
        if case .some(.some(let refused)) = added { throw Failure(refused) }
    }
}

@_cdecl("ef_error_info_add_string") @implementation
public func ef_error_info_add_string(
    _ info: OpaquePointer?, _ value: UnsafePointer<CChar>?, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    addArgument(info, err) { () throws(Failure) in .string(try CInput.string(value, name: "value")) }
}

@_cdecl("ef_error_info_add_int64") @implementation
public func ef_error_info_add_int64(
    _ info: OpaquePointer?, _ value: Int64, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    addArgument(info, err) { .int(value) }
}

@_cdecl("ef_error_info_add_uint64") @implementation
public func ef_error_info_add_uint64(
    _ info: OpaquePointer?, _ value: UInt64, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    addArgument(info, err) { .uint(value) }
}

@_cdecl("ef_error_info_add_double") @implementation
public func ef_error_info_add_double(
    _ info: OpaquePointer?, _ value: Double, _ err: UnsafeMutablePointer<OpaquePointer?>?
) -> ef_status {
    addArgument(info, err) { .double(value) }
}

@_cdecl("ef_error_info_clear_arguments") @implementation
public func ef_error_info_clear_arguments(_ info: OpaquePointer?, _ err: UnsafeMutablePointer<OpaquePointer?>?)
    -> ef_status
{
    reportingFailures(err) { () throws(Failure) in
        // The buffer is kept: a caller that reuses one error info (a loop) appends again.
        // Removed from the end: `removeAll(keepingCapacity:)` takes the array's generic
        // replace-range path, several times the cost for the one or two arguments of an error.
        let cleared: Void? = Handle.withBorrowed(info, as: ErrorInfoBox.self) { box in
            box.updateArguments { arguments in
                while !arguments.isEmpty { arguments.removeLast() }
            }
        }
        guard cleared != nil else { throw Failure.invalidArgument("info must not be NULL") }
    }
}

@_cdecl("ef_error_info_argument_count") @implementation
public func ef_error_info_argument_count(_ info: OpaquePointer?) -> Int {
    Handle.borrow(info, as: ErrorInfoBox.self)?.info.arguments.count ?? 0
}

@_cdecl("ef_error_info_free") @implementation
public func ef_error_info_free(_ info: OpaquePointer?) {
    Handle.release(info, as: ErrorInfoBox.self)
}
