/// Where each dictionary key of a parsed XML property list is written, so that loaders built on
/// the parser (`.stringsdict`) can point a diagnostic at the entry it is about.
///
/// `PropertyListValue` carries no positions (CoreFoundation's values have none, and `.strings`
/// lookups must not pay for them); this map is built by a second, recording pass of the XML
/// reader only when a loader asks for it. Old-style text (`.strings`) is mapped for its top-level
/// keys only (a table's entries; nested dictionaries are not table entries). Binary property
/// lists have no lines: every lookup then answers `nil`, and diagnostics carry line and column 0.
struct PropertyListSourceMap: Sendable {
    /// 1-based line and column (in Unicode scalars) of the `<key>` tag, by key path.
    private let locations: [[TableKey]: SourcePosition]

    /// A map that knows no positions (binary or old-style property lists).
    init() { locations = [:] }

    init(locations: [[TableKey]: SourcePosition]) { self.locations = locations }

    /// A 1-based line and column.
    struct SourcePosition: Sendable, Hashable {
        /// 1-based line.
        var line: Int
        /// 1-based column, counted in Unicode scalar values.
        var column: Int
    }

    /// True when no key has a known position.
    var isEmpty: Bool { locations.isEmpty }

    /// The position of the `<key>` that names the value at `path` (outermost key first); for a
    /// duplicated key, the last spelling (the one whose value was kept).
    ///
    /// - Parameter path: Keys from the top-level dictionary down, e.g. `["files", "one"]`.
    /// - Returns: The position, or `nil` when the path is not a key of the file or not mapped.
    func position(ofKeyPath path: [TableKey]) -> SourcePosition? { locations[path] }

    /// `position(ofKeyPath:)` for plain strings.
    func position(ofKeyPath path: [String]) -> SourcePosition? {
        locations[path.map(TableKey.init)]
    }
}

extension PropertyListParser {
    /// Parses `bytes` exactly as `parse(_:)` does, and also records where each dictionary key of
    /// an XML property list is written.
    ///
    /// - Parameter bytes: The whole file.
    /// - Returns: `parse(bytes)`'s result, and the key positions (empty when the file did not
    ///   parse, or is not an XML property list).
    /// - Complexity: O(n) in the number of bytes; the XML is read twice.
    static func parseWithSourceMap(_ bytes: [UInt8]) -> (result: PropertyListParseResult, sourceMap: PropertyListSourceMap) {
        let result = parse(bytes)
        guard result.value != nil else { return (result, PropertyListSourceMap()) }
        let map = bytes.withUnsafeBufferPointer { buffer -> PropertyListSourceMap in
            guard !buffer.isEmpty, !BinaryPropertyListReader.isBinaryPropertyList(buffer) else {
                return PropertyListSourceMap()
            }
            // The same decoding steps as `parse`, so that offsets refer to the same text.
            let detection = PropertyListTextEncoding.detect(buffer)
            let body = UnsafeBufferPointer(rebasing: buffer[min(detection.skippedBytes, buffer.count)...])
            if detection.encoding == .utf8 {
                var text = body
                if detection.skippedBytes == 0, text.count >= 3, text[0] == 0xEF, text[1] == 0xBB, text[2] == 0xBF {
                    text = UnsafeBufferPointer(rebasing: text[3...])
                }
                return mapKeys(in: text)
            }
            guard let transcoded = TranscodedText.decode(body, as: detection.encoding) else {
                return PropertyListSourceMap()
            }
            return transcoded.utf8.withUnsafeBufferPointer { mapKeys(in: $0) }
        }
        return (result, map)
    }

    /// Re-reads `text` with key recording on: every key path of XML, the top-level keys of
    /// old-style text (which parsed before, so it is text the old-style parser accepts).
    private static func mapKeys(in text: UnsafeBufferPointer<UInt8>) -> PropertyListSourceMap {
        var offsets: [[TableKey]: Int] = [:]
        var scanner = XMLPropertyListScanner(text: text)
        scanner.keyPathOffsets = [:]
        if XMLPropertyListReader.looksLikeXML(text), (try? scanner.readDocument()) != nil,
           let recorded = scanner.keyPathOffsets {
            offsets = recorded
        } else {
            // Not XML, or XML that failed where the old-style parser then succeeded (CF tries both).
            var parser = OldStylePropertyListParser(text: text)
            parser.topLevelKeyOffsets = [:]
            guard parser.parseDocument() != nil, let recorded = parser.topLevelKeyOffsets else {
                return PropertyListSourceMap()
            }
            offsets.reserveCapacity(recorded.count)
            for (key, offset) in recorded { offsets[[key]] = offset }
        }
        let locator = SourceLocator(text: text)
        var locations: [[TableKey]: PropertyListSourceMap.SourcePosition] = [:]
        locations.reserveCapacity(offsets.count)
        for (path, offset) in offsets {
            let (line, column) = locator.location(of: offset)
            locations[path] = PropertyListSourceMap.SourcePosition(line: line, column: column)
        }
        return PropertyListSourceMap(locations: locations)
    }
}
