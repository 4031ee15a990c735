#if canImport(Glibc)
import Glibc
#endif

/// NUL-terminated copies of several strings in one allocation, freed with the arena.
///
/// Handles hand out borrowed `const char *` pointers that must stay valid until the handle is
/// freed and must be readable from many threads at once, so they are made eagerly, once, when
/// the handle is made. One `malloc` for all of a result's strings keeps `ef_format` cheap.
final class CStringArena {
    private let storage: UnsafeMutableRawPointer?
    /// One pointer per input string; `nil` where the input was `nil` (or allocation failed).
    let pointers: [UnsafePointer<CChar>?]

    init(_ strings: [String?]) {
        var total = 0
        for string in strings {
            if let string { total += string.utf8.count + 1 }
        }
        guard total > 0, let storage = malloc(total) else {
            self.storage = nil
            self.pointers = Array(repeating: nil, count: strings.count)
            return
        }
        self.storage = storage
        var pointers: [UnsafePointer<CChar>?] = []
        pointers.reserveCapacity(strings.count)
        var offset = 0
        for string in strings {
            guard let string else {
                pointers.append(nil)
                continue
            }
            let start = storage + offset
            var length = 0
            for byte in string.utf8 {
                start.storeBytes(of: byte, toByteOffset: length, as: UInt8.self)
                length += 1
            }
            start.storeBytes(of: 0, toByteOffset: length, as: UInt8.self)
            pointers.append(UnsafePointer(start.assumingMemoryBound(to: CChar.self)))
            offset += length + 1
        }
        self.pointers = pointers
    }

    deinit { free(storage) }

    /// The pointer at `index`, or `nil` if `index` is out of range or that string was `nil`.
    subscript(index: Int) -> UnsafePointer<CChar>? {
        pointers.indices.contains(index) ? pointers[index] : nil
    }
}

/// Owned strings handed to the caller, freed with `ef_string_free`.
enum OwnedCString {
    /// A `malloc`ed NUL-terminated copy of `string`, or `nil` if memory ran out.
    static func make(_ string: String) -> UnsafeMutablePointer<CChar>? {
        let count = string.utf8.count
        guard let memory = malloc(count + 1) else { return nil }
        let bytes = memory.assumingMemoryBound(to: UInt8.self)
        var index = 0
        for byte in string.utf8 {
            bytes[index] = byte
            index += 1
        }
        bytes[index] = 0
        return memory.assumingMemoryBound(to: CChar.self)
    }
}
