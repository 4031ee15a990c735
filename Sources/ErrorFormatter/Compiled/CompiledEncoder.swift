/// Appends the primitives of the compiled catalog format to a byte array: little-endian integers,
/// strings as a `u32` byte count then their UTF-8 bytes (no terminator).
struct CompiledEncoder {
    private(set) var bytes: [UInt8] = []

    mutating func u8(_ value: UInt8) {
        bytes.append(value)
    }

    mutating func u16(_ value: UInt16) {
        bytes.append(UInt8(truncatingIfNeeded: value))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
    }

    mutating func u32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    mutating func u64(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    /// A count or a length, refused past `u32` (no catalog the library loads comes near it).
    mutating func count(_ value: Int) throws(CatalogError) {
        guard let narrow = UInt32(exactly: value) else {
            throw CatalogError(kind: .invalidArgument, message: "the catalog is too large to compile (a count of \(value))")
        }
        u32(narrow)
    }

    /// A number that is never negative in practice (a line or a column): clamped to `u32`.
    mutating func clamped(_ value: Int) {
        u32(UInt32(clamping: max(0, value)))
    }

    mutating func string(_ text: String) throws(CatalogError) {
        try count(text.utf8.count)
        bytes.append(contentsOf: text.utf8)
    }

    mutating func optionalString(_ text: String?) throws(CatalogError) {
        guard let text else { return u8(0) }
        u8(1)
        try string(text)
    }

    mutating func raw(_ more: some Sequence<UInt8>) {
        bytes.append(contentsOf: more)
    }

    /// Overwrites four bytes at `offset` with `value` (a length or checksum known only later).
    mutating func patchU32(_ value: UInt32, at offset: Int) {
        for index in 0..<4 where bytes.indices.contains(offset + index) {
            bytes[offset + index] = UInt8(truncatingIfNeeded: value >> UInt32(8 * index))
        }
    }

    mutating func patchU64(_ value: UInt64, at offset: Int) {
        for index in 0..<8 where bytes.indices.contains(offset + index) {
            bytes[offset + index] = UInt8(truncatingIfNeeded: value >> UInt64(8 * index))
        }
    }
}
