/// Strings made from bytes already known to be valid UTF-8, without validating them again.
///
/// Why: `String(decoding:as:)` runs the standard library's own validator (byte by byte) over
/// every string a table holds, after `UTF8Validation` has checked the whole file for CF's sake;
/// for non-ASCII tables that second pass would be the largest single cost of parsing. A `UTF8Span`
/// made `unchecked` skips it. Whether the bytes are ASCII, which the string records for the
/// standard library's fast paths, the parser already knows from scanning them.
package enum KnownValidUTF8 {
    /// The string of `bytes`; `isASCII` must be true exactly when every byte is below 0x80.
    ///
    /// The caller guarantees that `bytes` is well-formed UTF-8 that starts and ends on scalar
    /// boundaries: a Swift string must never hold anything else. The old-style parser calls it
    /// only for text that `UTF8Validation` found strictly valid (no tolerated stray byte) or that
    /// the UTF-16/32 transcoder wrote, and only for ranges that begin after and end before an
    /// ASCII delimiter (a quote, or the bytes of an unquoted string, which are all ASCII).
    @inline(__always)
    package static func string(_ bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String {
        let span = unsafe Span(_unsafeElements: bytes)
        return String(copying: unsafe UTF8Span(unchecked: span, isKnownASCII: isASCII))
    }

    /// The string of `bytes`, finding out whether they are ASCII (a word at a time) for the
    /// standard library's fast paths. The same guarantee is asked of the caller: `bytes` is
    /// well-formed UTF-8 starting and ending on scalar boundaries. Renderers use it for text
    /// they assembled from whole valid strings and ASCII digits.
    @inline(__always)
    package static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let span = unsafe Span(_unsafeElements: bytes)
        var text = unsafe UTF8Span(unchecked: span)
        _ = text.checkForASCII()
        return String(copying: text)
    }
}
