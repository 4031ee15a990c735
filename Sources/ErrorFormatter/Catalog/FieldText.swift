/// The text of one formatted field as a formatter hands it over
/// (``ErrorMessageFormatter/FieldWriter``): a `String` it had, or UTF-8 it rendered into
/// temporary memory. A writer that copies the bytes somewhere (the C result block) never needs
/// a `String` of a rendered format; one that keeps a `String` makes it from the bytes once.
package enum FieldText {
    case string(String)
    /// Well-formed UTF-8 on scalar boundaries, borrowed for the call that receives it.
    case utf8(UnsafeRawBufferPointer)

    /// The text as a `String`.
    package var string: String {
        switch self {
        case .string(let text):
            return text
        case .utf8(let bytes):
            guard let base = bytes.baseAddress else { return "" }
            return KnownValidUTF8.string(UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self),
                                                             count: bytes.count))
        }
    }
}
