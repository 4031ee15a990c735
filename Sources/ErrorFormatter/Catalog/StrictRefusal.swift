/// What a strict open of a catalog's sources fails with, kept by a lenient open that went on
/// past it: the first broken table, unreadable file or value holding U+0000, in the order a
/// whole load meets them.
///
/// A lenient catalog keeps it so that compiling the catalog keeps it too: a compiled file made
/// from sources that a strict open refuses fails a strict open the same way
/// (docs/compiled-catalog.md, "The strict refusal section"), where it would otherwise turn a
/// refused catalog into an accepted one.
struct StrictRefusal: Sendable {
    /// What the strict open throws.
    var error: CatalogError
    /// Where it falls in a whole load: a strict open stops at the first.
    var order: DiagnosticOrder

    /// Whichever of `first` and `second` a strict open meets first (`first` on a tie: it was
    /// found first).
    static func earlier(_ first: StrictRefusal?, _ second: StrictRefusal?) -> StrictRefusal? {
        guard let first else { return second }
        guard let second else { return first }
        return second.order < first.order ? second : first
    }
}
