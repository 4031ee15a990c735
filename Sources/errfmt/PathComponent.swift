/// The last non-empty `/`-separated component of `path` ("b.strings" for "a/b.strings/"), or
/// `path` itself when it has none ("" or "/").
///
/// Separators are found among the UTF-8 bytes, as the file system finds them: a `/` is one
/// byte that never occurs inside another character's encoding, so every cut falls between
/// characters. (Splitting the `String` by `Character` would break it into grapheme clusters
/// first, which costs more than reading and parsing a small table.)
func lastPathComponent(of path: String) -> String {
    let bytes = path.utf8
    let slash = UInt8(ascii: "/")
    var end = bytes.endIndex
    while end > bytes.startIndex, bytes[bytes.index(before: end)] == slash {
        end = bytes.index(before: end)
    }
    guard end > bytes.startIndex else { return path }
    let start = bytes[..<end].lastIndex(of: slash).map(bytes.index(after:)) ?? bytes.startIndex
    return String(Substring(bytes[start..<end]))
}
