/// Splits a printf-style format into literal text, specifiers and variable references.
///
/// Works on Unicode scalars, so offsets match what editors show and no scalar is ever split.
/// Every number it reads saturates just above its limit, so no input can overflow, and the
/// format's length is checked before anything is copied.
struct FormatParser {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var sequentialPosition = 0
    private var segments: [FormatSegment] = []
    private var literal = String.UnicodeScalarView()
    private var specifierCount = 0

    private init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

    /// The segments of `format`, adjacent literal text merged.
    ///
    /// - Parameter allowsVariables: whether `%#@name@` references are expected (a variable
    ///   format's `NSStringLocalizedFormatKey` and variants); elsewhere they are refused with
    ///   `unexpected-variable`, because they would otherwise print as text and an argument.
    /// - Complexity: O(n) in the length of `format`.
    static func parse(_ format: String, allowsVariables: Bool) throws(FormatFailure) -> [FormatSegment] {
        let length = format.utf8.count
        guard length <= FormatLimits.maximumFormatLength else {
            throw FormatFailure(
                code: "format-too-long",
                message: "format of \(length) bytes exceeds the limit of \(FormatLimits.maximumFormatLength)")
        }
        var parser = FormatParser(scalars: Array(format.unicodeScalars))
        try parser.run(allowsVariables: allowsVariables)
        return parser.segments
    }

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private mutating func run(allowsVariables: Bool) throws(FormatFailure) {
        while let scalar = current {
            if scalar != "%" {
                literal.append(scalar)
                index += 1
                continue
            }
            let start = index
            index += 1
            guard let next = current else {
                throw FormatFailure(code: "unterminated-specifier", message: "format ends inside a specifier",
                                    offset: start)
            }
            if next == "%" {
                literal.append("%")
                index += 1
                continue
            }
            specifierCount += 1
            guard specifierCount <= FormatLimits.maximumSpecifierCount else {
                throw FormatFailure(
                    code: "too-many-specifiers",
                    message: "format has more than \(FormatLimits.maximumSpecifierCount) specifiers", offset: start)
            }
            flushLiteral()
            let segment = try parseSpecifier(start: start, allowsVariables: allowsVariables)
            segments.append(segment)
        }
        flushLiteral()
    }

    private mutating func flushLiteral() {
        guard !literal.isEmpty else { return }
        segments.append(.literal(String(literal)))
        literal = String.UnicodeScalarView()
    }

    /// Reads decimal digits at `index`, saturating at `limit + 1`; `nil` when there are none.
    private mutating func readNumber(limit: Int) -> Int? {
        var value: Int?
        while let scalar = current, let digit = Self.digitValue(scalar) {
            let accumulated = (value ?? 0) &* 10 &+ digit
            value = min(accumulated, limit &+ 1)
            index += 1
        }
        return value
    }

    private static func digitValue(_ scalar: Unicode.Scalar) -> Int? {
        guard scalar.value >= 0x30, scalar.value <= 0x39 else { return nil }
        return Int(scalar.value - 0x30)
    }

    private mutating func nextSequentialPosition(start: Int) throws(FormatFailure) -> Int {
        sequentialPosition += 1
        guard sequentialPosition <= FormatLimits.maximumPosition else {
            throw FormatFailure(
                code: "position-out-of-range",
                message: "format needs more than \(FormatLimits.maximumPosition) arguments", offset: start)
        }
        return sequentialPosition
    }

    private mutating func parseSpecifier(start: Int, allowsVariables: Bool) throws(FormatFailure) -> FormatSegment {
        // `%N$`: digits followed by `$` are a position; otherwise they are flags and width, read again.
        var explicitPosition: Int?
        let afterPercent = index
        if let number = readNumber(limit: FormatLimits.maximumPosition), current == "$" {
            index += 1
            guard number > 0 else {
                throw FormatFailure(code: "position-zero", message: "argument positions start at 1, not 0",
                                    offset: start)
            }
            guard number <= FormatLimits.maximumPosition else {
                throw FormatFailure(
                    code: "position-out-of-range",
                    message: "argument position exceeds the limit of \(FormatLimits.maximumPosition)", offset: start)
            }
            explicitPosition = number
        } else {
            index = afterPercent
        }

        if current == "#", index + 1 < scalars.count, scalars[index + 1] == "@" {
            index += 2
            return .variable(try parseVariableName(start: start, explicitPosition: explicitPosition,
                                                   allowsVariables: allowsVariables))
        }

        var flags: FormatSpecifier.Flags = []
        while let scalar = current, let flag = Self.flag(scalar) {
            flags.insert(flag)
            index += 1
        }
        if current == "*" {
            throw FormatFailure(code: "star-width-unsupported",
                                message: "'*' widths are not supported; write the width in the format",
                                offset: start)
        }
        let width = readNumber(limit: FormatLimits.maximumWidth)
        if let width, width > FormatLimits.maximumWidth {
            throw FormatFailure(code: "width-too-large",
                                message: "width exceeds the limit of \(FormatLimits.maximumWidth)", offset: start)
        }
        var precision: Int?
        if current == "." {
            index += 1
            if current == "*" {
                throw FormatFailure(code: "star-width-unsupported",
                                    message: "'*' precisions are not supported; write the precision in the format",
                                    offset: start)
            }
            let value = readNumber(limit: FormatLimits.maximumPrecision) ?? 0
            guard value <= FormatLimits.maximumPrecision else {
                throw FormatFailure(code: "precision-too-large",
                                    message: "precision exceeds the limit of \(FormatLimits.maximumPrecision)",
                                    offset: start)
            }
            precision = value
        }
        let lengthModifier = readLengthModifier()
        guard let conversionScalar = current else {
            throw FormatFailure(code: "unterminated-specifier", message: "format ends inside a specifier",
                                offset: start)
        }
        index += 1
        let conversion = try Self.conversion(conversionScalar, start: start)
        try Self.check(lengthModifier, for: conversion, start: start)
        let position: Int
        if let explicitPosition {
            position = explicitPosition
        } else {
            position = try nextSequentialPosition(start: start)
        }
        return .specifier(FormatSpecifier(
            position: position, isPositionExplicit: explicitPosition != nil, flags: flags, width: width,
            precision: precision, lengthModifier: lengthModifier, conversion: conversion, offset: start))
    }

    private mutating func parseVariableName(
        start: Int, explicitPosition: Int?, allowsVariables: Bool
    ) throws(FormatFailure) -> VariableReference {
        guard allowsVariables else {
            throw FormatFailure(code: "unexpected-variable",
                                message: "variable reference '%#@…@' outside a variable format", offset: start)
        }
        var name = String.UnicodeScalarView()
        while let scalar = current, scalar != "@" {
            name.append(scalar)
            index += 1
        }
        guard current == "@" else {
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
        return VariableReference(name: String(name), position: position,
                                 isPositionExplicit: explicitPosition != nil, offset: start, end: index)
    }

    private static func flag(_ scalar: Unicode.Scalar) -> FormatSpecifier.Flags? {
        switch scalar {
        case "-": .leftJustify
        case "+": .plusSign
        case " ": .spaceSign
        case "#": .alternateForm
        case "0": .zeroPad
        case "'": .thousandsGrouping
        default: nil
        }
    }

    private mutating func readLengthModifier() -> FormatSpecifier.LengthModifier? {
        guard let scalar = current else { return nil }
        let doubled = index + 1 < scalars.count && scalars[index + 1] == scalar
        let modifier: FormatSpecifier.LengthModifier
        switch scalar {
        case "h": modifier = doubled ? .hh : .h
        case "l": modifier = doubled ? .ll : .l
        case "q": modifier = .q
        case "L": modifier = .L
        case "z": modifier = .z
        case "t": modifier = .t
        case "j": modifier = .j
        default: return nil
        }
        index += modifier.rawValue.unicodeScalars.count
        return modifier
    }

    private static func conversion(_ scalar: Unicode.Scalar, start: Int) throws(FormatFailure)
        -> FormatSpecifier.Conversion
    {
        if let conversion = FormatSpecifier.Conversion(rawValue: Character(scalar)) { return conversion }
        switch scalar {
        case "n":
            throw FormatFailure(code: "write-conversion-refused",
                                message: "'%n' writes to memory and is always refused", offset: start)
        case "p", "C", "S", "D", "U", "O":
            throw FormatFailure(code: "unsupported-conversion",
                                message: "conversion '%\(scalar)' has no typed argument to match", offset: start)
        case "%":
            throw FormatFailure(code: "unknown-conversion",
                                message: "'%' with flags, width or length is not a conversion; write '%%'",
                                offset: start)
        default:
            throw FormatFailure(code: "unknown-conversion",
                                message: "unknown conversion '\(scalar.escaped(asASCII: true))'", offset: start)
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
