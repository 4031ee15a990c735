/// Apple printf-style format strings (`%@`, `%lld`, `%2$.1f`…) rendered with typed arguments.
///
/// Implemented in Swift over a parsed format, never by handing the format to the C library:
/// a translation is untrusted input. Every specifier is checked against the arguments before
/// anything is rendered, so a string that asks for an argument that was not passed, or for one
/// of another type, fails as a whole (see docs/formatting.md for the rules and codes).
enum StringFormat {
    /// The argument specifiers of `format` in order of appearance (`%%` excluded), for lint and
    /// validation; it also refuses formats that could never render (unknown conversions, `%n`,
    /// one argument used with incompatible types, limits exceeded).
    ///
    /// - Throws: ``FormatFailure`` with the code of the first problem.
    /// - Complexity: O(n) in the length of `format`.
    static func specifiers(in format: String) throws(FormatFailure) -> [FormatSpecifier] {
        let segments = try FormatParser.parse(format, allowsVariables: false)
        let specifiers = segments.compactMap { segment -> FormatSpecifier? in
            if case .specifier(let specifier) = segment { return specifier }
            return nil
        }
        try checkConsistentKinds(specifiers)
        return specifiers
    }

    /// `format` with each specifier replaced by its argument.
    ///
    /// Arguments not referred to are ignored (as in Apple's formatting); nothing ever reads an
    /// argument that was not passed. Numbers are written in the C locale, or with `numbers` in
    /// theirs when given (``LocalizedNumberFormatter``).
    ///
    /// - Throws: ``FormatFailure`` when the format is invalid, does not match `arguments`
    ///   (`missing-argument`, `wrong-argument-type`, `conflicting-types`), or the result would
    ///   exceed ``Limits/maximumOutputLength``.
    /// - Complexity: O(n + m) in the lengths of the format and the result.
    static func render(_ format: String, arguments: [FormatArgument], numbers: NumberSymbols? = nil)
        throws(FormatFailure) -> String
    {
        // Plain text (no '%') within the length limit renders as itself: what parsing it into one
        // literal and rendering that would give, without the segment array and the copy.
        if format.utf8.count <= Limits.maximumFormatLength, !PercentSearch.contains(format) { return format }
        return try render(ParsedFormats.compiled(format, allowsVariables: false), arguments: arguments, numbers: numbers)
    }

    /// Renders a compiled format, which must contain no variable references: every specifier is
    /// checked against the arguments before anything is written.
    static func render(_ format: CompiledFormat, arguments: [FormatArgument], numbers: NumberSymbols? = nil)
        throws(FormatFailure) -> String
    {
        try check(format, arguments: arguments)
        if let short = try renderShort(format, arguments: arguments, numbers: numbers) { return short }
        var output = BoundedOutput()
        for segment in format.segments {
            try output.append(try piece(segment, arguments: arguments, numbers: numbers))
        }
        return output.text
    }

    /// Results up to this many bytes are assembled on the stack.
    static let shortResultCapacity = 256

    /// The rendering when it fits in ``shortResultCapacity`` bytes, else `nil`. Nearly every
    /// message does: its pieces are copied into a stack buffer that becomes a `String` once,
    /// where appending piece by piece to a `String` cost more than rendering the pieces.
    private static func renderShort(
        _ format: CompiledFormat, arguments: [FormatArgument], numbers: NumberSymbols?
    ) throws(FormatFailure) -> String? {
        try withUnsafeTemporaryAllocation(byteCount: shortResultCapacity, alignment: 1) {
            buffer throws(FormatFailure) -> String? in
            guard let length = try renderChecked(format, arguments: arguments, numbers: numbers, into: buffer),
                  let base = buffer.baseAddress
            else { return nil }
            let bytes = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: length)
            return KnownValidUTF8.string(bytes)
        }
    }

    /// Renders `format` with `arguments` as UTF-8 into `buffer`; returns how many bytes it
    /// wrote, or `nil` when the rendering does not fit (then ``render(_:arguments:)`` makes it).
    /// What a caller that copies the text somewhere anyway uses: no `String` is made.
    ///
    /// The bytes are well-formed UTF-8 on scalar boundaries: whole pieces of valid strings and
    /// ASCII digits.
    static func render(
        _ format: CompiledFormat, arguments: [FormatArgument], numbers: NumberSymbols? = nil,
        into buffer: UnsafeMutableRawBufferPointer
    ) throws(FormatFailure) -> Int? {
        try check(format, arguments: arguments)
        return try renderChecked(format, arguments: arguments, numbers: numbers, into: buffer)
    }

    /// The checks every render of `format` makes before it writes anything: one argument used
    /// with incompatible kinds, then each specifier against the argument it names. They read
    /// the arguments' count and kinds, and a value only where a number crosses to the other
    /// family (``kindsDecide(_:arguments:)`` says whether one does), so whether a format passes
    /// them is otherwise known for every call with the same kinds (``FormatPlan``).
    static func check(_ format: CompiledFormat, arguments: [FormatArgument]) throws(FormatFailure) {
        if let conflict = format.kindConflict { throw conflict }
        for specifier in format.specifiers {
            _ = try argument(for: specifier, in: arguments)
        }
    }

    /// ``render(_:arguments:into:)`` for a format whose specifiers were checked already.
    private static func renderChecked(
        _ format: CompiledFormat, arguments: [FormatArgument], numbers: NumberSymbols?,
        into buffer: UnsafeMutableRawBufferPointer
    ) throws(FormatFailure) -> Int? {
        guard let base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        var length = 0
        for segment in format.segments {
            let fitted: Bool
            switch segment {
            case .literal(let text):
                fitted = append(text, to: base, capacity: buffer.count, length: &length)
            case .specifier(let specifier):
                let argument = try argument(for: specifier, in: arguments)
                if let numbers, LocalizedNumberFormatter.localizes(specifier.conversion) {
                    if LocalizedNumberFormatter.isPlainInteger(specifier),
                       let bits = FormatSpecifier.integerBits(of: argument)
                    {
                        // The usual `%d`, localized: grouped digits written in place.
                        guard let written = LocalizedNumberFormatter.writePlainInteger(
                            LocalizedNumberFormatter.integerValue(of: bits, for: specifier), symbols: numbers,
                            to: base + length, capacity: buffer.count - length)
                        else { return nil }
                        length += written
                        fitted = true
                    } else {
                        fitted = append(try specifier.render(argument, numbers: numbers), to: base,
                                        capacity: buffer.count, length: &length)
                    }
                } else if let number = specifier.plainDecimal(of: argument) {
                    // The usual `%d`: its digits, written in place.
                    guard let written = DecimalDigits.write(number, to: base + length, capacity: buffer.count - length)
                    else { return nil }
                    length += written
                    fitted = true
                } else if let text = specifier.plainText(of: argument) {
                    // The usual `%@` of a string: the string itself, copied once.
                    fitted = append(text, to: base, capacity: buffer.count, length: &length)
                } else {
                    fitted = append(try specifier.render(argument), to: base, capacity: buffer.count, length: &length)
                }
            case .variable:
                fitted = append(try piece(segment, arguments: arguments, numbers: numbers), to: base,
                                capacity: buffer.count, length: &length)
            }
            guard fitted else { return nil }
        }
        return length
    }

    /// Copies `text`'s UTF-8 to `base + length` if it fits below `capacity`, advancing `length`;
    /// `false` if it does not fit, or has no contiguous UTF-8 (never made here): the long way.
    @inline(__always)
    private static func append(
        _ text: String, to base: UnsafeMutablePointer<UInt8>, capacity: Int, length: inout Int
    ) -> Bool {
        let start = base + length, room = capacity - length
        let copied: Int? = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let source = bytes.baseAddress else { return 0 }
            guard bytes.count <= room else { return nil }
            start.update(from: source, count: bytes.count)
            return bytes.count
        } ?? nil
        guard let copied else { return false }
        length += copied
        return true
    }

    /// The text of one segment.
    private static func piece(_ segment: FormatSegment, arguments: [FormatArgument], numbers: NumberSymbols?)
        throws(FormatFailure) -> String
    {
        switch segment {
        case .literal(let text):
            return text
        case .specifier(let specifier):
            return try specifier.render(try argument(for: specifier, in: arguments), numbers: numbers)
        case .variable(let reference):
            throw FormatFailure(code: "unexpected-variable",
                                message: "variable reference '%#@\(reference.name)@' was not substituted",
                                offset: reference.offset)
        }
    }

    /// The argument `specifier` refers to, as its kind reads it (``FormatSpecifier/ArgumentKind/reading(_:)``:
    /// an integer for `%f`, a double holding an integer for `%d`, converted when exact).
    static func argument(for specifier: FormatSpecifier, in arguments: [FormatArgument]) throws(FormatFailure)
        -> FormatArgument
    {
        guard specifier.position >= 1, specifier.position <= arguments.count else {
            throw FormatFailure(
                code: "missing-argument",
                message: "specifier refers to argument \(specifier.position) but \(arguments.count) "
                    + (arguments.count == 1 ? "was" : "were") + " passed",
                offset: specifier.offset)
        }
        let value = arguments[specifier.position - 1]
        guard let read = specifier.argumentKind.reading(value) else {
            throw FormatFailure(
                code: "wrong-argument-type",
                message: "'%\(specifier.conversion.rawValue)' needs \(specifier.argumentKind.article) argument "
                    + "but argument \(specifier.position) is \(value.kindDescription)"
                    + (specifier.argumentKind.decidesByKind(value) ? "" : inexactness(of: value)),
                offset: specifier.offset)
        }
        return read
    }

    /// Why a number of the other family was refused: the value has no exact counterpart.
    private static func inexactness(of value: FormatArgument) -> String {
        switch value {
        case .double: " (\(value.description)) that is not exactly an integer"
        case .int, .uint: " (\(value.description)) that no double holds exactly"
        case .string: ""
        }
    }

    /// Whether the arguments' count and kinds alone decide ``check(_:arguments:)`` for `format`:
    /// no specifier reads an argument of the other number family (an integer for `%f`, a double
    /// for `%d`), whose value decides. A plan (``FormatPlan``) may take a refusal for granted
    /// only when they do.
    static func kindsDecide(_ format: CompiledFormat, arguments: [FormatArgument]) -> Bool {
        for specifier in format.specifiers {
            let index = specifier.position - 1
            guard arguments.indices.contains(index) else { continue }
            if !specifier.argumentKind.decidesByKind(arguments[index]) { return false }
        }
        return true
    }

    /// Refuses a format that uses one argument with incompatible kinds (`%1$d … %1$f`): no
    /// argument could satisfy both.
    static func checkConsistentKinds(_ specifiers: [FormatSpecifier]) throws(FormatFailure) {
        guard specifiers.count > 1 else { return }
        // Positions are at most 64, so a fixed table replaces a dictionary.
        var kinds = [FormatSpecifier.ArgumentKind?](repeating: nil, count: Limits.maximumPosition + 1)
        for specifier in specifiers {
            guard specifier.position >= 0, specifier.position < kinds.count else { continue }
            if let known = kinds[specifier.position] {
                guard known.isCompatible(with: specifier.argumentKind) else {
                    throw FormatFailure(
                        code: "conflicting-types",
                        message: "argument \(specifier.position) is used as \(known.rawValue) and as "
                            + specifier.argumentKind.rawValue,
                        offset: specifier.offset)
                }
                if known == .any { kinds[specifier.position] = specifier.argumentKind }
            } else {
                kinds[specifier.position] = specifier.argumentKind
            }
        }
    }
}

extension FormatSpecifier.ArgumentKind {
    fileprivate var article: String {
        switch self {
        case .any: "an"
        case .string: "a string"
        case .signedInteger, .unsignedInteger, .character: "an integer"
        case .floatingPoint: "a floating-point"
        }
    }
}

extension FormatArgument {
    /// `a string`, `an integer`…, for messages.
    var kindDescription: String {
        switch self {
        case .string: "a string"
        case .int: "a signed integer"
        case .uint: "an unsigned integer"
        case .double: "a floating-point number"
        }
    }
}
