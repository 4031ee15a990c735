/// CoreFoundation's old-style (OpenStep) property-list parser, ported to work on UTF-8 bytes.
///
/// The grammar, the order of checks, the cursor positions and even CF's habit of setting an
/// error and clearing it again on a later success follow `CFOldStylePList.c` one function at a
/// time (`advanceToNonSpace`, `parsePlistObject`, `parsePlistDictContent`, …), because tables
/// must come out exactly as Apple's loader sees them. CF walks UTF-16 units; we walk the UTF-8
/// form of the same text: every character the grammar cares about is ASCII (or U+2028/U+2029),
/// so positions map one to one and strings are built straight from byte ranges.
///
/// The parser never traps on input: every read is guarded by `position < count`, arithmetic on
/// input-derived values wraps explicitly, and nesting is capped at CF's depth of 512.
struct OldStylePropertyListParser {
    /// CF's `MAX_DEPTH` on 64-bit platforms.
    static let maximumDepth = 512

    /// Valid UTF-8 text (the caller validated it, as CF converts the whole file first).
    let text: UnsafeBufferPointer<UInt8>
    let count: Int
    /// The parser's cursor (CF's `pInfo->curr`), a byte offset into `text`.
    var position = 0
    /// The most recent error, CF style: set by failing paths, cleared by some successful ones.
    var failure: PropertyListParseFailure?
    /// Problems CF does not report, by offset.
    var diagnostics: [OffsetDiagnostic] = []
    /// Where the top-level strings dictionary silently stopped, if it stopped before the end.
    var truncationOffset: Int?
    /// Lone surrogates of UTF-16 input (already U+FFFD in `text`), by offset, for CF's messages.
    let replacedSurrogates: [Int: UInt16]
    /// Reused buffer for strings that contain escapes.
    var scratch: [UInt8] = []
    /// A high surrogate from a `\U` escape waiting for its low half.
    var pendingHighSurrogate: (unit: UInt16, offset: Int)?
    /// Where each key of the top-level dictionary is (the last spelling of a duplicate),
    /// recorded only when a caller asked for it (non-nil): lint points at entries, plain parsing
    /// pays one `nil` check per entry. See `PropertyListSourceMap`.
    var topLevelKeyOffsets: [TableKey: Int]?

    /// True when `text` is strictly valid UTF-8 (not merely what CF accepts, see
    /// `UTF8Validation`), so that strings can be cut out of it without validating them again.
    let isStrictlyValidUTF8: Bool

    /// A table whose keys this one's long keys share when spelled the same (see
    /// `PropertyListParser.parse(_:sharingKeysWith:)`), and the hash secrets to find them.
    let keySource: PropertyListDictionary?
    /// `keySource`'s keys (empty without one), read directly when the next key is compared.
    let keySourceKeys: [TableKey]
    let keySecrets: KeyedHash.Secrets?
    /// The hash of the key just scanned when it is shared with `keySource` (the same bytes,
    /// so the same hash in its own table), else `nil`.
    var sharedKeyHash: UInt64?
    /// The index in `keySource.keys` of the key expected next (the one after the last found).
    var keySourceCursor = 0

    init(
        text: UnsafeBufferPointer<UInt8>, isStrictlyValidUTF8: Bool = false, replacedSurrogates: [Int: UInt16] = [:],
        sharingKeysWith keySource: PropertyListDictionary? = nil
    ) {
        self.text = text
        self.isStrictlyValidUTF8 = isStrictlyValidUTF8
        self.count = text.count
        self.replacedSurrogates = replacedSurrogates
        let source = keySource.flatMap { $0.isEmpty ? nil : $0 }
        self.keySource = source
        self.keySourceKeys = source?.keys ?? []
        self.keySecrets = source == nil ? nil : KeyedHash.secrets
    }

    /// Parses the whole text like `__CFCreateOldStylePropertyListOrStringsFile`.
    ///
    /// Returns `nil` when CF would fail; `failure` then says why.
    mutating func parseDocument() -> PropertyListValue? {
        position = 0
        guard skipWhitespace() else {
            // Only whitespace and comments: CF defines this as an empty dictionary.
            return .dictionary(PropertyListDictionary())
        }
        guard let first = parseObject(required: true, depth: 0) else { return nil }
        guard skipWhitespace() else { return first }
        guard case .string = first else {
            failJunkAfterPlist()
            return nil
        }
        // A string followed by more text: a strings file (a dictionary without braces).
        // CF rewinds and starts over, so anything the first attempt noticed is forgotten.
        position = 0
        failure = nil
        diagnostics.removeAll(keepingCapacity: true)
        if topLevelKeyOffsets != nil { topLevelKeyOffsets = [:] }
        guard let dictionary = parseDictionaryContent(depth: 0, isTopLevel: true) else { return nil }
        return .dictionary(dictionary)
    }

    // MARK: Objects

    /// `parsePlistObject`: one value of any kind, or `nil` (with an error only if `required`).
    mutating func parseObject(required: Bool, depth: Int) -> PropertyListValue? {
        guard depth <= Self.maximumDepth else {
            failTooDeep()
            return nil
        }
        guard skipWhitespace() else {
            if required {
                failUnexpectedEndOfFile()
            }
            return nil
        }
        let start = position
        let byte = text[position]
        switch byte {
        case UInt8(ascii: "{"):
            position += 1
            return parseDictionary(depth: depth, openedAt: start)
        case UInt8(ascii: "("):
            position += 1
            return parseArray(depth: depth, openedAt: start)
        case UInt8(ascii: "<"):
            position += 1
            return parseData(openedAt: start)
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            position += 1
            return parseQuotedString(quote: byte).map(PropertyListValue.string)
        default:
            if Self.isUnquotedStringByte(byte) {
                return .string(parseUnquotedString())
            }
            if required {
                failUnexpectedCharacter()
            }
            return nil
        }
    }

    /// `parsePlistDict`: the content, then the mandatory `}`.
    mutating func parseDictionary(depth: Int, openedAt start: Int) -> PropertyListValue? {
        guard let dictionary = parseDictionaryContent(depth: depth, isTopLevel: false) else { return nil }
        guard skipWhitespace(), text[position] == UInt8(ascii: "}") else {
            failUnterminatedDictionary()
            return nil
        }
        position += 1
        return .dictionary(dictionary)
    }

    /// `parsePlistArray`: values separated by commas (a trailing comma is fine), then `)`.
    mutating func parseArray(depth: Int, openedAt start: Int) -> PropertyListValue? {
        var elements: [PropertyListValue] = []
        var element = parseObject(required: false, depth: depth + 1)
        while let value = element {
            elements.append(value)
            guard skipWhitespace() else {
                failArrayAtEndOfFile()
                return nil
            }
            if text[position] == UInt8(ascii: ",") {
                position += 1
                element = parseObject(required: false, depth: depth + 1)
            } else {
                element = nil
            }
        }
        guard skipWhitespace(), text[position] == UInt8(ascii: ")") else {
            failUnterminatedArray()
            return nil
        }
        clearFailure()  // CF clears errors on this success path.
        position += 1
        return .array(elements)
    }

    /// How a key position turned out (`parsePlistString(pInfo, false)`).
    enum KeyScan {
        case key(String, start: Int, end: Int)
        /// Nothing but whitespace and comments remained.
        case endOfText
        /// Something that cannot be a key (or an unterminated quoted one) starts at the offset.
        case stopped(at: Int)
    }

    /// Reads a key, which must be a string; anything else ends the dictionary (CF does not fail).
    @inline(never)  // not recursive: keep its locals out of the recursive frames
    mutating func scanKey() -> KeyScan {
        sharedKeyHash = nil
        guard skipWhitespace() else { return .endOfText }
        let start = position
        let byte = text[position]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            position += 1
            guard let key = parseQuotedString(quote: byte, isKey: true) else { return .stopped(at: start) }
            return .key(key, start: start, end: position)
        }
        if Self.isUnquotedStringByte(byte) {
            return .key(parseUnquotedString(), start: start, end: position)
        }
        return .stopped(at: start)
    }

    /// `parsePlistDictContent`: `key = value;` and `key;` entries until something else appears.
    ///
    /// At the top level of a strings file the "something else" ends the table *successfully*
    /// (CF's silent truncation); we record where, for a diagnostic.
    mutating func parseDictionaryContent(depth: Int, isTopLevel: Bool) -> PropertyListDictionary? {
        // Real tables average about 100 bytes per entry (fewer in terse ones); reserving
        // avoids rehashing as the top-level table grows (nested dictionaries are small).
        let estimate = isTopLevel ? count / 80 : 0
        var dictionary = PropertyListDictionary(minimumCapacity: estimate)
        var duplicates = DuplicateKeyTracker(minimumCapacity: estimate)
        while true {
            // The key is taken out of the scan (a `switch` on the call, not a `while case` on a
            // variable), so it is not copied and released again for every entry.
            let key: String, keyStart: Int, keyEnd: Int
            switch scanKey() {
            case .key(let scanned, let start, let end):
                key = scanned
                keyStart = start
                keyEnd = end
            case .endOfText:
                clearFailure()  // CF clears errors on this success path.
                return dictionary
            case .stopped(let offset):
                clearFailure()  // CF clears errors on this success path (e.g. an unterminated last key).
                if isTopLevel {
                    truncationOffset = offset
                }
                return dictionary
            }
            // Taken now: the value may be a dictionary, whose keys are scanned next.
            let keyHash = sharedKeyHash
            guard skipWhitespace() else {
                failMissingSemicolon(after: key, isValue: false, endingAt: keyEnd)
                return nil
            }
            let value: PropertyListValue
            let valueEnd: Int
            switch text[position] {
            case UInt8(ascii: ";"):
                value = .string(key)
                valueEnd = keyEnd
            case UInt8(ascii: "="):
                position += 1
                guard let parsed = parseObject(required: true, depth: depth + 1) else { return nil }
                value = parsed
                valueEnd = position
            default:
                failMissingEquals(after: key)
                return nil
            }
            if isTopLevel, topLevelKeyOffsets != nil { topLevelKeyOffsets?[TableKey(key)] = keyStart }
            // The key and the value move into the dictionary (their last use here: no reference
            // count traffic per entry); what follows reads the key back from there.
            let replaced = if let hash = keyHash {
                dictionary.updateValue(value, forKey: TableKey(key), hash: hash)
            } else {
                dictionary.updateValue(value, forKey: TableKey(key))
            }
            let entry = replaced ?? dictionary.count - 1
            duplicates.record(keyAt: entry, of: dictionary, at: keyStart, replacing: replaced, into: &diagnostics)
            guard skipWhitespace(), text[position] == UInt8(ascii: ";") else {
                failMissingSemicolon(after: dictionary.keys[entry].string, isValue: true, endingAt: valueEnd)
                return nil
            }
            position += 1
        }
    }
}
