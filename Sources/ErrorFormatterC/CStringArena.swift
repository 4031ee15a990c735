#if canImport(Glibc)
import Glibc
#endif
import ErrorFormatter

/// NUL-terminated copies of several strings in one object, freed with it.
///
/// Handles hand out borrowed `const char *` pointers that must stay valid until the handle is
/// freed and must be readable from many threads at once, so they are made eagerly, once, when
/// the handle is made. The arena is a single allocation: the object's header, then (in its tail
/// storage, which never moves while the object lives) the pointer table and every string's
/// bytes. A result of `ef_format` or `ef_catalog_lookup` is made for every call, so what it
/// costs is per call.
final class CStringArena: ManagedBuffer<CStringArena.Header, UInt64> {
    struct Header {
        /// The number of strings (`nil` ones included).
        var count: Int
    }

    private typealias Entry = UnsafePointer<CChar>?

    /// An arena of `strings`, in order (`nil`: no string).
    static func make(_ strings: [String?]) -> CStringArena {
        make { add in
            for string in strings { add(string) }
        }
    }

    /// An arena of the strings `strings` passes to its argument, in order (`nil`: no string).
    /// `strings` runs twice, to size the allocation and then to fill it, and must pass the same
    /// strings both times; anything passed beyond the first run's count is ignored, and a string
    /// that no longer fits reads as `NULL`.
    static func make(_ strings: ((String?) -> Void) -> Void) -> CStringArena {
        var count = 0
        var bytes = 0
        strings { string in
            count += 1
            if let string { bytes &+= string.utf8.count &+ 1 }
        }
        // Tail storage is counted in 8-byte words: one per pointer, then the bytes rounded up.
        // Every size here is the size of strings already in memory, so none can overflow.
        let words = count + (bytes + 7) / 8
        let arena = unsafeDowncast(create(minimumCapacity: words) { _ in Header(count: count) },
                                   to: CStringArena.self)
        arena.withUnsafeMutablePointerToElements { elements in
            let storage = UnsafeMutableRawPointer(elements)
            let pointers = storage.bindMemory(to: Entry.self, capacity: count)
            let total = words * 8
            var index = 0
            var offset = count * 8
            strings { string in
                guard index < count else { return }
                defer { index += 1 }
                guard let string, string.utf8.count < total - offset else {
                    (pointers + index).initialize(to: nil)
                    return
                }
                let start = storage + offset
                let length = UTF8Bytes.copy(string, to: start)
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
        return arena
    }

    /// The number of strings (`nil` ones included).
    /// Read through the header's pointer: the `header` property is a class `var`, checked for
    /// exclusive access at run time on every read, and this is read on every `ef_lookup_*` call.
    var count: Int { withUnsafeMutablePointerToHeader { $0.pointee.count } }

    /// The pointer at `index`, or `nil` if `index` is out of range or that string was `nil`.
    /// The pointer stays valid while the arena lives: tail storage does not move.
    subscript(index: Int) -> UnsafePointer<CChar>? {
        guard index >= 0, index < count else { return nil }
        return withUnsafeMutablePointerToElements { elements in
            UnsafeRawPointer(elements).assumingMemoryBound(to: Entry.self)[index]
        }
    }
}

/// Owned strings handed to the caller, freed with `ef_string_free`.
enum OwnedCString {
    /// A `malloc`ed NUL-terminated copy of `string`, or `nil` if memory ran out.
    static func make(_ string: String) -> UnsafeMutablePointer<CChar>? {
        guard let memory = malloc(string.utf8.count + 1) else { return nil }
        let length = UTF8Bytes.copy(string, to: memory)
        memory.storeBytes(of: 0, toByteOffset: length, as: UInt8.self)
        return memory.assumingMemoryBound(to: CChar.self)
    }
}
