#if canImport(Glibc)
import Glibc
#endif
import CICU
import Testing
@testable import ErrorFormatter

/// Numbers with localized numbers on are Foundation's `String(format:locale:)`, character for
/// character, for every row of `Tests/NumberOracle/foundation-numbers.tsv`: 38 locales, every
/// conversion a locale changes, the edge values, flags, widths and precisions. A row may differ
/// only where the running ICU's data spells a symbol otherwise than Foundation's (a CLDR version's
/// change, or a choice of Apple's build of ICU: `allowed-differences.tsv`), and then only by that
/// symbol.
@Suite("Localized numbers: Foundation's String(format:locale:)")
struct LocalizedNumberConformanceTests {
    static let rows = NumberOracle.rows()
    static let differences = NumberOracle.differences()

    static let runningICUMajor: Int = {
        var version = [UInt8](repeating: 0, count: 4)
        cicu_u_getVersion(&version)
        return Int(version[0])
    }()

    /// The differences listed for the ICU the tests run on.
    static var runningDifferences: [NumberOracle.Difference] {
        differences.filter { $0.icuMajor == runningICUMajor }
    }

    @Test("the oracle was made with Foundation's ICU, and covers what the issue asks")
    func oracleShape() {
        let header = NumberOracle.header()
        #expect(header["foundation-icu"]?.isEmpty == false)
        #expect(header["foundation-cldr"]?.isEmpty == false)
        #expect(header["rows-depending-on-earlier-rows"] == "0")
        let locales = Set(Self.rows.map(\.locale))
        #expect(locales.count >= 25)
        for required in ["fr", "fr-CH", "de-CH", "en-IN", "hi", "ar", "ar-EG", "fa", "bn", "th", "ja", "ru", "pl", "tr"] {
            #expect(locales.contains(required), "\(required) missing")
        }
        let formats = Set(Self.rows.map(\.format))
        for required in ["%d", "%i", "%u", "%ld", "%lld", "%lu", "%llu", "%f", "%F", "%.0f", "%.17f", "%e", "%g"] {
            #expect(formats.contains(required), "\(required) missing")
        }
        let arguments = Set(Self.rows.map { "\($0.argument)" })
        for required: FormatArgument in [.int(0), .int(-1), .int(9_007_199_254_740_993), .int(.min), .uint(.max),
                                          .double(0.25), .double(-1e6), .double(.infinity), .double(-.infinity)] {
            #expect(arguments.contains("\(required)"), "\(required) missing")
        }
        #expect(Self.rows.contains { if case .double(let value) = $0.argument { value.isNaN } else { false } })
    }

    @Test("every row renders as Foundation renders it, or differs only by a listed CLDR difference")
    func everyRow() throws {
        var symbolsByLocale: [String: NumberSymbols] = [:]
        var unexplained: [String] = []
        var explained = 0
        for row in Self.rows {
            guard case .locale(let id)? = try? Locales.normalize(row.locale), let symbols = NumberSymbols.forLocale(id)
            else {
                Issue.record("no number symbols for \(row.locale)")
                continue
            }
            symbolsByLocale[row.locale] = symbols
            let rendered = try render(row, symbols: symbols)
            if rendered == row.output { continue }
            let listed = Self.runningDifferences.filter { $0.locale == row.locale }
            if !listed.isEmpty, let foundationSymbols = Self.replacing(listed, in: symbols),
               try render(row, symbols: foundationSymbols) == row.output
            {
                explained += 1
                continue
            }
            unexplained.append("line \(row.line): \(row.locale) \(row.format) \(row.argument): Foundation "
                + "\(MessageEscaping.quoted(row.output)), library \(MessageEscaping.quoted(rendered))")
        }
        #expect(unexplained.isEmpty, "\(unexplained.count) rows differ: \(unexplained.prefix(20).joined(separator: "; "))")
        // The listed differences are explained by the running ICU itself, not stale.
        for difference in Self.runningDifferences {
            guard let symbols = symbolsByLocale[difference.locale] else {
                Issue.record("allowed difference for \(difference.locale), which the table does not have")
                continue
            }
            #expect(Self.spelling(difference.symbol, in: symbols) == difference.system,
                    "\(difference.locale) \(difference.symbol) is not \(difference.system) on ICU \(Self.runningICUMajor)")
        }
        if Self.runningDifferences.isEmpty { #expect(explained == 0) }
    }

    @Test("the rendering into a caller's buffer writes the same bytes")
    func bufferRoad() throws {
        for row in Self.rows where row.kind == "number" && row.output.utf8.count < StringFormat.shortResultCapacity {
            guard case .locale(let id)? = try? Locales.normalize(row.locale), let symbols = NumberSymbols.forLocale(id)
            else { continue }
            let format = try ParsedFormats.compiled(row.format, allowsVariables: false)
            let expected = try StringFormat.render(format, arguments: [row.argument], numbers: symbols)
            let written = try withUnsafeTemporaryAllocation(byteCount: StringFormat.shortResultCapacity, alignment: 1) {
                buffer in
                try StringFormat.render(format, arguments: [row.argument], numbers: symbols, into: buffer).map {
                    String(decoding: UnsafeRawBufferPointer(rebasing: buffer[..<$0]), as: UTF8.self)
                }
            }
            #expect(written == expected, "\(row.testDescription)")
        }
    }

    /// `number` rows with the locale's numbers; `unaffected` rows with them too, which must
    /// give what the library writes without them.
    private func render(_ row: NumberOracle.Row, symbols: NumberSymbols) throws -> String {
        let localized = try StringFormat.render(row.format, arguments: [row.argument], numbers: symbols)
        guard row.kind == "unaffected" else { return localized }
        let plain = try StringFormat.render(row.format, arguments: [row.argument])
        return localized == plain ? row.output : localized
    }

    /// How `symbols` spells `name`, as the differences table writes it.
    static func spelling(_ name: String, in symbols: NumberSymbols) -> String? {
        func text(_ symbol: NumberSymbols.Symbol) -> String { String(decoding: symbol.utf8, as: UTF8.self) }
        switch name {
        case "digits": return symbols.digits.map(text).joined()
        case "decimal": return text(symbols.decimalSeparator)
        case "group": return text(symbols.groupingSeparator)
        case "minus": return text(symbols.minusSign)
        case "plus": return text(symbols.plusSign)
        case "exponent": return text(symbols.exponentSymbol)
        case "nan": return text(symbols.notANumber)
        case "infinity": return text(symbols.infinity)
        case "primary-grouping": return String(symbols.primaryGrouping)
        case "secondary-grouping": return String(symbols.secondaryGrouping)
        case "minimum-grouping": return String(symbols.minimumGrouping)
        default: return nil
        }
    }

    /// `symbols` with the Foundation spelling of each listed difference; `nil` for a symbol
    /// name the table should not have.
    static func replacing(_ differences: [NumberOracle.Difference], in symbols: NumberSymbols) -> NumberSymbols? {
        var digits = symbols.digits, decimal = symbols.decimalSeparator, group = symbols.groupingSeparator
        var minus = symbols.minusSign, plus = symbols.plusSign, exponent = symbols.exponentSymbol
        var nan = symbols.notANumber, infinity = symbols.infinity
        var primary = symbols.primaryGrouping, secondary = symbols.secondaryGrouping
        var minimum = symbols.minimumGrouping
        for difference in differences {
            let value = NumberSymbols.Symbol(difference.foundation)
            switch difference.symbol {
            case "digits":
                let scalars = Array(difference.foundation.unicodeScalars)
                guard scalars.count == 10 else { return nil }
                digits = scalars.map { NumberSymbols.Symbol(String($0)) }
            case "decimal": decimal = value
            case "group": group = value
            case "minus": minus = value
            case "plus": plus = value
            case "exponent": exponent = value
            case "nan": nan = value
            case "infinity": infinity = value
            case "primary-grouping": primary = Int(difference.foundation) ?? primary
            case "secondary-grouping": secondary = Int(difference.foundation) ?? secondary
            case "minimum-grouping": minimum = Int(difference.foundation) ?? minimum
            default: return nil
            }
        }
        // A negative number's prefix is the minus sign before the positive prefix in every
        // locale: it follows the minus sign.
        let negativePrefix = symbols.negativeIsMinusThenPositive
            ? NumberSymbols.Symbol(String(decoding: minus.utf8 + symbols.positivePrefix.utf8, as: UTF8.self))
            : symbols.negativePrefix
        return NumberSymbols(
            locale: symbols.locale, digits: digits, decimalSeparator: decimal, groupingSeparator: group,
            minusSign: minus, plusSign: plus, exponentSymbol: exponent, notANumber: nan, infinity: infinity,
            positivePrefix: symbols.positivePrefix, positiveSuffix: symbols.positiveSuffix,
            negativePrefix: negativePrefix, negativeSuffix: symbols.negativeSuffix, primaryGrouping: primary,
            secondaryGrouping: secondary, minimumGrouping: minimum)
    }
}
