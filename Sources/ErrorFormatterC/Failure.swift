#if canImport(Glibc)
import Glibc
#endif
import CErrorFormatter
import ErrorFormatter

/// A failed C call: the status to return and the details to hand out through `err`.
struct Failure: Error {
    var status: ef_status
    var message: String
    var file: String?
    var line: Int = 0
    var column: Int = 0

    static func invalidArgument(_ message: String) -> Failure {
        Failure(status: ef_status(EF_E_INVALID_ARGUMENT), message: message)
    }

    /// The system could not give the memory a handle needs (no status of its own: 1.0 has none).
    static func outOfMemory() -> Failure {
        Failure(status: ef_status(EF_E_INTERNAL), message: "out of memory")
    }

    init(status: ef_status, message: String, file: String? = nil, line: Int = 0, column: Int = 0) {
        self.status = status
        self.message = message
        self.file = file
        self.line = line
        self.column = column
    }

    init(_ error: CatalogError) {
        let status: Int32 = switch error.kind {
        case .notFound: EF_E_NOT_FOUND
        case .unreadable: EF_E_IO
        case .parse: EF_E_PARSE
        case .invalidLocale: EF_E_INVALID_LOCALE
        case .invalidArgument: EF_E_INVALID_ARGUMENT
        }
        self.init(status: ef_status(status), message: error.message, file: error.file, line: error.line,
                  column: error.column)
    }

    init(_ error: LocaleError) {
        self.init(status: ef_status(EF_E_INVALID_LOCALE), message: error.description)
    }
}

/// Runs the body of a fallible C function: clears `err`, and turns a thrown `Failure` into its
/// status plus, when the caller asked for them, error details.
func reportingFailures(
    _ err: UnsafeMutablePointer<OpaquePointer?>?, _ body: () throws(Failure) -> Void
) -> ef_status {
    err?.pointee = nil
    do {
        try body()
        return ef_status(EF_OK)
    } catch {
        err?.pointee = Handle.make(ErrorDetailsBox(error))
        return error.status
    }
}

/// Reading the caller's C strings: NULL and invalid UTF-8 are errors, never crashes.
enum CInput {
    /// `name` is only built when a message needs it (it is interpolated on hot paths).
    static func string(_ pointer: UnsafePointer<CChar>?, name: @autoclosure () -> String) throws(Failure) -> String {
        guard let pointer else { throw Failure.invalidArgument("\(name()) must not be NULL") }
        return try decode(pointer, name: name())
    }

    static func optionalString(_ pointer: UnsafePointer<CChar>?, name: String) throws(Failure) -> String? {
        guard let pointer else { return nil }
        return try decode(pointer, name: name)
    }

    private static func decode(_ pointer: UnsafePointer<CChar>, name: @autoclosure () -> String) throws(Failure) -> String {
        guard let string = String(validatingCString: pointer) else {
            throw Failure(status: ef_status(EF_E_INVALID_UTF8), message: "\(name()) is not valid UTF-8")
        }
        return string
    }

    /// A key, table name or error domain: a string of at most `Limits.maximumKeyBytes`
    /// (EF_MAX_KEY_BYTES) bytes, measured before it is decoded.
    static func key(_ pointer: UnsafePointer<CChar>?, name: @autoclosure () -> String) throws(Failure) -> String {
        if let pointer, strnlen(pointer, Limits.maximumKeyBytes + 1) > Limits.maximumKeyBytes {
            throw Failure.invalidArgument("\(name()) is longer than \(Limits.maximumKeyBytes) bytes")
        }
        return try string(pointer, name: name())
    }

    /// `key(_:name:)` for an optional argument.
    static func optionalKey(_ pointer: UnsafePointer<CChar>?, name: String) throws(Failure) -> String? {
        guard let pointer else { return nil }
        return try key(pointer, name: name)
    }

    /// The strings of a preference list of `count` entries, each non-NULL and valid UTF-8. A list
    /// is negotiated, and kept in a cache, as a whole, so what is read of it is bounded before
    /// anything is made of it: the first `Limits.maximumPreferenceCount` entries
    /// (EF_MAX_PREFERENCES), and of those the ones before the entry that would take the list past
    /// `Limits.maximumPreferenceBytes` (EF_MAX_PREFERENCE_BYTES). The rest is ignored, not read,
    /// as the least preferred entries: 1.0 took lists of any length, and a caller that passes a
    /// long one gets an answer from its most preferred locales rather than a failure.
    static func strings(
        _ array: UnsafePointer<UnsafePointer<CChar>?>?, count: Int, name: String
    ) throws(Failure) -> [String] {
        guard count >= 0 else { throw Failure.invalidArgument("\(name) count is too large") }
        guard count > 0 else { return [] }
        guard let array else { throw Failure.invalidArgument("\(name) must not be NULL when its count is \(count)") }
        // One preference is the usual case, and an array literal is the cheapest array to make
        // (reserving and appending goes through the array's generic growth path).
        if count == 1 {
            if let first = array[0], strnlen(first, Limits.maximumPreferenceBytes + 1) > Limits.maximumPreferenceBytes {
                return []
            }
            return [try string(array[0], name: "\(name)[0]")]
        }
        let read = Swift.min(count, Limits.maximumPreferenceCount)
        var strings: [String] = []
        strings.reserveCapacity(read)
        var remaining = Limits.maximumPreferenceBytes
        for index in 0..<read {
            if let entry = array[index] {
                let length = strnlen(entry, remaining + 1)
                guard length <= remaining else { break }
                remaining -= length
            }
            strings.append(try string(array[index], name: "\(name)[\(index)]"))
        }
        return strings
    }

    /// Validates an out-parameter and clears what it points to.
    static func clear(_ out: UnsafeMutablePointer<OpaquePointer?>?, name: String = "out") throws(Failure)
        -> UnsafeMutablePointer<OpaquePointer?>
    {
        guard let out else { throw Failure.invalidArgument("\(name) must not be NULL") }
        out.pointee = nil
        return out
    }
}
