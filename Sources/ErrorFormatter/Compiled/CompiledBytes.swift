#if canImport(Glibc)
import Glibc
#endif

/// Bytes of a compiled catalog that stay at one address for as long as this object lives: a
/// copy read from the file, or a part of the file mapped (``MappedFileRange``). What a decoder
/// reads (``CompiledDecoder``) and an in-place table keeps (``CompiledEntries``), so that both
/// read the same way whichever the bytes are.
///
/// Never written once made; that is what makes it `Sendable`.
final class CompiledBytes: @unchecked Sendable {
    /// The bytes, valid as long as `self`: read them only through something that holds `self`
    /// (a decoder, an in-place table, ``array(_:)``), never from a temporary, which may be freed
    /// as soon as its `buffer` has been loaded.
    let buffer: UnsafeBufferPointer<UInt8>
    /// The mapping `buffer` lies in; `nil` when `self` allocated `buffer` and frees it.
    private let mapping: MappedFileRange?

    /// `count` bytes of new memory, filled by `fill`, which returns how many it wrote (fewer
    /// when the data ended): only those are kept.
    static func reading<Failure: Error>(
        _ count: Int, _ fill: (UnsafeMutableRawBufferPointer) throws(Failure) -> Int
    ) throws(Failure) -> CompiledBytes {
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: max(count, 0), alignment: 16)
        let written: Int
        do {
            written = try fill(memory)
        } catch {
            memory.deallocate()
            throw error
        }
        let kept = UnsafeRawBufferPointer(rebasing: memory[..<min(max(written, 0), memory.count)])
        return CompiledBytes(buffer: kept.assumingMemoryBound(to: UInt8.self), mapping: nil)
    }

    /// A copy of `bytes` (tests, and bytes held in memory).
    convenience init(_ bytes: some Collection<UInt8>) {
        let memory = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = memory.initialize(from: bytes)
        self.init(buffer: UnsafeBufferPointer(memory), mapping: nil)
    }

    /// The bytes of `mapping`, kept mapped as long as `self`.
    convenience init(_ mapping: MappedFileRange) {
        self.init(buffer: mapping.bytes, mapping: mapping)
    }

    private init(buffer: UnsafeBufferPointer<UInt8>, mapping: MappedFileRange?) {
        self.buffer = buffer
        self.mapping = mapping
    }

    deinit {
        if mapping == nil { UnsafeMutableRawPointer(mutating: buffer.baseAddress)?.deallocate() }
    }

    var count: Int { buffer.count }

    /// A copy of the bytes in `range` (all of them by default), `self` kept alive while it is made.
    func array(_ range: Range<Int>? = nil) -> [UInt8] {
        withExtendedLifetime(self) { Array(buffer[range ?? 0..<buffer.count]) }
    }
}

/// A part of a file mapped read-only, for the life of this object: a section of a compiled
/// catalog opened with `mapped`, whose pages every process that maps the file shares instead of
/// copying them.
///
/// One mapping per section, not one of the whole file: the system may back a file's page cache
/// with large folios and map a whole folio on the first fault (megabytes for a few pages read),
/// but never past the mapping's ends.
///
/// The caller of such an open promises that the file is not truncated or rewritten in place
/// while it is mapped (a page cut off the file raises SIGBUS when read, which a library cannot
/// catch); replacing it by renaming another file over it is safe, the mapping holds the old one.
final class MappedFileRange: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The mapping as made: from the page boundary at or before the range.
    private let base: UnsafeMutableRawPointer
    private let length: Int

    /// Maps `count` bytes of the open file `descriptor` from `offset`, which the caller has
    /// checked lie within the file; `nil` when the system cannot map them (a file system without
    /// mappings, no address space, too many mappings), and the caller then reads them.
    init?(descriptor: Int32, offset: UInt64, count: Int) {
        let page = UInt64(max(sysconf(Int32(_SC_PAGESIZE)), 1))
        let skipped = Int(offset % page)
        guard count > 0, let start = off_t(exactly: offset - UInt64(skipped)), count <= Int.max - skipped,
              let address = mmap(nil, skipped + count, PROT_READ, MAP_PRIVATE, descriptor, start),
              address != MAP_FAILED
        else { return nil }
        base = address
        length = skipped + count
        bytes = UnsafeBufferPointer(start: (address + skipped).assumingMemoryBound(to: UInt8.self), count: count)
    }

    deinit {
        munmap(base, length)
    }
}
