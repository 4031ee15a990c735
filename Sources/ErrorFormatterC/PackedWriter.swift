#if canImport(Glibc)
import Glibc
#endif

/// Writes a run of NUL-terminated strings into a caller's buffer: the output of
/// `ef_format_packed` and `ef_catalog_lookup_packed`.
///
/// A binding that pays for every call (ctypes: about a microsecond each, more than formatting
/// the error) gets a whole result in one crossing, with nothing to free: the strings are copied
/// into memory the caller owns. When the buffer is too small the writer keeps counting without
/// writing, so the caller learns the size to call again with.
struct PackedWriter {
    private let buffer: UnsafeMutableRawPointer?
    private let capacity: Int
    /// Bytes the whole output takes (written or not), terminators included.
    private(set) var length = 0

    init(buffer: UnsafeMutableRawPointer?, capacity: Int) {
        self.buffer = buffer
        self.capacity = buffer == nil ? 0 : capacity
    }

    /// Whether everything so far fitted.
    var fits: Bool { length <= capacity }

    /// Appends `string` and its terminating NUL. Lengths are those of strings already in
    /// memory, so their sum cannot overflow; `&+` says so without a trap check.
    mutating func add(_ string: String) {
        let size = string.utf8.count
        if let buffer, length &+ size &+ 1 <= capacity {
            let copied = CStringArena.copyUTF8(of: string, to: buffer + length)
            // The copy wrote exactly `size` bytes: the string is immutable.
            (buffer + length + copied).storeBytes(of: 0, as: UInt8.self)
        }
        length = length &+ size &+ 1
    }

    /// Appends `string`, or `""` for `nil` (the header's null mask tells the two apart).
    mutating func add(_ string: String?) { add(string ?? "") }

    /// Appends `number` in decimal, then a space, or (`last`) the NUL that ends the header item.
    /// (One call per number rather than a variadic list: that would allocate an array per call.)
    mutating func addNumber(_ number: Int, last: Bool = false) {
        addDecimal(number)
        addByte(last ? 0 : UInt8(ascii: " "))
    }

    private mutating func addDecimal(_ number: Int) {
        // Counts and masks are never negative; a negative one would be a bug, written as 0.
        var value = UInt(Swift.max(0, number))
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { digits in
            repeat {
                digits[count] = UInt8(ascii: "0") &+ UInt8(value % 10)
                value /= 10
                count += 1
            } while value > 0 && count < digits.count
            for index in stride(from: count - 1, through: 0, by: -1) { addByte(digits[index]) }
        }
    }

    private mutating func addByte(_ byte: UInt8) {
        if let buffer, length < capacity { (buffer + length).storeBytes(of: byte, as: UInt8.self) }
        length = length &+ 1
    }
}
