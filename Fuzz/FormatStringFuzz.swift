// libFuzzer target for the formatting engine: printf-style formats with typed arguments, and
// `.stringsdict` variable formats over a small synthetic dictionary.
//
// Built by mk/fuzz-format.mk together with the core sources it exercises (not the package, so
// that libFuzzer's main is the only entry point). Input layout:
//   byte 0        mode (even: StringFormat, odd: VariableFormatRenderer) and plural language
//   byte 1        argument count (0...4) and kinds, two bits each
//   next 8 × n    the arguments' payloads (integer bits, double bits, or string length + bytes)
//   the rest      the format; in variable mode, fields separated by 0xFF: the format, then the
//                 variants of the synthetic variables
// Invariants checked (a violation traps, which libFuzzer reports): rendering never exceeds the
// output limit, a format that renders also lists its specifiers, and no argument beyond those
// passed is referenced by a successful rendering.

@testable import ErrorFormatter

/// Reads the input front to back; every read is bounds-checked.
struct FuzzInput {
    var bytes: [UInt8]
    var index = 0

    mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    mutating func word() -> UInt64 {
        var value: UInt64 = 0
        for _ in 0..<8 { value = value << 8 | UInt64(byte()) }
        return value
    }

    mutating func rest() -> [UInt8] {
        guard index < bytes.count else { return [] }
        defer { index = bytes.count }
        return Array(bytes[index...])
    }
}

private let languages = ["en", "fr", "ar", "ru", "ja", "pl", "cy", "xx"]

private func arguments(from input: inout FuzzInput) -> [FormatArgument] {
    let header = input.byte()
    let count = Int(header & 0x3) + (header & 0x80 != 0 ? 1 : 0)
    var result: [FormatArgument] = []
    for slot in 0..<count {
        let kind = (header >> UInt8(2 + 2 * (slot % 3))) & 0x3
        switch kind {
        case 0: result.append(.int(Int64(bitPattern: input.word())))
        case 1: result.append(.uint(input.word()))
        case 2: result.append(.double(Double(bitPattern: input.word())))
        default:
            let length = Int(input.byte() % 16)
            var text: [UInt8] = []
            for _ in 0..<length { text.append(input.byte()) }
            result.append(.string(String(decoding: text, as: UTF8.self)))
        }
    }
    return result
}

private func check(_ condition: Bool, _ message: String) {
    if !condition { fatalError("invariant broken: \(message)") }
}

private func fuzzStringFormat(format: String, arguments: [FormatArgument]) {
    let listed = try? StringFormat.specifiers(in: format)
    do {
        let rendered = try StringFormat.render(format, arguments: arguments)
        check(rendered.utf8.count <= Limits.maximumOutputLength, "output over the limit")
        guard let listed else { return check(false, "rendered a format whose specifiers are refused") }
        check(listed.allSatisfy { $0.position >= 1 && $0.position <= arguments.count },
              "rendered with a specifier past the arguments")
        check(listed.allSatisfy { $0.argumentKind.accepts(arguments[$0.position - 1]) },
              "rendered with an argument of the wrong kind")
    } catch {
        check(!error.code.isEmpty, "failure without a code")
    }
}

private func fuzzVariableFormat(fields: [String], arguments: [FormatArgument], language: String) {
    func field(_ index: Int) -> String { index < fields.count ? fields[index] : "" }
    let variables: [String: VariableFormat.Variable] = [
        "a": .init(ruleType: .plural, valueType: "lld",
                   variants: ["zero": field(1), "one": field(2), "other": field(3)]),
        "b": .init(ruleType: .plural, valueType: field(4).isEmpty ? ".1f" : field(4),
                   variants: ["one": field(5), "few": field(6), "other": field(7)]),
        "c": .init(ruleType: .device, valueType: nil, variants: ["mac": field(8), "other": field(9)]),
        "d": .init(ruleType: .width, valueType: nil, variants: ["20": field(10), "100": field(11)]),
        "e": .init(ruleType: .plural, valueType: "d", variants: ["one": field(12)]),
    ]
    do {
        let rendered = try VariableFormatRenderer.render(
            VariableFormat(format: field(0), variables: variables), arguments: arguments, language: language)
        check(rendered.utf8.count <= Limits.maximumOutputLength, "output over the limit")
    } catch {
        check(!error.code.isEmpty, "failure without a code")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFormatting(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    let mode = input.byte()
    let language = languages[Int(mode >> 1) % languages.count]
    let passed = arguments(from: &input)
    let rest = input.rest()
    if mode & 1 == 0 {
        fuzzStringFormat(format: String(decoding: rest, as: UTF8.self), arguments: passed)
    } else {
        let fields = rest.split(separator: 0xFF, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        fuzzVariableFormat(fields: fields, arguments: passed, language: language)
    }
    return 0
}
