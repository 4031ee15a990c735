/// Parses Apple property lists, `.strings` files first of all, with CoreFoundation's results.
///
/// The entry point mirrors `CFPropertyListCreateWithData`: binary plists (`bplist00`), then
/// CF's encoding sniffing (UTF-8 with or without BOM, UTF-16 and UTF-32 with BOM, BOM-less
/// UTF-16 the way CF mishandles it), XML plists, and otherwise the old-style (OpenStep) parser
/// that reads `.strings` files. Every value and every failure matches CF; on top of that each
/// result carries diagnostics with exact positions (see `docs/diagnostics.md`).
///
/// Safe on any input: it never traps, and nesting is limited to CF's 512 levels.
package enum PropertyListParser {
    /// Parses the bytes of a `.strings` file (or any property list `CFPropertyListCreateWithData`
    /// accepts: old-style/OpenStep text in UTF-8 ± BOM, UTF-16 LE/BE with BOM, UTF-32 with BOM,
    /// BOM-less UTF-16 as CF treats it, XML plist, binary `bplist00`), with CF's results.
    ///
    /// - Parameter bytes: The whole file.
    /// - Returns: The value (or CF's failure) and the diagnostics.
    /// - Complexity: O(n) in the number of bytes (duplicate keys are found by hashing).
    package static func parse(_ bytes: [UInt8]) -> PropertyListParseResult {
        bytes.withUnsafeBufferPointer { parse(UnsafeRawBufferPointer($0)) }
    }

    /// Parses property-list bytes the caller owns (e.g. a memory-mapped file), without copying
    /// them first. Same behaviour as `parse(_: [UInt8])`.
    ///
    /// With a `keySource`, the long keys of an old-style table share the storage of that
    /// table's keys when they are spelled the same: the result is the same, with an allocation
    /// less per such key. For loading many tables with mostly the same keys (every localization
    /// of a table); each key longer than 15 bytes is looked up, so a table with other keys only
    /// pays for the lookups.
    ///
    /// - Parameter buffer: The whole file; only read during the call.
    package static func parse(
        _ buffer: UnsafeRawBufferPointer, sharingKeysWith keySource: PropertyListDictionary? = nil
    ) -> PropertyListParseResult {
        let bytes = buffer.assumingMemoryBound(to: UInt8.self)
        guard !bytes.isEmpty else {
            let failure = PropertyListParseFailure(.emptyFile, at: 0, message: "the file is empty (0 bytes)")
            return failed(failure, text: bytes)
        }
        if BinaryPropertyListReader.isBinaryPropertyList(bytes) {
            return BinaryPropertyListReader.read(bytes)
        }
        let detection = PropertyListTextEncoding.detect(bytes)
        let body = UnsafeBufferPointer(rebasing: bytes[min(detection.skippedBytes, bytes.count)...])
        var early: [OffsetDiagnostic] = []
        if detection.isBOMLessUTF16 {
            early.append(OffsetDiagnostic(
                severity: .warning, code: "bomless-utf16",
                message: "the file looks like UTF-16 without a byte order mark; CoreFoundation reads it as little-endian UTF-16 and drops its first character",
                offset: 0))
        }
        if detection.encoding == .utf8 {
            // CF's string conversion removes one leading UTF-8 BOM even when the sniffing did
            // not (a file that is only `EF BB BF` thus ends up empty).
            var text = body
            if detection.skippedBytes == 0, text.count >= 3, text[0] == 0xEF, text[1] == 0xBB, text[2] == 0xBF {
                text = UnsafeBufferPointer(rebasing: text[3...])
            }
            return parseText(text, isKnownValid: false, replacedSurrogates: [], early: early, keySource: keySource)
        }
        guard let transcoded = TranscodedText.decode(body, as: detection.encoding) else {
            let failure = PropertyListParseFailure(
                .undecodableText, at: 0,
                message: "the file is not valid \(detection.encoding.name) (CoreFoundation cannot convert it)")
            return failed(failure, text: UnsafeBufferPointer(start: nil, count: 0))
        }
        return transcoded.utf8.withUnsafeBufferPointer { text in
            // The transcoder only writes valid UTF-8 (lone surrogates become U+FFFD).
            parseText(text, isKnownValid: true, replacedSurrogates: transcoded.replacedSurrogates, early: early,
                      keySource: keySource)
        }
    }

    /// Validates and parses decoded UTF-8 text: XML if it looks like XML, else old-style.
    private static func parseText(
        _ text: UnsafeBufferPointer<UInt8>, isKnownValid: Bool,
        replacedSurrogates: [(offset: Int, unit: UInt16)], early: [OffsetDiagnostic],
        keySource: PropertyListDictionary?
    ) -> PropertyListParseResult {
        guard !text.isEmpty else {
            let failure = PropertyListParseFailure(.emptyText, at: 0, message: "the file holds only a byte order mark")
            return failed(failure, text: text, diagnostics: early)
        }
        // CF converts the whole text before parsing: one bad byte anywhere rejects the file.
        // (Folding this check into string creation was tried: Swift's only failable UTF-8
        // initializer is generic and unspecialized here, which made parsing slower.)
        var sawStrayByte = false
        if !isKnownValid, let invalid = UTF8Validation.firstInvalidOffset(in: text, sawStrayByte: &sawStrayByte) {
            return invalidUTF8(at: invalid, in: text, diagnostics: early)
        }
        var xmlFailure: PropertyListParseFailure?
        if XMLPropertyListReader.looksLikeXML(text) {
            switch XMLPropertyListReader.read(text) {
            case .success(let parsed):
                return PropertyListParseResult(value: parsed.value, diagnostics: locate(early + parsed.diagnostics, in: text))
            case .failure(let failure):
                xmlFailure = failure
            }
        }
        var surrogates: [Int: UInt16] = [:]
        var diagnostics = early
        for (offset, unit) in replacedSurrogates {
            surrogates[offset] = unit
            diagnostics.append(OldStylePropertyListParser.loneSurrogateDiagnostic(unit, at: offset))
        }
        var parser = OldStylePropertyListParser(
            text: text, isStrictlyValidUTF8: !sawStrayByte, replacedSurrogates: surrogates, sharingKeysWith: keySource)
        let value = parser.parseDocument()
        diagnostics += parser.diagnostics
        if value == nil, let xmlFailure {
            // CF reports the XML parser's complaint and keeps the old-style one aside.
            let oldStyle = parser.failure ?? PropertyListParseFailure(.unknown, at: parser.position, message: "")
            return failed(xmlFailure, text: text, diagnostics: diagnostics, foundationFailure: oldStyle)
        }
        return finish(value: value, parser: parser, text: text, diagnostics: diagnostics)
    }

    /// The failure for invalid UTF-8 at `offset`.
    private static func invalidUTF8(
        at offset: Int, in text: UnsafeBufferPointer<UInt8>, diagnostics: [OffsetDiagnostic]
    ) -> PropertyListParseResult {
        let byte = offset < text.count ? String(text[offset], radix: 16, uppercase: true) : "?"
        let failure = PropertyListParseFailure(
            .invalidUTF8, at: offset,
            message: "invalid UTF-8 (byte 0x\(byte)); CoreFoundation rejects the whole file")
        return failed(failure, text: text, diagnostics: diagnostics)
    }

    /// Assembles the old-style parser's outcome: value or failure, plus the diagnostics.
    private static func finish(
        value: PropertyListValue?, parser: OldStylePropertyListParser,
        text: UnsafeBufferPointer<UInt8>, diagnostics: [OffsetDiagnostic]
    ) -> PropertyListParseResult {
        var diagnostics = diagnostics
        var stopOffset: Int?
        if value == nil {
            stopOffset = (parser.failure?.foundationOffset) ?? parser.position
        } else if let truncation = parser.truncationOffset {
            stopOffset = truncation
            diagnostics.append(OffsetDiagnostic(
                severity: .warning, code: "silent-truncation",
                message: "", offset: truncation))  // message needs line counts; filled in below
        }
        if let stopOffset, stopOffset < text.count {
            let value = parser.scalar(at: stopOffset).value
            if let name = OldStylePropertyListParser.whitespaceLookalikeName(value) {
                diagnostics.append(OffsetDiagnostic(
                    severity: .warning, code: "whitespace-lookalike",
                    message: "\(name) is not whitespace for CoreFoundation; use a plain space or line break",
                    offset: stopOffset))
            }
        }
        guard let value else {
            let failure = parser.failure ?? PropertyListParseFailure(
                .unknown, at: parser.position, message: "the property list could not be parsed")
            return failed(failure, text: text, diagnostics: diagnostics)
        }
        if diagnostics.isEmpty { return PropertyListParseResult(value: value) }
        guard let index = diagnostics.firstIndex(where: { $0.code == "silent-truncation" }) else {
            return PropertyListParseResult(value: value, diagnostics: locate(diagnostics, in: text))
        }
        let locator = SourceLocator(text: text)
        let offset = diagnostics[index].offset
        let lines = locator.linesAfter(offset)
        let bytes = text.count - offset
        diagnostics[index].message = "CoreFoundation stops reading at \(parser.describeCharacter(at: offset)) and silently ignores the rest of the file (\(bytes) bytes, \(lines) \(lines == 1 ? "line" : "lines"))"
        return PropertyListParseResult(value: value, diagnostics: locate(diagnostics, with: locator))
    }

    /// A failed result: the error diagnostic, CF's message, and the other diagnostics.
    static func failed(
        _ failure: PropertyListParseFailure, text: UnsafeBufferPointer<UInt8>,
        diagnostics: [OffsetDiagnostic] = [], foundationFailure: PropertyListParseFailure? = nil
    ) -> PropertyListParseResult {
        let locator = SourceLocator(text: text)
        let (line, column) = locator.location(of: failure.offset)
        let error = Diagnostic(severity: .error, code: failure.code, message: failure.message,
                               line: line, column: column)
        let foundation = foundationFailure ?? failure
        let message = foundation.foundationMessage(line: locator.line(of: foundation.foundationOffset))
        return PropertyListParseResult(
            value: nil, error: error, foundationMessage: message,
            diagnostics: locate(diagnostics, with: locator))
    }

    /// Converts offsets to positions, in file order, counting lines only up to the last offset
    /// (a table's duplicate keys, not the whole file, see `ForwardLocator`).
    private static func locate(_ diagnostics: [OffsetDiagnostic], in text: UnsafeBufferPointer<UInt8>) -> [Diagnostic] {
        guard !diagnostics.isEmpty else { return [] }
        var locator = ForwardLocator(text: text)
        var positions = [(line: Int, column: Int)](repeating: (0, 0), count: diagnostics.count)
        for index in diagnostics.indices.sorted(by: { diagnostics[$0].offset < diagnostics[$1].offset }) {
            positions[index] = locator.location(of: diagnostics[index].offset)
        }
        // File order, stable (a note follows its warning), as `locate(_:with:)`.
        let ordered = diagnostics.indices.sorted { (diagnostics[$0].order, $0) < (diagnostics[$1].order, $1) }
        return ordered.map { index in
            let diagnostic = diagnostics[index]
            return Diagnostic(severity: diagnostic.severity, code: diagnostic.code, message: diagnostic.message,
                              line: positions[index].line, column: positions[index].column)
        }
    }

    /// Converts offsets to positions, in file order (stable, so notes follow their warning).
    private static func locate(_ diagnostics: [OffsetDiagnostic], with locator: SourceLocator) -> [Diagnostic] {
        let ordered = diagnostics.enumerated().sorted {
            ($0.element.order, $0.offset) < ($1.element.order, $1.offset)
        }
        return ordered.map { $0.element.located(with: locator) }
    }
}

extension PropertyListTextEncoding {
    /// The encoding's usual name, for messages.
    var name: String {
        switch self {
        case .utf8: "UTF-8"
        case .utf16LittleEndian: "UTF-16LE"
        case .utf16BigEndian: "UTF-16BE"
        case .utf32LittleEndian: "UTF-32LE"
        case .utf32BigEndian: "UTF-32BE"
        }
    }
}
