#if canImport(Glibc)
import Glibc
#endif

/// The error's part of a memo key (``MemoKey``) for a formatted result or a plan: what such a
/// result depends on besides the catalog, the preferences and the arguments (``ResultReuse``).
///
/// Layout: the code (8 bytes), which of the description, failure reason and recovery
/// suggestion are present (1 byte, ``presentTexts(description:failureReason:recoverySuggestion:)``),
/// the call's options (1 byte, ``options(numberStyle:)``), the table's UTF-8 and a NUL, the domain's UTF-8 and a NUL.
/// Neither name holds a NUL (a Swift string that does is not keyed), so different errors write
/// different bytes.
enum ErrorKeyPart {
    static let presentTextsOffset = 8
    static let optionsOffset = 9
    static let tableOffset = 10

    /// Which of an error's texts are present: bit 0 the description, 1 the failure reason, 2
    /// the recovery suggestion.
    @inline(__always)
    static func presentTexts(description: Bool, failureReason: Bool, recoverySuggestion: Bool) -> UInt8 {
        (description ? 1 : 0) | (failureReason ? 2 : 0) | (recoverySuggestion ? 4 : 0)
    }

    /// The call's options as the key records them: how the error asks its numbers to be written
    /// (0: as the catalog says, 1: C locale, 2: localized). A result or plan made for one choice
    /// never answers a call that makes another, even where they would render alike.
    @inline(__always)
    static func options(numberStyle: NumberStyle?) -> UInt8 {
        switch numberStyle {
        case nil: 0
        case .cLocale?: 1
        case .localized?: 2
        }
    }

    /// The bytes of the part for a table and a domain of these lengths.
    static func length(table: Int, domain: Int) -> Int { tableOffset + table + 1 + domain + 1 }

    /// Writes the part into `buffer`; the bytes written, or `nil` when they do not fit or a name
    /// holds a NUL.
    static func write(
        code: Int64, presentTexts: UInt8, options: UInt8, table: UnsafeRawBufferPointer,
        domain: UnsafeRawBufferPointer, into buffer: UnsafeMutableRawBufferPointer
    ) -> Int? {
        let length = length(table: table.count, domain: domain.count)
        guard let base = buffer.baseAddress, length <= buffer.count, !holdsNUL(table), !holdsNUL(domain) else {
            return nil
        }
        base.storeBytes(of: code, as: Int64.self)
        (base + presentTextsOffset).storeBytes(of: presentTexts, as: UInt8.self)
        (base + optionsOffset).storeBytes(of: options, as: UInt8.self)
        if let source = table.baseAddress, table.count > 0 { memcpy(base + tableOffset, source, table.count) }
        (base + tableOffset + table.count).storeBytes(of: 0, as: UInt8.self)
        let domainStart = tableOffset + table.count + 1
        if let source = domain.baseAddress, domain.count > 0 { memcpy(base + domainStart, source, domain.count) }
        (base + domainStart + domain.count).storeBytes(of: 0, as: UInt8.self)
        return length
    }

    @inline(__always)
    private static func holdsNUL(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return false }
        return memchr(base, 0, bytes.count) != nil
    }

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

    /// Appends the part of a Swift error to `key`.
    @inline(__always)
    static func append(_ error: ErrorInfo, to key: inout MemoKey) {
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
