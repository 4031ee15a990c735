#if canImport(Glibc)
import Glibc
#endif

/// The error's part of a memo key for a formatted result or a plan: what such a result depends
/// on besides the catalog, the preferences and the arguments. An ``ErrorInfo`` keeps its own,
/// made when the error is made or changed (``ErrorInfoStorage``); the serving roads append it
/// to their keys (`Serving/`).
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
}

/// An error's key part kept inline (``ErrorKeyPart``): up to ``capacity`` bytes, which hold the
/// part of an error with the default table and a domain of up to 73 bytes. An error whose
/// part is longer, or whose table or domain holds a NUL, keeps none (`count` 0), and each call
/// writes its part from its strings.
struct InlineErrorKeyPart {
    static let capacity = 96

    private var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                        UInt64) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    /// The bytes kept, or 0 for none.
    private(set) var count = 0

    /// The part of an error with these fields (`table` empty: the default table).
    init(code: Int64, presentTexts: UInt8, numberStyle: NumberStyle?, table: String, domain: String) {
        let table = table.isEmpty ? Catalog.defaultTable : table
        let written = UTF8Bytes.with(table) { table in
            UTF8Bytes.with(domain) { domain in
                withUnsafeMutableBytes(of: &words) { buffer in
                    ErrorKeyPart.write(code: code, presentTexts: presentTexts,
                                       options: ErrorKeyPart.options(numberStyle: numberStyle), table: table,
                                       domain: domain, into: buffer)
                }
            }
        }
        count = written ?? 0
    }

    /// `body` applied to the bytes, or `nil` when none are kept.
    @inline(__always)
    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result? {
        guard count > 0 else { return nil }
        return withUnsafeBytes(of: words) { body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
    }

    mutating func setCode(_ code: Int64) {
        guard count > 0 else { return }
        withUnsafeMutableBytes(of: &words) { $0.storeBytes(of: code, toByteOffset: 0, as: Int64.self) }
    }

    mutating func setPresentTexts(_ presentTexts: UInt8) {
        guard count > 0 else { return }
        withUnsafeMutableBytes(of: &words) {
            $0.storeBytes(of: presentTexts, toByteOffset: ErrorKeyPart.presentTextsOffset, as: UInt8.self)
        }
    }

    mutating func setNumberStyle(_ numberStyle: NumberStyle?) {
        guard count > 0 else { return }
        withUnsafeMutableBytes(of: &words) {
            $0.storeBytes(of: ErrorKeyPart.options(numberStyle: numberStyle), toByteOffset: ErrorKeyPart.optionsOffset,
                          as: UInt8.self)
        }
    }
}
