/// Reads the primitives of the compiled catalog format from bytes that may be hostile: every
/// read checks the bytes left first, so a wrong count or length is a `.parse` error, never a read
/// past the end or a trap.
struct CompiledDecoder {
    private let bytes: [UInt8]
    private(set) var position = 0
    /// What is being read, for messages (`the directory`, `section 'fr'`).
    private let part: String
    /// The file, for `CatalogError.file`.
    private let file: String?

    init(_ bytes: [UInt8], part: String, file: String?) {
        self.bytes = bytes
        self.part = part
        self.file = file
    }

    var remaining: Int { bytes.count - position }
    var isAtEnd: Bool { position == bytes.count }

    /// A `.parse` error about this part of the file.
    func failure(_ message: String) -> CatalogError {
        CatalogError(kind: .parse, message: "broken compiled catalog: \(part): \(message)", file: file)
    }

    private mutating func take(_ count: Int) throws(CatalogError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= remaining else {
            throw failure("ends \(count - remaining) bytes early at offset \(position)")
        }
        defer { position += count }
        return bytes[position..<(position + count)]
    }

    mutating func u8() throws(CatalogError) -> UInt8 {
        try take(1).first ?? 0
    }

    mutating func u16() throws(CatalogError) -> UInt16 {
        try take(2).reversed().reduce(0) { $0 << 8 | UInt16($1) }
    }

    mutating func u32() throws(CatalogError) -> UInt32 {
        try take(4).reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    mutating func u64() throws(CatalogError) -> UInt64 {
        try take(8).reversed().reduce(0) { $0 << 8 | UInt64($1) }
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
        return Array(try take(length))
    }

    mutating func string() throws(CatalogError) -> String {
        let start = position
        let length = Int(try u32())
        guard let text = String(validating: try take(length), as: UTF8.self) else {
            throw failure("the string at offset \(start) is not valid UTF-8")
        }
        return text
    }

    mutating func optionalString() throws(CatalogError) -> String? {
        switch try u8() {
        case 0: return nil
        case 1: return try string()
        case let flag: throw failure("unknown optional flag \(flag) at offset \(position - 1)")
        }
    }

    /// Checks that nothing follows what was read.
    func expectEnd() throws(CatalogError) {
        guard isAtEnd else { throw failure("\(remaining) unexpected bytes at offset \(position)") }
    }
}
