import Testing
@testable import ErrorFormatter

/// The word-at-a-time line table against CF's rule read byte by byte: CR, LF and CRLF each end
/// one line (counted at the CR),
/// at every alignment (CRLF split across words included).
@Suite struct SourceLocatorTests {
    @Test func linesMatchCountingBreaksOneByOne() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [[0x0D], [0x0A], [0x0D, 0x0A], Array("abc".utf8), Array("x".utf8), Array("é".utf8), [0x0B]]
        for _ in 0..<500 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...40, using: &generator) {
                bytes += pieces[Int.random(in: 0..<pieces.count, using: &generator)]
            }
            bytes.withUnsafeBufferPointer { text in
                let locator = SourceLocator(text: text)
                var line = 1
                for offset in 0...text.count {
                    #expect(locator.line(of: offset) == line, "\(bytes) at \(offset)")
                    guard offset < text.count else { break }
                    let byte = text[offset]
                    // A line starts after a CR, and after an LF that does not follow a CR (the
                    // line of a CRLF's LF is already the next one, as CF counts it).
                    let previous: UInt8? = offset > 0 ? text[offset - 1] : nil
                    if byte == 0x0D || (byte == 0x0A && previous != 0x0D) { line += 1 }
                }
            }
        }
    }
}
