/// A reader for binary property lists (`bplist00`), the form Xcode gives `.strings` files in
/// iOS bundles.
///
/// Every offset, count and reference comes from the file, so each is checked before use: the
/// trailer's sizes and table bounds, each object's extent, references within the object count,
/// cycles (an object containing itself), and nesting deeper than CF's 512 levels. As in the XML
/// reader, numbers, booleans and dates become strings with a `non-string-value` warning, and
/// UIDs, sets and null (never in tables) are rejected. Binary files have no lines, so
/// diagnostics carry line 0.
enum BinaryPropertyListReader {
    private static let magic: [UInt8] = Array("bplist00".utf8)

    /// True when `bytes` starts with the `bplist00` magic.
    static func isBinaryPropertyList(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= magic.count else { return false }
        return magic.indices.allSatisfy { bytes[$0] == magic[$0] }
    }

    /// Parses a whole binary property list.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> PropertyListParseResult {
        var reader = BinaryPropertyListDecoder(bytes: bytes)
        do {
            let value = try reader.readDocument()
            return PropertyListParseResult(value: value, diagnostics: reader.diagnostics)
        } catch {
            let diagnostic = Diagnostic(severity: .error, code: "invalid-binary-plist", message: "invalid binary property list: \(error.reason)")
            return PropertyListParseResult(value: nil, error: diagnostic,
                                           foundationMessage: "Cannot parse binary property list: \(error.reason)")
        }
    }
}

/// Why a binary property list was rejected.
struct BinaryPropertyListError: Error {
    var reason: String
}

/// The object table walker behind `BinaryPropertyListReader`.
struct BinaryPropertyListDecoder {
    let bytes: UnsafeBufferPointer<UInt8>
    var diagnostics: [Diagnostic] = []
    private var offsetSize = 0
    private var referenceSize = 0
    private var objectCount = 0
    private var offsetTableStart = 0
    /// Objects currently being decoded (to refuse cycles).
    private var inProgress: Set<Int> = []

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func readDocument() throws(BinaryPropertyListError) -> PropertyListValue {
        let trailerSize = 32
        guard bytes.count >= 8 + trailerSize + 1 else { throw BinaryPropertyListError(reason: "file too short") }
        let trailer = bytes.count - trailerSize
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw BinaryPropertyListError(reason: "invalid integer sizes in the trailer")
        }
        let count = try bigEndian(at: trailer + 8, size: 8)
        let top = try bigEndian(at: trailer + 16, size: 8)
        let tableStart = try bigEndian(at: trailer + 24, size: 8)
        // Each object needs at least one byte and one offset entry, which bounds the count.
        guard count > 0, count < UInt64(bytes.count), top < count,
              tableStart >= 8, tableStart < UInt64(trailer) else {
            throw BinaryPropertyListError(reason: "trailer points outside the file")
        }
        objectCount = Int(count)
        offsetTableStart = Int(tableStart)
        let (tableBytes, overflow) = objectCount.multipliedReportingOverflow(by: offsetSize)
        guard !overflow, offsetTableStart + tableBytes <= trailer else {
            throw BinaryPropertyListError(reason: "offset table does not fit in the file")
        }
        return try value(of: Int(top))
    }

    /// An unsigned big-endian integer of `size` bytes at `offset`.
    private func bigEndian(at offset: Int, size: Int) throws(BinaryPropertyListError) -> UInt64 {
        guard offset >= 0, size >= 0, size <= 8, offset <= bytes.count - size else {
            throw BinaryPropertyListError(reason: "read past the end of the file")
        }
        var value: UInt64 = 0
        for index in offset..<(offset + size) { value = value << 8 | UInt64(bytes[index]) }
        return value
    }

    private func objectOffset(_ index: Int) throws(BinaryPropertyListError) -> Int {
        guard index >= 0, index < objectCount else { throw BinaryPropertyListError(reason: "object reference out of range") }
        let offset = try bigEndian(at: offsetTableStart + index * offsetSize, size: offsetSize)
        guard offset >= 8, offset < UInt64(offsetTableStart) else {
            throw BinaryPropertyListError(reason: "object offset outside the object area")
        }
        return Int(offset)
    }

    /// The length that follows a marker: the low nibble, or an integer object when it is 0xF.
    private func length(marker: UInt8, at offset: Int) throws(BinaryPropertyListError) -> (length: Int, dataStart: Int) {
        let nibble = Int(marker & 0x0F)
        guard nibble == 0x0F else { return (nibble, offset + 1) }
        guard offset + 1 < bytes.count else { throw BinaryPropertyListError(reason: "truncated length") }
        let intMarker = bytes[offset + 1]
        guard intMarker & 0xF0 == 0x10 else { throw BinaryPropertyListError(reason: "invalid length marker") }
        let size = 1 << Int(intMarker & 0x0F)
        guard size <= 8 else { throw BinaryPropertyListError(reason: "length too large") }
        let value = try bigEndian(at: offset + 2, size: size)
        guard value < UInt64(bytes.count) else { throw BinaryPropertyListError(reason: "length exceeds the file") }
        return (Int(value), offset + 2 + size)
    }

    /// Checks that `count` items of `size` bytes at `start` lie inside the object area.
    private func checkExtent(_ start: Int, count: Int, size: Int) throws(BinaryPropertyListError) {
        let (total, overflow) = count.multipliedReportingOverflow(by: size)
        guard !overflow, start >= 0, total <= offsetTableStart, start <= offsetTableStart - total else {
            throw BinaryPropertyListError(reason: "object extends past the object area")
        }
    }

    /// An array or dictionary being read. Containers are read with this explicit stack, not by
    /// recursion: CF allows 512 levels, and two recursive frames per level did not fit in the
    /// 128 KiB thread stack the header promises every input works on (EF_MINIMUM_STACK_BYTES).
    private struct OpenContainer {
        var index: Int
        var isDictionary: Bool
        var count: Int
        /// Where its references start: `count` of them (an array), `count` keys then `count`
        /// values (a dictionary).
        var start: Int
        /// Elements, or key-value pairs, read so far.
        var read = 0
        var elements: [PropertyListValue] = []
        var entries = PropertyListDictionary()
        /// A dictionary's key whose value is read next.
        var key: String?
    }

    /// Object `top` and everything in it, depth first.
    private mutating func value(of top: Int) throws(BinaryPropertyListError) -> PropertyListValue {
        var open: [OpenContainer] = []
        if let leaf = try begin(top, depth: 0, open: &open) { return leaf }
        while let last = open.indices.last {
            if let reference = try nextReference(of: open[last]) {
                // A leaf is attached at once; a container is pushed and read first.
                if let leaf = try begin(reference, depth: open.count, open: &open) {
                    try attach(leaf, to: &open[last])
                }
                continue
            }
            let finished = open.removeLast()
            inProgress.remove(finished.index)
            let value: PropertyListValue = finished.isDictionary ? .dictionary(finished.entries) : .array(finished.elements)
            guard let parent = open.indices.last else { return value }
            try attach(value, to: &open[parent])
        }
        throw BinaryPropertyListError(reason: "no top-level object")  // not reached: the loop returns it
    }

    /// Object `index`: a leaf is returned; a container is pushed on `open` (nil is returned).
    private mutating func begin(_ index: Int, depth: Int, open: inout [OpenContainer])
        throws(BinaryPropertyListError) -> PropertyListValue?
    {
        guard depth <= OldStylePropertyListParser.maximumDepth else { throw Self.tooDeep() }
        guard !inProgress.contains(index) else { throw BinaryPropertyListError(reason: "an object contains itself") }
        let offset = try objectOffset(index)
        let marker = bytes[offset]
        let isDictionary: Bool
        switch marker >> 4 {
        case 0xA: isDictionary = false
        case 0xD: isDictionary = true
        default: return try leaf(marker: marker, at: offset)
        }
        let (count, start) = try length(marker: marker, at: offset)
        try checkExtent(start, count: count, size: isDictionary ? 2 * referenceSize : referenceSize)
        inProgress.insert(index)
        var container = OpenContainer(index: index, isDictionary: isDictionary, count: count, start: start)
        if isDictionary {
            container.entries = PropertyListDictionary(minimumCapacity: count)
        } else {
            container.elements.reserveCapacity(count)
        }
        open.append(container)
        return nil
    }

    /// The reference read next in `container` (a dictionary's key, then its value), nil when
    /// every item was read.
    private func nextReference(of container: OpenContainer) throws(BinaryPropertyListError) -> Int? {
        guard container.read < container.count else { return nil }
        let slot = container.isDictionary && container.key != nil ? container.count + container.read : container.read
        return Int(clamping: try bigEndian(at: container.start + slot * referenceSize, size: referenceSize))
    }

    private mutating func attach(_ value: PropertyListValue, to container: inout OpenContainer)
        throws(BinaryPropertyListError)
    {
        guard container.isDictionary else {
            container.elements.append(value)
            container.read += 1
            return
        }
        guard let key = container.key else {
            guard case .string(let key) = value else {
                throw BinaryPropertyListError(reason: "dictionary key is not a string")
            }
            container.key = key
            return
        }
        if container.entries.updateValue(value, forKey: TableKey(key)) != nil { reportDuplicate(key) }
        container.key = nil
        container.read += 1
    }

    @inline(never)
    private mutating func reportDuplicate(_ key: String) {
        diagnostics.append(Diagnostic(severity: .warning, code: "duplicate-key",
                                      message: "duplicate key \(MessageEscaping.quoted(key)); the later value replaces the earlier one"))
    }

    @inline(never)
    private static func tooDeep() -> BinaryPropertyListError {
        BinaryPropertyListError(reason: "more than \(OldStylePropertyListParser.maximumDepth) nested containers")
    }

    /// Everything but arrays and dictionaries.
    @inline(never)
    private mutating func leaf(marker: UInt8, at offset: Int) throws(BinaryPropertyListError) -> PropertyListValue {
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: return converted("false", kind: "boolean")
            case 0x09: return converted("true", kind: "boolean")
            default: throw BinaryPropertyListError(reason: "unsupported object 0x\(String(marker, radix: 16))")
            }
        case 0x1:
            let size = 1 << Int(marker & 0x0F)
            guard size <= 16 else { throw BinaryPropertyListError(reason: "integer too large") }
            // 16-byte integers keep their value in the low 8 bytes; 8-byte ones are signed.
            let low = try bigEndian(at: offset + 1 + max(0, size - 8), size: min(size, 8))
            let text = size >= 8 ? String(Int64(bitPattern: low)) : String(low)
            return converted(text, kind: "integer")
        case 0x2:
            let size = 1 << Int(marker & 0x0F)
            let raw = try bigEndian(at: offset + 1, size: size == 4 || size == 8 ? size : -1)
            let value = size == 4 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: raw))) : Double(bitPattern: raw)
            return converted("\(value)", kind: "real")
        case 0x3:
            guard marker == 0x33 else { throw BinaryPropertyListError(reason: "invalid date") }
            let seconds = Double(bitPattern: try bigEndian(at: offset + 1, size: 8))
            return converted(ReferenceDate.iso8601(secondsSince2001: seconds), kind: "date")
        case 0x4:
            let (count, start) = try length(marker: marker, at: offset)
            try checkExtent(start, count: count, size: 1)
            return .data(Array(UnsafeBufferPointer(rebasing: bytes[start..<(start + count)])))
        case 0x5:
            let (count, start) = try length(marker: marker, at: offset)
            try checkExtent(start, count: count, size: 1)
            let slice = UnsafeBufferPointer(rebasing: bytes[start..<(start + count)])
            guard slice.allSatisfy({ $0 < 0x80 }) else { throw BinaryPropertyListError(reason: "non-ASCII byte in an ASCII string") }
            return .string(String(decoding: slice, as: UTF8.self))
        case 0x6:
            let (count, start) = try length(marker: marker, at: offset)
            try checkExtent(start, count: count, size: 2)
            return .string(utf16String(start: start, count: count))
        default:
            throw BinaryPropertyListError(reason: "unsupported object type 0x\(String(marker, radix: 16))")
        }
    }

    /// UTF-16BE text; a lone surrogate becomes U+FFFD (with a warning), as in text files.
    private mutating func utf16String(start: Int, count: Int) -> String {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(count)
        var index = 0
        func unit(_ item: Int) -> UInt16 { UInt16(bytes[start + 2 * item]) << 8 | UInt16(bytes[start + 2 * item + 1]) }
        while index < count {
            let current = unit(index)
            index += 1
            if current & 0xFC00 == 0xD800, index < count, unit(index) & 0xFC00 == 0xDC00 {
                let scalar = 0x10000 + (UInt32(current) - 0xD800) << 10 + (UInt32(unit(index)) - 0xDC00)
                index += 1
                UTF8Encoding.append(scalar, to: &utf8)
            } else if current & 0xF800 == 0xD800 {
                diagnostics.append(Diagnostic(severity: .warning, code: "lone-surrogate",
                                              message: "lone UTF-16 surrogate U+\(String(current, radix: 16, uppercase: true)) is replaced by U+FFFD"))
                UTF8Encoding.append(0xFFFD, to: &utf8)
            } else {
                UTF8Encoding.append(UInt32(current), to: &utf8)
            }
        }
        return String(decoding: utf8, as: UTF8.self)
    }

    private mutating func converted(_ text: String, kind: String) -> PropertyListValue {
        diagnostics.append(Diagnostic(severity: .warning, code: "non-string-value",
                                      message: "a \(kind) is not a string; it is read as the string \(MessageEscaping.quoted(text))"))
        return .string(text)
    }
}

/// Property-list dates count seconds from 2001-01-01T00:00:00Z (CFAbsoluteTime).
enum ReferenceDate {
    /// `YYYY-MM-DDTHH:MM:SSZ`, the form XML plists use; whole seconds, UTC.
    static func iso8601(secondsSince2001 seconds: Double) -> String {
        guard seconds.isFinite, abs(seconds) < 1e13 else { return "\(seconds)" }
        let total = Int64(seconds.rounded(.down)) + 978_307_200  // to the Unix epoch
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secondsOfDay = total - days * 86_400
        // Howard Hinnant's civil-from-days.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(secondsOfDay / 3600)):\(two(secondsOfDay % 3600 / 60)):\(two(secondsOfDay % 60))Z"
    }
}
