#if canImport(Glibc)
import Glibc
#endif

/// NUL-terminated copies of several strings in one allocation, freed with the arena.
///
/// Handles hand out borrowed `const char *` pointers that must stay valid until the handle is
/// freed and must be readable from many threads at once, so they are made eagerly, once, when
/// the handle is made. One `malloc` holds the pointer table and every string's bytes, so a
/// result of `ef_format` costs one allocation besides its object, however many strings it has.
final class CStringArena {
    /// `count` pointers, then the strings' bytes; `nil` if there is nothing to hold (or memory
    /// ran out: then every string reads as `NULL`).
    private let storage: UnsafeMutableRawPointer?
    /// The number of strings (`nil` ones included).
    let count: Int

    private typealias Entry = UnsafePointer<CChar>?

    convenience init(_ strings: [String?]) {
        self.init(count: strings.count) { strings[$0] }
    }

    /// An arena of `count` strings, string `index` being `string(index)` (`nil`: no string).
    /// `string` is asked twice for each index, to size the allocation and then to fill it, and
    /// must answer the same both times.
    init(count: Int, _ string: (Int) -> String?) {
        self.count = max(count, 0)
        var bytes = 0
        for index in 0..<self.count {
            if let text = string(index) { bytes += text.utf8.count + 1 }
        }
        let (table, tableOverflow) = self.count.multipliedReportingOverflow(by: MemoryLayout<Entry>.stride)
        let (total, totalOverflow) = table.addingReportingOverflow(bytes)
        guard bytes > 0, !tableOverflow, !totalOverflow, let storage = malloc(total) else {
            self.storage = nil
            return
        }
        self.storage = storage
        let pointers = storage.bindMemory(to: Entry.self, capacity: self.count)
        var offset = table
        for index in 0..<self.count {
            guard let text = string(index) else {
                (pointers + index).initialize(to: nil)
                continue
            }
            let start = storage + offset
            let length = CStringArena.copyUTF8(of: text, to: start)
            start.storeBytes(of: 0, toByteOffset: length, as: UInt8.self)
            (pointers + index).initialize(to: UnsafePointer(start.assumingMemoryBound(to: CChar.self)))
            offset += length + 1
        }
    }

    deinit { free(storage) }

    /// Copies the UTF-8 bytes of `string` to `destination` (which has room for them) and returns
    /// how many were copied. Native strings are contiguous, so this is one `memcpy`.
    static func copyUTF8(of string: String, to destination: UnsafeMutableRawPointer) -> Int {
        let copied: Int? = string.utf8.withContiguousStorageIfAvailable { bytes in
            if let base = bytes.baseAddress { memcpy(destination, base, bytes.count) }
            return bytes.count
        }
        if let copied { return copied }
        var length = 0
        for byte in string.utf8 {
            destination.storeBytes(of: byte, toByteOffset: length, as: UInt8.self)
            length += 1
        }
        return length
    }

    /// The pointer at `index`, or `nil` if `index` is out of range or that string was `nil`.
    subscript(index: Int) -> UnsafePointer<CChar>? {
        guard index >= 0, index < count, let storage else { return nil }
        return storage.assumingMemoryBound(to: Entry.self)[index]
    }
}
/// Owned strings handed to the caller, freed with `ef_string_free`.
enum OwnedCString {
    /// A `malloc`ed NUL-terminated copy of `string`, or `nil` if memory ran out.
    static func make(_ string: String) -> UnsafeMutablePointer<CChar>? {
        guard let memory = malloc(string.utf8.count + 1) else { return nil }
        let length = CStringArena.copyUTF8(of: string, to: memory)
        memory.storeBytes(of: 0, toByteOffset: length, as: UInt8.self)
        return memory.assumingMemoryBound(to: CChar.self)
    }
}
