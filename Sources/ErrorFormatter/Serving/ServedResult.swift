#if canImport(Glibc)
import Glibc
#endif

/// A formatted result a catalog's memo keeps for every later call with its key
/// (``ResultReuse``): its block, which C callers get copies of and packed calls copy items out
/// of, and the same result as a Swift value, which Swift callers get as it is.
final class ServedResult {
    let block: UnsafeMutableRawPointer
    let formatted: FormattedError

    /// Keeps `block` (the memo's own copy) and its Swift value.
    init(block: UnsafeMutableRawPointer, formatted: FormattedError) {
        self.block = block
        self.formatted = formatted
    }

    deinit { free(block) }

    /// What it costs beyond its entry, for the memo's budget: the block, and the Swift value's
    /// strings (about the block's size again).
    var cost: Int { 64 + 2 * ItemBlock.size(block) }

    /// The block of the result kept at `address` (unretained: the memo keeps it alive).
    @inline(__always)
    static func block(at address: UnsafeRawPointer) -> UnsafeMutableRawPointer {
        Unmanaged<ServedResult>.fromOpaque(address)._withUnsafeGuaranteedRef { $0.block }
    }

    @inline(__always)
    static func formatted(at address: UnsafeRawPointer) -> FormattedError {
        Unmanaged<ServedResult>.fromOpaque(address)._withUnsafeGuaranteedRef { $0.formatted }
    }
}
