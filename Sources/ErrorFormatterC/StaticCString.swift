/// Static C strings for functions whose documentation says "static; never freed".
///
/// A `StaticString` literal lives in the binary's read-only data for the life of the process,
/// so its bytes can be handed to C directly. Every literal passed here must end in `\0`.
enum StaticCString {
    /// The empty string, for getters documented as never returning NULL.
    static var empty: UnsafePointer<CChar> { pointer("\0") }

    static func pointer(_ literal: StaticString) -> UnsafePointer<CChar> {
        UnsafeRawPointer(literal.utf8Start).assumingMemoryBound(to: CChar.self)
    }
}
