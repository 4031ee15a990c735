import Testing
@testable import ErrorFormatter
#if canImport(Glibc)
import Glibc
#endif

@Suite struct CatalogTests {
    @Test func aBrokenTableLeavesTheOtherLocalizationsWorking() throws {
        var builder = CatalogBuilder()
        try builder.addTable(bytes: Array("\"a\" = \"A\";".utf8), localization: "en", fileName: "Localizable.strings")
        try builder.addTable(bytes: Array("\"a\" = \"A\"\n\"b\" = \"B\";".utf8), localization: "fr",
                             fileName: "Localizable.strings")
        let catalog = try builder.build()
        #expect(catalog.localizations == ["en"])
        let error = try #require(catalog.diagnostics.first { $0.severity == .error })
        #expect(error.file == "fr.lproj/Localizable.strings")
        #expect(error.line > 0)
        #expect(catalog.lookup(TableKey("a"), in: catalog.lookupStack(for: ["fr"]))?.value == "A")
    }

    @Test func strictLoadingFailsWithThePosition() throws {
        var builder = CatalogBuilder(strict: true)
        #expect {
            try builder.addTable(bytes: Array("\"a\" = \"A\"\n\"b\" = \"B\";".utf8), localization: "fr",
                                 fileName: "Localizable.strings")
        } throws: { error in
            guard let error = error as? CatalogError else { return false }
            return error.kind == .parse && error.file == "fr.lproj/Localizable.strings" && error.line >= 1
        }
    }

    @Test func anEmptyFileIsAnEmptyTableWithAWarning() throws {
        var builder = CatalogBuilder()
        try builder.addTable(bytes: [], localization: "en", fileName: "Localizable.strings")
        let catalog = try builder.build()
        #expect(catalog.localizations == ["en"])
        #expect(catalog.diagnostics.map(\.code) == ["empty-file"])
    }

    @Test func aPropertyListThatIsNotADictionaryIsNotATable() throws {
        var builder = CatalogBuilder()
        try builder.addTable(bytes: Array("\"just a string\"".utf8), localization: "en", fileName: "Localizable.strings")
        let catalog = try builder.build()
        #expect(catalog.diagnostics.map(\.code) == ["not-a-table"])
        #expect(catalog.localizations.isEmpty)
    }

    @Test(arguments: ["../../etc", "fr/../..", "", "@@"])
    func localizationNamesMustBeLocales(name: String) throws {
        var builder = CatalogBuilder()
        if name.isEmpty {
            // "" is the unlocalized table, which is allowed.
            try builder.addTable(bytes: Array("a;".utf8), localization: name, fileName: "Localizable.strings")
            return
        }
        #expect(throws: CatalogError.self) {
            try builder.addTable(bytes: Array("a;".utf8), localization: name, fileName: "Localizable.strings")
        }
    }

    @Test func tableFileNamesMustBeStringsFiles() {
        var builder = CatalogBuilder()
        for name in ["Localizable.txt", ".strings", "../Localizable.strings"] {
            #expect(throws: CatalogError.self) {
                try builder.addTable(bytes: Array("a;".utf8), localization: "en", fileName: name)
            }
        }
    }

    @Test func developmentLocaleMustNameALanguage() {
        #expect(throws: CatalogError.self) { try CatalogBuilder().build(developmentLocale: "../../etc/passwd") }
        #expect(throws: CatalogError.self) { try CatalogBuilder().build(developmentLocale: "") }
    }

    @Test func openingAMissingPathOrAFile() {
        #expect { try Catalog.open(directory: TestSupport.packageRoot + "/no-such-dir") } throws: {
            ($0 as? CatalogError)?.kind == .notFound
        }
        #expect { try Catalog.open(directory: TestSupport.packageRoot + "/Package.swift") } throws: {
            ($0 as? CatalogError)?.kind == .unreadable
        }
    }

    @Test func theExampleCatalogLoads() throws {
        let catalog = try Catalog.open(directory: TestSupport.exampleCatalog)
        #expect(catalog.localizations.contains("en"))
        #expect(catalog.developmentLocale == "en")
        #expect(!catalog.diagnostics.contains { $0.severity == .error })
    }

    @Test func linksLeadingOutsideTheCatalogAreSkipped() throws {
        // Scratch space inside the package's .build directory (made if a custom scratch path
        // left it absent), so the test names no path of the machine.
        _ = mkdir(TestSupport.packageRoot + "/.build", 0o755)
        var template = Array((TestSupport.packageRoot + "/.build/catalog-test-XXXXXX").utf8CString)
        let created = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        try #require(created != nil)
        let root = String(cString: template)
        defer { _ = system("rm -rf '\(root)'") }
        let outside = root + "-outside"
        defer { _ = system("rm -rf '\(outside)'") }
        #expect(mkdir(outside, 0o755) == 0)
        #expect(mkdir(root + "/en.lproj", 0o755) == 0)
        writeFile(outside + "/Localizable.strings", "\"secret\" = \"outside\";")
        writeFile(root + "/en.lproj/Localizable.strings", "\"a\" = \"inside\";")
        #expect(symlink(outside, root + "/fr.lproj") == 0)
        #expect(symlink(outside + "/Localizable.strings", root + "/Errors.strings") == 0)

        let catalog = try Catalog.open(directory: root)
        #expect(catalog.localizations == ["en"])
        #expect(!catalog.hasUnlocalizedTables)
        #expect(catalog.diagnostics.filter { $0.code == "outside-catalog" }.count == 2)
    }

    private func writeFile(_ path: String, _ text: String) {
        guard let file = fopen(path, "w") else {
            Issue.record("cannot create \(path)")
            return
        }
        fputs(text, file)
        fclose(file)
    }
}

@Suite struct CatalogLintTests {
    @Test func formatsThatCanNeverRenderAndTranslationsThatDoNotFit() throws {
        let catalog = try TestSupport.catalog([
            ("en", "\"a\" = \"%1$@ has %2$lld files\";\n\"b\" = \"100%\";\n\"s\" = \"100% sure\";\n\"c\" = \"%d items\";\n\"d\" = \"plain\";"),
            ("fr", "\"a\" = \"%1$@ a %3$@ fichiers\";\n\"c\" = \"%f éléments\";\n\"d\" = \"simple\";\n\"e\" = \"extra\";"),
        ])
        let findings = CatalogLint.check(catalog).map { "\($0.file ?? "-") \($0.code) \($0.message)" }
        #expect(findings.contains { $0.hasPrefix("en.lproj/Localizable invalid-format \"b\"") })
        #expect(findings.contains { $0.hasPrefix("en.lproj/Localizable suspicious-percent \"s\"") })
        #expect(findings.contains { $0.hasPrefix("fr.lproj/Localizable format-mismatch \"a\" uses argument 3") })
        #expect(findings.contains {
            $0.hasPrefix("fr.lproj/Localizable format-mismatch \"c\" reads argument 1 as a floating-point number")
        })
        #expect(!findings.contains { $0.contains("\"d\"") })
        #expect(findings.contains { $0.contains("key-not-in-development") && $0.contains("\"e\"") })
    }
}
