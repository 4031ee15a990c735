import Testing
@testable import ErrorFormatter

/// The UTF-16 transcoder's eight-unit ASCII path at every alignment, against the standard library.
@Suite struct TranscodedTextTests {
    @Test func utf16LittleEndianMatchesTheStandardLibrary() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "plain ascii run of some length", " = ", "é", "я", "中文", "😀", "\n"]
        for _ in 0..<2000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                text += pieces[Int.random(in: 0..<pieces.count, using: &generator)]
            }
            var bytes: [UInt8] = []
            for unit in text.utf16 { bytes += [UInt8(truncatingIfNeeded: unit), UInt8(truncatingIfNeeded: unit >> 8)] }
            let decoded = bytes.withUnsafeBufferPointer { TranscodedText.decode($0, as: .utf16LittleEndian) }
            #expect(decoded?.utf8 == Array(text.utf8), "\(text)")
            #expect(decoded?.replacedSurrogates.isEmpty == true)
        }
    }

    /// Big-endian units take the same word path (each lane's bytes swapped first), and a lone
    /// surrogate after an ASCII prefix is replaced at the right offset.
    @Test func utf16BigEndianAndLoneSurrogatesMatchTheStandardLibrary() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [[UInt16]] = [Array("a".utf16), Array("plain ascii run".utf16), Array("é".utf16),
                                  Array("я".utf16), Array("中文".utf16), Array("😀".utf16), [0xD800], [0xDC00]]
        for _ in 0..<2000 {
            var units: [UInt16] = []
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                units += pieces[Int.random(in: 0..<pieces.count, using: &generator)]
            }
            let expected = Array(String(decoding: units, as: UTF16.self).utf8)
            var bytes: [UInt8] = []
            for unit in units { bytes += [UInt8(truncatingIfNeeded: unit >> 8), UInt8(truncatingIfNeeded: unit)] }
            let decoded = bytes.withUnsafeBufferPointer { TranscodedText.decode($0, as: .utf16BigEndian) }
            #expect(decoded?.utf8 == expected, "\(units)")
            for (offset, unit) in decoded?.replacedSurrogates ?? [] {
                #expect(unit & 0xF800 == 0xD800)
                #expect(Array(expected[offset..<min(offset + 3, expected.count)]) == [0xEF, 0xBF, 0xBD], "\(units)")
            }
        }
    }
}
