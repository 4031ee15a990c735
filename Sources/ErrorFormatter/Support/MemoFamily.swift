/// Everything one catalog remembers between calls so that a repeated call is answered without
/// doing its work again, under one byte budget set when the catalog is opened:
///
/// - one lock-free, insert-only ``ConcurrentByteCache`` (`entries`) holding every kind of entry,
///   told apart by the first byte of its key (``Kind``): the tables found for a preference list,
///   argument-free texts, formatted results, lookups, format plans, problem responses, their
///   templates, the languages they name and the lists that headers give. Readers take no lock
///   and write nothing shared, so threads scale;
/// - two small tables behind a lock, keyed by Swift strings, that the slow road consults before
///   negotiating a preference list (``negotiationTableBytes`` each).
///
/// The budget bounds what callers can make the catalog keep, whatever they send: when it is spent
/// nothing more is kept and calls take their full road, correct, only slower. A budget of 0 keeps
/// nothing. What may be kept, and under which key, is decided by the components above (the
/// negotiation, the serving component); this type only owns the memory.
package final class MemoFamily: Sendable {

    /// The kinds of entry, the first byte of every key.
    package enum Kind: UInt8 {
        /// The tables of one name down the stack negotiated for a preference list.
        case layers = 1
        /// What a key shows with no arguments (a pointer into the catalog's tables).
        case text
        /// A formatted result that any call with the same key gets.
        case result
        /// A lookup without arguments that found a value.
        case lookup
        /// How an error was resolved, for later calls with other argument values.
        case plan
        /// The `Content-Language` of a problem response whose title and detail came from where
        /// the key says.
        case contentLanguage
        /// A problem response that any call with the same key gets, but for its `instance`.
        case problem
        /// A problem response's bytes around the texts a plan leaves to each call, for calls
        /// whose key also names the arguments' kinds.
        case problemTemplate
        /// The preference list an `Accept-Language` header gives, under the header's bytes.
        case acceptLanguage
    }

    /// The whole budget, in bytes.
    package let byteBudget: Int
    /// The lock-free entries of every kind.
    package let entries: ConcurrentByteCache
    /// What each of the two locked negotiation tables may hold, in bytes.
    package let negotiationTableBytes: Int

    /// - Parameter byteBudget: clamped to 0 ... `Limits.maximumMemoBytes`.
    package init(byteBudget: Int = Limits.defaultMemoBytes) {
        let budget = min(max(byteBudget, 0), Limits.maximumMemoBytes)
        self.byteBudget = budget
        // An eighth each, at most a mebibyte: preference lists are few in any program.
        negotiationTableBytes = min(budget / 8, 1 << 20)
        let lockFree = budget - 2 * negotiationTableBytes
        // About one slot per 256 bytes of budget: an entry costs more than that (its header, key
        // and value), so slots run out after bytes do. Slot arrays are mapped: unused ones cost
        // no memory.
        var slots = 1_024
        while slots < lockFree / 256, slots < 1 << 22 { slots <<= 1 }
        entries = ConcurrentByteCache(slotCount: slots, byteBudget: lockFree)
    }
}
