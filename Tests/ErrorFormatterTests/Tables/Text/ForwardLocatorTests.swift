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
}
