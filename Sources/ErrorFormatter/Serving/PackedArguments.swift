#if canImport(Glibc)
import Glibc
#endif

/// The arguments of `ef_format_packed_reusable`, packed by the caller into one run of bytes (the
/// layout is specified in the header): a binding that pays per C call passes every argument in
/// the call that formats, instead of one `ef_error_info_add_*` call each.
///
/// Each argument is a kind byte and its value: `s` and the string's UTF-8 up to a NUL; `i`, `u`
/// and `d` and eight little-endian bytes of an `int64_t`, a `uint64_t` or an IEEE 754 double;
/// `n` and an integer in decimal up to a NUL, typed as a scripting language's integer is (signed
/// when it fits 64 signed bits, else unsigned). A binding whose strings are cheaper to make
/// than bytes (Python) packs a whole run as one text that way, and encodes it once.
/// Everything is checked before use: a run that ends inside an argument, an unknown kind, a
/// decimal that is not one or does not fit, or more than `Limits.maximumArguments` arguments is
/// `EF_E_INVALID_ARGUMENT`, a string that is not UTF-8 `EF_E_INVALID_UTF8`, as the
/// `ef_error_info_add_*` calls report them.
package enum PackedArguments {
    /// The arguments packed in the `length` bytes at `bytes`, in order. A run holds none exactly
    /// when its length is 0 (a NULL run of another length is invalid, and reported).
    package static func decode(_ bytes: UnsafePointer<CChar>?, length: Int) throws(ServingError) -> [FormatArgument] {
        guard length != 0 else { return [] }
        // A size_t above Int.max arrives negative: no caller has that much memory.
        guard let bytes, length > 0 else {
            throw ServingError.invalidArgument(bytes == nil
                ? "arguments must not be NULL when arguments_length is \(UInt(bitPattern: length))"
                : "arguments_length \(UInt(bitPattern: length)) is not the length of a packed run")
        }
        let run = UnsafeRawBufferPointer(start: bytes, count: length)
        var arguments: [FormatArgument] = []
        var offset = 0
        while offset < run.count {
            let position = arguments.count + 1
            guard arguments.count < Limits.maximumArguments else {
                throw ServingError.invalidArgument("an error takes at most \(Limits.maximumArguments) arguments")
            }
            let kind = run[offset]
            offset += 1
            switch kind {
            case UInt8(ascii: "s"):
                guard let end = nulIndex(in: run, from: offset) else {
                    throw ServingError.invalidArgument("packed argument \(position): the string has no NUL before the end")
                }
                let utf8 = UnsafeRawBufferPointer(rebasing: run[offset..<end]).assumingMemoryBound(to: UInt8.self)
                // The library's validator, sixteen bytes at a time; then no second pass to make the string.
                guard UTF8Validation.isStrictlyValid(utf8) else {
                    throw ServingError.invalidUTF8("argument \(position)")
                }
                arguments.append(.string(KnownValidUTF8.string(utf8)))
                offset = end + 1
            case UInt8(ascii: "n"):
                guard let end = nulIndex(in: run, from: offset) else {
                    throw ServingError.invalidArgument("packed argument \(position): the integer has no NUL before the end")
                }
                arguments.append(try decimal(UnsafeRawBufferPointer(rebasing: run[offset..<end]), position: position))
                offset = end + 1
            case UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "d"):
                guard run.count - offset >= 8 else {
                    throw ServingError.invalidArgument("packed argument \(position): the run ends inside its 8 bytes")
                }
                let bits = UInt64(littleEndian: run.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset += 8
                switch kind {
                case UInt8(ascii: "i"): arguments.append(.int(Int64(bitPattern: bits)))
                case UInt8(ascii: "u"): arguments.append(.uint(bits))
                default: arguments.append(.double(Double(bitPattern: bits)))
                }
            default:
                throw ServingError.invalidArgument(
                    "packed argument \(position): unknown kind byte 0x\(String(kind, radix: 16)) (s, n, i, u or d)")
            }
        }
        return arguments
    }

    /// The integer whose decimal (``PackedDecimal``) is `digits`: signed from -2^63 to 2^63-1,
    /// unsigned from 2^63 to 2^64-1, as Python's `int` and a JavaScript `BigInt` are given to the
    /// library; anything else is refused, never wrapped.
    private static func decimal(_ digits: UnsafeRawBufferPointer, position: Int) throws(ServingError) -> FormatArgument {
        switch PackedDecimal.read(digits) {
        case .signed(let value): return .int(value)
        case .unsigned(let value): return .uint(value)
        case .outOfRange:
            throw ServingError.invalidArgument("argument \(position) (\(PackedDecimal.quoted(digits))) does not fit in 64 bits")
        case nil:
            throw ServingError.invalidArgument(
                "packed argument \(position): an integer is written as an optional '-' and the digits 0-9")
        }
    }

    /// The index of the first NUL at or after `start`, or `nil`.
    static func nulIndex(in run: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard start < run.count, let base = run.baseAddress,
              let found = memchr(base + start, 0, run.count - start)
        else { return nil }
        return UnsafeRawPointer(found) - base
    }
}
