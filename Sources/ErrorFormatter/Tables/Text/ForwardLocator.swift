/// Lines and columns of byte offsets asked for in increasing order, in one pass that stops at
/// the last offset asked for.
///
/// Same answers as `SourceLocator.location(of:)` (CR, LF and CRLF each end one line; columns
/// count Unicode scalars from the line's start), without its tables: a parse that produced a
/// few diagnostics (duplicate keys in a large table) pays for counting line breaks up to the
/// last of them, a word at a time, and for the scalars between each offset and the one before
/// on its line, instead of indexing every line and block of the whole file. `SourceLocator`
/// stays the tool for random access (failures, truncation messages, lint's source map).
struct ForwardLocator {
    private let text: UnsafeBufferPointer<UInt8>
    /// Everything before `scanned` has been looked at for line breaks.
    private var scanned = 0
    /// Line breaks before `scanned`.
    private var breaks = 0
    /// Where the line holding `scanned` starts (just after its break).
    private var lineStart = 0
    /// The column count is kept from one offset to the next on the same line, so that a
    /// one-line file with thousands of diagnostics stays linear: `scalarsCounted` scalars lie
    /// between `columnStart` (the line's first column) and `columnScanned`.
    private var columnStart = -1
    private var columnScanned = 0
    private var scalarsCounted = 0

    init(text: UnsafeBufferPointer<UInt8>) {
        self.text = text
    }

    /// The 1-based line and column of `offset`. Offsets must come in increasing order; an
    /// earlier one starts the count over from the beginning (correct, only slower).
    mutating func location(of offset: Int) -> (line: Int, column: Int) {
        let target = max(0, min(offset, text.count))
        if target < scanned { self = ForwardLocator(text: text) }
        countBreaks(upTo: target)
        var start = lineStart
        // After a CRLF the line starts at the LF (CF counts the line at the CR); the LF is part
        // of the line break, not a column of the new line.
        if start > 0, start < target, text[start] == 0x0A, text[start - 1] == 0x0D { start += 1 }
        if start != columnStart || target < columnScanned {
            columnStart = start
            columnScanned = start
            scalarsCounted = 0
        }
        scalarsCounted += SourceLocator.scalarStarts(in: text, from: columnScanned, to: target)
        columnScanned = target
        return (breaks + 1, 1 + scalarsCounted)
    }

    /// Advances `scanned` to `target`, counting the line breaks in between and noting where
    /// the last line starts: every CR, and every LF not right after a CR.
    private mutating func countBreaks(upTo target: Int) {
        guard let base = text.baseAddress, scanned < target else { return }
        let raw = UnsafeRawPointer(base)
        var position = scanned
        // Bit 7 set when the byte before `position` is a CR (its LF then ends no line).
        var crBefore: UInt64 = position > 0 && text[position - 1] == 0x0D ? 0x80 : 0
        while target - position >= 8 {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt64.self))
            let crs = Self.bytes(of: word, equalTo: 0x0D)
            let lfs = Self.bytes(of: word, equalTo: 0x0A)
            let lineBreaks = crs | (lfs & ~(crs << 8 | crBefore))
            if lineBreaks != 0 {
                breaks += lineBreaks.nonzeroBitCount
                lineStart = position + (63 - lineBreaks.leadingZeroBitCount) / 8 + 1
            }
            crBefore = crs >> 56
            position += 8
        }
        while position < target {
            let byte = text[position]
            if byte == 0x0D || (byte == 0x0A && crBefore == 0) {
                breaks += 1
                lineStart = position + 1
            }
            crBefore = byte == 0x0D ? 0x80 : 0
            position += 1
        }
        scanned = target
    }

    /// Bit 7 of each byte of `word` set exactly when that byte equals `byte` (no false
    /// positives, unlike the borrow trick of `ByteScanning`, since the bits are counted).
    @inline(__always)
    private static func bytes(of word: UInt64, equalTo byte: UInt8) -> UInt64 {
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let x = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        return ~(((x & lows) &+ lows) | x | lows)
    }
}
