/// A string being built that refuses to grow past ``Limits/maximumOutputLength``, so that
/// no combination of widths, repetitions and long arguments can exhaust memory.
struct BoundedOutput {
    private(set) var text = ""
    private var length = 0

    mutating func append(_ piece: String) throws(FormatFailure) {
        let added = piece.utf8.count
        guard added <= Limits.maximumOutputLength &- length else {
            throw FormatFailure(
                code: "output-too-large",
                message: "result would exceed \(Limits.maximumOutputLength) bytes")
        }
        length &+= added
        text += piece
    }
}
