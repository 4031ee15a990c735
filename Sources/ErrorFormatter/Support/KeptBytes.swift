#if canImport(Glibc)
import Glibc
#endif

/// Bytes a memo keeps (a formatted result in the form its caller made of it, a lookup's block),
/// copied when stored, immutable, freed with the memo's ``ConcurrentByteCache``.
package final class KeptBytes {
    package let bytes: UnsafeRawBufferPointer

    /// A copy of `source`; `nil` when it is empty or memory ran out.
    package init?(copying source: UnsafeRawBufferPointer) {
        guard let base = source.baseAddress, source.count > 0, let copy = malloc(source.count) else { return nil }
        memcpy(copy, base, source.count)
        bytes = UnsafeRawBufferPointer(start: copy, count: source.count)
    }

    /// The bytes of the `KeptBytes` at `object`, an address a cache handed out (unretained: the
    /// cache keeps the object alive as long as itself).
    @inline(__always)
    package static func bytes(at object: UnsafeRawPointer) -> UnsafeRawBufferPointer {
        Unmanaged<KeptBytes>.fromOpaque(object)._withUnsafeGuaranteedRef { $0.bytes }
    }

    deinit { free(UnsafeMutableRawPointer(mutating: bytes.baseAddress)) }
}
