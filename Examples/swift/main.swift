// Formats the cross-binding cases through the Swift API of ErrorFormatter.
//
// usage: errorformatter-demo <cases file>          (Examples/cases.tsv)
//
// Prints one record per case in the format of Examples/README.md, identical to the C, C++,
// Python, Rust and errfmt demos', so that they can be diffed. Built by `make demo-swift` (the
// `errorformatter-demo` executable of Package.swift).
#if canImport(Glibc)
import Glibc
#endif
import ErrorFormatter

/// A malformed cases file.
struct CasesError: Error, CustomStringConvertible {
    var description: String
}

/// The whole file, or nil if it cannot be read (no Foundation: the library does not use it).
func readFile(_ path: String) -> String? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        bytes.append(contentsOf: buffer[0..<count])
        if count < buffer.count { break }
    }
    return ferror(file) == 0 ? String(decoding: bytes, as: UTF8.self) : nil
}

/// Writes a line to standard error (file descriptor 2: Swift 6 treats C's `stderr` global as
/// unsafe shared state).
func printError(_ text: String) {
    let bytes = Array((text + "\n").utf8)
    bytes.withUnsafeBytes { buffer in
        guard let base = buffer.baseAddress else { return }
        var offset = 0
        while offset < buffer.count {
            let written = write(2, base + offset, buffer.count - offset)
            if written <= 0 { break }
            offset += written
        }
    }
}

func unescaped(_ field: Substring) throws(CasesError) -> String {
    var out = ""
    var characters = field.makeIterator()
    while let character = characters.next() {
        guard character == "\\" else {
            out.append(character)
            continue
        }
        switch characters.next() {
        case "\\": out.append("\\")
        case "t": out.append("\t")
        case "n": out.append("\n")
        case "r": out.append("\r")
        default: throw CasesError(description: "unknown escape in \"\(field)\"")
        }
    }
    return out
}

func escaped(_ text: String) -> String {
    var out = ""
    for character in text.unicodeScalars {
        switch character {
        case "\\": out += "\\\\"
        case "\t": out += "\\t"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        default: out.unicodeScalars.append(character)
        }
    }
    return out
}

func optional(_ field: Substring) throws(CasesError) -> String? {
    field == "-" ? nil : try unescaped(field)
}

/// A provenance value: nil (no key rule) is "-", the unlocalized tables' "" is "(unlocalized)".
func origin(_ value: String?, isLocale: Bool = false) -> String {
    guard let value else { return "-" }
    if isLocale && value.isEmpty { return "(unlocalized)" }
    return escaped(value)
}

func argument(_ field: Substring) throws(CasesError) -> FormatArgument {
    let malformed = CasesError(description: "malformed argument \"\(field)\"")
    guard let colon = field.firstIndex(of: ":") else { throw malformed }
    let text = field[field.index(after: colon)...]
    switch field[..<colon] {
    case "s": return .string(try unescaped(text))
    case "i": guard let value = Int64(text) else { throw malformed }; return .int(value)
    case "u": guard let value = UInt64(text) else { throw malformed }; return .uint(value)
    case "d": guard let value = Double(text) else { throw malformed }; return .double(value)
    default: throw malformed
    }
}

func record(_ localesField: Substring, _ error: ErrorInfo, _ shown: FormattedError) -> String {
    let fields: [(String, ErrorField)] = [("title", .title), ("message", .message), ("button", .button)]
    var lines = ["\(localesField)\t\(escaped(error.domain))\t\(error.code)\ttitle=\(escaped(shown.title))"
        + "\tmessage=\(escaped(shown.message))\tbutton=\(escaped(shown.button))"]
    for (name, field) in fields {
        let provenance = shown.provenance(field)
        lines.append("\t\(name)\trule=\(escaped(provenance.rule))\tkey=\(origin(provenance.key))"
            + "\tlocale=\(origin(provenance.localization, isLocale: true))\ttable=\(origin(provenance.table))")
    }
    lines.append("\tstack\t" + shown.stack.map { $0.isEmpty ? "(unlocalized)" : escaped($0) }.joined(separator: ","))
    for (name, field) in fields {
        // The C API's one-line rejection messages are these descriptions.
        for rejection in shown.provenance(field).rejections {
            lines.append("\trejected\t\(name)\t\(escaped(rejection.description))")
        }
    }
    return lines.joined(separator: "\n")
}

func printDiagnostics(_ catalog: Catalog) {
    for diagnostic in catalog.diagnostics {
        printError("\(diagnostic.file ?? "(catalog)"):\(diagnostic.line):\(diagnostic.column): "
            + "\(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.code)]")
    }
}

func run(_ casesPath: String) throws -> Int32 {
    guard let text = readFile(casesPath) else {
        printError("demo: cannot read \(casesPath)")
        return 1
    }
    let directory = casesPath.lastIndex(of: "/").map { String(casesPath[...$0]) } ?? ""
    var catalogs: [String: Catalog] = [:]
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.isEmpty || line.hasPrefix("#") { continue }
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count >= 8 else {
            throw CasesError(description: "a case with \(fields.count) fields, at least 8 expected")
        }
        let name = try unescaped(fields[0])
        let catalog: Catalog
        if let open = catalogs[name] {
            catalog = open
        } else {
            catalog = try Catalog.open(directory: directory + name, developmentLocale: "en")
            printDiagnostics(catalog)
            catalogs[name] = catalog
        }
        let locales = fields[1] == "-" ? [] : fields[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard let code = Int64(try unescaped(fields[3])) else {
            throw CasesError(description: "malformed code \"\(fields[3])\"")
        }
        let error = ErrorInfo(
            domain: try unescaped(fields[2]), code: code, description: try optional(fields[4]),
            failureReason: try optional(fields[5]), recoverySuggestion: try optional(fields[6]),
            table: try optional(fields[7]) ?? Catalog.defaultTable,
            arguments: try fields[8...].map { (field) throws(CasesError) in try argument(field) })
        let shown = ErrorMessageFormatter(catalog: catalog).format(error, preferences: locales)
        print(record(fields[1], error, shown))
    }
    return 0
}

let arguments = CommandLine.arguments
if arguments.count != 2 {
    printError("usage: \(arguments.first ?? "errorformatter-demo") <cases file>")
    exit(2)
}
do {
    exit(try run(arguments[1]))
} catch {
    printError("demo: \(arguments[1]): \(error)")
    exit(1)
}
