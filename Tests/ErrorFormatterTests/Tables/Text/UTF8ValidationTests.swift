import Testing
@testable import ErrorFormatter

/// The validator's word-at-a-time paths against a plain byte-by-byte reading of the same rules.
@Suite struct UTF8ValidationTests {
    /// The first invalid offset, one sequence at a time (the definition the fast paths must meet).
    static func reference(_ bytes: [UInt8]) -> Int? {
        referenceReading(bytes).firstInvalid
    }

    /// The reading `reference` makes, also telling whether it stepped over CF's stray 0xA9
    /// before the first invalid offset.
    static func referenceReading(_ bytes: [UInt8]) -> (firstInvalid: Int?, sawStrayByte: Bool) {
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            var sawStrayByte = false
            while index < buffer.count {
                let length = UTF8Validation.sequenceLength(in: buffer, at: index)
                if length == 0 {
                    if buffer[index] == 0xA9 { index += 1; sawStrayByte = true; continue }
                    return (index, sawStrayByte)
                }
                index += length
            }
            return (nil, sawStrayByte)
        }
    }

    /// What the random texts are made of: ASCII runs, valid sequences, broken ones, CF's 0xA9.
    static let pieces: [[UInt8]] = [
        Array("plain ascii text, long enough to fill a few words".utf8), Array("ab".utf8), [0x20],
        Array("é".utf8), Array("я".utf8), Array("中".utf8), Array("😀".utf8), [0xA9],
        [0xC3], [0xE4, 0xB8], [0xF0, 0x9F, 0x98], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
        [0xFF], [0x80],
    ]

    /// Up to twelve pieces, picked at random.
    static func randomText(using generator: inout some RandomNumberGenerator) -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 0...12, using: &generator) {
            bytes += pieces[Int.random(in: 0..<pieces.count, using: &generator)]
        }
        return bytes
    }

    /// Random texts of ASCII runs (long and short) mixed with valid and broken sequences, at
    /// every alignment, so that word boundaries fall everywhere.
    @Test func agreesWithTheByteByByteDefinition() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let bytes = Self.randomText(using: &generator)
            let found = bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalidOffset(in: $0) }
            #expect(found == Self.reference(bytes), "\(bytes)")
        }
    }

    /// Long texts, mostly valid, so that the sixteen-byte blocks meet every kind of sequence at
    /// every lane and a problem (or CF's stray byte) late in the text: the offset and whether
    /// the stray byte was seen are those of the sequence-by-sequence reading.
    @Test func blocksAgreeWithTheByteByByteDefinition() {
        var generator = SystemRandomNumberGenerator()
        let valid = Self.pieces.filter { String(validating: $0, as: UTF8.self) != nil }
        for _ in 0..<3000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...60, using: &generator) {
                let source = Int.random(in: 0..<20, using: &generator) == 0 ? Self.pieces : valid
                bytes += source[Int.random(in: 0..<source.count, using: &generator)]
            }
            var sawStrayByte = false
            let found = bytes.withUnsafeBufferPointer {
                UTF8Validation.firstInvalidOffset(in: $0, sawStrayByte: &sawStrayByte)
            }
            let expected = Self.referenceReading(bytes)
            #expect(found == expected.firstInvalid, "\(bytes)")
            #expect(sawStrayByte == expected.sawStrayByte, "\(bytes)")
        }
    }

    /// Every single byte value at every position of a valid text of mixed scripts longer than a
    /// few blocks: each bad sequence is found at the reference's offset.
    @Test func everyByteAtEveryPositionOfAValidText() {
        let text = Array("Привет, 世界! Ελληνικά 😀 é and plain ASCII between them. 中文文本 ok".utf8)
        for position in text.indices {
            for value in [0x00, 0x41, 0x80, 0xA9, 0xBF, 0xC0, 0xC2, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF] as [UInt8] {
                var bytes = text
                bytes[position] = value
                let found = bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalidOffset(in: $0) }
                #expect(found == Self.reference(bytes), "byte \(value) at \(position)")
            }
        }
    }

    /// `isStrictlyValid` accepts exactly what the standard library's validating initializer
    /// accepts (the C layer relies on it where it checks a caller's text without decoding it);
    /// CF's tolerated stray byte is not strictly valid.
    @Test func strictValidityAgreesWithTheStandardLibrary() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let bytes = Self.randomText(using: &generator)
            let strict = bytes.withUnsafeBufferPointer { UTF8Validation.isStrictlyValid($0) }
            #expect(strict == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
        }
        #expect(![UInt8]([0x61, 0xA9]).withUnsafeBufferPointer { UTF8Validation.isStrictlyValid($0) })
    }

    /// The ASCII prefix, a word at a time, ends at the first byte past 0x7F wherever it is, in
    /// texts of every length up to a few words, from every offset of the buffer.
    @Test func theASCIIPrefixEndsAtTheFirstHighByte() {
        let text = Array(repeating: UInt8(ascii: "a"), count: 40)
        for length in 0...text.count {
            for high in [nil] + Array(0..<length) as [Int?] {
                for offset in 0..<3 {
                    var bytes = [UInt8](repeating: 0x20, count: offset) + text[..<length]
                    if let high { bytes[offset + high] = high % 2 == 0 ? 0x80 : 0xFF }
                    let found = bytes.withUnsafeBufferPointer {
                        UTF8Validation.asciiPrefixLength(of: UnsafeBufferPointer(rebasing: $0[offset...]))
                    }
                    #expect(found == (high ?? length), "length \(length), high byte at \(String(describing: high))")
                }
            }
        }
        #expect(UTF8Validation.asciiPrefixLength(of: UnsafeBufferPointer(start: nil, count: 0)) == 0)
    }
}
