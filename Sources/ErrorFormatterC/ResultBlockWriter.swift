#if canImport(Glibc)
import Glibc
#endif
import ErrorFormatter

/// Writes a result block (``ResultBlock``, an ``OwnedStrings`` block) from the fields a formatter
/// hands over one at a time (``ErrorMessageFormatter/format(_:layers:writing:)``).
///
/// Each field's strings are copied once, as they arrive, into scratch memory that starts in the
/// caller's stack frame; the block is made in one allocation at the end, when the stack and the
/// rejections (which come after the fields in the block) are known. So no `FormattedError` is
/// made only to be taken apart, and no string is retained or measured twice.
///
/// Scratch layout: the fields' string offsets (one word per string, 0 for NULL, else where its
/// bytes start in the scratch), then the bytes of those strings, each followed by a NUL.
struct ResultBlockWriter {
    /// Bytes of scratch the caller provides: most results fit, the others move to the heap.
    /// No more than 1 KB: a larger temporary allocation is made on the heap anyway (the
    /// standard library stack-allocates up to 1 KB without checking the stack's room).
    static let stackScratchBytes = 1_024
    private static let fieldStrings = ResultBlock.fieldCount * ResultBlock.stringsPerField
    private static let bytesStart = fieldStrings * 8

    private var scratch: UnsafeMutableRawPointer
    private var capacity: Int
    private var length = ResultBlockWriter.bytesStart
    private var scratchIsOwned = false
    /// Memory ran out: the block cannot be made.
    private var failed = false
    private var rejections: [[Rejection]] = []

    /// A writer whose scratch starts at `stackScratch` (`count` bytes, aligned for words), which
    /// must outlive it. ``finish(stack:)`` must be called once, last.
    init(stackScratch: UnsafeMutableRawPointer, count: Int) {
        scratch = stackScratch
        capacity = count
        if capacity >= Self.bytesStart { memset(scratch, 0, Self.bytesStart) } else { failed = true }
    }

    /// Records `field`'s strings: [text, rule, key, locale, table] and its rejections.
    mutating func write(
        _ field: ErrorField, text: FieldText, rule: String, key: UnsafeRawBufferPointer?, localization: String?,
        table: String?,
        rejections fieldRejections: [Rejection]
    ) {
        let first = field.rawValue * ResultBlock.stringsPerField
        switch text {
        case .string(let string): add(string, at: first)
        case .utf8(let bytes): add(bytes, at: first)
        }
        add(rule, at: first + 1)
        add(key, at: first + 2)
        add(localization, at: first + 3)
        add(table, at: first + 4)
        if !fieldRejections.isEmpty {
            if rejections.isEmpty { rejections = [[], [], []] }
            rejections[field.rawValue] = fieldRejections
        }
    }

    /// Copies `string` and its NUL to the end of the scratch and records where it starts as
    /// field string `index` (NULL for `nil`).
    @inline(__always)
    private mutating func add(_ string: String?, at index: Int) {
        guard let string else { return add(nil as UnsafeRawBufferPointer?, at: index) }
        // Native strings are contiguous: one pass, no count taken apart from the copy.
        let added: Void? = string.utf8.withContiguousStorageIfAvailable { add(UnsafeRawBufferPointer($0), at: index) }
        if added == nil { Array(string.utf8).withUnsafeBytes { add($0, at: index) } }
    }

    /// The same for bytes (`nil`: NULL).
    private mutating func add(_ bytes: UnsafeRawBufferPointer?, at index: Int) {
        guard !failed else { return }
        guard let bytes else {
            scratch.storeBytes(of: 0, toByteOffset: index * 8, as: Int.self)
            return
        }
        guard reserve(bytes.count + 1) else { return }
        if let source = bytes.baseAddress, bytes.count > 0 { memcpy(scratch + length, source, bytes.count) }
        scratch.storeBytes(of: 0, toByteOffset: length + bytes.count, as: UInt8.self)
        scratch.storeBytes(of: length, toByteOffset: index * 8, as: Int.self)
        length += bytes.count + 1
    }

    /// Makes room for `count` more bytes, moving the scratch to the heap if it must grow.
    private mutating func reserve(_ count: Int) -> Bool {
        guard count > capacity - length else { return true }
        let (needed, overflow) = length.addingReportingOverflow(count)
        guard !overflow, let grown = malloc(max(needed, capacity.multipliedReportingOverflow(by: 2).partialValue))
        else {
            failed = true
            return false
        }
        memcpy(grown, scratch, length)
        if scratchIsOwned { free(scratch) }
        scratch = grown
        capacity = max(needed, capacity.multipliedReportingOverflow(by: 2).partialValue)
        scratchIsOwned = true
        return true
    }

    /// The block: the fields written, then `stack`, then each field's rejection messages;
    /// `nil` if memory ran out. Frees the scratch.
    mutating func finish(stack: [String]) -> UnsafeMutableRawPointer? {
        defer {
            if scratchIsOwned { free(scratch) }
            scratchIsOwned = false
            failed = true
        }
        guard !failed else { return nil }
        // Rejections are rare: most results make none of these strings.
        let messages = rejections.isEmpty ? [] : rejections.map { $0.map(\.description) }
        var rejectionCount = 0, tailBytes = 0
        for entry in stack { tailBytes += entry.utf8.count + 1 }
        for field in messages {
            rejectionCount += field.count
            for message in field { tailBytes += message.utf8.count + 1 }
        }
        let count = Self.fieldStrings + stack.count + rejectionCount
        let fieldBytes = length - Self.bytesStart
        // Every size here is the size of strings already in memory: none can overflow.
        let stringsStart = OwnedStrings.stringsStart(count: count, metadataCount: ResultBlock.metadataCount)
        guard let allocated = OwnedStrings.allocate(
            size: stringsStart + fieldBytes + tailBytes, count: count, metadataCount: ResultBlock.metadataCount)
        else { return nil }
        let (block, metadata, offsets) = (allocated.block, allocated.metadata, allocated.offsets)
        // Metadata: the stack count, then where each field's rejections start, then their end.
        metadata[0] = stack.count
        var end = Self.fieldStrings + stack.count
        for field in 0..<ResultBlock.fieldCount {
            metadata[1 + field] = end
            end += messages.indices.contains(field) ? messages[field].count : 0
        }
        metadata[ResultBlock.metadataCount - 1] = end
        // The fields' strings move as one run; each offset moves with it.
        memcpy(block + stringsStart, scratch + Self.bytesStart, fieldBytes)
        for index in 0..<Self.fieldStrings {
            let start = scratch.load(fromByteOffset: index * 8, as: Int.self)
            offsets[index] = start == 0 ? 0 : stringsStart + start - Self.bytesStart
        }
        var offset = stringsStart + fieldBytes
        var index = Self.fieldStrings
        func append(_ string: String) {
            let copied = CStringArena.copyUTF8(of: string, to: block + offset)
            block.storeBytes(of: 0, toByteOffset: offset + copied, as: UInt8.self)
            offsets[index] = offset
            offset += copied + 1
            index += 1
        }
        for entry in stack { append(entry) }
        for field in messages { for message in field { append(message) } }
        return block
    }
}
