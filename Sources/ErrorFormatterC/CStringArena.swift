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
            let length = CStringArena.copyUTF8(of: string, to: start)
            start.storeBytes(of: 0, toByteOffset: length, as: UInt8.self)
            pointers.append(UnsafePointer(start.assumingMemoryBound(to: CChar.self)))
            offset += length + 1
        }
        self.pointers = pointers
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
        pointers.indices.contains(index) ? pointers[index] : nil
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
