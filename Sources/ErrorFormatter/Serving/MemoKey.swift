#if canImport(Glibc)
import Glibc
#endif

/// The bytes that key an entry of a catalog's memos (``MemoFamily``), written from what a call
/// passed into a temporary buffer: no `String` is made and nothing is validated, because only
/// calls that were validated (on the full road) ever stored an entry, and equal bytes are
/// equally valid.
///
/// Layout: the kind (1 byte); the error's part (``ErrorKeyPart``) or the table name and a NUL;
/// the preference count (8 bytes) and each preference and a NUL; then a tail (a key's bytes, the
/// arguments' kinds). No part holds a NUL of its own (a Swift string that does is not keyed), so
/// each ends where the next begins and different calls write different keys.
struct MemoKey {
    /// Longer keys are not written: their calls take the full road, correct, only slower.
    static let capacity = 1_024

    private let base: UnsafeMutableRawPointer
    private(set) var length = 0
    /// A part did not fit; the key must not be used.
    private(set) var overflowed = false

    /// `body` applied to a writer over a temporary buffer of ``capacity`` bytes.
    @inline(__always)
    static func writing<Result>(_ body: (inout MemoKey) -> Result?) -> Result? {
        withUnsafeTemporaryAllocation(byteCount: capacity, alignment: 8) { buffer -> Result? in
            guard let base = buffer.baseAddress else { return nil }
            var key = MemoKey(base: base)
            return body(&key)
        }
    }

    private init(base: UnsafeMutableRawPointer) {
        self.base = base
    }

    /// The key written so far, or `nil` when a part did not fit.
    @inline(__always)
    var bytes: UnsafeRawBufferPointer? {
        overflowed ? nil : UnsafeRawBufferPointer(start: base, count: length)
    }

    /// Replaces the first byte (the kind), so that one key written for a result serves as the
    /// start of the same call's plan key.
    @inline(__always)
    mutating func setKind(_ kind: UInt8) {
        guard length > 0 else { return invalidate() }
        base.storeBytes(of: kind, as: UInt8.self)
    }

    @inline(__always)
    mutating func append(byte: UInt8) {
        guard !overflowed, length < Self.capacity else { return invalidate() }
        (base + length).storeBytes(of: byte, as: UInt8.self)
        length += 1
    }

    @inline(__always)
    mutating func append(word: Int) {
        guard !overflowed, Self.capacity - length >= 8 else { return invalidate() }
        (base + length).storeBytes(of: word, as: Int.self)
        length += 8
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard !overflowed, bytes.count <= Self.capacity - length else { return invalidate() }
        if let source = bytes.baseAddress, bytes.count > 0 { memcpy(base + length, source, bytes.count) }
        length += bytes.count
    }

    /// `bytes`, then a NUL.
    @inline(__always)
    mutating func appendTerminated(_ bytes: UnsafeRawBufferPointer) {
        append(bytes)
        append(byte: 0)
    }

    /// `string`'s UTF-8, then a NUL; no key (an overflow) when the string holds a NUL, which
    /// would make the part end early (a C string cannot hold one; a Swift string can).
    @inline(__always)
    mutating func appendTerminated(_ string: String) {
        // A native string is read in place, a small one from its inline bits.
        let appended: Void? = string.utf8.withContiguousStorageIfAvailable { appendText(UnsafeRawBufferPointer($0)) }
        if appended == nil { Array(string.utf8).withUnsafeBytes { appendText($0) } }
    }

    @inline(__always)
    private mutating func appendText(_ bytes: UnsafeRawBufferPointer) {
        if let base = bytes.baseAddress, bytes.count > 0, memchr(base, 0, bytes.count) != nil { return invalidate() }
        appendTerminated(bytes)
    }

    /// Makes the key unusable: a part did not fit, or cannot be keyed.
    mutating func invalidate() {
        overflowed = true
    }

    // MARK: - Preferences

    /// The preference count and each of the caller's preferences. No key (an overflow) when a
    /// preference is NULL, the count is negative or more than a call reads
    /// (`Limits.maximumPreferenceCount`: two lists that differ only past it answer alike but
    /// would key apart), or the key grows past ``capacity``.
    @inline(__always)
    mutating func appendPreferences(_ locales: UnsafePointer<UnsafePointer<CChar>?>?, count: Int) {
        guard count >= 0, count <= Limits.maximumPreferenceCount, count == 0 || locales != nil else {
            return invalidate()
        }
        append(word: count)
        for index in 0..<count {
            guard let locales, let locale = locales[index] else { return invalidate() }
            appendTerminated(UnsafeRawBufferPointer(start: locale, count: strlen(locale)))
        }
    }

    /// The same for a Swift caller's preferences.
    @inline(__always)
    mutating func appendPreferences(_ preferences: [String]) {
        guard preferences.count <= Limits.maximumPreferenceCount else { return invalidate() }
        append(word: preferences.count)
        for index in preferences.indices { appendTerminated(preferences[index]) }
    }
}
