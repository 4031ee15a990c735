#if canImport(Glibc)
import Glibc
#endif

/// Bytes of a compiled catalog that stay at one address for as long as this object lives: a
/// copy read from the file, or a window of the file's mapping (``MappedCompiledFile``). What a
/// decoder reads (``CompiledDecoder``) and an in-place table keeps (``CompiledEntries``), so
/// that both read the same way whichever the bytes are.
///
/// Never written once made; that is what makes it `Sendable`.
final class CompiledBytes: @unchecked Sendable {
    /// The bytes, valid as long as `self`: read them only through something that holds `self`
    /// (a decoder, an in-place table, ``array(_:)``), never from a temporary, which may be freed
    /// as soon as its `buffer` has been loaded.
    let buffer: UnsafeBufferPointer<UInt8>
    /// The mapping `buffer` is a window of; `nil` when `self` allocated `buffer` and frees it.
    private let mapping: MappedCompiledFile?

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

    /// `count` bytes of `mapping` from `offset`, which the caller has checked lie within it.
    init(window mapping: MappedCompiledFile, offset: Int, count: Int) {
        self.buffer = UnsafeBufferPointer(rebasing: mapping.bytes[offset..<(offset + count)])
        self.mapping = mapping
    }

    private init(buffer: UnsafeBufferPointer<UInt8>, mapping: MappedCompiledFile?) {
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

/// A compiled catalog file mapped read-only, whole, for the life of this object (and of every
/// window of it, ``CompiledBytes``): what a catalog opened with `mapped` reads its sections
/// from, so that every process that opens the file shares its pages instead of copying them.
///
/// The caller of such an open promises that the file is not truncated or rewritten in place
/// while it is mapped (a page cut off the file raises SIGBUS when read, which a library cannot
/// catch); replacing it by renaming another file over it is safe, the mapping holds the old one.
final class MappedCompiledFile: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>

    /// Maps the first `size` bytes of the open file `descriptor` (the descriptor may be closed
    /// afterwards); `nil` when the system cannot map it (an empty file, a file system without
    /// mappings, no address space), and the file is then read instead.
    init?(descriptor: Int32, size: UInt64) {
        guard size > 0, let length = Int(exactly: size) else { return nil }
        guard let address = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
            return nil
        }
        bytes = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: length)
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }
}
