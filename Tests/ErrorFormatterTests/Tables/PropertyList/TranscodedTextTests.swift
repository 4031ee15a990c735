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
}
