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

    init(_ error: ServingError) {
        let status: Int32 = switch error.kind {
        case .invalidArgument: EF_E_INVALID_ARGUMENT
        case .invalidUTF8: EF_E_INVALID_UTF8
        case .keyNotFound: EF_E_KEY_NOT_FOUND
        case .rejected: EF_E_REJECTED
        case .outOfMemory: EF_E_INTERNAL
        }
        self.init(status: ef_status(status), message: error.message)
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

/// Reading the caller's C strings, as the core checks them (`CallerBytes`): NULL and invalid
/// UTF-8 are errors, never crashes.
enum CInput {
    /// `name` is only built when a message needs it (it is interpolated on hot paths).
    static func string(_ pointer: UnsafePointer<CChar>?, name: @autoclosure () -> String) throws(Failure) -> String {
        do throws(ServingError) { return try CallerBytes.string(pointer, name: name()) } catch { throw Failure(error) }
    }

    static func optionalString(_ pointer: UnsafePointer<CChar>?, name: String) throws(Failure) -> String? {
        do throws(ServingError) {
            return try CallerBytes.optionalString(pointer, name: name)
        } catch {
            throw Failure(error)
        }
    }

    /// A key, table name or error domain (`CallerBytes.key`).
    static func key(_ pointer: UnsafePointer<CChar>?, name: @autoclosure () -> String) throws(Failure) -> String {
        do throws(ServingError) { return try CallerBytes.key(pointer, name: name()) } catch { throw Failure(error) }
    }

    static func optionalKey(_ pointer: UnsafePointer<CChar>?, name: String) throws(Failure) -> String? {
        do throws(ServingError) { return try CallerBytes.optionalKey(pointer, name: name) } catch { throw Failure(error) }
    }

    /// The strings of a preference list (`CallerBytes.preferences`).
    static func strings(
        _ array: UnsafePointer<UnsafePointer<CChar>?>?, count: Int, name: String
    ) throws(Failure) -> [String] {
        do throws(ServingError) {
            return try CallerBytes.preferences(array, count: count, name: name)
        } catch {
            throw Failure(error)
        }
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
