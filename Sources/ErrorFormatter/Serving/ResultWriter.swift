#if canImport(Glibc)
import Glibc
#endif

/// Writes a formatted error's block (``ItemBlock``, laid out as ``ResultLayout`` says) from the
/// fields a formatter hands over one at a time (``ErrorMessageFormatter/format(_:layers:writing:)``).
///
/// Each field's strings are copied once, as they arrive (the formatter reuses its buffer for
/// the next field), into scratch memory that starts in the caller's stack frame; the block is
/// made in one allocation at the end, when the stack and the rejections are known. So no
/// `FormattedError` is made only to be taken apart, and no string is retained or measured twice.
///
/// Scratch layout: per field string (text, rule, key, locale, table for each field) its start
/// in the scratch and its length (-1: NULL), then the bytes of those strings.
struct ResultWriter {
    /// Bytes of scratch the caller provides: most results fit, the others move to the heap.
    /// No more than 1 KB: a larger temporary allocation is made on the heap anyway.
    static let stackScratchBytes = 1_024
    private static let fieldStrings = ResultLayout.fieldCount * 5
    private static let bytesStart = fieldStrings * 16

    private var scratch: UnsafeMutableRawPointer
    private var capacity: Int
    private var length = ResultWriter.bytesStart
    private var scratchIsOwned = false
    /// Memory ran out: the block cannot be made.
    private var failed = false
    private var rejections: [[Rejection]] = []
    /// Whether a string was cut at a U+0000 it holds: the block then differs from the Swift value
    /// of the same result, so it must not answer other calls (``sawNUL``).
    private(set) var sawNUL = false

    /// A writer whose scratch starts in `stackScratch` (aligned for words), which must outlive
    /// it; on the heap when that is too small.
    private init(stackScratch: UnsafeMutableRawBufferPointer) {
        if let base = stackScratch.baseAddress, stackScratch.count >= Self.bytesStart {
            scratch = base
            capacity = stackScratch.count
        } else if let memory = malloc(Self.bytesStart) {
            scratch = memory
            capacity = Self.bytesStart
            scratchIsOwned = true
        } else {
            scratch = Self.unusableScratch
            capacity = 0
            failed = true
            return
        }
        for index in 0..<Self.fieldStrings { setSlot(index, start: 0, length: -1) }
    }

    /// What a writer that could get no memory points at: never written or read.
    nonisolated(unsafe) private static let unusableScratch = UnsafeMutableRawPointer.allocate(byteCount: 8, alignment: 8)

    /// `body` applied to a writer over stack scratch, which ends with the call.
    @inline(__always)
    static func withWriter<Result>(_ body: (inout ResultWriter) -> Result) -> Result {
        withUnsafeTemporaryAllocation(byteCount: stackScratchBytes, alignment: 8) { scratch in
            var writer = ResultWriter(stackScratch: scratch)
            defer { writer.releaseScratch() }
            return body(&writer)
        }
    }

    private func setSlot(_ index: Int, start: Int, length: Int) {
        scratch.storeBytes(of: start, toByteOffset: index * 16, as: Int.self)
        scratch.storeBytes(of: length, toByteOffset: index * 16 + 8, as: Int.self)
    }

    private func slot(_ index: Int) -> UnsafeRawBufferPointer? {
        guard !failed else { return nil }
        let length = scratch.load(fromByteOffset: index * 16 + 8, as: Int.self)
        guard length >= 0 else { return nil }
        return UnsafeRawBufferPointer(start: scratch + scratch.load(fromByteOffset: index * 16, as: Int.self),
                                      count: length)
    }

    /// Records `field`'s strings (text, rule, key, locale, table) and its rejections, as an
    /// ``ErrorMessageFormatter/FieldWriter`` receives them.
    mutating func write(
        _ field: ErrorField, text: FieldText, rule: String, key: UnsafeRawBufferPointer?, localization: String?,
        table: String?, rejections fieldRejections: [Rejection]
    ) {
        let first = field.rawValue * 5
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

    @inline(__always)
    private mutating func add(_ string: String?, at index: Int) {
        guard let string else { return add(nil as UnsafeRawBufferPointer?, at: index) }
        ItemBlockWriter.withUTF8(string) { add($0, at: index) }
    }

    /// Copies `bytes` (up to a NUL they hold) to the end of the scratch as field string `index`.
    private mutating func add(_ bytes: UnsafeRawBufferPointer?, at index: Int) {
        guard !failed, let bytes else { return }
        let count = ItemBlockWriter.itemLength(bytes)
        if count != bytes.count { sawNUL = true }
        guard reserve(count) else { return }
        if let source = bytes.baseAddress, count > 0 { memcpy(scratch + length, source, count) }
        setSlot(index, start: length, length: count)
        length += count
    }

    /// Makes room for `count` more bytes, moving the scratch to the heap if it must grow.
    private mutating func reserve(_ count: Int) -> Bool {
        guard count > capacity - length else { return true }
        let (needed, overflow) = length.addingReportingOverflow(count)
        let grown = max(needed, capacity.multipliedReportingOverflow(by: 2).partialValue)
        guard !overflow, let memory = malloc(grown) else {
            failed = true
            return false
        }
        memcpy(memory, scratch, length)
        if scratchIsOwned { free(scratch) }
        scratch = memory
        capacity = grown
        scratchIsOwned = true
        return true
    }

    private mutating func releaseScratch() {
        if scratchIsOwned { free(scratch) }
        scratchIsOwned = false
        failed = true
    }

    /// The block: the fields written, down `stack`; `nil` if memory ran out.
    func finish(stack: [String], untranslated: Bool) -> UnsafeMutableRawPointer? {
        guard !failed else { return nil }
        let counts = rejections.isEmpty ? [0, 0, 0] : rejections.map(\.count)
        let rejectionCount = counts[0] + counts[1] + counts[2]
        var nullMask = 0
        for field in 0..<ResultLayout.fieldCount {
            for item in 1...3 where slot(field * 5 + 1 + item) == nil {
                nullMask |= ResultLayout.nullBit(field: field, item: item)
            }
        }
        let numbers = [untranslated ? 1 : 0, stack.count, counts[0], counts[1], counts[2], nullMask]
        return HeaderItem.withDigits(numbers) { header -> UnsafeMutableRawPointer? in
            let descriptions = rejections.flatMap { $0.map(\.description) }
            // The items' bytes, NULs included: every field string, the stack, the rejections.
            var bytes = header.count + 1
            for index in 0..<Self.fieldStrings { bytes += (slot(index)?.count ?? 0) + 1 }
            for entry in stack { bytes += ItemBlockWriter.itemBytes(entry) }
            for field in rejections {
                for rejection in field {
                    bytes += ItemBlockWriter.itemBytes(rejection.key) + ItemBlockWriter.itemBytes(rejection.localization)
                        + ItemBlockWriter.itemBytes(rejection.table) + ItemBlockWriter.itemBytes(rejection.code)
                        + ItemBlockWriter.itemBytes(rejection.message)
                }
            }
            for description in descriptions { bytes += ItemBlockWriter.itemBytes(description) }
            let itemCount = ResultLayout.firstStackEntry + stack.count
                + (ResultLayout.rejectionItems + 1) * rejectionCount
            guard var block = ItemBlockWriter(count: itemCount, metadata: ResultLayout.metadataCount, itemBytes: bytes)
            else { return nil }
            for (word, number) in numbers.enumerated() { block.setMetadata(word, number) }
            let empty = UnsafeRawBufferPointer(start: nil, count: 0)
            block.add(header)
            for field in 0..<ResultLayout.fieldCount { block.add(slot(field * 5) ?? empty) }
            for field in 0..<ResultLayout.fieldCount {
                for item in 1...4 { block.add(slot(field * 5 + item) ?? empty) }
            }
            for entry in stack { block.add(entry) }
            for field in rejections {
                for rejection in field {
                    block.add(rejection.key)
                    block.add(rejection.localization)
                    block.add(rejection.table)
                    block.add(rejection.code)
                    block.add(rejection.message)
                }
            }
            block.endPacked()
            for description in descriptions { block.add(description) }
            return block.finish()
        }
    }
}

/// The header item of a packed output: decimal numbers separated by single spaces.
enum HeaderItem {
    /// `body` applied to the digits of `numbers` (never negative) in a temporary buffer.
    @inline(__always)
    static func withDigits<Result>(_ numbers: [Int], _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        withUnsafeTemporaryAllocation(byteCount: numbers.count * 21, alignment: 1) { buffer in
            var length = 0
            for (index, number) in numbers.enumerated() {
                if index > 0 {
                    buffer[length] = UInt8(ascii: " ")
                    length += 1
                }
                length += write(number, into: UnsafeMutableRawBufferPointer(rebasing: buffer[length...]))
            }
            return body(UnsafeRawBufferPointer(rebasing: buffer[..<length]))
        }
    }

    /// Writes `number` (0 for a negative one, which would be a bug) in decimal; the digits' count.
    private static func write(_ number: Int, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        var value = UInt(max(0, number))
        var count = 0
        repeat {
            buffer[count] = UInt8(ascii: "0") &+ UInt8(value % 10)
            value /= 10
            count += 1
        } while value > 0
        // Written least significant first: reversed in place.
        var low = 0, high = count - 1
        while low < high {
            buffer.swapAt(low, high)
            low += 1
            high -= 1
        }
        return count
    }
}
