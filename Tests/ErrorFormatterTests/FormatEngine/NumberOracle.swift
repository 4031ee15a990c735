import Testing
@testable import ErrorFormatter

/// Foundation's `String(format:locale:)` as `Tests/NumberOracle/foundation-numbers.tsv` records it
/// (made by `make number-oracle` with the toolchain's Foundation), and the differences allowed
/// between it and the ICU the library runs on (`allowed-differences.tsv`), read without
/// Foundation.
enum NumberOracle {
    static let directory = TestSupport.packageRoot + "/Tests/NumberOracle"

    /// One rendering: a locale, a format of one specifier, its argument, what Foundation wrote.
    struct Row: Sendable, CustomTestStringConvertible {
        var locale: String
        var format: String
        var argument: FormatArgument
        /// `number`: the library must write `output`; `unaffected`: Foundation wrote the same
        /// without a locale, so the library must write what it writes without one.
        var kind: String
        var output: String
        var line: Int

        var testDescription: String { "\(locale) \(format) \(argument): \(output)" }
    }

    /// A symbol of one locale that the data of the ICU the library runs on spells otherwise than
    /// Foundation's, with why.
    struct Difference: Sendable {
        var icuMajor: Int
        var locale: String
        var symbol: String
        var system: String
        var foundation: String
        var reason: String
    }

    /// The header's `# name<TAB>value` lines.
    static func header() -> [String: String] {
        var values: [String: String] = [:]
        for line in lines("foundation-numbers.tsv") where line.hasPrefix("# ") {
            let cells = line.dropFirst(2).split(separator: "\t", maxSplits: 1).map(String.init)
            if cells.count == 2 { values[cells[0]] = cells[1] }
        }
        return values
    }

    static func rows() -> [Row] {
        var rows: [Row] = []
        var sawHeader = false
        for (index, line) in lines("foundation-numbers.tsv").enumerated() where !line.hasPrefix("#") && !line.isEmpty {
            guard sawHeader else {
                sawHeader = true
                continue
            }
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard cells.count == 5, let argument = argument(cells[2]) else { continue }
            rows.append(Row(locale: cells[0], format: cells[1], argument: argument, kind: cells[3],
                            output: unescaped(cells[4]), line: index + 1))
        }
        return rows
    }

    static func differences() -> [Difference] {
        lines("allowed-differences.tsv").compactMap { line -> Difference? in
            guard !line.hasPrefix("#"), !line.isEmpty else { return nil }
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard cells.count == 6, let major = Int(cells[0]) else { return nil }
            return Difference(icuMajor: major, locale: cells[1], symbol: cells[2], system: unescaped(cells[3]),
                              foundation: unescaped(cells[4]), reason: cells[5])
        }
    }

    private static func lines(_ name: String) -> [String] {
        guard let bytes = try? FileSystem.readBytes(atPath: directory + "/" + name) else { return [] }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
    }

    /// `int:-5`, `uint:18446744073709551615`, `double:-nan`.
    private static func argument(_ cell: String) -> FormatArgument? {
        let parts = cell.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nil }
        switch parts[0] {
        case "int": return Int64(parts[1]).map(FormatArgument.int)
        case "uint": return UInt64(parts[1]).map(FormatArgument.uint)
        case "double": return Double(parts[1]).map(FormatArgument.double)
        default: return nil
        }
    }

    /// The table's escapes undone: `\u{XXXX}` and `\\`.
    static func unescaped(_ cell: String) -> String {
        var scalars = String.UnicodeScalarView()
        var input = cell.unicodeScalars[...]
        while let scalar = input.popFirst() {
            guard scalar == "\\", let next = input.first else {
                scalars.append(scalar)
                continue
            }
            if next == "\\" {
                input.removeFirst()
                scalars.append("\\")
            } else if next == "u", let close = input.firstIndex(of: "}"),
                      let value = UInt32(String(String.UnicodeScalarView(input[input.index(input.startIndex, offsetBy: 2)..<close])), radix: 16),
                      let decoded = Unicode.Scalar(value)
            {
                scalars.append(decoded)
                input = input[input.index(after: close)...]
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}
