#if canImport(Glibc)
import Glibc
#endif

/// A result or a lookup that records a rejection, refused as a whole: what a catalog that its C
/// caller opened to fail on rejections (`EF_CATALOG_FAIL_ON_REJECTION`) answers instead, so that
/// a string the arguments could not satisfy is reported, not only recorded. The first rejection
/// (title's first, then message's, then button's) is the failure's message, as
/// `ef_result_rejection` gives it.
extension Serving {
    /// `block`, a result's, when it records no rejection; else frees it and throws `rejected`.
    package static func refusingRejections(ofResult block: UnsafeMutableRawPointer) throws(ServingError)
        -> UnsafeMutableRawPointer
    {
        for field in 0..<ResultLayout.fieldCount {
            guard let first = ResultLayout.description(block, field: field, index: 0) else { continue }
            let failure = ServingError(.rejected, String(cString: first))
            free(block)
            throw failure
        }
        return block
    }

    /// `block`, a lookup's, when it records no rejection; else frees it and throws `rejected`.
    package static func refusingRejections(ofLookup block: UnsafeMutableRawPointer) throws(ServingError)
        -> UnsafeMutableRawPointer
    {
        guard let first = LookupLayout.description(block, 0) else { return block }
        let failure = ServingError(.rejected, String(cString: first))
        free(block)
        throw failure
    }
}
