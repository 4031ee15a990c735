/// The one place that keeps how errors were resolved (``FormatPlan``) for later calls with
/// arguments or shown caller texts, which ``ResultReuse`` never answers: a later call with the
/// same key renders its own arguments and texts into what the plan decided.
///
/// **Under which key.** A result memo's key (the code, which of the description, failure reason
/// and recovery suggestion are present, the table, the domain; then the preferences) followed
/// by the arguments' kinds and the error's number style (``writeArgumentKinds(of:numberStyle:into:)``).
/// A plan depends on nothing else (the catalog's own number style is the memo's, which belongs to
/// one catalog): ``FormatPlan`` says when one is made at all and what a call still checks.
///
/// **Kept how.** Whatever the caller makes of a plan (the C library: a result block's template;
/// for a key with no plan, a mark that says so, so that its calls do not try again),
/// in a ``ConcurrentByteCache``: read without a lock or a reference count, insert-only, bounded
/// in bytes whatever callers send. When the budget is spent, nothing more is kept and calls take
/// their full road, correct, only slower. A kept object may point into the catalog's tables: a
/// memo belongs to one catalog and goes with it, and a catalog never drops a table it made.
package final class FormatPlanReuse: @unchecked Sendable {
    // @unchecked: the only state is the cache, which is itself safe to share.
    private let kept: ConcurrentByteCache

    /// - Parameter byteBudget: the most the kept objects and their keys may cost, in bytes.
    package init(byteBudget: Int) {
        kept = ConcurrentByteCache(slotCount: 8_192, byteBudget: byteBudget)
    }

    /// Errors with more arguments than this are not planned: their keys would be long, and
    /// such errors are rare.
    package static var maximumArguments: Int { 64 }

    /// The most bytes ``writeArgumentKinds(of:numberStyle:into:)`` writes.
    package static var kindsCapacity: Int { 2 + maximumArguments }

    /// Writes the error's number style when it has one (1 byte, 0xC0 for `.cLocale`, 0xC1 for
    /// `.localized`: never a count, so a key without it reads differently), the arguments' count
    /// (1 byte) and each one's kind (1 byte: string, signed, unsigned, floating point) into
    /// `buffer`; returns the number of bytes written, `nil` when there are more than
    /// ``maximumArguments`` or they do not fit.
    @inline(__always)
    package static func writeArgumentKinds(
        of arguments: [FormatArgument], numberStyle: NumberStyle? = nil, into buffer: UnsafeMutableRawBufferPointer
    ) -> Int? {
        let styleBytes = numberStyle == nil ? 0 : 1
        guard arguments.count <= maximumArguments, arguments.count + styleBytes < buffer.count,
              let base = buffer.baseAddress
        else { return nil }
        var written = 0
        if let numberStyle {
            base.storeBytes(of: numberStyle == .cLocale ? 0xC0 : 0xC1, as: UInt8.self)
            written = 1
        }
        base.storeBytes(of: UInt8(truncatingIfNeeded: arguments.count), toByteOffset: written, as: UInt8.self)
        written += 1
        for argument in arguments {
            let kind: UInt8 = switch argument {
            case .string: 0
            case .int: 1
            case .uint: 2
            case .double: 3
            }
            base.storeBytes(of: kind, toByteOffset: written, as: UInt8.self)
            written += 1
        }
        return written
    }

    /// The address of the object kept under `key` (unretained: it lives as long as this memo),
    /// for the caller to read as the class it keeps. Not generic: a generic memo's metadata is
    /// looked up at run time on every call.
    @inline(__always)
    package func find(_ key: UnsafeRawBufferPointer) -> UnsafeRawPointer? {
        kept.find(key, hash: kept.hash(key))
    }

    /// Keeps `object` under `key` when the budget allows; `cost` is what it holds beyond its
    /// entry, in bytes.
    package func remember(_ object: AnyObject, under key: UnsafeRawBufferPointer, cost: Int) {
        kept.insert(key, hash: kept.hash(key), value: object, cost: cost)
    }
}
