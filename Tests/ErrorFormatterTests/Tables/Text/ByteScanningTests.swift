import Testing
@testable import ErrorFormatter

/// The sixteen- and eight-byte scans against a byte-by-byte search: the first match of any of
/// three bytes at every alignment and block boundary, and whether the bytes passed over were
/// all ASCII.
@Suite struct ByteScanningTests {
    @Test func firstIndexAndPassedBytesMatchAByteByByteSearch() {
        var generator = SystemRandomNumberGenerator()
        // Mostly filler, with the bytes searched for and non-ASCII bytes sprinkled in.
        let alphabet: [UInt8] = Array("abcdefgh ".utf8) + [0x22, 0x5C, 0x0A, 0xC3, 0xA9, 0xE2, 0x80]
        for _ in 0..<3000 {
            let length = Int.random(in: 0...80, using: &generator)
            let rare = Int.random(in: 1...40, using: &generator)
            let bytes: [UInt8] = (0..<length).map { _ in
                Int.random(in: 0..<rare, using: &generator) == 0
                    ? alphabet[Int.random(in: 9..<alphabet.count, using: &generator)]
                    : alphabet[Int.random(in: 0..<9, using: &generator)]
            }
            let start = Int.random(in: 0...length, using: &generator)
            let end = Int.random(in: start...length, using: &generator)
            let targets: (UInt8, UInt8, UInt8) = Bool.random(using: &generator) ? (0x22, 0x5C, 0x22) : (0x0A, 0x0D, 0xE2)
            var expected = end
            var expectedASCII = true
            for index in start..<end {
                let byte = bytes[index]
                if byte == targets.0 || byte == targets.1 || byte == targets.2 {
                    expected = index
                    break
                }
                if byte >= 0x80 { expectedASCII = false }
            }
            bytes.withUnsafeBufferPointer { text in
                var seen: UInt64 = 0
                let found = ByteScanning.firstIndex(
                    in: text, from: start, to: end, of: targets.0, targets.1, targets.2, accumulatingInto: &seen)
                #expect(found == expected, "\(bytes) from \(start) to \(end)")
                #expect((seen & 0x8080_8080_8080_8080 == 0) == expectedASCII, "\(bytes) from \(start) to \(end)")
            }
        }
    }
}
