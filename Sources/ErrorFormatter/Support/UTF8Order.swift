#if canImport(Glibc)
import Glibc
#endif

extension String {
    /// Whether `self` sorts before `other` byte by byte in UTF-8 (the same as code-point order):
    /// the order of compiled catalogs, of `expected/` JSON keys and of every listing the library
    /// prints, whatever the locale. One `memcmp` over the contiguous UTF-8 rather than the
    /// standard library's element-by-element walk, which sorting a catalog's localizations at
    /// open would otherwise spend most of its time in.
    func precedesInUTF8Order(_ other: String) -> Bool {
        let fast: Bool? = utf8.withContiguousStorageIfAvailable { left in
            other.utf8.withContiguousStorageIfAvailable { right in
                let common = Swift.min(left.count, right.count)
                if common > 0, let a = left.baseAddress, let b = right.baseAddress {
                    let order = memcmp(a, b, common)
                    if order != 0 { return order < 0 }
                }
                return left.count < right.count
            }
        } ?? nil
        return fast ?? utf8.lexicographicallyPrecedes(other.utf8)
    }
}
