#if canImport(Glibc)
import Glibc
#endif

/// A string's UTF-8 as bytes: read in place, or copied into memory that has room for them. The
/// one home of both for every layer (tables' argument-free blocks, results, the C layer's
/// strings).
package enum UTF8Bytes {
    /// `body` applied to `string`'s UTF-8, in place: native strings are contiguous, so only a
    /// bridged or lazily made one is copied first.
    @inline(__always)
    package static func with<Result>(_ string: String, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        if let done = string.utf8.withContiguousStorageIfAvailable({ body(UnsafeRawBufferPointer($0)) }) { return done }
        return Array(string.utf8).withUnsafeBytes(body)
    }

    /// Copies `string`'s UTF-8 to `destination` (which has room for them) and returns how many
    /// bytes were copied: one `memcpy` for a native string.
    @inline(__always)
    package static func copy(_ string: String, to destination: UnsafeMutableRawPointer) -> Int {
        with(string) { bytes in
            if let base = bytes.baseAddress, bytes.count > 0 { memcpy(destination, base, bytes.count) }
            return bytes.count
        }
    }

    /// Whether `string` holds U+0000: its UTF-8 searched with `memchr`, a word at a time, where a
    /// walk of `string.utf8` takes a byte at a time (every value of every table is searched).
    package static func holdsNUL(_ string: String) -> Bool {
        with(string) { bytes in
            guard let base = bytes.baseAddress, bytes.count > 0 else { return false }
            return memchr(base, 0, bytes.count) != nil
        }
    }
}
