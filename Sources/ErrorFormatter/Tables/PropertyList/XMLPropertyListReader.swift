/// A reader for XML property lists (`<?xml …?><plist><dict>…`), the form of `.stringsdict`
/// files and of some `.strings` files in built products.
///
/// It handles what Apple's serializer writes and CF's parser accepts: the prolog, comments,
/// DOCTYPE, CDATA, the five named entities and numeric character references, and the elements
/// `dict key array string data integer real true false date`. Tables only use strings,
/// dictionaries, arrays and data, so numbers, booleans and dates are returned as strings (their
/// text as written, which for `<integer>` CF requires to be plain digits; `true`/`false`) with
/// a `non-string-value` warning — a string table holding
/// one would misbehave on Apple platforms. Like CF, later duplicate keys win.
enum XMLPropertyListReader {
    /// True when the text (after ASCII whitespace) starts like an XML document.
    static func looksLikeXML(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < text.count, text[index] == 0x20 || text[index] == 0x09 || text[index] == 0x0A || text[index] == 0x0D {
            index += 1
        }
        // Every file that is parsed asks this: nothing is allocated to answer it.
        guard index < text.count, text[index] == UInt8(ascii: "<") else { return false }
        for prefix in xmlStarts where index + prefix.count <= text.count {
            if prefix.indices.allSatisfy({ text[index + $0] == prefix[$0] }) { return true }
        }
        return false
    }

    /// How an XML document may begin (after whitespace), as bytes.
    private static let xmlStarts: [[UInt8]] = ["<?xml", "<!DOCTYPE", "<plist", "<!--"].map { Array($0.utf8) }

    /// Parses a complete XML property list.
    static func read(_ text: UnsafeBufferPointer<UInt8>)
        -> Result<(value: PropertyListValue, diagnostics: [OffsetDiagnostic]), PropertyListParseFailure> {
        var scanner = XMLPropertyListScanner(text: text)
        do {
            let value = try scanner.readDocument()
            return .success((value, scanner.diagnostics))
        } catch {
            return .failure(error)
        }
    }
}

/// The cursor and grammar of `XMLPropertyListReader`.
struct XMLPropertyListScanner {
    let text: UnsafeBufferPointer<UInt8>
    var position = 0
    var diagnostics: [OffsetDiagnostic] = []
    /// Where each dictionary key is, recorded only when a caller asked for it (non-nil), so
    /// that plain parsing pays nothing for it. See `PropertyListSourceMap`.
    var keyPathOffsets: [[TableKey]: Int]?
    /// The keys leading to the value being read; maintained only while `keyPathOffsets` is non-nil.
    private var keyPath: [TableKey] = []

    init(text: UnsafeBufferPointer<UInt8>) { self.text = text }

    struct Tag {
        var name: String
        var isSelfClosing: Bool
        var offset: Int
    }

    mutating func readDocument() throws(PropertyListParseFailure) -> PropertyListValue {
        skipMisc()
        let tag = try readStartTag()
        let value: PropertyListValue
        if tag.name == "plist" {
            guard !tag.isSelfClosing else { throw failure("the <plist> element is empty", at: tag.offset) }
            skipMisc()
            value = try readValue(try readStartTag(), depth: 0)
            skipMisc()
            try expectEndTag("plist")
        } else {
            value = try readValue(tag, depth: 0)
        }
        skipMisc()
        guard position >= text.count else { throw failure("unexpected content after the property list", at: position) }
        return value
    }

    // MARK: Values

    /// A container whose children are being read: the explicit stack of `readValue`.
    private struct OpenContainer {
        var isDictionary: Bool
        var elements: [PropertyListValue] = []
        var dictionary = PropertyListDictionary()
        var duplicates = DuplicateKeyTracker()
        /// The key whose value is being read (dictionaries).
        var key = ""
        var keyOffset = 0
    }

    /// One value, containers included, read with an explicit stack instead of recursion: the
    /// recursive reader needed ~390 bytes of thread stack per level, so CF's 512 levels did not
    /// fit in a 128 KiB thread stack (EF_MINIMUM_STACK_BYTES); this one uses a constant amount of
    /// stack whatever the depth (the depth limit stays CF's).
    mutating func readValue(_ first: Tag, depth: Int) throws(PropertyListParseFailure) -> PropertyListValue {
        var open: [OpenContainer] = []
        var pending: Tag? = first
        var completed: PropertyListValue?
        while true {
            if let tag = pending {
                pending = nil
                let isDictionary = tag.name == "dict"
                if isDictionary || tag.name == "array" {
                    guard depth + open.count <= OldStylePropertyListParser.maximumDepth else {
                        throw tooDeep(at: tag.offset)
                    }
                    if tag.isSelfClosing {
                        completed = isDictionary ? .dictionary(PropertyListDictionary()) : .array([])
                    } else {
                        open.append(OpenContainer(isDictionary: isDictionary))
                    }
                } else {
                    completed = try readLeaf(tag)
                }
            }
            if let value = completed {
                completed = nil
                guard !open.isEmpty else { return value }
                attach(value, to: &open[open.count - 1])
            }
            // The innermost open container: its end, or its next child.
            let top = open.count - 1
            skipMisc()
            if isAtEndTag() {
                let container = open.removeLast()
                try expectEndTag(container.isDictionary ? "dict" : "array")
                completed = container.isDictionary ? .dictionary(container.dictionary) : .array(container.elements)
                continue
            }
            if open[top].isDictionary {
                let (key, keyOffset) = try readKey()
                skipMisc()
                if keyPathOffsets != nil {
                    keyPath.append(TableKey(key))
                    keyPathOffsets?[keyPath] = keyOffset
                }
                open[top].key = key
                open[top].keyOffset = keyOffset
            }
            pending = try readStartTag()
        }
    }

    /// Adds a child's value to its container (for a dictionary, under the key read before it).
    private mutating func attach(_ value: PropertyListValue, to container: inout OpenContainer) {
        guard container.isDictionary else {
            container.elements.append(value)
            return
        }
        if keyPathOffsets != nil { _ = keyPath.popLast() }
        let replaced = container.dictionary.updateValue(value, forKey: TableKey(container.key))
        container.duplicates.record(
            keyAt: replaced ?? container.dictionary.count - 1, of: container.dictionary,
            at: container.keyOffset, replacing: replaced, into: &diagnostics)
    }

    /// `<key>…</key>` inside a dictionary, with the offset of its tag.
    @inline(never)
    private mutating func readKey() throws(PropertyListParseFailure) -> (String, Int) {
        let keyTag = try readStartTag()
        guard keyTag.name == "key" else {
            throw failure("expected <key> in <dict>, found <\(MessageEscaping.quoted(keyTag.name))>", at: keyTag.offset)
        }
        return (keyTag.isSelfClosing ? "" : try readText(closing: "key"), keyTag.offset)
    }

    @inline(never)
    private func tooDeep(at offset: Int) -> PropertyListParseFailure {
        failure("more than \(OldStylePropertyListParser.maximumDepth) nested arrays or dictionaries", at: offset)
    }

    /// Strings, data, numbers, booleans and dates.
    @inline(never)
    private mutating func readLeaf(_ tag: Tag) throws(PropertyListParseFailure) -> PropertyListValue {
        switch tag.name {
        case "string", "key":
            return .string(tag.isSelfClosing ? "" : try readText(closing: tag.name))
        case "data":
            let encoded = tag.isSelfClosing ? "" : try readText(closing: "data")
            guard let bytes = Base64.decode(encoded) else {
                throw failure("<data> is not valid base64", at: tag.offset)
            }
            return .data(bytes)
        case "integer", "real", "date":
            let raw = tag.isSelfClosing ? "" : try readText(closing: tag.name)
            // CF rejects anything but an optional sign and digits in <integer> (even spaces).
            if tag.name == "integer" && !Self.isPlainInteger(raw) {
                throw failure("<integer> holds \(MessageEscaping.quoted(raw)), not a number", at: tag.offset)
            }
            warnNonString(tag, converted: raw)
            return .string(raw)
        case "true", "false":
            if !tag.isSelfClosing {
                skipMisc()
                try expectEndTag(tag.name)
            }
            warnNonString(tag, converted: tag.name)
            return .string(tag.name)
        default:
            throw failure("unknown property list element <\(MessageEscaping.quoted(tag.name))>", at: tag.offset)
        }
    }

    /// `[+-]?[0-9]+` or `0x` + hex digits.
    static func isPlainInteger(_ text: String) -> Bool {
        var digits = Substring(text)
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
            digits = digits.dropFirst(2)
            return !digits.isEmpty && digits.unicodeScalars.allSatisfy(\.properties.isASCIIHexDigit)
        }
        return !digits.isEmpty && digits.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
    }

    private mutating func warnNonString(_ tag: Tag, converted: String) {
        diagnostics.append(OffsetDiagnostic(
            severity: .warning, code: "non-string-value",
            message: "<\(tag.name)> is not a string; it is read as the string \(MessageEscaping.quoted(converted))",
            offset: tag.offset))
    }

    // MARK: Markup

    private func byte(_ offset: Int) -> UInt8? { offset < text.count ? text[offset] : nil }

    private func hasPrefix(_ prefix: String, at offset: Int) -> Bool {
        var index = offset
        for byte in prefix.utf8 {
            guard index < text.count, text[index] == byte else { return false }
            index += 1
        }
        return true
    }

    /// Skips whitespace, comments, processing instructions and DOCTYPE.
    @inline(never)
    mutating func skipMisc() {
        while position < text.count {
            switch text[position] {
            case 0x20, 0x09, 0x0A, 0x0D:
                position += 1
            case UInt8(ascii: "<"):
                if hasPrefix("<!--", at: position) {
                    skip(past: "-->", from: position + 4)
                } else if hasPrefix("<?", at: position) {
                    skip(past: "?>", from: position + 2)
                } else if hasPrefix("<!DOCTYPE", at: position) {
                    skipDoctype()
                } else {
                    return
                }
            default:
                return
            }
        }
    }

    private mutating func skip(past terminator: String, from start: Int) {
        var index = start
        while index < text.count, !hasPrefix(terminator, at: index) { index += 1 }
        position = min(text.count, index + terminator.utf8.count)
    }

    /// DOCTYPE may hold an internal subset in brackets; skip to the matching `>`.
    private mutating func skipDoctype() {
        var depth = 0
        while position < text.count {
            let byte = text[position]
            position += 1
            if byte == UInt8(ascii: "[") { depth += 1 }
            if byte == UInt8(ascii: "]") { depth -= 1 }
            if byte == UInt8(ascii: ">") && depth <= 0 { return }
        }
    }

    private func isAtEndTag() -> Bool { hasPrefix("</", at: position) }

    @inline(never)
    mutating func readStartTag() throws(PropertyListParseFailure) -> Tag {
        let start = position
        guard byte(position) == UInt8(ascii: "<"), let first = byte(position + 1),
              first != UInt8(ascii: "/"), first != UInt8(ascii: "!"), first != UInt8(ascii: "?")
        else { throw failure("expected an element", at: position) }
        position += 1
        let nameStart = position
        while let byte = byte(position), !Self.endsName(byte) { position += 1 }
        let name = String(decoding: UnsafeBufferPointer(rebasing: text[nameStart..<position]), as: UTF8.self)
        // Attributes (only <plist version="1.0"> in practice) are skipped, quotes respected.
        var quote: UInt8?
        while let byte = byte(position) {
            position += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                let selfClosing = position >= 2 && text[position - 2] == UInt8(ascii: "/")
                return Tag(name: name, isSelfClosing: selfClosing, offset: start)
            }
        }
        throw failure("the tag <\(MessageEscaping.quoted(name)) is never closed", at: start)
    }

    private static func endsName(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
    }

    @inline(never)
    mutating func expectEndTag(_ name: String) throws(PropertyListParseFailure) {
        guard hasPrefix("</" + name, at: position) else {
            throw failure("expected </\(name)>", at: position)
        }
        position += 2 + name.utf8.count
        while let byte = byte(position), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
        guard byte(position) == UInt8(ascii: ">") else { throw failure("expected </\(name)>", at: position) }
        position += 1
    }

    /// Character data up to `</name>`, with entities, CDATA and comments handled.
    @inline(never)
    mutating func readText(closing name: String) throws(PropertyListParseFailure) -> String {
        let start = position
        var buffer: [UInt8]?
        var segmentStart = position
        while position < text.count {
            let byte = text[position]
            if byte == UInt8(ascii: "<") {
                if hasPrefix("<![CDATA[", at: position) {
                    buffer = (buffer ?? []) + UnsafeBufferPointer(rebasing: text[segmentStart..<position])
                    let contentStart = position + 9
                    skip(past: "]]>", from: contentStart)
                    let contentEnd = max(contentStart, position - 3)
                    guard hasPrefix("]]>", at: contentEnd) else { throw failure("CDATA section is never closed", at: contentStart) }
                    buffer?.append(contentsOf: UnsafeBufferPointer(rebasing: text[contentStart..<contentEnd]))
                    segmentStart = position
                    continue
                }
                if hasPrefix("<!--", at: position) {
                    buffer = (buffer ?? []) + UnsafeBufferPointer(rebasing: text[segmentStart..<position])
                    skip(past: "-->", from: position + 4)
                    segmentStart = position
                    continue
                }
                let end = position
                try expectEndTag(name)
                if var buffer {
                    buffer.append(contentsOf: UnsafeBufferPointer(rebasing: text[segmentStart..<end]))
                    return String(decoding: buffer, as: UTF8.self)
                }
                return String(decoding: UnsafeBufferPointer(rebasing: text[segmentStart..<end]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "&") {
                var collected = buffer ?? []
                collected.append(contentsOf: UnsafeBufferPointer(rebasing: text[segmentStart..<position]))
                try appendEntity(to: &collected)
                buffer = collected
                segmentStart = position
                continue
            }
            position += 1
        }
        throw failure("<\(name)> is never closed", at: start)
    }

    /// Decodes `&name;` or `&#…;` at the cursor into `bytes`.
    private mutating func appendEntity(to bytes: inout [UInt8]) throws(PropertyListParseFailure) {
        let start = position
        var end = position + 1
        while end < text.count, end - start < 12, text[end] != UInt8(ascii: ";") { end += 1 }
        guard end < text.count, text[end] == UInt8(ascii: ";") else {
            throw failure("unterminated entity reference", at: start)
        }
        let name = String(decoding: UnsafeBufferPointer(rebasing: text[(start + 1)..<end]), as: UTF8.self)
        position = end + 1
        switch name {
        case "lt": bytes.append(UInt8(ascii: "<"))
        case "gt": bytes.append(UInt8(ascii: ">"))
        case "amp": bytes.append(UInt8(ascii: "&"))
        case "quot": bytes.append(UInt8(ascii: "\""))
        case "apos": bytes.append(UInt8(ascii: "'"))
        default:
            var digits = Substring(name)
            guard digits.first == "#" else { throw failure("unknown entity &\(MessageEscaping.quoted(name));", at: start) }
            digits = digits.dropFirst()
            var radix = 10
            if digits.first == "x" || digits.first == "X" {
                radix = 16
                digits = digits.dropFirst()
            }
            guard let value = UInt32(digits, radix: radix), let scalar = Unicode.Scalar(value) else {
                throw failure("invalid character reference &\(MessageEscaping.quoted(name));", at: start)
            }
            UTF8Encoding.append(scalar.value, to: &bytes)
        }
    }

    private func failure(_ message: String, at offset: Int) -> PropertyListParseFailure {
        PropertyListParseFailure(.invalidXML("XML parser error: \(message)"), at: offset, message: "invalid XML property list: \(message)")
    }
}

/// Standard base64 (RFC 4648) as `<data>` uses it: whitespace ignored, padding optional.
enum Base64 {
    /// The decoded bytes, or `nil` when a character outside the alphabet appears.
    static func decode(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        var accumulator: UInt32 = 0
        var bits = 0
        for byte in text.utf8 {
            let value: UInt8
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = byte &- UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = byte &- UInt8(ascii: "a") &+ 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte &- UInt8(ascii: "0") &+ 52
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            case UInt8(ascii: "="), 0x20, 0x09, 0x0A, 0x0D: continue
            default: return nil
            }
            accumulator = (accumulator &<< 6 | UInt32(value)) & 0xFFFFFF
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        return bytes
    }
}
