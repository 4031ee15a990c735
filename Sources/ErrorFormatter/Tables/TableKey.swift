#if canImport(Glibc)
import Glibc
#endif

/// A string compared the way CoreFoundation compares table keys: code unit by code unit.
///
/// Swift's `String ==` uses canonical equivalence, so `"café"` spelled with U+00E9 and with
/// `e` + U+0301 would be one key; in CF (and so on Apple platforms) they are two. Keys are kept
/// as valid Unicode (a lone surrogate becomes U+FFFD when parsed), so comparing UTF-8 bytes is
/// the same as comparing UTF-16 code units.
package struct TableKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    package let string: String

    /// The string is taken owned: a caller handing over a string it no longer needs (the
    /// parser, once per entry) costs no reference count going up here and down in the caller.
    package init(_ string: __owned String) {
        var copy = string
        copy.makeContiguousUTF8()
        self.string = copy
    }

    package static func == (lhs: TableKey, rhs: TableKey) -> Bool {
        // Dictionary probes compare keys often; compare the contiguous UTF-8 storage with
        // memcmp-like speed instead of a generic element-by-element walk.
        guard lhs.string.utf8.count == rhs.string.utf8.count else { return false }
        let fast: Bool? = lhs.string.utf8.withContiguousStorageIfAvailable { left in
            rhs.string.utf8.withContiguousStorageIfAvailable { right in
                guard let a = left.baseAddress, let b = right.baseAddress else { return left.count == right.count }
                return memcmp(a, b, left.count) == 0
            }
        } ?? nil
        return fast ?? lhs.string.utf8.elementsEqual(rhs.string.utf8)
    }

    package func hash(into hasher: inout Hasher) {
        let hashed: Void? = string.utf8.withContiguousStorageIfAvailable { bytes in
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        }
        if hashed == nil {
            for byte in string.utf8 { hasher.combine(byte) }
        }
        hasher.combine(0xFF as UInt8)  // terminator: "a"+"b" and "ab" must differ in sequences
    }

    /// Code-point order (the same as UTF-8 byte order), as `expected/` JSON sorts keys.
    package static func < (lhs: TableKey, rhs: TableKey) -> Bool {
        lhs.string.precedesInUTF8Order(rhs.string)
    }

    package var description: String { string }
}
