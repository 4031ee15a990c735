// numbers-bench: what localized numbers cost a format. Each row formats one error through the
// public Swift API (ErrorMessageFormatter.format: the three fields, their provenance), its
// message a French text with one argument, its numbers in the C locale (the default) or
// localized (Catalog.Options.localizedNumbers, the symbols read once per locale and kept).
// Target: a format with one integer argument localized ≤ 1.5× the same unlocalized.
//
// usage: numbers-bench [--rounds N] [--iterations N]   times every row, best of N rounds
//        numbers-bench COUNT ROW                      COUNT calls of ROW only, for callgrind
//                                                      (instructions per call: difference of
//                                                      two COUNTs over their difference)
import ErrorFormatter
#if canImport(Glibc)
import Glibc
#endif

func seconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

let strings = """
    "errors.Sync.1.title" = "Échec de la synchronisation";
    "errors.Sync.1.message" = "%lld fichiers n’ont pas pu être synchronisés.";
    "errors.Sync.2.title" = "Espace insuffisant";
    "errors.Sync.2.message" = "Il faut encore %.1f Mo.";
    "controls.ok" = "OK";
    """
let plurals = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict>
      <key>errors.Sync.3.message</key>
      <dict>
        <key>NSStringLocalizedFormatKey</key><string>%#@files@</string>
        <key>files</key>
        <dict>
          <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
          <key>NSStringFormatValueTypeKey</key><string>lld</string>
          <key>one</key><string>%lld fichier n’a pas pu être synchronisé.</string>
          <key>other</key><string>%lld fichiers n’ont pas pu être synchronisés.</string>
        </dict>
      </dict>
    </dict></plist>
    """

func catalog(_ options: Catalog.Options) -> Catalog {
    var builder = CatalogBuilder()
    do {
        try builder.addTable(bytes: Array(strings.utf8), localization: "fr", fileName: "Localizable.strings")
        try builder.addTable(bytes: Array(plurals.utf8), localization: "fr", fileName: "Localizable.stringsdict")
        return try builder.build(developmentLocale: "fr", options: options)
    } catch {
        fatalError("the bench's own catalog: \(error)")
    }
}

struct Row {
    var name: String
    var formatter: ErrorMessageFormatter
    var error: ErrorInfo
}

let plain = ErrorMessageFormatter(catalog: catalog([]))
let localized = ErrorMessageFormatter(catalog: catalog(.localizedNumbers))
let integer = ErrorInfo(domain: "Sync", code: 1, arguments: [.int(1_234_567)])
let double = ErrorInfo(domain: "Sync", code: 2, arguments: [.double(1234.5)])
let plural = ErrorInfo(domain: "Sync", code: 3, arguments: [.int(1_234_567)])
let rows = [
    Row(name: "integer", formatter: plain, error: integer),
    Row(name: "integer-localized", formatter: localized, error: integer),
    Row(name: "double", formatter: plain, error: double),
    Row(name: "double-localized", formatter: localized, error: double),
    Row(name: "plural", formatter: plain, error: plural),
    Row(name: "plural-localized", formatter: localized, error: plural),
]

/// `count` formats of `row`; the sum of the messages' lengths, which keeps the work observable.
func run(_ row: Row, _ count: Int) -> Int {
    var total = 0
    for _ in 0..<count { total &+= row.formatter.format(row.error, preferences: ["fr"]).message.utf8.count }
    return total
}

var sink = 0

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.count == 2, let count = Int(arguments[0]), let row = rows.first(where: { $0.name == arguments[1] }) {
    sink = run(row, count)
    exit(sink == 42 ? 1 : 0)
}
func option(_ name: String, _ fallback: Int) -> Int {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return fallback }
    return Int(arguments[index + 1]) ?? fallback
}
let roundCount = option("--rounds", 7), iterations = option("--iterations", 100_000)
for row in rows { sink &+= run(row, 1_000) }  // symbols read, tables and stacks cached
var best = [String: Double]()
for _ in 0..<roundCount {
    for row in rows {
        let start = seconds()
        sink &+= run(row, iterations)
        let perCall = (seconds() - start) / Double(iterations) * 1e9
        best[row.name] = min(best[row.name] ?? .infinity, perCall)
    }
}
print("one error formatted (ErrorMessageFormatter.format, French, best of \(roundCount) rounds of \(iterations))")
for row in rows {
    let value = best[row.name] ?? 0
    var line = row.name + String(repeating: " ", count: max(1, 22 - row.name.count)) + "\(Int(value)) ns"
    if row.name.hasSuffix("-localized"), let base = best[String(row.name.dropLast("-localized".count))] {
        line += String(repeating: " ", count: max(1, 10 - "\(Int(value)) ns".count))
            + "\(Double(Int(value / base * 100)) / 100)× unlocalized"
            + (row.name == "integer-localized" ? " (target ≤ 1.5×)" : "")
    }
    print(line)
}
if sink == 42 { print("") }  // keeps the work observable
