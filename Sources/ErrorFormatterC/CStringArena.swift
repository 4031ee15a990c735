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
        self.init { add in
            for string in strings { add(string) }
        }
    }

    /// An arena of the strings `strings` passes to its argument, in order (`nil`: no string).
    /// `strings` runs twice, to size the allocation and then to fill it, and must pass the same
    /// strings both times; anything passed beyond the first run's count is ignored.
    init(_ strings: ((String?) -> Void) -> Void) {
        var count = 0
        var bytes = 0
        strings { string in
            count += 1
            if let string { bytes += string.utf8.count + 1 }
        }
        self.count = count
        let (table, tableOverflow) = count.multipliedReportingOverflow(by: MemoryLayout<Entry>.stride)
        let (total, totalOverflow) = table.addingReportingOverflow(bytes)
        guard bytes > 0, !tableOverflow, !totalOverflow, let storage = malloc(total) else {
            self.storage = nil
            return
        }
        self.storage = storage
        let pointers = storage.bindMemory(to: Entry.self, capacity: count)
        var index = 0
        var offset = table
        strings { string in
            guard index < count else { return }
            defer { index += 1 }
            guard let string, string.utf8.count < total - offset else {
                (pointers + index).initialize(to: nil)
                return
            }
            let start = storage + offset
            let length = CStringArena.copyUTF8(of: string, to: start)
            start.storeBytes(of: 0, toByteOffset: length, as: UInt8.self)
            (pointers + index).initialize(to: UnsafePointer(start.assumingMemoryBound(to: CChar.self)))
            offset += length + 1
        }
        // A second run that passed fewer strings leaves no pointer unset.
        while index < count {
            (pointers + index).initialize(to: nil)
            index += 1
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
