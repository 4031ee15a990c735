/// CRC-32C (Castagnoli), the checksum of every part of a compiled catalog: reflected polynomial
/// 0x82F63B78, initial value and final XOR 0xFFFFFFFF, as iSCSI, ext4 and SSE4.2's `crc32`
/// instruction compute it (`"123456789"` gives 0xE3069283), so other tools can check a file
/// with any library. Table-driven, one byte at a time: the library takes no dependency for it.
enum CRC32C {
    /// The remainder of every byte value, computed once.
    private static let table: [UInt32] = (0..<256).map { byte in
        var remainder = UInt32(byte)
        for _ in 0..<8 {
            remainder = remainder & 1 == 1 ? (remainder >> 1) ^ 0x82F6_3B78 : remainder >> 1
        }
        return remainder
    }

    /// The checksum of `bytes`.
    static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        let table = Self.table
        for byte in bytes {
            crc = (crc >> 8) ^ table[Int((crc ^ UInt32(byte)) & 0xFF)]
        }
        return crc ^ 0xFFFF_FFFF
    }
}
