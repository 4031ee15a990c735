import CCRC32C

/// CRC-32C (Castagnoli), the checksum of every part of a compiled catalog: reflected polynomial
/// 0x82F63B78, initial value and final XOR 0xFFFFFFFF, as iSCSI, ext4 and SSE4.2's `crc32`
/// instruction compute it (`"123456789"` gives 0xE3069283), so other tools can check a file
/// with any library. An open checks every byte it reads, so this is on the cold-start road: where
/// the processor has SSE4.2's `crc32` instruction (asked once, with cpuid) the C module CCRC32C
/// uses it; elsewhere the tables below, eight bytes a step ("slicing-by-8"), since one table
/// lookup per byte would cost more than decoding the bytes.
enum CRC32C {
    /// Whether this processor computes CRC-32C itself.
    static let hardwareAvailable = efcrc_hardware_available() != 0

    /// Eight tables of 256 entries: table 0 is the remainder of each byte value; table k that
    /// of the byte followed by k zero bytes.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for byte in 0..<256 {
            var remainder = UInt32(byte)
            for _ in 0..<8 {
                remainder = remainder & 1 == 1 ? (remainder >> 1) ^ 0x82F6_3B78 : remainder >> 1
            }
            tables[byte] = remainder
        }
        for slice in 1..<8 {
            for byte in 0..<256 {
                let previous = tables[(slice - 1) * 256 + byte]
                tables[slice * 256 + byte] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    /// The checksum of `bytes`.
    static func checksum(_ bytes: some Collection<UInt8>) -> UInt32 {
        checksum(bytes, update: hardwareAvailable ? hardwareUpdate : tableUpdate)
    }

    /// The checksum of bytes given a piece at a time: `finish(update(...update(initial, first)...,
    /// last))` is the checksum of the pieces one after the other.
    static let initial: UInt32 = 0xFFFF_FFFF

    static func update(_ crc: UInt32, with bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        hardwareAvailable ? hardwareUpdate(crc, bytes) : tableUpdate(crc, bytes)
    }

    static func finish(_ crc: UInt32) -> UInt32 { crc ^ 0xFFFF_FFFF }

    /// The checksum of `bytes` by the tables alone, whatever the processor: what the tests
    /// compare the instruction with.
    static func tableChecksum(_ bytes: some Collection<UInt8>) -> UInt32 {
        checksum(bytes, update: tableUpdate)
    }

    private static func checksum(
        _ bytes: some Collection<UInt8>, update: (UInt32, UnsafeBufferPointer<UInt8>) -> UInt32
    ) -> UInt32 {
        let contiguous: UInt32? = bytes.withContiguousStorageIfAvailable { update(0xFFFF_FFFF, $0) }
        let crc = contiguous ?? Array(bytes).withUnsafeBufferPointer { update(0xFFFF_FFFF, $0) }
        return crc ^ 0xFFFF_FFFF
    }

    private static func hardwareUpdate(_ start: UInt32, _ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        guard let base = bytes.baseAddress else { return start }
        return efcrc_hardware_update(start, base, bytes.count)
    }

    private static func tableUpdate(_ start: UInt32, _ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        tables.withUnsafeBufferPointer { table in
            var crc = start
            var index = 0
            // Every index below is under `bytes.count` (the loops' conditions) or a table offset
            // plus a byte value (under 8 * 256).
            while bytes.count - index >= 8 {
                var low: UInt32 = 0
                var high: UInt32 = 0
                for k in 0..<4 {
                    low |= UInt32(bytes[index + k]) << UInt32(8 * k)
                    high |= UInt32(bytes[index + 4 + k]) << UInt32(8 * k)
                }
                low ^= crc
                crc = table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int((low >> 8) & 0xFF)]
                    ^ table[5 * 256 + Int((low >> 16) & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
                    ^ table[3 * 256 + Int(high & 0xFF)] ^ table[2 * 256 + Int((high >> 8) & 0xFF)]
                    ^ table[1 * 256 + Int((high >> 16) & 0xFF)] ^ table[Int(high >> 24)]
                index += 8
            }
            while index < bytes.count {
                crc = (crc >> 8) ^ table[Int((crc ^ UInt32(bytes[index])) & 0xFF)]
                index += 1
            }
            return crc
        }
    }
}
