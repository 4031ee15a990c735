import Testing
@testable import ErrorFormatter

/// Every String Catalog of the shared corpus loads, and real entries come out as their files
/// say (values read from the files themselves).
@Suite(.enabled(if: SharedCorpus.isAvailable, "the shared corpus (<package root>/../shared/corpus) is not present"))
struct StringCatalogCorpusTests {
    static func catalogPaths() throws -> [String] {
        let tsv = try FileSystem.readBytes(atPath: SharedCorpus.corpus + "/files.tsv")
        return String(decoding: tsv, as: UTF8.self).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count > 1 else { return nil }
            let path = fields[0] + "/" + fields[1]
            return path.hasSuffix(".xcstrings") ? String(path) : nil
        }
    }

    static func load(_ path: String) throws -> StringCatalogLoadResult {
        StringCatalogFile.load(bytes: try FileSystem.readBytes(atPath: SharedCorpus.corpus + "/data/" + path))
    }

    static func text(_ table: TableContents?, _ key: String) -> String? {
        table?.texts.first(where: { $0.key == TableKey(key) })?.value
    }

    @Test func everyCatalogLoads() throws {
        let paths = try Self.catalogPaths()
        #expect(paths.count == 67)
        var failures: [String] = []
        var texts = 0
        var variables = 0
        var languages = 0
        var diagnostics: [String] = []
        for path in paths {
            let result = try Self.load(path)
            if let failure = result.failure { failures.append("\(path): \(failure)") }
            languages += result.tables.count
            for table in result.tables.values {
                texts += table.texts.count
                variables += table.variables.count
            }
            diagnostics += result.diagnostics.map { "\(path):\($0)" }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        // Measured on the corpus (a change here means the semantics changed: say why).
        #expect(languages == 1110)
        #expect(texts == 50937)
        #expect(variables == 324)
        // The only findings: 18 App Shortcuts string sets (not table strings) and one empty state.
        #expect(diagnostics.count == 19)
        #expect(diagnostics.filter { $0.contains("[unsupported-string-set]") }.count == 18)
        #expect(diagnostics.contains(
            "rxhanson__Rectangle/Rectangle/mul.lproj/Main.xcstrings:19735:23: warning: \"gHH-BV-5kP.title\" (es-419) "
                + "has the unknown state \"\"; the value is used as a translation [unknown-state]"))
    }

    @Test func cotEditorPluralsInFrenchAndEnglish() throws {
        let result = try Self.load("coteditor__CotEditor/CotEditor/Localizables/Settings/SyntaxEditor.xcstrings")
        #expect(result.sourceLanguage == "en")
        let key = TableKey("%lld errors found.")
        #expect(result.tables["fr"]?.variables[key] == VariableFormat(format: "%#@plural@", variables: [
            "plural": .init(ruleType: .plural, valueType: "lld",
                            variants: ["one": "Une erreur trouvée.", "other": "%lld erreurs trouvées."]),
        ]))
        #expect(result.tables["en"]?.variables[key] == VariableFormat(format: "%#@plural@", variables: [
            "plural": .init(ruleType: .plural, valueType: "lld", variants: ["one": "An error found.", "other": "%lld errors found."]),
        ]))
        #expect(Self.text(result.tables["fr"], "%lld errors found.") == nil)
    }

    @Test func substitutionsBecomePositionalVariables() throws {
        let result = try Self.load("coteditor__CotEditor/CotEditor/Localizables/Document Window/Document.xcstrings")
        let format = result.tables["cs"]?.variables[TableKey("FolderFind.Metrics.message")]
        #expect(format?.format == "%1$#@arg1@ v %2$#@arg2@")  // positioned by argNum, as xcstringstool does
        #expect(format?.variables["arg1"] == .init(ruleType: .plural, valueType: "lld", variants: [
            "few": "%1$lld shody", "many": "%1$lld shod", "one": "%1$lld shoda", "other": "%1$lld shod",
        ]))
        #expect(format?.variables["arg2"]?.variants["one"] == "%2$lld souboru")
        #expect(result.tables["de"]?.variables[TableKey("FolderFind.Metrics.message")]?.variables["arg2"]?.variants
            == ["one": "%2$lld Datei", "other": "%2$lld Dateien"])
    }

    @Test func shouldTranslateFalseKeepsOnlyTheSourceLanguage() throws {
        // "bg" has a translation ("манекен") that Xcode would not compile in.
        let result = try Self.load("coteditor__CotEditor/CotEditor/Storyboards/mul.lproj/PrintPanelAccessory.xcstrings")
        #expect(Self.text(result.tables["en"], "M42-Kl-i11.title") == "DUMMY")
        #expect(Self.text(result.tables["bg"], "M42-Kl-i11.title") == nil)
        #expect(result.tables["bg"] != nil)
    }

    @Test func nonEmptyNewStateIsATranslation() throws {
        let result = try Self.load("Ranchero-Software__NetNewsWire/Mac/AccountStats/mul.lproj/AccountStatsWindow.xcstrings")
        #expect(Self.text(result.tables["en"], "0cO-dq-wRh.headerCell.title") == "Starred")
        #expect(Self.text(result.tables["es"], "0cO-dq-wRh.headerCell.title") == "Destacados")
    }

    @Test func deviceVariationsAndTheEmptyKey() throws {
        let names = try Self.load("Ranchero-Software__NetNewsWire/Shared/DefaultAccountNames.xcstrings")
        let device = names.tables["en"]?.variables[TableKey("account.name.on-my-device")]
        #expect(device?.format == "%#@device@")
        #expect(device?.variables["device"]?.ruleType == .device)
        #expect(device?.variables["device"]?.variants["mac"] == "On My Mac")
        #expect(device?.variables["device"]?.variants["iphone"] == "On My iPhone")
        let localizable = try Self.load("Ranchero-Software__NetNewsWire/Shared/Localizable.xcstrings")
        #expect(Self.text(localizable.tables[localizable.sourceLanguage ?? ""], "") == "")
    }
}
