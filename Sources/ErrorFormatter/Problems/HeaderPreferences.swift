#if canImport(Glibc)
import Glibc
#endif

/// The preference list an `Accept-Language` header gives, as a C call passes a list: its ranges
/// best first (``AcceptLanguageRanges``), each a C string, in one allocation. A catalog keeps it
/// under the header's bytes (its memos' `acceptLanguage` kind), so that a later call with the
/// same header, for an error the catalog keeps no response for, is negotiated from the list (and
/// down the layers kept for it) without reading the header again.
final class HeaderPreferences {
    /// The pointers to the ranges, then each range's bytes and a NUL.
    private let storage: UnsafeMutableRawPointer
    /// The number of ranges.
    let count: Int
    /// What it costs the memo's budget.
    let cost: Int

    /// The list of `header` (its bytes as the header reader looks at them), or `nil` if memory
    /// ran out.
    init?(header: UnsafeRawBufferPointer) {
        let made = AcceptLanguageRanges.withRanges(header) { ranges -> (UnsafeMutableRawPointer, Int, Int)? in
            let pointerBytes = ranges.count * MemoryLayout<UnsafePointer<CChar>?>.stride
            // Each range and a NUL: at most the header's bytes and one per range.
            let size = pointerBytes + header.count + ranges.count
            guard let storage = malloc(max(size, 1)) else { return nil }
            let pointers = storage.bindMemory(to: UnsafePointer<CChar>?.self, capacity: ranges.count)
            let strings = storage + pointerBytes
            var at = 0
            for (index, range) in ranges.enumerated() {
                let bytes = range.bytes(in: header)
                if let source = bytes.baseAddress, bytes.count > 0 { memcpy(strings + at, source, bytes.count) }
                (strings + at + bytes.count).storeBytes(of: 0, as: UInt8.self)
                pointers[index] = UnsafePointer((strings + at).assumingMemoryBound(to: CChar.self))
                at += bytes.count + 1
            }
            return (storage, ranges.count, size)
        }
        guard let (storage, count, size) = made else { return nil }
        self.storage = storage
        self.count = count
        cost = 64 + size
    }

    deinit { free(storage) }

    /// The list, valid while this object lives.
    var locales: Serving.CLocales {
        UnsafePointer(storage.assumingMemoryBound(to: UnsafePointer<CChar>?.self))
    }

    /// The list kept at `address` (unretained: the memo keeps it alive).
    static func kept(at address: UnsafeRawPointer) -> Unmanaged<HeaderPreferences> {
        Unmanaged<HeaderPreferences>.fromOpaque(address)
    }
}
