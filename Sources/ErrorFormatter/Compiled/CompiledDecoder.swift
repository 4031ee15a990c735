/// Reads the primitives of the compiled catalog format from bytes that may be hostile: every
/// read checks the bytes left first, so a wrong count or length is a `.parse` error, never a read
/// past the end or a trap.
struct CompiledDecoder {
    /// Everything being read (a whole section): what an in-place table keeps (``CompiledEntries``).
    let bytes: CompiledBytes
    /// `bytes`' memory, read directly: every read below is checked against `remaining` first.
    private let whole: UnsafeBufferPointer<UInt8>
    private(set) var position = 0
    /// What is being read, for messages (`the directory`, `section 'fr'`).
    let part: String
    /// The file, for `CatalogError.file`.
    let file: String?

    /// A decoder of `bytes` that starts reading at `position` (clamped to the bytes).
    init(_ bytes: CompiledBytes, part: String, file: String?, at position: Int = 0) {
        self.bytes = bytes
        self.whole = bytes.buffer
        self.part = part
        self.file = file
        self.position = min(max(position, 0), whole.count)
    }

    /// A decoder of a copy of `bytes` (tests, and parts too small to keep).
    init(_ bytes: [UInt8], part: String, file: String?, at position: Int = 0) {
        self.init(CompiledBytes(bytes), part: part, file: file, at: position)
    }

    var remaining: Int { whole.count - position }
    var isAtEnd: Bool { position == whole.count }

    /// A `.parse` error about this part of the file.
    func failure(_ message: String) -> CatalogError {
        CatalogError(kind: .parse, message: "broken compiled catalog: \(part): \(message)", file: file)
    }

    /// Checks that `count` more bytes are there and moves past them; returns where they start.
    /// Inlined: every primitive read starts here, a few instructions that a call would double.
    @inline(__always)
    private mutating func advance(by count: Int) throws(CatalogError) -> Int {
        guard count >= 0, count <= remaining else {
            throw failure("ends \(count - remaining) bytes early at offset \(position)")
        }
        defer { position += count }
        return position
    }

    /// A little-endian integer, read in one load (`advance` checked that its bytes are there).
    private mutating func integer<Value: FixedWidthInteger>(_: Value.Type) throws(CatalogError) -> Value {
        let start = try advance(by: MemoryLayout<Value>.size)
        return Value(littleEndian: UnsafeRawBufferPointer(whole).loadUnaligned(fromByteOffset: start, as: Value.self))
    }

    /// The next byte, not read yet; `nil` at the end.
    var nextByte: UInt8? { isAtEnd ? nil : whole[position] }

    mutating func u8() throws(CatalogError) -> UInt8 {
        whole[try advance(by: 1)]
    }

    mutating func u16() throws(CatalogError) -> UInt16 {
        try integer(UInt16.self)
    }

    mutating func u32() throws(CatalogError) -> UInt32 {
        try integer(UInt32.self)
    }

    mutating func u64() throws(CatalogError) -> UInt64 {
        try integer(UInt64.self)
    }

    /// A count of items that each take at least one byte: more than the bytes left is refused
    /// before anything loops on it.
    mutating func count(of what: String) throws(CatalogError) -> Int {
        let value = Int(try u32())
        guard value <= remaining else {
            throw failure("\(value) \(what) announced with \(remaining) bytes left")
        }
        return value
    }

    /// A line or column.
    mutating func number() throws(CatalogError) -> Int {
        Int(try u32())
    }

    mutating func data() throws(CatalogError) -> [UInt8] {
        let length = Int(try u32())
        let start = try advance(by: length)
        return Array(whole[start..<(start + length)])
    }

    /// A string: validated strictly (as the writer's strings always are), then made without the
    /// standard library validating it a second time.
    mutating func string() throws(CatalogError) -> String {
        let (range, isASCII) = try validatedString()
        return KnownValidUTF8.string(UnsafeBufferPointer(rebasing: whole[range]), isASCII: isASCII)
    }

    /// Where the next string's bytes are, validated as ``string()`` validates them, without
    /// making it: what an in-place table reads its keys and values with (``CompiledEntries``).
    mutating func stringRange() throws(CatalogError) -> Range<Int> {
        try validatedString().range
    }

    /// The next string's bytes, checked to be strictly valid UTF-8, and whether they are ASCII.
    /// Most keys are ASCII: one scan for a byte past 0x7F settles both validity and what the
    /// string records about itself; a string that has one is validated from that byte on.
    private mutating func validatedString() throws(CatalogError) -> (range: Range<Int>, isASCII: Bool) {
        let length = Int(try u32())
        let start = try advance(by: length)
        let range = UnsafeBufferPointer(rebasing: whole[start..<(start + length)])
        let ascii = UTF8Validation.asciiPrefixLength(of: range)
        let isASCII: Bool? = ascii == length ? true
            : UTF8Validation.isStrictlyValid(UnsafeBufferPointer(rebasing: range[ascii...])) ? false : nil
        guard let isASCII else { throw failure("the string at offset \(start - 4) is not valid UTF-8") }
        return (start..<(start + length), isASCII)
    }

    mutating func optionalString() throws(CatalogError) -> String? {
        switch try u8() {
        case 0: return nil
        case 1: return try string()
        case let flag: throw failure("unknown optional flag \(flag) at offset \(position - 1)")
        }
    }

    /// The CRC-32C of all the bytes (read or not).
    func checksum() -> UInt32 {
        withExtendedLifetime(bytes) { CRC32C.checksum(whole) }
    }

    /// Checks that nothing follows what was read.
    func expectEnd() throws(CatalogError) {
        guard isAtEnd else { throw failure("\(remaining) unexpected bytes at offset \(position)") }
    }
}
