extension Locales {
    /// The language ranges of an HTTP `Accept-Language` header (RFC 9110 §12.5.4), best first.
    ///
    /// Ranges are ordered by q-value, stably (equal q keeps the header's order); `q=0` ranges and
    /// `*` are dropped; a part that is not `language-range [; q=qvalue]` (RFC 4647 syntax: 1–8
    /// letters, then `-`-separated 1–8 alphanumerics) is ignored rather than failing the header.
    /// At most `Limits.maximumAcceptLanguageRanges` (64) ranges are read, the first ones of the
    /// header.
    ///
    /// - Returns: the ranges as written (`fr-CA`); ``negotiate(preferences:available:mode:)``
    ///   normalizes them. The bytes are read by ``AcceptLanguageRanges``, as a problem response
    ///   reads a request's header.
    public static func preferencesFromAcceptLanguage(_ header: String) -> [String] {
        var header = header
        return header.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            return AcceptLanguageRanges.withRanges(bytes) { ranges in
                ranges.map { String(decoding: $0.bytes(in: bytes), as: UTF8.self) }
            }
        }
    }
}
