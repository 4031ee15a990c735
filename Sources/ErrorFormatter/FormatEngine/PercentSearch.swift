#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a string has a `%` at all: what decides if a table string is a format or plain text.
///
/// Most table strings have no specifier, so this runs on nearly every lookup. A generic
/// `utf8.contains` walks byte by byte through the collection machinery; native strings are
/// contiguous UTF-8, so `memchr` answers in a few vector instructions.
enum PercentSearch {
    static func contains(_ text: String) -> Bool {
        let found: Bool? = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, Int32(UInt8(ascii: "%")), bytes.count) != nil
        }
        return found ?? text.utf8.contains(UInt8(ascii: "%"))
    }
}
