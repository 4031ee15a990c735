/// Turns byte offsets into the UTF-8 text of a property list into 1-based lines and columns.
///
/// Parsers record problems by byte offset (cheap, monotonic) and convert only when a diagnostic
/// is actually produced, so a clean file never pays for line bookkeeping. Lines follow
/// CoreFoundation's `lineNumberStrings`: CR, LF and CRLF each end one line; U+2028 and U+2029 do
/// not. Columns count Unicode scalars from the start of the line.
struct SourceLocator {
    /// Offsets at which a new line starts (after a CR, or after an LF not preceded by CR).
    private let lineStarts: [Int]
    private let text: UnsafeBufferPointer<UInt8>
    /// Unicode scalars that start before each multiple of `blockSize`: `scalarsBefore[b]` counts
    /// the scalars in `text[0 ..< b * blockSize]`. With it a column costs at most two partial
    /// blocks, however long the line, so a one-line file with thousands of keys stays linear
    /// (counting from the line's start for every key would be quadratic in the line's length).
    private let scalarsBefore: [Int]
    static let blockSize = 256

    /// Builds the line table of `text` in one pass.
    ///
    /// - Complexity: O(n) in the length of `text`.
    init(text: UnsafeBufferPointer<UInt8>) {
        self.text = text
        var starts: [Int] = []
        var index = 0
        let count = text.count
        while index < count {
            index = ByteScanning.firstIndex(in: text, from: index, to: count, of: 0x0A, 0x0D, 0x0D)
            guard index < count else { break }
            let byte = text[index]
            if byte == 0x0D {
                starts.append(index + 1)
            } else if byte == 0x0A {
                if index == 0 || text[index - 1] != 0x0D { starts.append(index + 1) }
            }
            index += 1
        }
        lineStarts = starts
        var blocks: [Int] = [0]
        blocks.reserveCapacity(count / Self.blockSize + 1)
        var scalars = 0
        var blockStart = 0
        while count - blockStart > Self.blockSize {
            scalars += Self.scalarStarts(in: text, from: blockStart, to: blockStart + Self.blockSize)
            blockStart += Self.blockSize
            blocks.append(scalars)
        }
        scalarsBefore = blocks
    }

    /// Scalars that start in `text[0 ..< offset]`: a table read, then at most one partial block.
    private func scalarCount(before offset: Int) -> Int {
        let block = min(offset / Self.blockSize, scalarsBefore.count - 1)
        return scalarsBefore[block] + Self.scalarStarts(in: text, from: block * Self.blockSize, to: offset)
    }

    /// The Unicode scalars that start in `text[start ..< end]`: every byte that is not a UTF-8
    /// continuation byte (`10xxxxxx`) starts one. Eight bytes at a time: a byte's bit 7 in
    /// `word & ~(word << 1)` is set exactly when its bits 7 and 6 are `10`.
    static func scalarStarts(in text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        guard let base = text.baseAddress, start < end else { return 0 }
        let raw = UnsafeRawPointer(base)
        var continuations = 0
        var position = start
        while end - position >= 8 {
            let word = raw.loadUnaligned(fromByteOffset: position, as: UInt64.self)
            let marks = (word & ~(word << 1) & 0x8080_8080_8080_8080) >> 7
            // One bit per byte at its bit 0: the product's top byte sums the eight lanes.
            continuations += Int((marks &* 0x0101_0101_0101_0101) >> 56)
            position += 8
        }
        while position < end {
            if text[position] & 0xC0 == 0x80 { continuations += 1 }
            position += 1
        }
        return (end - start) - continuations
    }

    /// The number of line starts at or before `offset`, i.e. the 0-based line index.
    private func lineIndex(of offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count
        while low < high {
            let middle = low + (high - low) / 2
            if lineStarts[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// CoreFoundation's line number for a parser position: 1 + line breaks before `offset`.
    func line(of offset: Int) -> Int { lineIndex(of: offset) + 1 }

    /// The 1-based line and the 1-based column (in Unicode scalars) of `offset`.
    func location(of offset: Int) -> (line: Int, column: Int) {
        let clamped = max(0, min(offset, text.count))
        let index = lineIndex(of: clamped)
        var start = index == 0 ? 0 : lineStarts[index - 1]
        // After a CRLF the line starts at the LF (CF counts the line at the CR); the LF is part of
        // the line break, not a column of the new line.
        if start > 0, start < clamped, text[start] == 0x0A, text[start - 1] == 0x0D { start += 1 }
        // Count scalars: every byte that is not a UTF-8 continuation byte starts one.
        let column = 1 + scalarCount(before: clamped) - scalarCount(before: start)
        return (index + 1, column)
    }

    /// Lines from the one holding `offset` to the last one with any text (what a truncation
    /// drops); an empty line after a final line break is not counted.
    func linesAfter(_ offset: Int) -> Int {
        var lastLineIndex = lineStarts.count
        if let last = lineStarts.last, last >= text.count { lastLineIndex -= 1 }
        return max(1, lastLineIndex - lineIndex(of: offset) + 1)
    }
}

/// A diagnostic whose position is still a byte offset into the parsed text.
struct OffsetDiagnostic: Sendable {
    var severity: Diagnostic.Severity
    var code: String
    var message: String
    var offset: Int
    /// Sort position: a note is listed right after the diagnostic it belongs to.
    var order: Int

    init(severity: Diagnostic.Severity, code: String, message: String, offset: Int, order: Int? = nil) {
        self.severity = severity
        self.code = code
        self.message = message
        self.offset = offset
        self.order = order ?? offset
    }

    /// The public form, with the offset converted to line and column.
    func located(with locator: SourceLocator) -> Diagnostic {
        let (line, column) = locator.location(of: offset)
        return Diagnostic(severity: severity, code: code, message: message, line: line, column: column)
    }
}
