/// Where everything about a formatted error is in its ``ItemBlock``: the items of
/// `ef_format_packed`'s output (the header's `EF_PACKED_*` positions, checked against these by
/// `make test-limits`), then each rejection's one-line description.
///
/// Items: 0 the header (six decimal numbers: untranslated, the stack count S, the rejections of
/// the title, message and button Rt Rm Rb, the null mask); 1–3 the title, message and button;
/// 4–15 each field's rule, key, locale and table; S stack entries; five items per rejection
/// (key, locale, table, code, message), title's first; then one description per rejection in
/// the same order. The metadata words hold the header's numbers, so getters read no digits.
package enum ResultLayout {
    /// The header item (EF_PACKED_HEADER).
    static let header = 0
    /// The title (EF_PACKED_TITLE), the first field's text.
    static let firstText = 1
    /// The message (EF_PACKED_MESSAGE).
    static let message = 2
    /// The button (EF_PACKED_BUTTON).
    static let button = 3
    /// The first field's rule (EF_PACKED_PROVENANCE).
    static let firstProvenance = 4
    /// Items of provenance per field: rule, key, locale, table (EF_PACKED_PROVENANCE_ITEMS).
    static let provenanceItems = 4
    /// The first stack entry (EF_PACKED_STACK).
    static let firstStackEntry = 16
    /// Items per rejection (EF_PACKED_REJECTION_ITEMS).
    static let rejectionItems = 5
    /// Numbers in the header item (EF_PACKED_FORMAT_HEADER_NUMBERS).
    static let headerNumbers = 6
    static let fieldCount = 3

    /// The metadata words: the header's six numbers, in its order.
    static let metadataCount = 6
    private static let stackCountWord = 1
    private static let firstRejectionCountWord = 2
    private static let nullMaskWord = 5

    /// The null mask's bit for a missing key, locale or table of `field` (`item` 1, 2, 3).
    @inline(__always)
    static func nullBit(field: Int, item: Int) -> Int { 1 << (3 * field + item - 1) }

    // MARK: - Reading a result block

    @inline(__always)
    package static func stackCount(_ block: UnsafeRawPointer) -> Int {
        ItemBlock.metadata(block, stackCountWord)
    }

    @inline(__always)
    static func rejectionCount(_ block: UnsafeRawPointer, field: Int) -> Int {
        ItemBlock.metadata(block, firstRejectionCountWord + field)
    }

    @inline(__always)
    package static func item(_ block: UnsafeRawPointer, _ index: Int) -> UnsafePointer<CChar>? {
        ItemBlock.item(block, metadata: metadataCount, index)
    }

    /// A field's text; `nil` for a field that does not exist.
    @inline(__always)
    package static func text(_ block: UnsafeRawPointer, field: Int) -> UnsafePointer<CChar>? {
        guard field >= 0, field < fieldCount else { return nil }
        return item(block, firstText + field)
    }

    /// A field's text (`item` 0), rule (1), key (2), locale (3) or table (4); `nil` for a field
    /// that does not exist or a NULL key, locale or table.
    package static func string(_ block: UnsafeRawPointer, field: Int, item: Int) -> UnsafePointer<CChar>? {
        guard field >= 0, field < fieldCount, item >= 0, item <= provenanceItems else { return nil }
        if item == 0 { return self.item(block, firstText + field) }
        if item >= 2, ItemBlock.metadata(block, nullMaskWord) & nullBit(field: field, item: item - 1) != 0 {
            return nil
        }
        return self.item(block, firstProvenance + field * provenanceItems + item - 1)
    }

    package static func stackEntry(_ block: UnsafeRawPointer, _ index: Int) -> UnsafePointer<CChar>? {
        guard index >= 0, index < stackCount(block) else { return nil }
        return item(block, firstStackEntry + index)
    }

    /// Where `field`'s rejection descriptions are among the items; empty for an unknown field.
    private static func descriptionRange(_ block: UnsafeRawPointer, field: Int) -> Range<Int> {
        guard field >= 0, field < fieldCount else { return 0..<0 }
        var total = 0, before = 0
        for index in 0..<fieldCount {
            let count = rejectionCount(block, field: index)
            if index < field { before += count }
            total += count
        }
        let start = firstStackEntry + stackCount(block) + rejectionItems * total + before
        return start..<(start + rejectionCount(block, field: field))
    }

    package static func descriptionCount(_ block: UnsafeRawPointer, field: Int) -> Int {
        descriptionRange(block, field: field).count
    }

    package static func description(_ block: UnsafeRawPointer, field: Int, index: Int) -> UnsafePointer<CChar>? {
        let range = descriptionRange(block, field: field)
        guard index >= 0, index < range.count else { return nil }
        return item(block, range.lowerBound + index)
    }

    /// Writes the list of `ef_result_strings` (each field's text, rule, key, locale, table; the
    /// stack and a NULL; each field's descriptions and a NULL) to at most `capacity` entries of
    /// `out`; returns the length of the whole list.
    package static func writeStrings(
        _ block: UnsafeRawPointer, to out: UnsafeMutablePointer<UnsafePointer<CChar>?>?, capacity: Int
    ) -> Int {
        var length = 0
        func put(_ string: UnsafePointer<CChar>?) {
            if let out, length < capacity { out[length] = string }
            length += 1
        }
        for field in 0..<fieldCount {
            for item in 0...provenanceItems { put(string(block, field: field, item: item)) }
        }
        for index in 0..<stackCount(block) { put(stackEntry(block, index)) }
        put(nil)
        for field in 0..<fieldCount {
            for index in descriptionRange(block, field: field) { put(item(block, index)) }
            put(nil)
        }
        return length
    }

    // MARK: - The Swift value of a block

    /// The ``FormattedError`` a block holds: the decoder every Swift road shares, so that a
    /// result from a memo, a plan or the full road is the same value as the block C gets.
    static func formattedError(_ block: UnsafeRawPointer, showsCallerText: Bool) -> FormattedError {
        func text(_ index: Int) -> String { item(block, index).map { String(cString: $0) } ?? "" }
        var provenance: [Provenance] = []
        var rejectionItem = firstStackEntry + stackCount(block)
        for field in 0..<fieldCount {
            var rejections: [Rejection] = []
            for _ in 0..<rejectionCount(block, field: field) {
                rejections.append(Rejection(
                    key: text(rejectionItem), localization: text(rejectionItem + 1), table: text(rejectionItem + 2),
                    code: text(rejectionItem + 3), message: text(rejectionItem + 4)))
                rejectionItem += rejectionItems
            }
            func optional(_ item: Int) -> String? { string(block, field: field, item: item).map { String(cString: $0) } }
            provenance.append(Provenance(rule: optional(1) ?? "", key: optional(2), localization: optional(3),
                                         table: optional(4), rejections: rejections))
        }
        return FormattedError(
            title: text(firstText), message: text(firstText + 1), button: text(firstText + 2), provenance: provenance,
            stack: (0..<stackCount(block)).map { text(firstStackEntry + $0) },
            isUntranslated: ItemBlock.metadata(block, 0) != 0, showsCallerText: showsCallerText)
    }
}
