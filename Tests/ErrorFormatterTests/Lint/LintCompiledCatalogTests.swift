import ErrorFormatter
import Testing

/// `errfmt lint App.efc`: a compiled catalog is linted as the catalog it holds, with the findings
/// of its source directory (less positions), its tables named inside the file.
@Suite struct LintCompiledCatalogTests {
    private static func sourceFixture() throws -> LintFixture {
        try LintFixture()
            .write("en.lproj/Localizable.strings", """
                "errors.title" = "Error";
                "files" = "%1$@ has %2$lld files";
                "controls.ok" = "OK";
                """)
            .write("fr.lproj/Localizable.strings", """
                "errors.title" = "Erreur";
                "files" = "%1$@ a %3$@ fichiers";
                "controls.ok" = "OK";
                "extra" = "de trop";
                """)
    }

    /// Each finding as `code severity message`, the table named as a path inside `root`.
    private static func findings(_ report: LintReport, under root: String) -> [String] {
        report.diagnostics.map { diagnostic in
            "\(diagnostic.code) \(diagnostic.severity) \(diagnostic.message.replacing(root + "/", with: ""))"
        }.sorted()
    }

    @Test func aCompiledCatalogHasItsSourcesFindings() throws {
        let fixture = try Self.sourceFixture()
        let compiled = fixture.root + "/App.efc"
        try Catalog.open(directory: fixture.root).compile(to: compiled)
        let fromSource = try fixture.lint()
        let fromCompiled = try Lint.run(paths: [compiled])
        #expect(Set(fromCompiled.diagnostics.map(\.code)) == ["format-mismatch", "identical-to-source",
                                                               "key-not-in-development"])
        #expect(fromCompiled.diagnostics.allSatisfy { $0.line == 0 })
        #expect(fromCompiled.diagnostics.compactMap(\.file).allSatisfy { $0.hasPrefix(compiled + "/") })
        #expect(fromCompiled.diagnostics.contains { $0.file == compiled + "/fr.lproj/Localizable" })
        // The same findings, the source's file names (`fr.lproj/Localizable.strings`) aside.
        let sourceFindings = Self.findings(fromSource, under: fixture.root)
            .map { $0.replacing(".strings", with: "") }
        #expect(Self.findings(fromCompiled, under: compiled) == sourceFindings)
    }

    @Test func theCompiledDevelopmentLocaleIsTheDefault() throws {
        let fixture = try Self.sourceFixture()
        let compiled = fixture.root + "/App.efc"
        try Catalog.open(directory: fixture.root, developmentLocale: "fr").compile(to: compiled)
        // Checked against fr: "files" in en reads no argument 3, and "extra" is missing in en.
        let findings = try Lint.run(paths: [compiled]).diagnostics
        #expect(findings.contains { $0.code == "missing-key" && $0.message.contains("\"extra\"") })
        #expect(!findings.contains { $0.code == "key-not-in-development" })
        // Named options win over the file's own.
        let asEnglish = try Lint.run(paths: [compiled], options: LintOptions(developmentLocale: "en")).diagnostics
        #expect(asEnglish.contains { $0.code == "key-not-in-development" && $0.message.contains("\"extra\"") })
    }

    @Test func aFileThatIsNeitherATableNorACompiledCatalogIsRefused() throws {
        let fixture = try LintFixture().write("notes.txt", "not a catalog")
        do {
            _ = try fixture.lint(["notes.txt"])
            Issue.record("a text file was linted")
        } catch let error as LintError {
            #expect(error.kind == .notATable)
            #expect(error.message.contains("compiled catalog"))
        }
    }

    @Test func aBrokenCompiledCatalogCannotBeLinted() throws {
        let fixture = try Self.sourceFixture()
        var bytes = try Catalog.open(directory: fixture.root).compiled()
        bytes.removeLast(bytes.count / 2)
        fixture.write("Broken.efc", bytes: bytes)
        do {
            _ = try fixture.lint(["Broken.efc"])
            Issue.record("a truncated compiled catalog was linted")
        } catch let error as LintError {
            #expect(error.kind == .unreadable)
            #expect(error.message.contains("compiled catalog"))
        }
    }
}
