#if canImport(Glibc)
import Glibc
#endif

/// A compiled format specialized for one list of argument kinds: what
/// ``StringFormat/render(_:arguments:into:)`` does for arguments of those kinds, decided once.
///
/// For such arguments the checks always pass and each specifier always takes the same branch
/// (bare digits, the string itself, or the specifier's full rendering), so a render is a walk
/// over plain steps: literal bytes copied from one buffer, digits written in place, strings
/// copied. A caller must only run it with arguments of the kinds it was made for (a plan's key
/// holds them, ``ResultTemplate``); any other argument makes ``render(arguments:into:)`` give
/// up (`nil`), never write something else. So does a value that crosses to the other number
/// family inexactly (2.5 for `%d`, 2^53 + 1 for `%f`): the check that refuses it is the full
/// road's.
final class FormatProgram: @unchecked Sendable {
    // @unchecked: immutable after init; the raw buffers are only read.

    private enum Step {
        case literal(start: Int, count: Int)
        /// `%d %i` without flags, width or precision: the argument's low `bits`, signed.
        case signedDigits(argument: Int, bits: Int)
        /// `%u` without flags, width or precision: the argument's low `bits`, unsigned.
        case unsignedDigits(argument: Int, bits: Int)
        /// `%@` of an integer without width or precision.
        case integerDigits(argument: Int)
        /// `%@` or `%s` of a string without width or precision: the string itself.
        case text(argument: Int)
        /// `%d %i %u` without flags, width or precision, in a locale: its grouped digits.
        case localizedInteger(argument: Int, specifier: Int)
        /// Anything else: the specifier's own rendering.
        case rendered(argument: Int, specifier: Int)
    }

    private let steps: UnsafeMutablePointer<Step>
    private let stepCount: Int
    private let literals: UnsafeMutableRawPointer
    private let specifiers: [FormatSpecifier]
    /// The symbols its numbers are written with; `nil` for the C locale.
    private let numbers: NumberSymbols?
    /// The bytes the program holds: its steps, literals and specifiers.
    let byteCost: Int

    /// The program of `format` for arguments of the kinds of `arguments`, which must pass its
    /// checks (``StringFormat/check(_:arguments:)``), its numbers written with `numbers` (`nil`:
    /// in the C locale); `nil` for a format with variables.
    init?(_ format: CompiledFormat, arguments: [FormatArgument], numbers: NumberSymbols? = nil) {
        var steps: [Step] = [], literals: [UInt8] = [], specifiers: [FormatSpecifier] = []
        for segment in format.segments {
            switch segment {
            case .literal(let text):
                steps.append(.literal(start: literals.count, count: text.utf8.count))
                literals += text.utf8
            case .specifier(let specifier):
                let index = specifier.position - 1
                guard arguments.indices.contains(index) else { return nil }
                // As the render reads it (an exact integer for `%f`, and the reverse): each call's
                // value is read the same way by the steps below, or the program gives up.
                let argument = specifier.argumentKind.reading(arguments[index]) ?? arguments[index]
                // The branches of ``StringFormat/render(_:arguments:numbers:into:)``, in its order.
                if numbers != nil, LocalizedNumberFormatter.localizes(specifier.conversion) {
                    if LocalizedNumberFormatter.isPlainInteger(specifier),
                       FormatSpecifier.integerBits(of: argument) != nil
                    {
                        steps.append(.localizedInteger(argument: index, specifier: specifiers.count))
                    } else {
                        steps.append(.rendered(argument: index, specifier: specifiers.count))
                    }
                    specifiers.append(specifier)
                } else if specifier.plainDecimal(of: argument) != nil {
                    switch specifier.conversion {
                    case .signedDecimal, .signedInteger:
                        steps.append(.signedDigits(argument: index, bits: specifier.integerBits))
                    case .unsignedDecimal:
                        steps.append(.unsignedDigits(argument: index, bits: specifier.integerBits))
                    default:
                        steps.append(.integerDigits(argument: index))
                    }
                } else if specifier.plainText(of: argument) != nil {
                    steps.append(.text(argument: index))
                } else {
                    steps.append(.rendered(argument: index, specifier: specifiers.count))
                    specifiers.append(specifier)
                }
            case .variable:
                return nil
            }
        }
        self.steps = .allocate(capacity: max(steps.count, 1))
        self.steps.initialize(from: steps, count: steps.count)
        stepCount = steps.count
        let literalBytes = UnsafeMutableRawPointer.allocate(byteCount: max(literals.count, 1), alignment: 1)
        literals.withUnsafeBytes { bytes in
            if let source = bytes.baseAddress, !bytes.isEmpty { memcpy(literalBytes, source, bytes.count) }
        }
        self.literals = literalBytes
        self.specifiers = specifiers
        self.numbers = numbers
        byteCost = steps.count * MemoryLayout<Step>.stride + literals.count
            + specifiers.count * MemoryLayout<FormatSpecifier>.stride
    }

    deinit {
        steps.deinitialize(count: stepCount)
        steps.deallocate()
        literals.deallocate()
    }

    /// The rendering of the format with `arguments` as UTF-8 into `buffer`: the bytes written,
    /// or `nil` when it does not fit, a specifier's rendering fails, or an argument is not of
    /// the kind the program was made for.
    func render(arguments: [FormatArgument], into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        guard let base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        let capacity = buffer.count
        return arguments.withUnsafeBufferPointer { arguments -> Int? in
            var length = 0
            for index in 0..<stepCount {
                switch steps[index] {
                case .literal(let start, let count):
                    guard count <= capacity - length else { return nil }
                    memcpy(base + length, literals + start, count)
                    length += count
                case .signedDigits(let argument, let bits):
                    guard argument < arguments.count,
                          let raw = Self.integerBits(of: arguments[argument]) else { return nil }
                    let value = FormatSpecifier.signExtended(raw, from: bits)
                    guard let written = DecimalDigits.write((value < 0, value.magnitude), to: base + length,
                                                            capacity: capacity - length) else { return nil }
                    length += written
                case .unsignedDigits(let argument, let bits):
                    guard argument < arguments.count,
                          let raw = Self.integerBits(of: arguments[argument]) else { return nil }
                    let value = FormatSpecifier.zeroExtended(raw, from: bits)
                    guard let written = DecimalDigits.write((false, value), to: base + length,
                                                            capacity: capacity - length) else { return nil }
                    length += written
                case .integerDigits(let argument):
                    guard argument < arguments.count else { return nil }
                    let number: (negative: Bool, magnitude: UInt64)
                    switch arguments[argument] {
                    case .int(let value): number = (value < 0, value.magnitude)
                    case .uint(let value): number = (false, value)
                    case .string, .double: return nil
                    }
                    guard let written = DecimalDigits.write(number, to: base + length, capacity: capacity - length)
                    else { return nil }
                    length += written
                case .text(let argument):
                    guard argument < arguments.count, case .string(let text) = arguments[argument],
                          Self.append(text, to: base, capacity: capacity, length: &length) else { return nil }
                case .localizedInteger(let argument, let specifier):
                    guard argument < arguments.count, specifier < specifiers.count, let numbers,
                          let raw = Self.integerBits(of: arguments[argument]),
                          let written = LocalizedNumberFormatter.writePlainInteger(
                              LocalizedNumberFormatter.integerValue(of: raw, for: specifiers[specifier]),
                              symbols: numbers, to: base + length, capacity: capacity - length)
                    else { return nil }
                    length += written
                case .rendered(let argument, let specifier):
                    guard argument < arguments.count, specifier < specifiers.count else { return nil }
                    let text: String
                    do throws(FormatFailure) {
                        text = try specifiers[specifier].render(arguments[argument], numbers: numbers)
                    } catch {
                        return nil
                    }
                    guard Self.append(text, to: base, capacity: capacity, length: &length) else { return nil }
                }
            }
            return length
        }
    }

    /// The bits an integer step prints: an integer's, or those of the integer a double holds
    /// exactly (``FormatSpecifier/ArgumentKind/reading(_:)``); `nil` for anything else, and the
    /// program gives up.
    @inline(__always)
    private static func integerBits(of argument: FormatArgument) -> UInt64? {
        if case .double(let value) = argument {
            return FormatArgument.exactInteger(value).flatMap(FormatSpecifier.integerBits(of:))
        }
        return FormatSpecifier.integerBits(of: argument)
    }

    /// Copies `text`'s UTF-8 to `base + length` if it fits below `capacity`, advancing `length`.
    @inline(__always)
    private static func append(
        _ text: String, to base: UnsafeMutablePointer<UInt8>, capacity: Int, length: inout Int
    ) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count <= capacity - length else { return false }
            if let source = bytes.baseAddress, !bytes.isEmpty { memcpy(base + length, source, bytes.count) }
            length += bytes.count
            return true
        }
    }
}
