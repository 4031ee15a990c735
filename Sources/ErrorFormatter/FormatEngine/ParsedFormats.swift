/// Parsed formats shared by all threads: a table string is parsed the first time it renders,
/// not on every render.
///
/// Parsing a short format costs several times what rendering it does, and a program renders the
/// same few table strings over and over (`.stringsdict` entries are parsed once when their table
/// is built, ``PreparedVariableFormat``; this serves texts and value types). Keys compare byte
/// by byte (``TableKey``): two
/// canonically equivalent spellings are two formats, with two different literal texts. Failures
/// are cached too; they are as much a function of the text as the segments are.
///
/// Bounded like every cache here (``BoundedCache``): at most `capacity` formats of at most
/// `longestCached` bytes; longer formats are parsed each time, as their rendering is as costly.
enum ParsedFormats {
    private static let longestCached = 1_024
    private static let cache = BoundedCache<Key, Result<CompiledFormat, FormatFailure>>(capacity: 2_048)

    private struct Key: Hashable, Sendable {
        var text: TableKey
        var allowsVariables: Bool
    }

    /// `FormatParser.parse(format, allowsVariables:)`, from the cache when it was parsed before.
    static func segments(of format: String, allowsVariables: Bool) throws(FormatFailure) -> [FormatSegment] {
        try compiled(format, allowsVariables: allowsVariables).segments
    }

    /// The format parsed and compiled, from the cache when it was parsed before.
    static func compiled(_ format: String, allowsVariables: Bool) throws(FormatFailure) -> CompiledFormat {
        guard format.utf8.count <= longestCached, PercentSearch.contains(format) else {
            // No '%' (the parser's own fast path, no cache needed) or too long to keep.
            return CompiledFormat(try FormatParser.parse(format, allowsVariables: allowsVariables))
        }
        let parsed = cache.value(for: Key(text: TableKey(format), allowsVariables: allowsVariables)) { key in
            Result { () throws(FormatFailure) in
                CompiledFormat(try FormatParser.parse(key.text.string, allowsVariables: key.allowsVariables))
            }
        }
        return try parsed.get()
    }
}
