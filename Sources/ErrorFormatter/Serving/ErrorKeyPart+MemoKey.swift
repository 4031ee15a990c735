#if canImport(Glibc)
import Glibc
#endif

/// The error's part of a memo key (``ErrorKeyPart``), appended to a ``MemoKey``.
extension ErrorKeyPart {
    /// Appends the part of an error given as C strings (a packed request's, `ef_format_packed`'s)
    /// to `key`.
    @inline(__always)
    static func append(
        code: Int64, presentTexts: UInt8, options: UInt8, table: UnsafePointer<CChar>?,
        domain: UnsafePointer<CChar>, to key: inout MemoKey
    ) {
        key.append(word: Int(code))
        key.append(byte: presentTexts)
        key.append(byte: options)
        // NULL and "" name the default table, as the full road resolves them.
        if let table, table.pointee != 0 {
            key.appendTerminated(UnsafeRawBufferPointer(start: table, count: strlen(table)))
        } else {
            key.appendTerminated(Catalog.defaultTable)
        }
        key.appendTerminated(UnsafeRawBufferPointer(start: domain, count: strlen(domain)))
    }

    /// Appends the part of a Swift error to `key`: the part the error keeps, copied, or (for an
    /// error that keeps none) written from its strings.
    @inline(__always)
    static func append(_ error: ErrorInfo, to key: inout MemoKey) {
        if error.withKeyPart({ key.append($0) }) != nil { return }
        key.append(word: Int(error.code))
        key.append(byte: presentTexts(
            description: error.description?.isEmpty == false, failureReason: error.failureReason?.isEmpty == false,
            recoverySuggestion: error.recoverySuggestion?.isEmpty == false))
        key.append(byte: options(numberStyle: error.numberStyle))
        if error.table.isEmpty {
            key.appendTerminated(Catalog.defaultTable)
        } else {
            key.appendTerminated(error.table)
        }
        key.appendTerminated(error.domain)
    }
}
