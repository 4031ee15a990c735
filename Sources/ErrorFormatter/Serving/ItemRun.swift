#if canImport(Glibc)
import Glibc
#endif

/// A packed output that is only its items: a catalog's description, a locale chain, a preference
/// list, a lint report (``CatalogDescriptionLayout``, ``LocaleChainLayout``,
/// ``LocaleListLayout``, ``LintReportLayout``). Its items are NUL-terminated UTF-8 strings, the
/// first a header of decimal numbers separated by single spaces, as in the format and lookup
/// outputs (``ItemBlock``), and are cut at a U+0000 they hold as those are
/// (``ItemBlockWriter/itemLength(_:)``).
///
/// These outputs describe a handle that does not change, so the same call writes the same bytes
/// again: a caller whose buffer was too small calls again with the length it was told.
package struct ItemRun {
    private var items: [String] = []
    /// The bytes of the items, NULs included.
    package private(set) var length = 0

    init() {}

    /// Appends a header item: `numbers` (never negative) in decimal, separated by single spaces.
    mutating func addHeader(_ numbers: [Int]) {
        add(HeaderItem.withDigits(numbers) { String(decoding: $0, as: UTF8.self) })
    }

    /// Appends one number as an item of its own.
    mutating func add(number: Int) {
        addHeader([number])
    }

    /// Appends an item.
    mutating func add(_ item: String) {
        items.append(item)
        length += ItemBlockWriter.itemBytes(item)
    }

    /// Writes the items to `buffer` when they fit in `capacity` bytes (a negative capacity has
    /// room for anything); returns their length, also when they do not fit (then nothing is
    /// written).
    package func write(into buffer: UnsafeMutableRawPointer?, capacity: Int) -> Int {
        guard let buffer, capacity < 0 || length <= capacity else { return length }
        var at = 0
        for item in items {
            ItemBlockWriter.withUTF8(item) { bytes in
                let count = ItemBlockWriter.itemLength(bytes)
                if let source = bytes.baseAddress, count > 0 { memcpy(buffer + at, source, count) }
                buffer.storeBytes(of: 0, toByteOffset: at + count, as: UInt8.self)
                at += count + 1
            }
        }
        return length
    }
}
