#if canImport(Glibc)
import Glibc
#endif

/// What a caller passes as C strings, checked once for every road that takes it: NULL and
/// invalid UTF-8 are errors, never crashes, and keys, table names and domains have a length
/// limit measured before anything is decoded. The C functions and the packed request's reader
/// both check through here, so one function never accepts what another refuses.
package enum CallerBytes {
    /// `name` is only built when a message needs it (it is interpolated on hot paths).
    package static func string(_ pointer: UnsafePointer<CChar>?, name: @autoclosure () -> String)
        throws(ServingError) -> String
    {
        guard let pointer else { throw ServingError.invalidArgument("\(name()) must not be NULL") }
        return try decode(pointer, name: name())
    }

    package static func optionalString(_ pointer: UnsafePointer<CChar>?, name: @autoclosure () -> String)
        throws(ServingError) -> String?
    {
        guard let pointer else { return nil }
        return try decode(pointer, name: name())
    }

    private static func decode(_ pointer: UnsafePointer<CChar>, name: @autoclosure () -> String)
        throws(ServingError) -> String
    {
        guard let string = String(validatingCString: pointer) else { throw ServingError.invalidUTF8(name()) }
        return string
    }

    /// The bytes of a C string that must be valid UTF-8, without making a `String` of them.
    package static func validUTF8(_ pointer: UnsafePointer<CChar>, name: @autoclosure () -> String)
        throws(ServingError) -> UnsafeRawBufferPointer
    {
        let bytes = UnsafeRawBufferPointer(start: pointer, count: strlen(pointer))
        guard isValidUTF8(bytes) else { throw ServingError.invalidUTF8(name()) }
        return bytes
    }

    /// Whether `bytes` are strictly valid UTF-8 (the library's validator, sixteen bytes at a time).
    @inline(__always)
    package static func isValidUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
        UTF8Validation.isStrictlyValid(bytes.assumingMemoryBound(to: UInt8.self))
    }

    /// Whether a C string is NULL or valid UTF-8: what a checked road accepts. A memoized answer
    /// does not read a text it does not show, but must refuse what the full road refuses.
    @inline(__always)
    package static func isNullOrValidUTF8(_ text: UnsafePointer<CChar>?) -> Bool {
        guard let text else { return true }
        return isValidUTF8(UnsafeRawBufferPointer(start: text, count: strlen(text)))
    }

    /// A key, table name or error domain: a string of at most `Limits.maximumKeyBytes`
    /// (EF_MAX_KEY_BYTES) bytes, measured before it is decoded.
    package static func key(_ pointer: UnsafePointer<CChar>?, name: @autoclosure () -> String)
        throws(ServingError) -> String
    {
        if let pointer, strnlen(pointer, Limits.maximumKeyBytes + 1) > Limits.maximumKeyBytes {
            throw ServingError.invalidArgument("\(name()) is longer than \(Limits.maximumKeyBytes) bytes")
        }
        return try string(pointer, name: name())
    }

    /// ``key(_:name:)`` for an optional argument.
    package static func optionalKey(_ pointer: UnsafePointer<CChar>?, name: @autoclosure () -> String)
        throws(ServingError) -> String?
    {
        guard let pointer else { return nil }
        return try key(pointer, name: name())
    }

    /// The table an error or a lookup names: NULL or "" is `Localizable`; a name with a `/` is
    /// refused (``Catalog/validatedTableName(_:)``).
    package static func table(_ pointer: UnsafePointer<CChar>?, name: @autoclosure () -> String = "table")
        throws(ServingError) -> String
    {
        let name = try optionalKey(pointer, name: name())
        do throws(CatalogError) {
            return try Catalog.validatedTableName(name)
        } catch {
            throw ServingError(error)
        }
    }

    /// The strings of a preference list of `count` entries, each non-NULL and valid UTF-8. A list
    /// is negotiated, and kept in a cache, as a whole, so what is read of it is bounded before
    /// anything is made of it: the first `Limits.maximumPreferenceCount` entries
    /// (EF_MAX_PREFERENCES), and of those the ones before the entry that would take the list past
    /// `Limits.maximumPreferenceBytes` (EF_MAX_PREFERENCE_BYTES). The rest is ignored, not read,
    /// as the least preferred entries: 1.0 took lists of any length, and a caller that passes a
    /// long one gets an answer from its most preferred locales rather than a failure.
    package static func preferences(
        _ array: UnsafePointer<UnsafePointer<CChar>?>?, count: Int, name: String = "locales"
    ) throws(ServingError) -> [String] {
        guard count >= 0 else { throw ServingError.invalidArgument("\(name) count is too large") }
        guard count > 0 else { return [] }
        guard let array else {
            throw ServingError.invalidArgument("\(name) must not be NULL when its count is \(count)")
        }
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
}
