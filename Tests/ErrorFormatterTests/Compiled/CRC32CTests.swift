import Testing
@testable import ErrorFormatter

/// The compiled catalog's checksum: CRC-32C's published check value, and the processor's
/// instruction (where it has one) giving what the tables give, at every length around the
/// eight-byte steps and on longer random buffers, from every alignment.
@Suite struct CRC32CTests {
    @Test func theKnownVectors() {
        #expect(CRC32C.checksum(Array("123456789".utf8)) == 0xE306_9283)
        #expect(CRC32C.tableChecksum(Array("123456789".utf8)) == 0xE306_9283)
        #expect(CRC32C.checksum([]) == 0)
        #expect(CRC32C.tableChecksum([]) == 0)
        // RFC 3720 (iSCSI), B.4: 32 bytes of zeros, of 0xFF, and counting up.
        #expect(CRC32C.checksum([UInt8](repeating: 0, count: 32)) == 0x8A91_36AA)
        #expect(CRC32C.checksum([UInt8](repeating: 0xFF, count: 32)) == 0x62A8_AB43)
        #expect(CRC32C.checksum((0..<32).map { UInt8($0) }) == 0x46DD_794E)
    }

    @Test func theInstructionAgreesWithTheTablesAtEveryShortLength() {
        var generator = SplitMix64(seed: 0xC3C3)
        for length in 0...64 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(CRC32C.checksum(bytes) == CRC32C.tableChecksum(bytes), "length \(length)")
        }
    }

    @Test func theInstructionAgreesWithTheTablesOnRandomBuffers() {
        var generator = SplitMix64(seed: 0x32C)
        for _ in 0..<50 {
            let bytes = (0..<Int.random(in: 65...5000, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            // Slices start at every offset of a word: the instruction reads unaligned words.
            for start in 0..<8 {
                let slice = bytes[start...]
                #expect(CRC32C.checksum(slice) == CRC32C.tableChecksum(slice), "start \(start) of \(bytes.count)")
            }
        }
    }
}
