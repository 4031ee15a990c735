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

    /// Columns count scalars from the line's start, across 256-byte blocks and at every word
    /// alignment, against counting them one by one.
    @Test func columnsMatchCountingScalarsOneByOne() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [Array("a".utf8), Array("é".utf8), Array("€".utf8), Array("😀".utf8),
                                 [0x0A], [0x0D, 0x0A], Array(repeating: 0x20, count: 37)]
        for _ in 0..<200 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...700, using: &generator) {
                let piece = pieces[Int.random(in: 0..<pieces.count, using: &generator)]
                // Few line breaks, so that most lines span several blocks.
                let isBreak = piece.first == 0x0A || piece.first == 0x0D
                if isBreak, Int.random(in: 0..<20, using: &generator) != 0 { continue }
                bytes += piece
            }
            bytes.withUnsafeBufferPointer { text in
                let locator = SourceLocator(text: text)
                var column = 1
                for offset in 0...text.count {
                    let startsScalar = offset == text.count || text[offset] & 0xC0 != 0x80
                    if startsScalar {
                        #expect(locator.location(of: offset).column == column, "offset \(offset) of \(text.count)")
                    }
                    guard offset < text.count else { break }
                    let byte = text[offset]
                    if byte == 0x0A || byte == 0x0D {
                        // A CRLF's LF is column 1 of the next line, and so is what follows it.
                        column = 1
                    } else if startsScalar {
                        column += 1
                    }
                }
            }
        }
    }
}
