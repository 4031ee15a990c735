#if canImport(Glibc)
import Glibc
#endif

/// The representation of the handles a call gives the caller to keep (`ef_result *`,
/// `ef_lookup *`): one `malloc`ed block holding every string the handle's getters return.
///
/// The caller owns the block: it lives until the caller frees it, whatever happens to the
/// catalog that made it, and `free` is the only thing that ends it, so freeing a handle twice is
/// the caller's bug that ASan, valgrind and glibc's own checks report, as for any C pointer.
/// Each call makes a block of its own: two calls never return the same handle.
///
/// Layout, native byte order, every position an offset from the block's start:
///
///     0                 Int        size of the whole block in bytes
///     8                 Int        number of strings, N
///     16                Int        number of metadata words, M
///     24                Int × M    metadata: what the handle's kind records beside its strings
///     24 + 8M           Int × N    where each string starts; 0 for a NULL string (no string
///                                  starts at 0: the header is there)
///     24 + 8(M + N)     bytes      the strings, each followed by a NUL
///
/// Because every position is relative, a byte-for-byte copy of a block is a complete block: a
/// catalog's memo keeps one and hands each caller a `memcpy` of it (``copy(_:)``).
enum OwnedStrings {
    private static let headerBytes = 24

    /// A block of the strings `strings` passes to its argument, in order (`nil`: a NULL string),
    /// after `metadata` (`metadataCount` words, written by `metadata` into the buffer it gets).
    /// `strings` runs twice, to size the block and then to fill it, and must pass the same
    /// strings both times. `nil` if memory ran out.
    static func make(
        metadataCount: Int, metadata: (UnsafeMutablePointer<Int>) -> Void,
        strings: ((String?) -> Void) -> Void
    ) -> UnsafeMutableRawPointer? {
        var count = 0
        var bytes = 0
        strings { string in
            count += 1
            if let string { bytes += string.utf8.count + 1 }
        }
        // Every size here is the size of strings already in memory: none can overflow.
        let stringsStart = Self.stringsStart(count: count, metadataCount: metadataCount)
        let size = stringsStart + bytes
        guard let allocated = allocate(size: size, count: count, metadataCount: metadataCount) else { return nil }
        let (block, offsets) = (allocated.block, allocated.offsets)
        metadata(allocated.metadata)
        var index = 0
        var offset = stringsStart
        strings { string in
            guard index < count else { return }
            defer { index += 1 }
            guard let string, string.utf8.count < size - offset else {
                offsets[index] = 0
                return
            }
            let length = CStringArena.copyUTF8(of: string, to: block + offset)
            block.storeBytes(of: 0, toByteOffset: offset + length, as: UInt8.self)
            offsets[index] = offset
            offset += length + 1
        }
        // A second run that passed fewer strings leaves no offset unset.
        while index < count {
            offsets[index] = 0
            index += 1
        }
        return block
    }

    /// Where the strings of a block of `count` strings and `metadataCount` words start.
    @inline(__always)
    static func stringsStart(count: Int, metadataCount: Int) -> Int { headerBytes + (metadataCount + count) * 8 }

    /// A block of `size` bytes (at least ``stringsStart(count:metadataCount:)``) with its header
    /// written, and where its metadata words and string offsets go: the caller fills both and
    /// the strings. `nil` if memory ran out.
    @inline(__always)
    static func allocate(size: Int, count: Int, metadataCount: Int)
        -> (block: UnsafeMutableRawPointer, metadata: UnsafeMutablePointer<Int>, offsets: UnsafeMutablePointer<Int>)?
    {
        guard let block = malloc(size) else { return nil }
        block.storeBytes(of: size, as: Int.self)
        block.storeBytes(of: count, toByteOffset: 8, as: Int.self)
        block.storeBytes(of: metadataCount, toByteOffset: 16, as: Int.self)
        let metadata = (block + headerBytes).bindMemory(to: Int.self, capacity: metadataCount)
        let offsets = (block + headerBytes + metadataCount * 8).bindMemory(to: Int.self, capacity: count)
        return (block, metadata, offsets)
    }

    /// The size of `block` in bytes.
    @inline(__always)
    static func byteCount(_ block: UnsafeRawPointer) -> Int { block.load(as: Int.self) }

    /// The number of strings in `block` (NULL ones included).
    @inline(__always)
    static func count(_ block: UnsafeRawPointer) -> Int { block.load(fromByteOffset: 8, as: Int.self) }

    /// Metadata word `index`, or 0 if `block` has no such word.
    @inline(__always)
    static func metadata(_ block: UnsafeRawPointer, _ index: Int) -> Int {
        let metadataCount = block.load(fromByteOffset: 16, as: Int.self)
        guard index >= 0, index < metadataCount else { return 0 }
        return block.load(fromByteOffset: headerBytes + index * 8, as: Int.self)
    }

    /// String `index`, or `nil` if it is NULL or `index` is out of range. Valid while the block is.
    @inline(__always)
    static func string(_ block: UnsafeRawPointer, _ index: Int) -> UnsafePointer<CChar>? {
        guard index >= 0, index < count(block) else { return nil }
        let metadataCount = block.load(fromByteOffset: 16, as: Int.self)
        let offset = block.load(fromByteOffset: headerBytes + (metadataCount + index) * 8, as: Int.self)
        guard offset != 0 else { return nil }
        return (block + offset).assumingMemoryBound(to: CChar.self)
    }

    /// A new block equal to `block`, the caller's to free; `nil` if memory ran out.
    @inline(__always)
    static func copy(_ block: UnsafeRawPointer) -> UnsafeMutableRawPointer? {
        let size = byteCount(block)
        guard let copy = malloc(size) else { return nil }
        memcpy(copy, block, size)
        return copy
    }

    /// The handle C sees for `block`, and back. A NULL handle is a NULL block.
    @inline(__always)
    static func handle(_ block: UnsafeMutableRawPointer) -> OpaquePointer { OpaquePointer(block) }

    @inline(__always)
    static func block(_ handle: OpaquePointer?) -> UnsafeRawPointer? { handle.map(UnsafeRawPointer.init) }

    /// Ends a block made by ``make`` or ``copy``; NULL is a no-op, as every `*_free` promises.
    static func free(_ handle: OpaquePointer?) {
        guard let handle else { return }
        Glibc.free(UnsafeMutableRawPointer(handle))
    }
}
