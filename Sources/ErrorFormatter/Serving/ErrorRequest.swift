#if canImport(Glibc)
import Glibc
#endif

/// An error as a C caller builds it, one setter at a time (`ef_error_info *`), kept in the form
/// the serving roads read: the caller's texts as the bytes it passed (a caller that sets a
/// description per call makes no `String` of it), and the error's part of every memo key
/// (``ErrorKeyPart``) kept up to date by each change, so that a format writes its key with one
/// copy. The ``ErrorInfo`` the rules read is made only when a call takes the full road.
///
/// Each setter checks what it is given as the header says (``CallerBytes``) and leaves the
/// request unchanged when it refuses. Not safe to change from two threads at once, as every
/// mutable handle; any number may read it while nobody changes it.
package final class ErrorRequest {
    /// Everything, behind a pointer: a class's stored `var`s are checked for exclusive access
    /// at run time on every use, which would cost more than appending an argument.
    private let state: UnsafeMutablePointer<State>

    private struct State {
        var domain: String
        var code: Int64
        /// The table the rules read: `Localizable` unless set.
        var table = Catalog.defaultTable
        var arguments: [FormatArgument] = []
        /// How the error's numbers are written (`nil`: as the catalog says).
        var numberStyle: NumberStyle?
        /// The description, failure reason and recovery suggestion, as passed (`nil`: none).
        var texts: [CallerTextBytes?] = [nil, nil, nil]
        /// The error's part of a memo key, `nil` when it would be too long to key a memo.
        var key: UnsafeMutableRawPointer?
        var keyLength = 0
        var tableLength = 0
    }

    /// - Throws: `invalidArgument` for a NULL domain or one longer than `Limits.maximumKeyBytes`;
    ///   `invalidUTF8`.
    package init(domain: UnsafePointer<CChar>?, code: Int64) throws(ServingError) {
        let domain = try CallerBytes.key(domain, name: "domain")
        state = .allocate(capacity: 1)
        state.initialize(to: State(domain: domain, code: code))
        rebuildKey()
    }

    deinit {
        free(state.pointee.key)
        for text in state.pointee.texts { text?.release() }
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// The error's arguments, read in place.
    package var arguments: [FormatArgument] { state.pointee.arguments }

    package var argumentCount: Int { state.pointee.arguments.count }

    @inline(__always)
    package var hasArguments: Bool { !state.pointee.arguments.isEmpty }

    /// The table the error names.
    package var table: String { state.pointee.table }

    /// The error's domain.
    package var domain: String { state.pointee.domain }

    /// The error's code.
    package var code: Int64 { state.pointee.code }

    /// The error as the rules read it, with every text made a `String` (the full road).
    package var errorInfo: ErrorInfo {
        let state = state.pointee
        return ErrorInfo(
            domain: state.domain, code: state.code, description: state.texts[0]?.string,
            failureReason: state.texts[1]?.string, recoverySuggestion: state.texts[2]?.string,
            table: state.table, arguments: state.arguments, numberStyle: state.numberStyle)
    }

    /// How the error asks its numbers to be written (`nil`: as the catalog says).
    package var numberStyle: NumberStyle? { state.pointee.numberStyle }

    /// The bytes of one of the texts the error carries (`nil`: not set), valid until it changes.
    @inline(__always)
    package func text(_ which: FormatPlan.CallerText) -> UnsafeRawBufferPointer? {
        state.pointee.texts[Self.index(which)]?.bytes
    }

    private static func index(_ which: FormatPlan.CallerText) -> Int {
        switch which {
        case .description: 0
        case .failureReason: 1
        case .recoverySuggestion: 2
        }
    }

    // MARK: - Changes

    /// Sets one of the error's texts to a copy of `text`; NULL clears it.
    ///
    /// - Throws: `invalidUTF8` (the text named `name`).
    package func setText(_ which: FormatPlan.CallerText, _ text: UnsafePointer<CChar>?, name: String)
        throws(ServingError)
    {
        let index = Self.index(which)
        guard let text else {
            state.pointee.texts[index]?.release()
            state.pointee.texts[index] = nil
            return updatePresentTexts()
        }
        let bytes = try CallerBytes.validUTF8(text, name: name)
        if var kept = state.pointee.texts[index] {
            guard kept.replace(with: bytes) else { throw ServingError.outOfMemory }
            state.pointee.texts[index] = kept
        } else {
            guard let kept = CallerTextBytes(copying: bytes) else { throw ServingError.outOfMemory }
            state.pointee.texts[index] = kept
        }
        updatePresentTexts()
    }

    /// Sets the table the rules read; NULL or "" restores `Localizable`.
    ///
    /// - Throws: `invalidArgument` for a name longer than `Limits.maximumKeyBytes` or holding a
    ///   `/`; `invalidUTF8`.
    package func setTable(_ table: UnsafePointer<CChar>?) throws(ServingError) {
        state.pointee.table = try CallerBytes.table(table)
        rebuildKey()
    }

    /// Sets how the error's numbers are written; `nil` leaves it to the catalog.
    package func setNumberStyle(_ style: NumberStyle?) {
        state.pointee.numberStyle = style
        state.pointee.key?.storeBytes(of: ErrorKeyPart.options(numberStyle: style),
                                      toByteOffset: ErrorKeyPart.optionsOffset, as: UInt8.self)
    }

    /// Appends an argument.
    ///
    /// - Throws: `invalidArgument` when the error has `Limits.maximumArguments` already.
    package func append(_ argument: FormatArgument) throws(ServingError) {
        do throws(CatalogError) {
            try ErrorInfo.checkRoomForArgument(after: state.pointee.arguments.count)
        } catch {
            throw ServingError(error)
        }
        state.pointee.arguments.append(argument)
    }

    /// Removes every argument, keeping their storage for the next ones (a caller that reuses one
    /// error in a loop appends again). Removed from the end: `removeAll(keepingCapacity:)` takes
    /// the array's generic replace-range path, several times the cost for an error's few.
    package func clearArguments() {
        while !state.pointee.arguments.isEmpty { state.pointee.arguments.removeLast() }
    }

    // MARK: - The key

    /// Appends the error's part of a memo key, or makes `key` unusable when there is none.
    @inline(__always)
    func writeKey(into key: inout MemoKey) {
        guard let bytes = state.pointee.key else { return key.invalidate() }
        key.append(UnsafeRawBufferPointer(start: bytes, count: state.pointee.keyLength))
    }

    /// The UTF-8 of the table, read from the key's copy (no `String` is touched), or `nil`
    /// when there is no key.
    @inline(__always)
    func withTableBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result?) -> Result? {
        guard let bytes = state.pointee.key else { return nil }
        return body(UnsafeRawBufferPointer(start: bytes + ErrorKeyPart.tableOffset, count: state.pointee.tableLength))
    }

    private func updatePresentTexts() {
        guard let bytes = state.pointee.key else { return }
        bytes.storeBytes(
            of: ErrorKeyPart.presentTexts(
                description: state.pointee.texts[0]?.isPresent ?? false,
                failureReason: state.pointee.texts[1]?.isPresent ?? false,
                recoverySuggestion: state.pointee.texts[2]?.isPresent ?? false),
            toByteOffset: ErrorKeyPart.presentTextsOffset, as: UInt8.self)
    }

    private func rebuildKey() {
        free(state.pointee.key)
        state.pointee.key = nil
        let table = state.pointee.table, domain = state.pointee.domain
        let capacity = ErrorKeyPart.length(table: table.utf8.count, domain: domain.utf8.count)
        guard capacity <= MemoKey.capacity / 2, let bytes = malloc(capacity) else { return }
        let written = UTF8Bytes.with(table) { table in
            UTF8Bytes.with(domain) { domain in
                ErrorKeyPart.write(code: state.pointee.code, presentTexts: 0,
                                   options: ErrorKeyPart.options(numberStyle: state.pointee.numberStyle),
                                   table: table, domain: domain,
                                   into: UnsafeMutableRawBufferPointer(start: bytes, count: capacity))
            }
        }
        guard let written else {
            free(bytes)
            return
        }
        state.pointee.key = bytes
        state.pointee.keyLength = written
        state.pointee.tableLength = table.utf8.count
        updatePresentTexts()
    }
}

/// A text a caller passed, copied: its bytes in memory of its own, reused when it is set again.
struct CallerTextBytes {
    private var memory: UnsafeMutableRawPointer
    private var capacity: Int
    private(set) var count: Int

    init?(copying bytes: UnsafeRawBufferPointer) {
        guard let memory = malloc(max(bytes.count, 16)) else { return nil }
        self.memory = memory
        capacity = max(bytes.count, 16)
        count = 0
        guard replace(with: bytes) else { return nil }
    }

    /// Copies `bytes` in place of the text; `false` when memory ran out (the text is unchanged).
    mutating func replace(with bytes: UnsafeRawBufferPointer) -> Bool {
        if bytes.count > capacity {
            guard let grown = realloc(memory, bytes.count) else { return false }
            memory = grown
            capacity = bytes.count
        }
        if let source = bytes.baseAddress, bytes.count > 0 { memcpy(memory, source, bytes.count) }
        count = bytes.count
        return true
    }

    func release() { free(memory) }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: memory, count: count) }

    /// Whether the rules count it as present: not empty.
    var isPresent: Bool { count > 0 }

    /// The text as a `String`: its bytes were checked to be valid UTF-8 when it was set.
    var string: String {
        KnownValidUTF8.string(UnsafeBufferPointer(start: memory.assumingMemoryBound(to: UInt8.self), count: count))
    }
}
