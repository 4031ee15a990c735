import Testing
@testable import ErrorFormatter

/// The forward locator's word-at-a-time break count and its running column against
/// `SourceLocator` (itself checked byte by byte in `SourceLocatorTests`), at every alignment.
@Suite struct ForwardLocatorTests {
    private static let pieces: [[UInt8]] = [
        [0x0D], [0x0A], [0x0D, 0x0A], Array("abc".utf8), Array("é".utf8), Array("€".utf8),
        Array("😀".utf8), [0x0B], Array(repeating: 0x20, count: 13),
    ]

    private static func randomText(pieces count: Int, using generator: inout some RandomNumberGenerator) -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0..<count { bytes += pieces[Int.random(in: 0..<pieces.count, using: &generator)] }
        return bytes
    }

    /// Asks one forward locator for `offsets` in their order, each answer checked against the
    /// source locator's.
    private static func expectSameLocations(in bytes: [UInt8], at offsets: [Int]) {
        bytes.withUnsafeBufferPointer { text in
            let reference = SourceLocator(text: text)
            var locator = ForwardLocator(text: text)
            for offset in offsets {
                let found = locator.location(of: offset)
                let expected = reference.location(of: offset)
                #expect(found.line == expected.line && found.column == expected.column, "\(bytes) at \(offset)")
            }
        }
    }

    @Test func everyOffsetInOrderMatchesTheSourceLocator() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let bytes = Self.randomText(pieces: Int.random(in: 0...60, using: &generator), using: &generator)
            Self.expectSameLocations(in: bytes, at: Array(0...bytes.count))
        }
    }

    /// A few offsets with gaps (one line, many lines, repeated offsets), and an earlier offset
    /// after a later one, which starts the count over.
    @Test func sparseAndBackwardOffsetsMatchTheSourceLocator() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let bytes = Self.randomText(pieces: Int.random(in: 1...200, using: &generator), using: &generator)
            var offsets = (0..<Int.random(in: 1...8, using: &generator)).map { _ in
                Int.random(in: 0...(bytes.count + 2), using: &generator)
            }
            offsets.sort()
            offsets.append(Int.random(in: 0...bytes.count, using: &generator))
            Self.expectSameLocations(in: bytes, at: offsets)
        }
    }

    /// Offsets asked for in order read only the bytes after the previous one, however long the
    /// line: once an offset is located, everything before it is overwritten with line breaks
    /// and UTF-8 continuation bytes, which would change the line or lower the column of any
    /// count that went through them again, and every later location must stay what it was.
    /// Counting each column from the line's start, which made a one-line file's diagnostics
    /// quadratic in its length, fails here at the second offset.
    @Test func eachOffsetReadsOnlyTheBytesAfterThePreviousOne() {
        var bytes = Array("first\n".utf8)
        let lineStart = bytes.count
        while bytes.count < lineStart + 16_384 { bytes += Array("abcdeé".utf8) }
        let original = bytes
        bytes.withUnsafeMutableBufferPointer { text in
            var locator = ForwardLocator(text: UnsafeBufferPointer(text))
            var previous = 0
            for offset in stride(from: lineStart, to: original.count, by: 211) where original[offset] & 0xC0 != 0x80 {
                for index in 0..<previous { text[index] = index % 2 == 0 ? 0x0A : 0x80 }
                let expectedColumn = 1 + String(decoding: original[lineStart..<offset], as: UTF8.self).unicodeScalars.count
                let location = locator.location(of: offset)
                #expect(location.line == 2 && location.column == expectedColumn, "offset \(offset)")
                previous = offset
            }
        }
    }
}
