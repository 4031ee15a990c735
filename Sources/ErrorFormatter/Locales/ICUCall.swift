import CICU

/// Non-trapping helpers around ICU's C calls, shared by the locale code.
///
/// ICU's "fill a caller's buffer" calls report overflow and missing terminators only through the
/// status code; these helpers turn every such case into `nil`, so nothing downstream can read past
/// a buffer or index into a half-written ID.
enum ICUCall {
    /// Capacity of every locale-ID buffer. ICU refuses IDs of `ULOC_FULLNAME_CAPACITY` (157)
    /// characters or more, and normalized inputs are at most 100 characters, so 160 never overflows
    /// on valid data; the guard below still checks.
    static let idCapacity: Int32 = 160

    /// Runs an ICU call that writes a NUL-terminated string into a caller buffer.
    ///
    /// - Returns: the string, or `nil` when ICU failed, overflowed the buffer or did not terminate it.
    static func string(
        capacity: Int32 = idCapacity,
        _ call: (UnsafeMutablePointer<CChar>, Int32, inout UErrorCode) -> Int32
    ) -> String? {
        // One spare byte that ICU is never told about, so the buffer always ends in NUL.
        var buffer = [CChar](repeating: 0, count: Int(capacity) + 1)
        var status = U_ZERO_ERROR
        let length = buffer.withUnsafeMutableBufferPointer { pointer -> Int32 in
            guard let base = pointer.baseAddress else { return -1 }
            return call(base, capacity, &status)
        }
        guard !status.isFailure, status != U_STRING_NOT_TERMINATED_WARNING,
              length >= 0, length < capacity
        else { return nil }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A string from a NUL-terminated C pointer ICU owns; `nil` for a null pointer.
    static func string(borrowing pointer: UnsafePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    /// A string from a UTF-16 buffer ICU owns (resource strings); `nil` for a null pointer or a
    /// negative length.
    static func string(utf16 pointer: UnsafePointer<UChar>?, length: Int32) -> String? {
        guard let pointer, length >= 0 else { return nil }
        return String(decoding: UnsafeBufferPointer(start: pointer, count: Int(length)), as: UTF16.self)
    }

    // MARK: - Locale ID parts (empty when ICU fails: callers treat "" as "absent")

    static func language(of id: String, capacity: Int32 = idCapacity) -> String? {
        string(capacity: capacity) { cicu_uloc_getLanguage(id, $0, $1, &$2) }
    }

    static func script(of id: String, capacity: Int32 = idCapacity) -> String? {
        string(capacity: capacity) { cicu_uloc_getScript(id, $0, $1, &$2) }
    }

    static func region(of id: String, capacity: Int32 = idCapacity) -> String? {
        string(capacity: capacity) { cicu_uloc_getCountry(id, $0, $1, &$2) }
    }

    static func variant(of id: String) -> String? {
        string { cicu_uloc_getVariant(id, $0, $1, &$2) }
    }

    static func addLikelySubtags(_ id: String) -> String? {
        string { cicu_uloc_addLikelySubtags(id, $0, $1, &$2) }
    }
}

extension UErrorCode {
    /// ICU's `U_FAILURE()` (a macro Swift cannot import): errors are positive, warnings negative.
    var isFailure: Bool { rawValue > U_ZERO_ERROR.rawValue }
}
