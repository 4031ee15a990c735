#if canImport(Glibc)
import Glibc
#endif

/// The one place that decides which formatted errors may answer a later call, under which key,
/// and that keeps them: the memos behind `ef_format` and `ef_format_packed`, and the answer
/// `ef_format_packed_reusable` gives a binding that keeps a memo in its own language.
///
/// **What may be reused.** A result that took no arguments and whose fields show none of the
/// texts the error carried (``FormattedError/showsCallerText``). Nothing else in it came from
/// the caller.
///
/// **Under which key.** Such a result depends only on the catalog (a memo belongs to one), the
/// preferences, the table, the domain, the code, and which of the description, failure reason
/// and recovery suggestion are present (non-empty): a present text that is not shown was passed
/// over because an earlier rule of its field found a key, and the same rule finds it whatever the
/// text says; an absent one may have let a later rule win that the text would have beaten. So
/// the key holds which texts are present, never what they say. Calls with other keys may have the
/// same result (an error with an unshown description formats as the one without): the key only
/// says what is certain.
///
/// **Kept how.** As the bytes the caller made of the result (a result block, a packed output),
/// copied, in a ``ConcurrentByteCache``: read without a lock or a reference count, insert-only,
/// bounded in bytes whatever callers send. When the budget is spent, nothing more is kept and
/// calls take their full road, correct, only slower.
package final class ResultReuse: @unchecked Sendable {
    // @unchecked: the only state is the cache, which is itself safe to share.
    private let kept: ConcurrentByteCache

    /// - Parameter byteBudget: the most the kept results and their keys may cost, in bytes.
    package init(byteBudget: Int) {
        kept = ConcurrentByteCache(slotCount: 8_192, byteBudget: byteBudget)
    }

    /// Whether a result may answer later calls with the same key: it took no arguments and
    /// shows none of the error's texts.
    @inline(__always)
    package static func mayReuse(hasArguments: Bool, showsCallerText: Bool) -> Bool {
        !hasArguments && !showsCallerText
    }

    // MARK: - The key

    /// Which of an error's texts are present, as the key records them: bit 0 the description,
    /// 1 the failure reason, 2 the recovery suggestion.
    @inline(__always)
    package static func presentTexts(description: Bool, failureReason: Bool, recoverySuggestion: Bool) -> UInt8 {
        (description ? 1 : 0) | (failureReason ? 2 : 0) | (recoverySuggestion ? 4 : 0)
    }

    /// Whether a text the error carries counts as present: as the rules count it, not empty.
    @inline(__always)
    package static func isPresent(_ text: String?) -> Bool { text?.isEmpty == false }

    /// Whether a C string counts as present: not NULL and not empty.
    @inline(__always)
    package static func isPresent(_ text: UnsafePointer<CChar>?) -> Bool { text.map { $0.pointee != 0 } ?? false }

    /// Where the byte of ``presentTexts(description:failureReason:recoverySuggestion:)`` is in
    /// ``writeErrorKey(code:presentTexts:table:domain:into:)``'s key (after the code).
    package static let presentTextsOffset = 8

    /// Where the table's bytes start in ``writeErrorKey(code:presentTexts:table:domain:into:)``'s key.
    package static let tableOffset = 9

    /// Writes the error's part of a key into `buffer`: the code (8 bytes), which texts are present
    /// (1 byte), the table's UTF-8 and a NUL, then the domain's UTF-8 (neither holds a NUL, so
    /// different errors write different bytes). The caller appends the preferences. Returns the
    /// number of bytes written, `nil` when they do not fit (the error is then not memoized).
    package static func writeErrorKey(
        code: Int64, presentTexts: UInt8, table: UnsafeRawBufferPointer, domain: UnsafeRawBufferPointer,
        into buffer: UnsafeMutableRawBufferPointer
    ) -> Int? {
        guard let base = buffer.baseAddress, table.count < buffer.count - tableOffset,
              domain.count <= buffer.count - tableOffset - table.count - 1 else { return nil }
        base.storeBytes(of: code, as: Int64.self)
        (base + presentTextsOffset).storeBytes(of: presentTexts, as: UInt8.self)
        if let source = table.baseAddress, table.count > 0 { memcpy(base + tableOffset, source, table.count) }
        (base + tableOffset + table.count).storeBytes(of: 0, as: UInt8.self)
        let domainStart = tableOffset + table.count + 1
        if let source = domain.baseAddress, domain.count > 0 { memcpy(base + domainStart, source, domain.count) }
        return domainStart + domain.count
    }

    // MARK: - The memo

    /// The bytes kept under `key`, which live as long as this memo; never any for a call with
    /// arguments (whose key may equal that of the same error without them).
    @inline(__always)
    package func find(_ key: UnsafeRawBufferPointer, hasArguments: Bool) -> UnsafeRawBufferPointer? {
        guard !hasArguments else { return nil }
        return kept.find(key, hash: kept.hash(key)).map(KeptBytes.bytes(at:))
    }

    /// Keeps a copy of `result`, the bytes made of a formatted error, under `key` when the
    /// result may be reused (``mayReuse(hasArguments:showsCallerText:)``) and the budget allows.
    /// Returns whether the memo holds a result under `key` afterwards.
    @discardableResult
    package func remember(
        _ result: UnsafeRawBufferPointer, under key: UnsafeRawBufferPointer, hasArguments: Bool, showsCallerText: Bool
    ) -> Bool {
        guard Self.mayReuse(hasArguments: hasArguments, showsCallerText: showsCallerText),
              let copy = KeptBytes(copying: result) else { return false }
        return kept.insert(key, hash: kept.hash(key), value: copy, cost: result.count) != nil
    }
}
