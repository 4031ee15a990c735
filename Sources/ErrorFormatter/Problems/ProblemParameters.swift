#if canImport(Glibc)
import Glibc
#endif

/// A problem's options as a call passes them, checked once for every road (Swift, C), as bytes
/// that live during the call: nothing is copied, nothing made a `String`.
struct ProblemParameters {
    var status: Int
    /// The `type` URI template; `about:blank` when the call gave none.
    var typeTemplate: UnsafeRawBufferPointer
    /// The `instance` URI, or `nil` to leave it out.
    var instance: UnsafeRawBufferPointer?
    var members: ProblemMembers

    /// The lowest and highest HTTP status a problem response takes.
    static let statuses = 100...599

    /// Checks the options: the status is an HTTP status; the template and the instance (`nil` or
    /// empty: none) are valid UTF-8 of at most `Limits.maximumKeyBytes` bytes; no unknown member.
    ///
    /// - Throws: `invalidArgument`, `invalidUTF8`.
    init(
        status: Int, typeTemplate: UnsafeRawBufferPointer?, instance: UnsafeRawBufferPointer?, members: UInt32
    ) throws(ServingError) {
        guard Self.statuses.contains(status) else {
            throw ServingError.invalidArgument("status \(status) is not an HTTP status from 100 to 599")
        }
        guard members & ~ProblemMembers.all.rawValue == 0 else {
            throw ServingError.invalidArgument("unknown problem member flags 0x\(String(members, radix: 16))")
        }
        self.status = status
        self.members = ProblemMembers(rawValue: members)
        if let typeTemplate, typeTemplate.count > 0 {
            self.typeTemplate = try Self.checked(typeTemplate, name: "type_template")
        } else {
            self.typeTemplate = Self.blankType
        }
        if let instance, instance.count > 0 {
            self.instance = try Self.checked(instance, name: "instance")
        } else {
            self.instance = nil
        }
    }

    /// The options of a call that a catalog's memos may answer, checked as far as the memos'
    /// keys do not vouch for them, or `nil` when a check fails (the call then takes the full
    /// road, whose checks, in their order, report it). The type template's bytes are in every
    /// key, and only a checked call kept anything under them, so they are not validated here;
    /// the instance, in no key, is.
    @inline(__always)
    init?(
        keyedStatus status: Int, typeTemplate: UnsafeRawBufferPointer?, instance: UnsafeRawBufferPointer?,
        members: UInt32
    ) {
        guard Self.statuses.contains(status), members & ~ProblemMembers.all.rawValue == 0 else { return nil }
        self.status = status
        self.members = ProblemMembers(rawValue: members)
        if let typeTemplate, typeTemplate.count > 0 {
            guard typeTemplate.count <= Limits.maximumKeyBytes else { return nil }
            self.typeTemplate = typeTemplate
        } else {
            self.typeTemplate = Self.blankType
        }
        if let instance, instance.count > 0 {
            guard instance.count <= Limits.maximumKeyBytes, CallerBytes.isValidUTF8(instance) else { return nil }
            self.instance = instance
        } else {
            self.instance = nil
        }
    }

    /// The type of a call that gives none.
    private static var blankType: UnsafeRawBufferPointer {
        let blank: StaticString = "about:blank"
        return UnsafeRawBufferPointer(start: blank.utf8Start, count: blank.utf8CodeUnitCount)
    }

    /// The bytes of a C string the caller passed, or `nil` for NULL; at most one byte past the
    /// limit is measured.
    static func bytes(_ string: UnsafePointer<CChar>?) -> UnsafeRawBufferPointer? {
        string.map { UnsafeRawBufferPointer(start: $0, count: strnlen($0, Limits.maximumKeyBytes + 1)) }
    }

    private static func checked(_ bytes: UnsafeRawBufferPointer, name: String) throws(ServingError)
        -> UnsafeRawBufferPointer
    {
        guard bytes.count <= Limits.maximumKeyBytes else {
            throw ServingError.invalidArgument("\(name) is longer than \(Limits.maximumKeyBytes) bytes")
        }
        guard CallerBytes.isValidUTF8(bytes) else { throw ServingError.invalidUTF8(name) }
        return bytes
    }
}
