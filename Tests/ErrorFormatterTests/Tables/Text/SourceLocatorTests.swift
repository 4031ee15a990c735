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

    /// A column reads the partial blocks at its line's start and at its offset, never the whole
    /// blocks between, however long the line: once the locator is made, those blocks are
    /// overwritten with UTF-8 continuation bytes, which would lower the column of any count
    /// that went through them, and every column must stay what it was. Counting from the line's
    /// start for every offset, which made a one-line file's positions quadratic in its length,
    /// fails here at every offset past the second block.
    @Test func aColumnReadsNoWholeBlockBetweenItsLinesStartAndItsOffset() {
        let blockSize = SourceLocator.blockSize
        // A short first line, then one line of 64 blocks (a 2-byte scalar every 7 bytes, so
        // that blocks and scalars do not align), then a short last line.
        var bytes = Array("first\n".utf8)
        let lineStart = bytes.count
        while bytes.count < lineStart + 64 * blockSize { bytes += Array("abcdeé".utf8) }
        let lineEnd = bytes.count
        bytes += Array("\nlast".utf8)
        let original = bytes
        bytes.withUnsafeMutableBufferPointer { text in
            let locator = SourceLocator(text: UnsafeBufferPointer(text))
            for offset in stride(from: lineStart, through: lineEnd, by: 97) where original[offset] & 0xC0 != 0x80 {
                let expectedColumn = 1 + String(decoding: original[lineStart..<offset], as: UTF8.self).unicodeScalars.count
                let firstWholeBlock = (lineStart / blockSize + 1) * blockSize
                let offsetBlock = offset / blockSize * blockSize
                if firstWholeBlock < offsetBlock {
                    for index in firstWholeBlock..<offsetBlock { text[index] = 0x80 }
                }
                let location = locator.location(of: offset)
                #expect(location.line == 2 && location.column == expectedColumn, "offset \(offset)")
                for index in firstWholeBlock..<max(firstWholeBlock, offsetBlock) { text[index] = original[index] }
            }
        }
    }
}
