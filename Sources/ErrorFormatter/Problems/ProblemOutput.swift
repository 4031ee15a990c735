#if canImport(Glibc)
import Glibc
#endif

/// The caller's buffer a problem response is written into, straight, in one pass: bytes are
/// stored while they fit `capacity`, and counted either way, so that a call whose output did not
/// fit still says how long it is (the packed calls' grow and retry).
struct ProblemOutput: JSONOutput {
    private let buffer: UnsafeMutableRawPointer?
    /// Negative: room for anything.
    private let capacity: Int
    /// The bytes the output has needed so far.
    private(set) var length = 0

    init(buffer: UnsafeMutableRawPointer?, capacity: Int) {
        self.buffer = buffer
        self.capacity = capacity
    }

    @inline(__always)
    private func fits(_ count: Int) -> Bool { capacity < 0 || count <= capacity - length }

    @inline(__always)
    mutating func append(byte: UInt8) {
        if let buffer, fits(1) { (buffer + length).storeBytes(of: byte, as: UInt8.self) }
        length += 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if let buffer, let source = bytes.baseAddress, bytes.count > 0, fits(bytes.count) {
            memcpy(buffer + length, source, bytes.count)
        }
        length += bytes.count
    }

    @inline(__always)
    mutating func append(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// `value` in decimal: an optional `-` and its digits.
    mutating func append(decimal value: Int64) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var magnitude = value.magnitude
            var at = digits.count
            repeat {
                at -= 1
                digits[at] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 { append(byte: UInt8(ascii: "-")) }
            append(UnsafeRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(digits)[at...]))
        }
    }

    /// Ends an item.
    @inline(__always)
    mutating func endItem() { append(byte: 0) }
}
