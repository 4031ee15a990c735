/// Splits a printf-style format into literal text, specifiers and variable references.
///
/// Scans UTF-8 bytes (every character of the specifier syntax is ASCII, so a multi-byte
/// sequence is never mistaken for one) and copies literal text in slices; offsets reported are
/// counted in Unicode scalars, as editors show them. Every number it reads saturates just above
/// its limit, so no input can overflow, and the format's length is checked before anything is
/// copied.
struct FormatParser {
    private let bytes: [UInt8]
    private var index = 0
    private var sequentialPosition = 0
    private var segments: [FormatSegment] = []
    private var literal = ""
    private var literalStart = 0
    private var specifierCount = 0
    /// Scalars counted so far, up to `countedBytes`: offsets are asked for in increasing order.
    private var countedScalars = 0
    private var countedBytes = 0

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// The segments of `format`, adjacent literal text merged.
    ///
    /// - Parameter allowsVariables: whether `%#@name@` references are expected (a variable
    ///   format's `NSStringLocalizedFormatKey` and variants); elsewhere they are refused with
    ///   `unexpected-variable`, because they would otherwise print as text and an argument.
    /// - Complexity: O(n) in the length of `format`.
    static func parse(_ format: String, allowsVariables: Bool) throws(FormatFailure) -> [FormatSegment] {
        let length = format.utf8.count
        guard length <= Limits.maximumFormatLength else {
            throw FormatFailure(
                code: "format-too-long",
                message: "format of \(length) bytes exceeds the limit of \(Limits.maximumFormatLength)")
        }
        // Most strings have no specifier at all.
        guard PercentSearch.contains(format) else { return format.isEmpty ? [] : [.literal(format)] }
        var parser = FormatParser(bytes: Array(format.utf8))
        try parser.run(allowsVariables: allowsVariables)
        return parser.segments
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// The scalar offset of byte `byteIndex` (a scalar boundary at or after the last one asked for).
    private mutating func scalarOffset(of byteIndex: Int) -> Int {
        while countedBytes < byteIndex, countedBytes < bytes.count {
            // Continuation bytes (10xxxxxx) do not start a scalar.
            if bytes[countedBytes] & 0xC0 != 0x80 { countedScalars += 1 }
            countedBytes += 1
        }
        return countedScalars
    }

    private mutating func run(allowsVariables: Bool) throws(FormatFailure) {
        while index < bytes.count {
            guard let percent = bytes[index...].firstIndex(of: UInt8(ascii: "%")) else {
                index = bytes.count
                break
            }
            let start = percent
            index = percent
            index += 1
            guard let next = current else {
                throw FormatFailure(code: "unterminated-specifier", message: "format ends inside a specifier",
                                    offset: scalarOffset(of: start))
            }
            if next == UInt8(ascii: "%") {
                // Keep the first '%' as text and skip the second.
                takeLiteral(upTo: index)
                index += 1
                literalStart = index
                continue
            }
            let offset = scalarOffset(of: start)
            specifierCount += 1
            guard specifierCount <= Limits.maximumSpecifierCount else {
                throw FormatFailure(
                    code: "too-many-specifiers",
                    message: "format has more than \(Limits.maximumSpecifierCount) specifiers", offset: offset)
            }
            takeLiteral(upTo: start)
            flushLiteral()
            let segment = try parseSpecifier(start: offset, startByte: start, allowsVariables: allowsVariables)
            segments.append(segment)
            literalStart = index
        }
        takeLiteral(upTo: bytes.count)
        flushLiteral()
    }

    private mutating func takeLiteral(upTo end: Int) {
        guard literalStart < end, end <= bytes.count else { return }
        literal += String(decoding: bytes[literalStart..<end], as: UTF8.self)
        literalStart = end
    }

    private mutating func flushLiteral() {
        guard !literal.isEmpty else { return }
        segments.append(.literal(literal))
        literal = ""
    }

    /// Reads decimal digits at `index`, saturating at `limit + 1`; `nil` when there are none.
    private mutating func readNumber(limit: Int) -> Int? {
        var value: Int?
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            let accumulated = (value ?? 0) &* 10 &+ Int(byte &- UInt8(ascii: "0"))
            value = min(accumulated, limit &+ 1)
            index += 1
        }
        return value
    }

    private mutating func nextSequentialPosition(start: Int) throws(FormatFailure) -> Int {
        sequentialPosition += 1
        guard sequentialPosition <= Limits.maximumPosition else {
            throw FormatFailure(
                code: "position-out-of-range",
                message: "format needs more than \(Limits.maximumPosition) arguments", offset: start)
        }
        return sequentialPosition
    }

    private mutating func parseSpecifier(start: Int, startByte: Int, allowsVariables: Bool) throws(FormatFailure) -> FormatSegment {
        // `%N$`: digits followed by `$` are a position; otherwise they are flags and width, read again.
        var explicitPosition: Int?
        let afterPercent = index
        if let number = readNumber(limit: Limits.maximumPosition), current == UInt8(ascii: "$") {
            index += 1
            guard number > 0 else {
                throw FormatFailure(code: "position-zero", message: "argument positions start at 1, not 0",
                                    offset: start)
            }
            guard number <= Limits.maximumPosition else {
                throw FormatFailure(
                    code: "position-out-of-range",
                    message: "argument position exceeds the limit of \(Limits.maximumPosition)", offset: start)
            }
            explicitPosition = number
        } else {
            index = afterPercent
        }

        if current == UInt8(ascii: "#"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "@") {
            index += 2
            return .variable(try parseVariableName(start: start, startByte: startByte,
                                                   explicitPosition: explicitPosition,
                                                   allowsVariables: allowsVariables))
        }

        var flags = FormatSpecifier.Flags(rawValue: 0)
        while let byte = current, let flag = Self.flag(byte) {
            flags.insert(flag)
            index += 1
        }
        if current == UInt8(ascii: "*") {
            throw FormatFailure(code: "star-width-unsupported",
                                message: "'*' widths are not supported; write the width in the format",
                                offset: start)
        }
        let width = readNumber(limit: Limits.maximumWidth)
        if let width, width > Limits.maximumWidth {
            throw FormatFailure(code: "width-too-large",
                                message: "width exceeds the limit of \(Limits.maximumWidth)", offset: start)
        }
        var precision: Int?
        var hasEmptyPrecision = false
        if current == UInt8(ascii: ".") {
            index += 1
            if current == UInt8(ascii: "*") {
                throw FormatFailure(code: "star-width-unsupported",
                                    message: "'*' precisions are not supported; write the precision in the format",
                                    offset: start)
            }
            let digits = readNumber(limit: Limits.maximumPrecision)
            hasEmptyPrecision = digits == nil
            let value = digits ?? 0
            guard value <= Limits.maximumPrecision else {
                throw FormatFailure(code: "precision-too-large",
                                    message: "precision exceeds the limit of \(Limits.maximumPrecision)",
                                    offset: start)
            }
            precision = value
        }
        let lengthModifier = readLengthModifier()
        guard current != nil else {
            throw FormatFailure(code: "unterminated-specifier", message: "format ends inside a specifier",
                                offset: start)
        }
        let conversion = try conversion(at: index, start: start)
        index += 1
        try Self.check(lengthModifier, for: conversion, start: start)
        let position: Int
        if let explicitPosition {
            position = explicitPosition
        } else {
            position = try nextSequentialPosition(start: start)
        }
        return .specifier(FormatSpecifier(
            position: position, isPositionExplicit: explicitPosition != nil, flags: flags, width: width,
            precision: precision, hasEmptyPrecision: hasEmptyPrecision, lengthModifier: lengthModifier,
            conversion: conversion, offset: start))
    }

    private mutating func parseVariableName(
        start: Int, startByte: Int, explicitPosition: Int?, allowsVariables: Bool
    ) throws(FormatFailure) -> VariableReference {
        guard allowsVariables else {
            throw FormatFailure(code: "unexpected-variable",
                                message: "variable reference '%#@…@' outside a variable format", offset: start)
        }
        let nameStart = index
        while let byte = current, byte != UInt8(ascii: "@") { index += 1 }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
        guard current == UInt8(ascii: "@") else {
            throw FormatFailure(code: "unterminated-variable",
                                message: "variable reference has no closing '@'", offset: start)
        }
        index += 1
        guard !name.isEmpty else {
            throw FormatFailure(code: "empty-variable-name", message: "variable reference '%#@@' has no name",
                                offset: start)
        }
        let position: Int
        if let explicitPosition {
            position = explicitPosition
        } else {
            position = try nextSequentialPosition(start: start)
        }
        return VariableReference(name: name, position: position, isPositionExplicit: explicitPosition != nil,
                                 offset: start, bytes: startByte..<index)
    }

    private static func flag(_ byte: UInt8) -> FormatSpecifier.Flags? {
        switch byte {
        case UInt8(ascii: "-"): .leftJustify
        case UInt8(ascii: "+"): .plusSign
        case UInt8(ascii: " "): .spaceSign
        case UInt8(ascii: "#"): .alternateForm
        case UInt8(ascii: "0"): .zeroPad
        case UInt8(ascii: "'"): .thousandsGrouping
        default: nil
        }
    }

    private mutating func readLengthModifier() -> FormatSpecifier.LengthModifier? {
        guard let byte = current else { return nil }
        let doubled = index + 1 < bytes.count && bytes[index + 1] == byte
        let modifier: FormatSpecifier.LengthModifier
        switch byte {
        case UInt8(ascii: "h"): modifier = doubled ? .hh : .h
        case UInt8(ascii: "l"): modifier = doubled ? .ll : .l
        case UInt8(ascii: "q"): modifier = .q
        case UInt8(ascii: "L"): modifier = .L
        case UInt8(ascii: "z"): modifier = .z
        case UInt8(ascii: "t"): modifier = .t
        case UInt8(ascii: "j"): modifier = .j
        default: return nil
        }
        index += modifier.rawValue.utf8.count
        return modifier
    }

    /// The conversion at byte `at`; a non-ASCII scalar there is named whole in the message.
    private func conversion(at byteIndex: Int, start: Int) throws(FormatFailure) -> FormatSpecifier.Conversion {
        let byte = bytes[byteIndex]
        if byte < 0x80, let conversion = FormatSpecifier.Conversion(rawValue: Character(Unicode.Scalar(byte))) {
            return conversion
        }
        switch byte {
        case UInt8(ascii: "n"):
            throw FormatFailure(code: "write-conversion-refused",
                                message: "'%n' writes to memory and is always refused", offset: start)
        case UInt8(ascii: "p"), UInt8(ascii: "C"), UInt8(ascii: "S"), UInt8(ascii: "D"), UInt8(ascii: "U"),
             UInt8(ascii: "O"):
            throw FormatFailure(code: "unsupported-conversion",
                                message: "conversion '%\(Character(Unicode.Scalar(byte)))' has no typed argument to match",
                                offset: start)
        case UInt8(ascii: "%"):
            throw FormatFailure(code: "unknown-conversion",
                                message: "'%' with flags, width or length is not a conversion; write '%%'",
                                offset: start)
        default:
            var end = byteIndex + 1
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            let text = String(decoding: bytes[byteIndex..<end], as: UTF8.self)
            let shown = text.unicodeScalars.map { $0.escaped(asASCII: true) }.joined()
            throw FormatFailure(code: "unknown-conversion", message: "unknown conversion '\(shown)'", offset: start)
        }
    }

    /// Refuses length modifiers C gives no meaning for with the conversion, or that name a type
    /// ErrorFormatter has no argument for (`%ls`, `%lc`: wide characters).
    private static func check(
        _ modifier: FormatSpecifier.LengthModifier?, for conversion: FormatSpecifier.Conversion, start: Int
    ) throws(FormatFailure) {
        guard let modifier else { return }
        let valid: Bool
        switch conversion.argumentKind {
        case .signedInteger, .unsignedInteger: valid = true
        case .floatingPoint: valid = modifier == .l || modifier == .L
        case .any, .string, .character: valid = false
        }
        guard valid else {
            throw FormatFailure(
                code: "invalid-length-modifier",
                message: "length modifier '\(modifier.rawValue)' is not valid with '%\(conversion.rawValue)'",
                offset: start)
        }
    }
}
