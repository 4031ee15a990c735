#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import ErrorFormatter

/// One rendering case: format, arguments, expected text (hand-computed from C's and Apple's rules).
struct RenderCase: CustomTestStringConvertible, Sendable {
    var format: String
    var arguments: [FormatArgument]
    var expected: String
    var testDescription: String { "\(format) → \(expected)" }
    init(_ format: String, _ arguments: [FormatArgument], _ expected: String) {
        self.format = format
        self.arguments = arguments
        self.expected = expected
    }
}

/// One refused format: format, arguments, the failure code and the offset it names.
struct FailureCase: CustomTestStringConvertible, Sendable {
    var format: String
    var arguments: [FormatArgument]
    var code: String
    var offset: Int?
    var testDescription: String { "\(format) → \(code)" }
    init(_ format: String, _ arguments: [FormatArgument], _ code: String, offset: Int?) {
        self.format = format
        self.arguments = arguments
        self.code = code
        self.offset = offset
    }
}

@Suite struct StringFormatTests {
    /// Hand-checked renderings, shared by the `String` and the byte renderers.
    static let renderCases: [RenderCase] = [
        RenderCase("plain text", [], "plain text"),
        RenderCase("100%% sure", [], "100% sure"),
        RenderCase("%@", [.string("disk")], "disk"),
        RenderCase("%@", [.int(-7)], "-7"),
        RenderCase("%@", [.uint(18_446_744_073_709_551_615)], "18446744073709551615"),
        RenderCase("%@", [.double(3.0)], "3"),
        RenderCase("%@", [.double(3.5)], "3.5"),
        RenderCase("%@", [.double(-0.0)], "-0"),  // NSNumber keeps the sign of zero
        RenderCase("[%8@]", [.string("ab")], "[      ab]"),
        RenderCase("[%-8@]", [.string("ab")], "[ab      ]"),
        RenderCase("[%.2@]", [.string("éàü")], "[éà]"),
        RenderCase("[%5s]", [.string("日本")], "[   日本]"),
        RenderCase("%s and %s", [.string("a"), .string("b")], "a and b"),
        RenderCase("%d", [.int(42)], "42"),
        RenderCase("%i", [.int(-42)], "-42"),
        RenderCase("%d", [.int(4_294_967_301)], "5"),
        RenderCase("%d", [.int(2_147_483_648)], "-2147483648"),
        RenderCase("%d", [.uint(4_294_967_295)], "-1"),
        RenderCase("%ld", [.int(4_294_967_301)], "4294967301"),
        RenderCase("%lld", [.int(Int64.min)], "-9223372036854775808"),
        RenderCase("%qd", [.int(Int64.max)], "9223372036854775807"),
        RenderCase("%jd %zd %td", [.int(-1), .int(-2), .int(-3)], "-1 -2 -3"),
        RenderCase("%hd", [.int(70_000)], "4464"),
        RenderCase("%hhd", [.int(300)], "44"),
        RenderCase("%hhd", [.int(200)], "-56"),
        RenderCase("%u", [.int(-1)], "4294967295"),
        RenderCase("%lu", [.int(-1)], "18446744073709551615"),
        RenderCase("%llu", [.uint(UInt64.max)], "18446744073709551615"),
        RenderCase("%hu", [.int(-1)], "65535"),
        RenderCase("%hhu", [.int(-1)], "255"),
        RenderCase("%x", [.int(255)], "ff"),
        RenderCase("%X", [.int(255)], "FF"),
        RenderCase("%#x", [.int(255)], "0xff"),
        RenderCase("%#X", [.int(255)], "0XFF"),
        RenderCase("%#x", [.int(0)], "0"),
        RenderCase("%x", [.int(-1)], "ffffffff"),
        RenderCase("%lx", [.int(-1)], "ffffffffffffffff"),
        RenderCase("%o", [.int(8)], "10"),
        RenderCase("%#o", [.int(8)], "010"),
        RenderCase("%#.0o", [.int(0)], "0"),
        RenderCase("[%5d]", [.int(42)], "[   42]"),
        RenderCase("[%-5d]", [.int(42)], "[42   ]"),
        RenderCase("[%05d]", [.int(-42)], "[-0042]"),
        RenderCase("[%+d]", [.int(42)], "[+42]"),
        RenderCase("[% d]", [.int(42)], "[ 42]"),
        RenderCase("[%+ d]", [.int(42)], "[+42]"),
        RenderCase("[%.3d]", [.int(7)], "[007]"),
        RenderCase("[%8.3d]", [.int(-7)], "[    -007]"),
        RenderCase("[%08.3d]", [.int(7)], "[     007]"),
        RenderCase("[%-08d]", [.int(7)], "[7       ]"),
        RenderCase("[%.0d]", [.int(0)], "[]"),
        RenderCase("[%'d]", [.int(1_234_567)], "[1234567]"),
        RenderCase("[%+u]", [.int(5)], "[5]"),
        RenderCase("%c", [.int(65)], "A"),
        RenderCase("%c", [.int(0x141)], "A"),
        RenderCase("%c", [.int(0xE9)], "é"),
        RenderCase("[%3c]", [.int(0x78)], "[  x]"),
        RenderCase("[%c]", [.int(0)], "[]"),
        RenderCase("%f", [.double(3.14159)], "3.141590"),
        RenderCase("%.2f", [.double(2.675)], "2.67"),
        RenderCase("%.0f", [.double(0.5)], "0"),
        RenderCase("%.0f", [.double(1.5)], "2"),
        RenderCase("%#.0f", [.double(1)], "1."),
        RenderCase("%F", [.double(.infinity)], "INF"),
        RenderCase("%f", [.double(-.infinity)], "-inf"),
        RenderCase("%f", [.double(.nan)], "nan"),
        RenderCase("[%08.2f]", [.double(-3.5)], "[-0003.50]"),
        RenderCase("[%-8.1f]", [.double(3.25)], "[3.2     ]"),
        RenderCase("[%+.1f]", [.double(3)], "[+3.0]"),
        RenderCase("[% .1f]", [.double(3)], "[ 3.0]"),
        RenderCase("%lf %Lf", [.double(1), .double(2)], "1.000000 2.000000"),
        RenderCase("%e", [.double(12345.678)], "1.234568e+04"),
        RenderCase("%E", [.double(0.000123)], "1.230000E-04"),
        RenderCase("%.0e", [.double(.leastNonzeroMagnitude)], "5e-324"),
        RenderCase("%g", [.double(0.0001)], "0.0001"),
        RenderCase("%g", [.double(100_000)], "100000"),
        RenderCase("%g", [.double(1_000_000)], "1e+06"),
        RenderCase("%G", [.double(1e-5)], "1E-05"),
        RenderCase("%#g", [.double(1)], "1.00000"),
        RenderCase("%a", [.double(1)], "0x1p+0"),
        RenderCase("%A", [.double(-0.5)], "-0X1P-1"),
        RenderCase("%.1f", [.double(1.7976931348623157e308)],
                   "17976931348623157081452742373170435679807056752584499659891747680315726078002853876058955"
                   + "86327668781715404589535143824642343213268894641827684675467035375169860499105765512820762"
                   + "45490090389328944075868508455133942304583236903222948165808559332123348274797826204144723"
                   + "168738177180919299881250404026184124858368.0"),
        // A number of the other family, when the conversion is exact (docs/formatting.md).
        RenderCase("%.1f", [.int(12)], "12.0"),
        RenderCase("%f", [.int(-3)], "-3.000000"),
        RenderCase("%.0f", [.int(9_007_199_254_740_992)], "9007199254740992"),
        RenderCase("%g", [.uint(18_446_744_073_709_551_615 - 2047)], "1.84467e+19"),
        RenderCase("%d", [.double(3)], "3"),
        RenderCase("%lld", [.double(-9_007_199_254_740_992)], "-9007199254740992"),
        RenderCase("%d", [.double(-0.0)], "0"),
        RenderCase("[%05d]", [.double(-42)], "[-0042]"),
        RenderCase("%u", [.double(-1)], "4294967295"),
        RenderCase("%llu", [.double(1e19)], "10000000000000000000"),
        RenderCase("%x", [.double(255)], "ff"),
        RenderCase("%c", [.double(65)], "A"),
        RenderCase("%1$d = %1$@", [.double(7)], "7 = 7"),
        RenderCase("%2$@ %1$@", [.string("a"), .string("b")], "b a"),
        RenderCase("%1$@ (%2$lld bytes)", [.string("report.pdf"), .int(1_048_576)], "report.pdf (1048576 bytes)"),
        RenderCase("%1$@ %1$@", [.string("x")], "x x"),
        RenderCase("%1$d = %1$@", [.int(5)], "5 = 5"),
        RenderCase("%2$d only", [.int(1), .int(2)], "2 only"),
        RenderCase("%@", [.string("a"), .string("unused")], "a"),
        RenderCase("%2$@ %@ %@", [.string("a"), .string("b")], "b a b"),
        RenderCase("%%d", [], "%d"),
        RenderCase("«%@»", [.string("ü")], "«ü»"),
        RenderCase("%@%@", [.string("%d"), .string("%n")], "%d%n"),
    ]

    @Test(arguments: renderCases)
    func rendersLikeApple(_ testCase: RenderCase) throws {
        #expect(try StringFormat.render(testCase.format, arguments: testCase.arguments) == testCase.expected)
    }

    /// The byte renderer (what the C road copies into its result) writes the same UTF-8 when
    /// the rendering fits, and declines (`nil`, nothing promised about the buffer) when not.
    @Test(arguments: renderCases)
    func rendersTheSameBytesIntoABuffer(_ testCase: RenderCase) throws {
        let compiled = try ParsedFormats.compiled(testCase.format, allowsVariables: false)
        let expected = Array(testCase.expected.utf8)
        let written = try withUnsafeTemporaryAllocation(byteCount: StringFormat.shortResultCapacity, alignment: 1) {
            buffer in
            try StringFormat.render(compiled, arguments: testCase.arguments, into: buffer)
                .map { Array(UnsafeRawBufferPointer(rebasing: buffer[..<$0])) }
        }
        if expected.count <= StringFormat.shortResultCapacity {
            #expect(written == expected)
        } else {
            #expect(written == nil)
        }
        // One byte short of the rendering: declined, never truncated.
        if !expected.isEmpty, expected.count <= StringFormat.shortResultCapacity {
            let short = try withUnsafeTemporaryAllocation(byteCount: expected.count - 1, alignment: 1) { buffer in
                try StringFormat.render(compiled, arguments: testCase.arguments, into: buffer)
            }
            #expect(short == nil)
        }
    }

    @Test(arguments: [
        FailureCase("%d", [], "missing-argument", offset: 0),
        FailureCase("a %@ b %@", [.string("x")], "missing-argument", offset: 7),
        FailureCase("%3$@", [.string("x"), .string("y")], "missing-argument", offset: 0),
        FailureCase("%d", [.string("x")], "wrong-argument-type", offset: 0),
        FailureCase("%f", [.string("1")], "wrong-argument-type", offset: 0),
        FailureCase("%s", [.int(1)], "wrong-argument-type", offset: 0),
        FailureCase("%s", [.double(1)], "wrong-argument-type", offset: 0),
        // A number whose value has no exact counterpart in the other family.
        FailureCase("%f", [.int(9_007_199_254_740_993)], "wrong-argument-type", offset: 0),
        FailureCase("%e", [.uint(UInt64.max)], "wrong-argument-type", offset: 0),
        FailureCase("%d", [.double(2.5)], "wrong-argument-type", offset: 0),
        FailureCase("x %c", [.double(0.1)], "wrong-argument-type", offset: 2),
        FailureCase("%x", [.double(.nan)], "wrong-argument-type", offset: 0),
        FailureCase("%lld", [.double(.infinity)], "wrong-argument-type", offset: 0),
        FailureCase("%llu", [.double(1e20)], "wrong-argument-type", offset: 0),
        FailureCase("%@ %d", [.string("x"), .double(1.5)], "wrong-argument-type", offset: 3),
        FailureCase("%0$@", [.string("x")], "position-zero", offset: 0),
        FailureCase("%65$@", [.string("x")], "position-out-of-range", offset: 0),
        FailureCase("%999999$@", [.string("x")], "position-out-of-range", offset: 0),
        FailureCase("%1$d %1$f", [.int(1)], "conflicting-types", offset: 5),
        FailureCase("%1$s %1$d", [.string("x")], "conflicting-types", offset: 5),
        FailureCase("%n", [.int(1)], "write-conversion-refused", offset: 0),
        FailureCase("%1$lln", [.int(1)], "write-conversion-refused", offset: 0),
        FailureCase("%k", [.int(1)], "unknown-conversion", offset: 0),
        FailureCase("a%5%", [], "unknown-conversion", offset: 1),
        FailureCase("%é", [], "unknown-conversion", offset: 0),
        FailureCase("é%k", [], "unknown-conversion", offset: 1),
        FailureCase("日本語 %d", [], "missing-argument", offset: 4),
        FailureCase("👩‍💻 %%  %@ %d", [.string("x")], "missing-argument", offset: 11),
        FailureCase("%p", [.int(1)], "unsupported-conversion", offset: 0),
        FailureCase("%S", [.string("x")], "unsupported-conversion", offset: 0),
        FailureCase("100%", [], "unterminated-specifier", offset: 3),
        FailureCase("%-08.3l", [.int(1)], "unterminated-specifier", offset: 0),
        FailureCase("%1$", [.int(1)], "unterminated-specifier", offset: 0),
        FailureCase("%*d", [.int(1), .int(2)], "star-width-unsupported", offset: 0),
        FailureCase("%.*f", [.int(1), .double(2)], "star-width-unsupported", offset: 0),
        FailureCase("%2$*1$d", [.int(1), .int(2)], "star-width-unsupported", offset: 0),
        FailureCase("%1025d", [.int(1)], "width-too-large", offset: 0),
        FailureCase("%99999999999999999999999d", [.int(1)], "width-too-large", offset: 0),
        FailureCase("%.99999999f", [.double(1)], "precision-too-large", offset: 0),
        FailureCase("%ls", [.string("x")], "invalid-length-modifier", offset: 0),
        FailureCase("%lc", [.int(65)], "invalid-length-modifier", offset: 0),
        FailureCase("%l@", [.string("x")], "invalid-length-modifier", offset: 0),
        FailureCase("%hf", [.double(1)], "invalid-length-modifier", offset: 0),
        FailureCase("%llf", [.double(1)], "invalid-length-modifier", offset: 0),
        FailureCase("%#@files@", [.int(1)], "unexpected-variable", offset: 0),
    ])
    func refusesWithAPreciseCode(_ testCase: FailureCase) {
        #expect {
            try StringFormat.render(testCase.format, arguments: testCase.arguments)
        } throws: { error in
            guard let failure = error as? FormatFailure else { return false }
            return failure.code == testCase.code && failure.offset == testCase.offset
        }
    }

    /// A number refused for its value says which value and why, and one refused for its kind
    /// says only the kind: a caller reading the rejection sees what to change.
    @Test func refusedCrossingsSayWhichValue() {
        func message(_ format: String, _ argument: FormatArgument) -> String? {
            do {
                _ = try StringFormat.render(format, arguments: [argument])
                return nil
            } catch {
                return error.message
            }
        }
        #expect(message("%.1f", .int(9_007_199_254_740_993))
            == "'%f' needs a floating-point argument but argument 1 is a signed integer (9007199254740993) "
            + "that no double holds exactly")
        #expect(message("%d", .double(2.5))
            == "'%d' needs an integer argument but argument 1 is a floating-point number (2.5) that is not "
            + "exactly an integer")
        #expect(message("%d", .string("12")) == "'%d' needs an integer argument but argument 1 is a string")
    }

    @Test func specifiersDescribePositionsFlagsAndKinds() throws {
        let specifiers = try StringFormat.specifiers(in: "%1$@ (%2$-+08.3lld) %% %x %3$.1Lf")
        #expect(specifiers.count == 4)
        #expect(specifiers[0] == FormatSpecifier(position: 1, isPositionExplicit: true, conversion: .object, offset: 0))
        #expect(specifiers[1] == FormatSpecifier(
            position: 2, isPositionExplicit: true, flags: [.leftJustify, .plusSign, .zeroPad], width: 8,
            precision: 3, lengthModifier: .ll, conversion: .signedDecimal, offset: 6))
        #expect(specifiers[2].position == 1 && !specifiers[2].isPositionExplicit)
        #expect(specifiers[2].argumentKind == .unsignedInteger)
        #expect(specifiers[3].position == 3 && specifiers[3].precision == 1 && specifiers[3].lengthModifier == .L)
        #expect(specifiers[3].argumentKind == .floatingPoint)
    }

    @Test func specifiersRefuseConflictsWithoutArguments() {
        #expect(throws: FormatFailure.self) { try StringFormat.specifiers(in: "%1$d %1$s") }
        #expect((try? StringFormat.specifiers(in: "%1$d %1$@ %1$u %1$c")) != nil)
    }

    /// Floating conversions are C's printf in the C locale: cross-check against snprintf with the
    /// same literal formats (safe: the formats are constants of this test).
    @Test(arguments: [
        ("%f", 0.1), ("%.3e", -12345.6789), ("%g", 1e-10), ("%#.3g", 100.0), ("%a", 0.1), ("%.17g", 0.1),
        ("%+010.4f", 3.14159), ("%-12.2E", 6.02214076e23), ("%.0f", 2.5), ("%.20f", 1.0 / 3.0),
    ])
    func floatingConversionsMatchTheCLibrary(format: String, value: Double) throws {
        var buffer = [CChar](repeating: 0, count: 256)
        let count = withVaList([value]) { vsnprintf(&buffer, 256, format, $0) }
        let expected = String(decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #expect(try StringFormat.render(format, arguments: [.double(value)]) == expected)
    }

    @Test func unknownConversionsAreNamedWhole() {
        #expect {
            try StringFormat.render("%日", arguments: [])
        } throws: { ($0 as? FormatFailure)?.message == "unknown conversion '\\u{65E5}'" }
    }

    /// The C locale is installed for this thread only, for the call only.
    @Test func numberFormattingLeavesTheThreadsLocaleAlone() throws {
        let before = uselocale(nil)
        #expect(try StringFormat.render("%.1f", arguments: [.double(2.5)]) == "2.5")
        #expect(uselocale(nil) == before)
    }

    @Test func numbersRenderConcurrently() async {
        let wrong = await withTaskGroup(of: Int.self) { group in
            for task in 0..<16 {
                group.addTask {
                    var wrong = 0
                    for iteration in 0..<300 {
                        let value = Double(task * 1_000 + iteration) / 8
                        let rendered = try? StringFormat.render("%.3f|%5d",
                                                                arguments: [.double(value), .int(Int64(task))])
                        var buffer = [CChar](repeating: 0, count: 64)
                        let count = withVaList([value, Int32(task)]) { vsnprintf(&buffer, 64, "%.3f|%5d", $0) }
                        let reference = String(decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) },
                                               as: UTF8.self)
                        if rendered != reference { wrong += 1 }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(wrong == 0)
    }

    @Test func nothingIsRenderedWhenALaterSpecifierFails() {
        #expect(throws: FormatFailure.self) {
            try StringFormat.render("%@ then %d", arguments: [.string("ok"), .string("not an integer")])
        }
    }

    /// Results up to 256 bytes are assembled on the stack, longer ones the long way: every
    /// length around the boundary, with digits written in place straddling it, gives the text.
    @Test func resultsAroundTheStackBufferSizeRenderWhole() throws {
        for padding in 230...260 {
            let literal = String(repeating: "é", count: padding / 2) + String(repeating: "x", count: padding % 2)
            for value: Int64 in [0, -7, Int64.min, 1_234_567_890] {
                let rendered = try StringFormat.render(literal + "%lld|%@|%u", arguments: [.int(value), .int(value), .int(value)])
                let unsigned = String(UInt32(truncatingIfNeeded: value))
                #expect(rendered == literal + "\(value)|\(value)|" + unsigned)
            }
        }
    }
}
