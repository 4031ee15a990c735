/// Why a property list could not be parsed, with CoreFoundation's wording and our stable code.
///
/// CF reports a position only as a line, and for some errors (a missing `;`) the line of the
/// *next* token. We keep two offsets: `foundationOffset`, where CF's parser stood (for its
/// message, reproduced verbatim), and `offset`, where the problem really is (for the diagnostic).
struct PropertyListParseFailure: Error, Sendable {
    /// The kinds of failure, one per distinct CF message (plus our own for XML and binary).
    enum Kind: Sendable, Equatable {
        case emptyFile
        case invalidUTF8
        case undecodableText
        case emptyText
        case missingSemicolon
        case expectedSemicolonOrEquals
        case unexpectedCharacter(UInt16)
        case unexpectedEndOfFile
        case unterminatedString
        case unterminatedEscape
        case junkAfterPlist
        case unterminatedDictionary
        case unterminatedArray
        case expectedArrayComma
        case malformedData(unevenLength: Bool)
        case unterminatedData
        case tooDeep
        case unknown
        case invalidXML(String)
        case invalidBinary(String)
    }

    var kind: Kind
    /// Where CF's cursor was when it failed (byte offset into the UTF-8 text).
    var foundationOffset: Int
    /// Where the problem is, for the diagnostic.
    var offset: Int
    /// Our one-line explanation (CF's text is derived from `kind`).
    var message: String

    init(_ kind: Kind, at foundationOffset: Int, reportedAt offset: Int? = nil, message: String) {
        self.kind = kind
        self.foundationOffset = foundationOffset
        self.offset = offset ?? foundationOffset
        self.message = message
    }

    /// The stable kebab-case diagnostic code (documented in docs/diagnostics.md).
    var code: String {
        switch kind {
        case .emptyFile: "empty-file"
        case .invalidUTF8: "invalid-utf8"
        case .undecodableText: "invalid-encoding"
        case .emptyText: "empty-text"
        case .missingSemicolon: "missing-semicolon"
        case .expectedSemicolonOrEquals: "missing-equals"
        case .unexpectedCharacter: "unexpected-character"
        case .unexpectedEndOfFile: "unexpected-end-of-file"
        case .unterminatedString: "unterminated-string"
        case .unterminatedEscape: "unterminated-escape"
        case .junkAfterPlist: "junk-after-plist"
        case .unterminatedDictionary: "unterminated-dictionary"
        case .unterminatedArray: "unterminated-array"
        case .expectedArrayComma: "missing-array-comma"
        case .malformedData: "malformed-data"
        case .unterminatedData: "unterminated-data"
        case .tooDeep: "too-deep"
        case .unknown: "unknown-parse-error"
        case .invalidXML: "invalid-xml-plist"
        case .invalidBinary: "invalid-binary-plist"
        }
    }

    /// CF's error text, verbatim, given CF's line for `foundationOffset`.
    ///
    /// For XML and binary failures CF's own texts differ by version; ours is returned instead.
    func foundationMessage(line: Int) -> String {
        switch kind {
        case .emptyFile: "Cannot parse a NULL or zero-length data"
        case .invalidUTF8: "Conversion of string failed."
        case .undecodableText: "Could not determine the encoding of the XML data (string creation failed)"
        case .emptyText: "Conversion of string failed. The string is empty."
        case .missingSemicolon: "Missing ';' on line \(line)"
        case .expectedSemicolonOrEquals: "Expected ';' or '=' after key at line \(line)"
        case .unexpectedCharacter(let unit): "Unexpected character '0x\(String(unit, radix: 16))' at line \(line)"
        case .unexpectedEndOfFile: "Unexpected EOF while parsing plist"
        case .unterminatedString: "Unterminated quoted string starting on line \(line)"
        case .unterminatedEscape: "Unterminated backslash sequence on line \(line)"
        case .junkAfterPlist: "Junk after plist at line \(line)"
        case .unterminatedDictionary: "Expected terminating '}' for dictionary at line \(line)"
        case .unterminatedArray: "Expected terminating ')' for array at line \(line)"
        case .expectedArrayComma: "Expected ',' for array at line \(line)"
        case .malformedData(let uneven):
            "Malformed data byte group at line \(line); \(uneven ? "uneven length" : "invalid hex")"
        case .unterminatedData: "Expected terminating '>' for data at line \(line)"
        case .tooDeep: "Too many nested arrays or dictionaries at line \(line)"
        case .unknown: "Unknown error parsing property list around line \(line)"
        case .invalidXML(let text), .invalidBinary(let text): text
        }
    }
}
