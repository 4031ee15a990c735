/// Where everything about a lookup is in its ``ItemBlock``: the items of
/// `ef_catalog_lookup_packed`'s output, then each rejection's one-line description.
///
/// Items: 0 the header (two decimal numbers: 1 when a value was found, else 0; the number of
/// rejections R); 1 the value and 2 the locale (each "" when not found); 3 the table searched;
/// five items per rejection (key, locale, table, code, message); then one description per
/// rejection. The metadata words hold the header's numbers.
package enum LookupLayout {
    /// The value (EF_PACKED_LOOKUP_VALUE).
    static let value = 1
    /// The locale (EF_PACKED_LOOKUP_LOCALE).
    static let locale = 2
    /// The table searched (EF_PACKED_LOOKUP_TABLE).
    static let table = 3
    /// The first rejection's first item (EF_PACKED_LOOKUP_REJECTIONS).
    static let firstRejection = 4
    static let rejectionItems = ResultLayout.rejectionItems
    /// Numbers in the header item (EF_PACKED_LOOKUP_HEADER_NUMBERS).
    static let headerNumbers = 2

    static let metadataCount = 2

    @inline(__always)
    package static func found(_ block: UnsafeRawPointer) -> Bool { ItemBlock.metadata(block, 0) != 0 }

    @inline(__always)
    package static func rejectionCount(_ block: UnsafeRawPointer) -> Int { ItemBlock.metadata(block, 1) }

    @inline(__always)
    package static func item(_ block: UnsafeRawPointer, _ index: Int) -> UnsafePointer<CChar>? {
        ItemBlock.item(block, metadata: metadataCount, index)
    }

    /// The value, or `nil` when none was found.
    package static func value(_ block: UnsafeRawPointer) -> UnsafePointer<CChar>? {
        found(block) ? item(block, value) : nil
    }

    /// The localization that supplied the value, or `nil` when none was found.
    package static func locale(_ block: UnsafeRawPointer) -> UnsafePointer<CChar>? {
        found(block) ? item(block, locale) : nil
    }

    package static func table(_ block: UnsafeRawPointer) -> UnsafePointer<CChar>? { item(block, table) }

    package static func description(_ block: UnsafeRawPointer, _ index: Int) -> UnsafePointer<CChar>? {
        let count = rejectionCount(block)
        guard index >= 0, index < count else { return nil }
        return item(block, firstRejection + rejectionItems * count + index)
    }

    /// The block of `resolution`, a lookup in `table`; `nil` if memory ran out.
    static func make(_ resolution: KeyResolution, table: String) -> UnsafeMutableRawPointer? {
        let rejections = resolution.rejections
        let numbers = [resolution.hit == nil ? 0 : 1, rejections.count]
        return HeaderItem.withDigits(numbers) { header -> UnsafeMutableRawPointer? in
            let descriptions = rejections.map(\.description)
            var bytes = header.count + 1 + ItemBlockWriter.itemBytes(resolution.hit?.value ?? "")
                + ItemBlockWriter.itemBytes(resolution.hit?.localization ?? "") + ItemBlockWriter.itemBytes(table)
            for rejection in rejections {
                bytes += ItemBlockWriter.itemBytes(rejection.key) + ItemBlockWriter.itemBytes(rejection.localization)
                    + ItemBlockWriter.itemBytes(rejection.table) + ItemBlockWriter.itemBytes(rejection.code)
                    + ItemBlockWriter.itemBytes(rejection.message)
            }
            for description in descriptions { bytes += ItemBlockWriter.itemBytes(description) }
            guard var block = ItemBlockWriter(
                count: firstRejection + (rejectionItems + 1) * rejections.count, metadata: metadataCount,
                itemBytes: bytes)
            else { return nil }
            block.setMetadata(0, numbers[0])
            block.setMetadata(1, numbers[1])
            block.add(header)
            block.add(resolution.hit?.value ?? "")
            block.add(resolution.hit?.localization ?? "")
            block.add(table)
            for rejection in rejections {
                block.add(rejection.key)
                block.add(rejection.localization)
                block.add(rejection.table)
                block.add(rejection.code)
                block.add(rejection.message)
            }
            block.endPacked()
            for description in descriptions { block.add(description) }
            return block.finish()
        }
    }
}
