/// Where each key of a dictionary being parsed was written, to report duplicates.
///
/// CF keeps the last of two equal keys without a word; we warn at the later key and add a
/// note at the earlier one. Entries keep their first index when replaced (last value wins
/// in place), so offsets are indexed like the dictionary's entries.
struct DuplicateKeyTracker {
    private var keyOffsets: [Int] = []

    init(minimumCapacity: Int = 0) {
        keyOffsets.reserveCapacity(minimumCapacity)
    }

    /// Records the key written at `offset`, now entry `entry` of `dictionary`; `replaced` is
    /// what `updateValue` returned.
    @inline(__always)
    mutating func record(
        keyAt entry: Int, of dictionary: PropertyListDictionary, at offset: Int, replacing replaced: Int?,
        into diagnostics: inout [OffsetDiagnostic]
    ) {
        guard let replaced else {
            keyOffsets.append(offset)
            return
        }
        reportDuplicate(dictionary.keys[entry].string, at: offset, replacing: replaced, into: &diagnostics)
    }

    @inline(never)
    private mutating func reportDuplicate(
        _ key: String, at offset: Int, replacing replaced: Int, into diagnostics: inout [OffsetDiagnostic]
    ) {
        let quoted = MessageEscaping.quoted(key)
        diagnostics.append(OffsetDiagnostic(
            severity: .warning, code: "duplicate-key",
            message: "duplicate key \(quoted); this later value replaces the earlier one",
            offset: offset))
        guard replaced < keyOffsets.count else { return }
        diagnostics.append(OffsetDiagnostic(
            severity: .note, code: "duplicate-key",
            message: "earlier definition of \(quoted), ignored",
            offset: keyOffsets[replaced], order: offset))
        keyOffsets[replaced] = offset
    }
}
