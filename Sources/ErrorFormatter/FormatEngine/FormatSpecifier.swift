/// One printf-style conversion of a format string (`%d`, `%2$@`, `%-8.3lf`), as parsed.
///
/// `%%` is not a specifier (it takes no argument) and never appears in
/// ``StringFormat/specifiers(in:)``.
struct FormatSpecifier: Sendable, Hashable {
    /// 1-based argument position: the explicit `N` of `%N$…`, else the next sequential one.
    /// Sequential specifiers are numbered 1, 2, 3… among themselves, whatever positional
    /// specifiers stand between them.
    var position: Int
    /// Whether the position was written (`%2$d`) rather than implied (`%d`).
    var isPositionExplicit: Bool
    /// The flags, in no particular order.
    var flags: Flags
    /// Minimum field width, `nil` when none was written.
    var width: Int?
    /// Precision (`.N`; a bare `.` is 0), `nil` when none was written.
    var precision: Int?
    /// Whether the precision is a bare `.`, without digits: C reads it as 0, and so does
    /// CoreFoundation for floating conversions, but not for localized integers, where it is no
    /// precision at all (``LocalizedNumberFormatter``).
    var hasEmptyPrecision: Bool
    /// The length modifier, `nil` when none was written.
    var lengthModifier: LengthModifier?
    /// The conversion character.
    var conversion: Conversion
    /// 0-based offset in Unicode scalars of the `%` in the format.
    var offset: Int

    /// Creates a specifier; `offset` is where its `%` stands in its format.
    init(
        position: Int, isPositionExplicit: Bool, flags: Flags = [], width: Int? = nil,
        precision: Int? = nil, hasEmptyPrecision: Bool = false, lengthModifier: LengthModifier? = nil,
        conversion: Conversion, offset: Int = 0
    ) {
        self.position = position
        self.isPositionExplicit = isPositionExplicit
        self.flags = flags
        self.width = width
        self.precision = precision
        self.hasEmptyPrecision = hasEmptyPrecision
        self.lengthModifier = lengthModifier
        self.conversion = conversion
        self.offset = offset
    }

    /// The argument kind this specifier needs.
    var argumentKind: ArgumentKind { conversion.argumentKind }

    /// printf flags.
    struct Flags: OptionSet, Sendable, Hashable {
        /// The flag bits.
        let rawValue: UInt8
        /// Creates flags from their bits.
        init(rawValue: UInt8) { self.rawValue = rawValue }
        /// `-`: left-justify within the width.
        static let leftJustify = Flags(rawValue: 1 << 0)
        /// `+`: always print a sign for signed conversions.
        static let plusSign = Flags(rawValue: 1 << 1)
        /// space: a space where a plus sign would be.
        static let spaceSign = Flags(rawValue: 1 << 2)
        /// `#`: alternate form (`0x` prefix, a leading `0` for octal, always a decimal point).
        static let alternateForm = Flags(rawValue: 1 << 3)
        /// `0`: pad numbers with zeros.
        static let zeroPad = Flags(rawValue: 1 << 4)
        /// `'`: group thousands. Rendering in the C locale, which has no grouping, it has no
        /// effect (as in C's printf under `LC_NUMERIC=C`); localized numbers are grouped anyway.
        static let thousandsGrouping = Flags(rawValue: 1 << 5)
    }

    /// C's length modifiers, read as on LP64 (Linux, macOS).
    enum LengthModifier: String, Sendable, Hashable, CaseIterable {
        /// `hh`: `char`, 8 bits.
        case hh
        /// `h`: `short`, 16 bits.
        case h
        /// `l`: `long`, 64 bits on LP64; ignored on floating conversions.
        case l
        /// `ll`: `long long`, 64 bits.
        case ll
        /// `q`: BSD's quad, 64 bits.
        case q
        /// `L`: `long double` on floating conversions (rendered from the `Double` passed); on
        /// integers 64 bits, as glibc and Apple read it.
        case L
        /// `z`: `size_t`, 64 bits.
        case z
        /// `t`: `ptrdiff_t`, 64 bits.
        case t
        /// `j`: `intmax_t`, 64 bits.
        case j

        /// Bits an integer conversion keeps: 8 for `hh`, 16 for `h`, 64 for the rest (`L` on an
        /// integer is `ll`, as glibc and Apple read it).
        var integerBits: Int {
            switch self {
            case .hh: 8
            case .h: 16
            case .l, .ll, .q, .L, .z, .t, .j: 64
            }
        }
    }

    /// The conversion characters ErrorFormatter renders.
    enum Conversion: Character, Sendable, Hashable, CaseIterable {
        /// `%@`: any argument; a string as is, a number as `NSNumber.description`.
        case object = "@"
        /// `%s`: a string argument.
        case string = "s"
        /// `%d`.
        case signedDecimal = "d"
        /// `%i` (same as `%d`).
        case signedInteger = "i"
        /// `%u`.
        case unsignedDecimal = "u"
        /// `%o`.
        case octal = "o"
        /// `%x`.
        case hexadecimal = "x"
        /// `%X`.
        case upperHexadecimal = "X"
        /// `%c`: a character given by its code (an integer argument).
        case character = "c"
        /// `%f`.
        case fixed = "f"
        /// `%F`.
        case upperFixed = "F"
        /// `%e`.
        case exponent = "e"
        /// `%E`.
        case upperExponent = "E"
        /// `%g`.
        case general = "g"
        /// `%G`.
        case upperGeneral = "G"
        /// `%a`.
        case hexadecimalFloat = "a"
        /// `%A`.
        case upperHexadecimalFloat = "A"

        /// The argument kind the conversion needs.
        var argumentKind: ArgumentKind {
            switch self {
            case .object: .any
            case .string: .string
            case .signedDecimal, .signedInteger: .signedInteger
            case .unsignedDecimal, .octal, .hexadecimal, .upperHexadecimal: .unsignedInteger
            case .character: .character
            case .fixed, .upperFixed, .exponent, .upperExponent, .general, .upperGeneral,
                 .hexadecimalFloat, .upperHexadecimalFloat: .floatingPoint
            }
        }

        /// Whether the conversion formats a floating-point value.
        var isFloatingPoint: Bool { argumentKind == .floatingPoint }
    }

    /// What kind of argument a specifier consumes.
    enum ArgumentKind: String, Sendable, Hashable {
        /// `%@`: any argument.
        case any
        /// `%s`: a string.
        case string
        /// `%d %i`: an integer (`.int`, or `.uint` read as signed, or a double holding an integer),
        /// truncated to the length.
        case signedInteger = "signed-integer"
        /// `%u %o %x %X`: an integer (`.uint`, or `.int` read as unsigned, or a double holding an
        /// integer), truncated to the length.
        case unsignedInteger = "unsigned-integer"
        /// `%c`: an integer character code (or a double holding one).
        case character
        /// `%f %e %g %a` and capitals: a `.double`, or an integer a double holds exactly.
        case floatingPoint = "floating-point"

        /// `argument` as this kind reads it, or `nil` when it cannot: an argument of the kind
        /// itself as it is; for a floating-point conversion, an integer that a `Double` holds
        /// exactly (`%.1f` of 12 is `12.0`); for an integer conversion (`%d`, `%u`, `%x`, `%c`), a
        /// double that holds an integer exactly (`%d` of 3.0 is `3`), as the `Int64` of that value,
        /// or the `UInt64` above `Int64.max`. An integer no `Double` holds (2^53 + 1) and a double
        /// with a fraction, an infinity or a NaN stay refused: no digit is ever invented or lost.
        func reading(_ argument: FormatArgument) -> FormatArgument? {
            switch (self, argument) {
            case (.any, _), (.string, .string): return argument
            case (.string, _): return nil
            case (.signedInteger, .int), (.signedInteger, .uint),
                 (.unsignedInteger, .int), (.unsignedInteger, .uint),
                 (.character, .int), (.character, .uint): return argument
            case (.signedInteger, .double(let value)), (.unsignedInteger, .double(let value)),
                 (.character, .double(let value)):
                return FormatArgument.exactInteger(value)
            case (.floatingPoint, .double): return argument
            case (.floatingPoint, .int(let value)): return Double(exactly: value).map(FormatArgument.double)
            case (.floatingPoint, .uint(let value)): return Double(exactly: value).map(FormatArgument.double)
            case (_, .string): return nil
            }
        }

        /// Whether `argument` may be passed for this kind (``reading(_:)`` reads it).
        func accepts(_ argument: FormatArgument) -> Bool { reading(argument) != nil }

        /// Whether the kind of `argument` alone decides ``reading(_:)``: every value of that kind
        /// is read, or none is. `false` for the crossings of integers and doubles, where the
        /// value decides (a plan keyed by kinds must then not take a refusal for granted).
        func decidesByKind(_ argument: FormatArgument) -> Bool {
            switch (self, argument) {
            case (.signedInteger, .double), (.unsignedInteger, .double), (.character, .double),
                 (.floatingPoint, .int), (.floatingPoint, .uint):
                false
            default:
                true
            }
        }

        /// Whether one argument may serve specifiers of both kinds (`%1$d` and `%1$@` may share
        /// argument 1; `%1$d` and `%1$f` may not).
        func isCompatible(with other: ArgumentKind) -> Bool {
            if self == .any || other == .any { return true }
            return family == other.family
        }

        private var family: Int {
            switch self {
            case .any: 0
            case .string: 1
            case .signedInteger, .unsignedInteger, .character: 2
            case .floatingPoint: 3
            }
        }
    }
}
