import Testing
@testable import ErrorFormatter

/// Round trips over every table of the shared corpus: each file read as a catalog reads it,
/// written in another format, read back, and compared with what was read first. Whatever the
/// target cannot hold must have been reported, one warning per entry; everything else must come
/// back the same (variable formats compared up to the names of their variables, which String
/// Catalogs and JSON tables do not keep).
@Suite(.enabled(if: SharedCorpus.isAvailable, "the shared corpus (<package root>/../shared/corpus) is not present"))
struct ConversionCorpusTests {
    static func paths(withSuffix suffix: String) throws -> [String] {
        let tsv = try FileSystem.readBytes(atPath: SharedCorpus.corpus + "/files.tsv")
        return String(decoding: tsv, as: UTF8.self).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count > 1 else { return nil }
            let path = fields[0] + "/" + fields[1]
            return path.hasSuffix(suffix) ? String(path) : nil
        }
    }

    static func read(_ path: String, _ format: TableFile.Format) throws -> TableDocument? {
        let bytes = try FileSystem.readBytes(atPath: SharedCorpus.corpus + "/data/" + path)
        return TableDocument.read(bytes: bytes, format: format, language: "en").document
    }

    /// `document` written as `format` and read back, with the writer's diagnostics.
    static func roundTrip(_ document: TableDocument, through format: TableFile.Format, language: String? = nil)
        -> (TableDocument?, [Diagnostic])
    {
        guard let written = TableConversion.write(document, as: format, language: language) else { return (nil, []) }
        let name = language ?? document.sourceLanguage
        let back = TableDocument.read(bytes: written.bytes, format: format, language: name)
        return (back.document, written.diagnostics)
    }

    /// A variable format with its variables renamed `v0`, `v1`… in order of first reference
    /// (through variants too), and `%1$#@` spelled `%#@` when it is the only reference.
    static func canonical(_ format: VariableFormat) -> VariableFormat {
        var order: [String] = []
        func visit(_ text: String) {
            for name in FormatReferences.variableNames(in: text) where !order.contains(name) {
                order.append(name)
                for variant in format.variables[name]?.variants.values.sorted() ?? [] { visit(variant) }
            }
        }
        visit(format.format)
        func renamed(_ text: String) -> String {
            var text = text
            for (index, name) in order.enumerated() { text = text.replacing("#@\(name)@", with: "#@\u{1}\(index)@") }
            return text.replacing("#@\u{1}", with: "#@v")
        }
        var variables: [String: VariableFormat.Variable] = [:]
        for (index, name) in order.enumerated() {
            guard var variable = format.variables[name] else { continue }
            variable.variants = variable.variants.mapValues(renamed)
            variables["v\(index)"] = variable
        }
        var text = renamed(format.format)
        if order.count == 1, text == "%1$#@v0@" { text = "%#@v0@" }
        return VariableFormat(format: text, variables: variables)
    }

    static func canonical(_ value: TableDocument.Value) -> TableDocument.Value {
        if case .variable(let format) = value { return .variable(canonical(format)) }
        return value
    }

    /// Keys whose value differs between `original` and `back` (missing ones included), except
    /// the keys in `leftOut`.
    static func differences(_ original: TableDocument.Language, _ back: TableDocument.Language?,
                            leftOut: Set<TableKey>) -> [String] {
        var found: [String] = []
        var backValues: [TableKey: TableDocument.Value] = [:]
        for entry in back?.entries ?? [] { backValues[entry.key] = entry.value }
        for entry in original.entries where !leftOut.contains(entry.key) {
            if backValues[entry.key].map(canonical) != canonical(entry.value) { found.append(entry.key.string) }
        }
        let kept = Set(original.entries.map(\.key))
        for entry in back?.entries ?? [] where !kept.contains(entry.key) { found.append("extra \(entry.key.string)") }
        return found
    }

    /// The keys a writer reported as left out, from its messages (`"key" is …`).
    static func leftOutKeys(_ diagnostics: [Diagnostic], in language: TableDocument.Language) -> Set<TableKey> {
        ConversionDiagnostic.leftOutKeys(diagnostics, in: language)
    }

    @Test func stringsFilesSurviveEveryFormat() throws {
        let paths = try Self.paths(withSuffix: ".strings")
        #expect(paths.count == 2643)
        var failures: [String] = []
        var tables = 0
        for path in paths {
            guard let document = try Self.read(path, .strings), let original = document.languages.first else { continue }
            tables += 1
            let nonStrings = Set(original.entries.filter {
                if case .propertyList = $0.value { return true } else { return false }
            }.map(\.key))
            // .strings → .strings: everything, in the same order.
            let (same, sameDiagnostics) = Self.roundTrip(document, through: .strings)
            if same != document || !sameDiagnostics.isEmpty { failures.append("\(path) → .strings") }
            // → JSON → .strings, → .stringsdict, → .xcstrings: every text; non-strings reported.
            for format in [TableFile.Format.json, .stringsDict, .stringCatalog] {
                let (back, diagnostics) = Self.roundTrip(document, through: format)
                var reported = Self.leftOutKeys(diagnostics, in: original)
                if reported != nonStrings || diagnostics.count != nonStrings.count {
                    failures.append("\(path) → \(format.fileExtension): reported \(diagnostics.map(\.message))")
                }
                var language = back?.languages.first
                if format == .json, let json = back {
                    // And on to .strings again: the table a catalog would load is unchanged.
                    let (again, _) = Self.roundTrip(json, through: .strings)
                    language = again?.languages.first
                    reported = nonStrings
                }
                let different = Self.differences(original, language, leftOut: reported)
                if !different.isEmpty { failures.append("\(path) → \(format.fileExtension): \(different.prefix(3))") }
            }
        }
        #expect(tables > 2400)
        #expect(failures == [])
    }

    @Test func stringsDictFilesSurviveWhatEachFormatHolds() throws {
        let paths = try Self.paths(withSuffix: ".stringsdict")
        #expect(paths.count == 121)
        var failures: [String] = []
        var leftOutOfJSON = 0
        for path in paths {
            guard let document = try Self.read(path, .stringsDict), let original = document.languages.first else {
                failures.append("\(path): not read")
                continue
            }
            for format in [TableFile.Format.stringsDict, .stringCatalog, .json] {
                let (back, diagnostics) = Self.roundTrip(document, through: format)
                let reported = Self.leftOutKeys(diagnostics, in: original)
                if reported.count != diagnostics.count { failures.append("\(path) → \(format.fileExtension): \(diagnostics)") }
                if format == .stringsDict, !diagnostics.isEmpty { failures.append("\(path) → .stringsdict lost \(reported)") }
                if format == .json { leftOutOfJSON += reported.count }
                let different = Self.differences(original, back?.languages.first, leftOut: reported)
                if !different.isEmpty { failures.append("\(path) → \(format.fileExtension): \(different.prefix(3))") }
            }
        }
        #expect(failures == [])
        #expect(leftOutOfJSON > 0)  // the corpus has formats with text around their plurals
    }

    @Test func stringCatalogsSurviveStringCatalogs() throws {
        let paths = try Self.paths(withSuffix: ".xcstrings")
        #expect(paths.count == 67)
        var failures: [String] = []
        for path in paths {
            guard let document = try Self.read(path, .stringCatalog) else {
                failures.append("\(path): not read")
                continue
            }
            let (back, diagnostics) = Self.roundTrip(document, through: .stringCatalog)
            if !diagnostics.isEmpty { failures.append("\(path): \(diagnostics.prefix(3).map(\.message))") }
            if back?.languages.map(\.name) != document.languages.map(\.name) { failures.append("\(path): languages") }
            for language in document.languages {
                let different = Self.differences(language, back?.language(named: language.name), leftOut: [])
                if !different.isEmpty { failures.append("\(path) \(language.name): \(different.prefix(3))") }
            }
            // Each language to its own .strings file: its texts, and one warning per variable
            // format and per other language.
            for language in document.languages.prefix(3) {
                let (strings, lost) = Self.roundTrip(document, through: .strings, language: language.name)
                let variables = language.entries.filter { if case .variable = $0.value { true } else { false } }.count
                if lost.count != variables + document.languages.count - 1 { failures.append("\(path) \(language.name) → .strings: \(lost.count) diagnostics") }
                let different = Self.differences(language, strings?.languages.first, leftOut: Self.leftOutKeys(lost, in: language))
                if !different.isEmpty { failures.append("\(path) \(language.name) → .strings: \(different.prefix(3))") }
            }
        }
        #expect(failures == [])
    }
}
