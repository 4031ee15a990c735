#if canImport(Glibc)
import Glibc
#endif

/// The one serialization of what a call returns (a formatted error, a lookup): a run of
/// NUL-terminated UTF-8 items, preceded by an index, in one `malloc`ed block.
///
/// The items are the packed output that `ef_format_packed` and `ef_catalog_lookup_packed` write
/// (their order is specified in the header and in docs/packed-format.md), followed by items the
/// 1.1 outputs do not carry (each rejection's one-line description), which the 1.3 outputs do.
/// A handle (`ef_result *`, `ef_lookup *`) is such a block; a packed call copies the items out of
/// one. So the two are the same bytes, made by one writer.
///
/// Layout, native byte order, every position an offset from the block's start, so that a
/// byte-for-byte copy of a block is a complete block (a memo keeps one and hands out copies):
///
///     0            Int        size of the whole block in bytes
///     8            Int        number of items, N
///     16           Int        length of the 1.1 output: the bytes of the items it carries
///     24           Int × M    what the kind records beside its items (``ResultLayout``,
///                             ``LookupLayout``); M is fixed per kind
///     24 + 8M      Int × N    where each item starts
///     24 + 8(M+N)  bytes      the items, each followed by a NUL
///
/// The caller owns a block: it lives until `free`, whatever happens to the catalog.
package enum ItemBlock {
    static let headerWords = 3

    /// Where the items of a block of `count` items and `metadata` words start.
    @inline(__always)
    static func itemsStart(count: Int, metadata: Int) -> Int { (headerWords + metadata + count) * 8 }

    @inline(__always)
    package static func size(_ block: UnsafeRawPointer) -> Int { block.load(as: Int.self) }

    @inline(__always)
    static func count(_ block: UnsafeRawPointer) -> Int { block.load(fromByteOffset: 8, as: Int.self) }

    @inline(__always)
    static func packedLength(_ block: UnsafeRawPointer) -> Int { block.load(fromByteOffset: 16, as: Int.self) }

    @inline(__always)
    static func metadata(_ block: UnsafeRawPointer, _ index: Int) -> Int {
        block.load(fromByteOffset: (headerWords + index) * 8, as: Int.self)
    }

    /// Item `index` of a block with `metadata` words, or `nil` when out of range.
    @inline(__always)
    static func item(_ block: UnsafeRawPointer, metadata: Int, _ index: Int) -> UnsafePointer<CChar>? {
        guard index >= 0, index < count(block) else { return nil }
        let offset = block.load(fromByteOffset: (headerWords + metadata + index) * 8, as: Int.self)
        return (block + offset).assumingMemoryBound(to: CChar.self)
    }

    /// The items as a packed call writes them: the 1.1 output (`complete: false`), or every item
    /// (the 1.3 output).
    @inline(__always)
    static func items(_ block: UnsafeRawPointer, metadata: Int, complete: Bool) -> UnsafeRawBufferPointer {
        let start = itemsStart(count: count(block), metadata: metadata)
        let end = complete ? size(block) : start + packedLength(block)
        return UnsafeRawBufferPointer(start: block + start, count: end - start)
    }

    /// A new block equal to `block`, the caller's to free; `nil` if memory ran out.
    @inline(__always)
    package static func copy(_ block: UnsafeRawPointer) -> UnsafeMutableRawPointer? {
        let size = size(block)
        guard let copy = malloc(size) else { return nil }
        memcpy(copy, block, size)
        return copy
    }
}

/// Writes an ``ItemBlock``: sized first (the number of items, metadata words and item bytes,
/// NULs included), then filled item by item, in order. Every size is that of strings already in
/// memory, so no sum can overflow.
struct ItemBlockWriter {
    private let block: UnsafeMutableRawPointer
    private let count: Int
    private let metadataCount: Int
    private let offsets: UnsafeMutablePointer<Int>
    private var index = 0
    private var at: Int

    /// `nil` if memory ran out.
    init?(count: Int, metadata: Int, itemBytes: Int) {
        let start = ItemBlock.itemsStart(count: count, metadata: metadata)
        guard let block = malloc(start + itemBytes) else { return nil }
        block.storeBytes(of: start + itemBytes, as: Int.self)
        block.storeBytes(of: count, toByteOffset: 8, as: Int.self)
        block.storeBytes(of: itemBytes, toByteOffset: 16, as: Int.self)
        self.block = block
        self.count = count
        metadataCount = metadata
        offsets = (block + (ItemBlock.headerWords + metadata) * 8).bindMemory(to: Int.self, capacity: count)
        at = start
    }

    mutating func setMetadata(_ index: Int, _ value: Int) {
        block.storeBytes(of: value, toByteOffset: (ItemBlock.headerWords + index) * 8, as: Int.self)
    }

    /// Appends an item: `bytes` up to their first NUL (``itemLength(_:)``), then a NUL.
    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        let length = Self.itemLength(bytes)
        offsets[index] = at
        if let source = bytes.baseAddress, length > 0 { memcpy(block + at, source, length) }
        block.storeBytes(of: 0, toByteOffset: at + length, as: UInt8.self)
        at += length + 1
        index += 1
    }

    mutating func add(_ string: String) {
        Self.withUTF8(string) { add($0) }
    }

    /// Says that the items so far are the 1.1 output.
    mutating func endPacked() {
        block.storeBytes(of: at - ItemBlock.itemsStart(count: count, metadata: metadataCount), toByteOffset: 16,
                         as: Int.self)
    }

    /// The block, once every item is written.
    func finish() -> UnsafeMutableRawPointer { block }

    /// How many of `bytes` an item holds: all of them, or those before the first NUL. A text
    /// holding U+0000 (a table value a lenient open kept, with a `nul-in-value` diagnostic)
    /// cannot cross the C ABI whole; it is cut there, as a C string is, so that the items stay
    /// what their positions say.
    @inline(__always)
    static func itemLength(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard let base = bytes.baseAddress, bytes.count > 0, let nul = memchr(base, 0, bytes.count) else {
            return bytes.count
        }
        return UnsafeRawPointer(nul) - base
    }

    /// The bytes an item of `bytes` takes, its NUL included.
    @inline(__always)
    static func itemBytes(_ bytes: UnsafeRawBufferPointer) -> Int { itemLength(bytes) + 1 }

    /// The bytes an item of `string` takes, its NUL included.
    static func itemBytes(_ string: String) -> Int { withUTF8(string) { itemBytes($0) } }

    /// Whether `string` holds U+0000 (and so would be cut).
    static func holdsNUL(_ string: String) -> Bool { UTF8Bytes.holdsNUL(string) }

    @inline(__always)
    static func withUTF8<Result>(_ string: String, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        UTF8Bytes.with(string, body)
    }
}
