// Writes foundation-numbers.tsv: how Foundation's `String(format:locale:)` renders numbers, for
// the locale-aware numbers conformance test (Tests/ErrorFormatterTests/FormatEngine/
// LocalizedNumberConformanceTests.swift, docs/formatting.md).
//
// Run with the toolchain's Foundation, from the package root: `make number-oracle` (mk/numbers.mk)
// compiles this file alone with swiftc and writes the table; the test module never imports
// Foundation (decision 0022), it reads the table.
//
// Each row is rendered in isolation. CoreFoundation keeps one number formatter per style
// (decimal, scientific, %g) and remakes it when the locale changes; some properties a call sets
// stay on it. Before each row, every style is rendered once in another locale, so each row is
// what a formatter fresh for its locale gives. The rows are then rendered again one after the
// other, without that reset, and the header says how many came out differently (none, when the
// table was last made).
import Foundation

#if canImport(Glibc)
import Glibc
#endif

// MARK: - What is rendered

/// Every locale of the table: the list, then languages with other digits, separators,
/// grouping or minus signs.
let allLocales = [
    "en", "en-IN", "fr", "fr-CH", "fr-CA", "de", "de-CH", "es", "es-MX", "it", "pt-BR", "nl", "sv", "nb",
    "fi", "pl", "ru", "uk", "cs", "tr", "el", "he", "ar", "ar-EG", "ar-SA", "fa", "ur", "ps", "hi", "bn",
    "mr", "ne", "th", "my", "ja", "zh-Hans", "ko", "vi",
]

/// The locales that also get the long lists of values and the flags, widths and precisions.
let detailedLocales = ["en", "fr", "de-CH", "en-IN", "pl", "ar-EG", "fa", "ps", "my"]

/// An argument as the library takes it (`FormatArgument`): a signed or unsigned 64-bit integer, or
/// a double. Passed to Foundation as the same 64 bits, which its `%d` reads as C does (the low
/// 32 bits), as the library does.
enum Value {
    case int(Int64)
    case uint(UInt64)
    case double(Double)

    var cell: String {
        switch self {
        case .int(let value): "int:\(value)"
        case .uint(let value): "uint:\(value)"
        case .double(let value):
            // `description` drops a NaN's sign; the test reads the cell back with `Double(_:)`.
            "double:" + (value.isNaN && value.sign == .minus ? "-nan" : value.description)
        }
    }

    var argument: CVarArg {
        switch self {
        case .int(let value): value
        case .uint(let value): value
        case .double(let value): value
        }
    }
}

let integerSpecifiers = ["%d", "%i", "%u", "%ld", "%lld", "%lu", "%llu", "%hd", "%hhu", "%qd", "%zu", "%jd"]
let detailedIntegerSpecifiers = ["%hhd", "%hu", "%Ld", "%Lu"]
let integerValues: [Value] = [
    .int(0), .int(-1), .int(1234), .int(1_234_567), .int(-1_234_567), .int(9_007_199_254_740_993),
    .int(.min), .uint(.max),
]
let detailedIntegerValues: [Value] = [
    .int(1), .int(7), .int(12), .int(-12), .int(999), .int(1000), .int(9999), .int(10_000), .int(12_345), .int(123_456),
    .int(-1_000_000), .int(1_000_000), .int(2_147_483_647), .int(2_147_483_648), .uint(4_294_967_295),
    .int(4_294_967_301), .int(.max), .uint(9_223_372_036_854_775_808),
]

let doubleSpecifiers = ["%f", "%F", "%.0f", "%.2f", "%.17f", "%e", "%E", "%.0e", "%.17e", "%g", "%G", "%.0g", "%.17g"]
let detailedDoubleSpecifiers = ["%.1f", "%.3f", "%.15f", "%.16f", "%lf", "%.2e", "%.1g", "%.3g", "%.6g", "%.7g", "%a", "%A", "%.3a"]
let doubleValues: [Value] = [
    .double(0), .double(-0.0), .double(0.25), .double(-1e6), .double(1234.5), .double(1_234_567.891),
    .double(9_007_199_254_740_992), .double(1e-5), .double(.nan), .double(.infinity), .double(-.infinity),
]
let detailedDoubleValues: [Value] = [
    .double(-0.25), .double(0.5), .double(1.5), .double(2.5), .double(0.35), .double(0.15), .double(2.675),
    .double(1.005), .double(0.1), .double(1.0 / 3), .double(2.0 / 3), .double(1e6), .double(999_999.5),
    .double(-1234.5), .double(0.0001), .double(-0.0001), .double(-0.04), .double(1e-7), .double(123_456_789),
    .double(1e15), .double(1e16), .double(1e21), .double(1e22), .double(1_180_591_620_717_411_303_424),
    .double(1e100), .double(1e300), .double(-1e-300), .double(.leastNonzeroMagnitude), .double(.greatestFiniteMagnitude),
    .double(9.9999995), .double(0.95), .double(99.5), .double(99_999.95), .double(-.nan), .double(12),
]

/// Flags, widths and precisions, each with a few values (detailed locales only).
let flagged: [(specifiers: [String], values: [Value])] = [
    (["%5.d", "%05.d", "%-5.d", "%5d", "%-5d", "%05d", "%+d", "%+05d", "% d", "%08d", "%.3d", "%8.3d", "%-8.3d", "%08.3d", "%.0d", "%5.0d",
      "%.d", "%12d", "%-12d", "%012d", "%+u", "%5u", "%05lu", "%.7lld", "%+.2d"],
     [.int(0), .int(5), .int(-12), .int(1234), .int(-1_234_567), .uint(.max)]),
    (["%+f", "%+.2f", "% f", "%#.0f", "%10.2f", "%-10.2f", "%010.2f", "%+010.2f", "%14.3f", "%-14.3f", "%014.3f",
      "%3.1f", "%.f", "%+e", "%12.3e", "%-12.3e", "%012.3e", "%+012.3e", "%#.0e", "%+g", "%10g", "%-10g", "%010g",
      "%+010g", "%#g", "%12.3g", "%012.3g", "%5.1f", "%05.1f", "%-5.1f", "%5e", "%5g", "%05g"],
     [.double(0), .double(-0.0), .double(1.5), .double(-1.5), .double(1234.5), .double(-1234.5), .double(0.00001),
      .double(1e9), .double(.nan), .double(-.nan), .double(.infinity), .double(-.infinity)]),
]

/// Widths and precisions near ICU's limits of 999 digits (a few locales only: the rows are long).
let limitLocales = ["en", "fa"]
let limits: [(specifiers: [String], values: [Value])] = [
    (["%.998d", "%.999d", "%.1000d", "%0998d", "%0999d", "%01000d", "%01024d", "%1024d", "%-1024d|"], [.int(-5)]),
    (["%.998f", "%.999f", "%.1000f", "%.1024f", "%.997e", "%.998e", "%.999e", "%.1024e", "%.999g", "%.1000g",
      "%.1024g", "%1024.2f", "%01024.2f", "%-1024.2f|", "%1024g", "%01024g", "%01024e", "%.1024a"],
     [.double(-0.1), .double(1.5)]),
]

/// Conversions a locale must not change (docs/formatting.md): checked here against Foundation
/// without a locale; the test checks the library's localized rendering against its own.
let unaffected: [(specifier: String, values: [Value])] = [
    ("%x", [.int(255), .int(-1), .int(1_234_567)]), ("%X", [.int(255), .uint(.max)]), ("%o", [.int(8), .int(-1)]),
    ("%#x", [.int(255)]), ("%lx", [.int(-1)]), ("%c", [.int(65), .int(233)]),
]

// MARK: - Rendering

/// A locale no table row uses: rendering each style in it makes CoreFoundation drop the
/// formatters the previous row left.
let resetLocale = Locale(identifier: "en_US_POSIX")

func render(_ specifier: String, _ value: Value, _ locale: Locale?, reset: Bool) -> String {
    if reset {
        _ = String(format: "%d %e %g", locale: resetLocale, Int64(1), 1.0, 1.0)
    }
    return String(format: specifier, locale: locale, value.argument)
}

/// `text` with backslashes doubled and every character that is not visible written as
/// `\u{XXXX}`: bidirectional marks, no-break and other spaces than U+0020, controls.
func escaped(_ text: String) -> String {
    var out = ""
    let invisible: Set<Unicode.GeneralCategory> = [
        .format, .control, .spaceSeparator, .lineSeparator, .paragraphSeparator, .privateUse, .unassigned, .surrogate,
    ]
    for scalar in text.unicodeScalars {
        if scalar != " ", invisible.contains(scalar.properties.generalCategory) {
            out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else if scalar == "\\" {
            out += "\\\\"
        } else {
            out.unicodeScalars.append(scalar)
        }
    }
    return out
}

struct Row {
    var locale: String
    var specifier: String
    var value: Value
    var kind: String
    var output: String
}

var rows: [Row] = []

for localeName in allLocales {
    let locale = Locale(identifier: localeName)
    let detailed = detailedLocales.contains(localeName)
    var cases: [(String, Value)] = []
    let integers = integerSpecifiers + (detailed ? detailedIntegerSpecifiers : [])
    let doubles = doubleSpecifiers + (detailed ? detailedDoubleSpecifiers : [])
    for specifier in integers {
        for value in integerValues + (detailed ? detailedIntegerValues : []) { cases.append((specifier, value)) }
    }
    for specifier in doubles {
        for value in doubleValues + (detailed ? detailedDoubleValues : []) { cases.append((specifier, value)) }
    }
    var groups = detailed ? flagged : []
    if limitLocales.contains(localeName) { groups += limits }
    do {
        for group in groups {
            for specifier in group.specifiers {
                for value in group.values {
                    // Integer conversions take the integers of a group, floating ones its doubles.
                    let isDouble = specifier.last.map { "fFeEgGaA".contains($0) } ?? false
                    let isDoubleValue = if case .double = value { true } else { false }
                    if isDouble == isDoubleValue { cases.append((specifier, value)) }
                }
            }
        }
    }
    for (specifier, value) in cases {
        rows.append(Row(locale: localeName, specifier: specifier, value: value, kind: "number",
                        output: render(specifier, value, locale, reset: true)))
    }
    for (specifier, values) in unaffected {
        for value in values {
            let localized = render(specifier, value, locale, reset: true)
            let plain = render(specifier, value, nil, reset: false)
            guard localized == plain else {
                FileHandle.standardError.write("\(localeName) \(specifier) \(value.cell): \(localized) != \(plain)\n".data(using: .utf8)!)
                exit(1)
            }
            rows.append(Row(locale: localeName, specifier: specifier, value: value, kind: "unaffected",
                            output: localized))
        }
    }
}

// The same rows one after the other, formatters kept: how many depend on the rows before them.
var historyDependent = 0
for row in rows where row.kind == "number" {
    if render(row.specifier, row.value, Locale(identifier: row.locale), reset: false) != row.output {
        historyDependent += 1
    }
}

// MARK: - Versions

/// Foundation's own ICU (lib_FoundationICU, whose C symbols carry a `swift_` prefix): its
/// version and the CLDR version of its data.
func foundationICUVersions() -> (icu: String, cldr: String) {
    guard let library = dlopen("lib_FoundationICU.so", RTLD_NOW) else { return ("unknown", "unknown") }
    typealias GetVersion = @convention(c) (UnsafeMutablePointer<UInt8>) -> Void
    typealias GetCLDRVersion = @convention(c) (UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<Int32>) -> Void
    func dotted(_ version: [UInt8]) -> String {
        var parts = version.map(String.init)
        while parts.count > 2, parts.last == "0" { parts.removeLast() }
        return parts.joined(separator: ".")
    }
    var icu = [UInt8](repeating: 0, count: 4), cldr = [UInt8](repeating: 0, count: 4)
    if let symbol = dlsym(library, "swift_u_getVersion") {
        unsafeBitCast(symbol, to: GetVersion.self)(&icu)
    }
    var status: Int32 = 0
    if let symbol = dlsym(library, "swift_ulocdata_getCLDRVersion") {
        unsafeBitCast(symbol, to: GetCLDRVersion.self)(&cldr, &status)
    }
    return (dotted(icu), status <= 0 ? dotted(cldr) : "unknown")
}

let versions = foundationICUVersions()
/// The toolchain, as `swiftc --version` says (make passes it: a program cannot ask its compiler).
let toolchain = CommandLine.arguments.count > 2 ? CommandLine.arguments[2] : "unknown"

var output = """
    # Foundation's String(format:locale:) for the locale-aware numbers conformance test.
    # Made by Tests/NumberOracle/generate-foundation-numbers.swift (make number-oracle).
    # foundation-icu\t\(versions.icu)
    # foundation-cldr\t\(versions.cldr)
    # toolchain\t\(toolchain)
    # rows-depending-on-earlier-rows\t\(historyDependent)
    # output: \\u{XXXX} is a character that is not visible (a bidirectional mark, a no-break space), \\\\ a backslash.
    # kind: number (the library must give the output), unaffected (Foundation gives the same without a locale).
    locale\tformat\targument\tkind\toutput

    """
for row in rows {
    output += "\(row.locale)\t\(row.specifier)\t\(row.value.cell)\t\(row.kind)\t\(escaped(row.output))\n"
}
let path = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "foundation-numbers.tsv"
guard FileManager.default.createFile(atPath: path, contents: output.data(using: .utf8)) else {
    FileHandle.standardError.write("cannot write \(path)\n".data(using: .utf8)!)
    exit(1)
}
print("\(path): \(rows.count) rows, Foundation's ICU \(versions.icu) (CLDR \(versions.cldr)), "
      + "\(historyDependent) depending on earlier rows")
