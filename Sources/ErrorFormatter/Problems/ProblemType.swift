#if canImport(Glibc)
import Glibc
#endif

/// The `type` member: a URI template's `{domain}` and `{code}` replaced by the error's domain,
/// percent-encoded (every byte but the URI's unreserved characters: ASCII letters, digits, `-`,
/// `.`, `_`, `~`), and its code in decimal; everything else as written.
enum ProblemType {
    private static let domainPlaceholder: StaticString = "{domain}"
    private static let codePlaceholder: StaticString = "{code}"

    /// Checks that the expanded URI is at most `Limits.maximumKeyBytes` bytes, before anything is
    /// written: a template that repeats `{domain}` must not make a call's output unbounded.
    ///
    /// - Throws: `invalidArgument`.
    static func checkLength(
        template: UnsafeRawBufferPointer, domain: UnsafeRawBufferPointer, code: Int64
    ) throws(ServingError) {
        var length = 0
        let encodedDomain = domain.reduce(0) { $0 + (isUnreserved($1) ? 1 : 3) }
        let codeLength = decimalLength(code)
        forEachPart(of: template) { part in
            switch part {
            case .text(let text): length += text.count
            case .domain: length += encodedDomain
            case .code: length += codeLength
            }
        }
        guard length <= Limits.maximumKeyBytes else {
            throw ServingError.invalidArgument(
                "the problem type's URI would be longer than \(Limits.maximumKeyBytes) bytes")
        }
    }

    /// Writes the expanded URI, escaped for the inside of a JSON string.
    static func write(
        template: UnsafeRawBufferPointer, domain: UnsafeRawBufferPointer, code: Int64, to output: inout ProblemOutput
    ) {
        forEachPart(of: template) { part in
            switch part {
            case .text(let text): JSONText.writeEscaped(text, to: &output)
            case .domain: writePercentEncoded(domain, to: &output)
            case .code: output.append(decimal: code)
            }
        }
    }

    private enum Part {
        case text(UnsafeRawBufferPointer)
        case domain
        case code
    }

    /// The template's literal runs and placeholders, in order. A `{` is found with `memchr`, so a
    /// template without placeholders is one run.
    @inline(__always)
    private static func forEachPart(of template: UnsafeRawBufferPointer, _ body: (Part) -> Void) {
        guard let base = template.baseAddress else { return }
        let end = base + template.count
        var runStart = base
        var at = base
        while at < end, let brace = memchr(at, Int32(UInt8(ascii: "{")), end - at) {
            let open = UnsafeRawPointer(brace)
            let placeholder: (Part, Int)? = if matches(domainPlaceholder, open, end) {
                (.domain, domainPlaceholder.utf8CodeUnitCount)
            } else if matches(codePlaceholder, open, end) {
                (.code, codePlaceholder.utf8CodeUnitCount)
            } else {
                nil
            }
            guard let (part, length) = placeholder else {
                at = open + 1
                continue
            }
            if open > runStart { body(.text(UnsafeRawBufferPointer(start: runStart, count: open - runStart))) }
            body(part)
            at = open + length
            runStart = at
        }
        if end > runStart { body(.text(UnsafeRawBufferPointer(start: runStart, count: end - runStart))) }
    }

    @inline(__always)
    private static func matches(_ placeholder: StaticString, _ at: UnsafeRawPointer, _ end: UnsafeRawPointer) -> Bool {
        let count = placeholder.utf8CodeUnitCount
        return end - at >= count && memcmp(at, placeholder.utf8Start, count) == 0
    }

    private static func writePercentEncoded(_ bytes: UnsafeRawBufferPointer, to output: inout ProblemOutput) {
        let hex: StaticString = "0123456789ABCDEF"
        for byte in bytes {
            if isUnreserved(byte) {
                output.append(byte: byte)
            } else {
                output.append(byte: UInt8(ascii: "%"))
                output.append(byte: hex.utf8Start[Int(byte >> 4)])
                output.append(byte: hex.utf8Start[Int(byte & 0xF)])
            }
        }
    }

    /// RFC 3986's unreserved characters.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
             UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    private static func decimalLength(_ value: Int64) -> Int {
        var magnitude = value.magnitude
        var digits = 1
        while magnitude >= 10 {
            magnitude /= 10
            digits += 1
        }
        return digits + (value < 0 ? 1 : 0)
    }
}
