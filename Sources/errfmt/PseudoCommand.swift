#if canImport(Glibc)
import Glibc
#endif
import ErrorFormatter

let pseudoUsage = """
    usage: errfmt pseudo CATALOG --locale en-XA|ar-XB|qps-ploc -o DIR [options]

    Writes the tables a catalog opened with pseudo-locales serves for the pseudo-locale (what
    format --pseudo-locales --locale en-XA shows), made from the development localization's
    texts: DIR/<locale>.lproj/<Table>.strings, and <Table>.stringsdict for the plural and
    other variable formats. en-XA: letters accented, texts about 40% longer and in brackets;
    ar-XB: each word right to left; qps-ploc is written as en-XA. Format specifiers, plural
    variants, markup and placeholders are kept, so every text takes its source's arguments and
    errfmt lint passes the tables: DIR may be CATALOG itself, to ship them in it.

      --locale L                  en-XA, ar-XB or qps-ploc
      -o DIR                      the directory to write into (made if missing); existing
                                  tables of the same names are replaced whole
      --development-locale L      the catalog's development locale (default en)
      --quiet                     no warnings on standard error

    Standard error gets one warning per broken table of the catalog.
    Exit status: 0 written; 1 the catalog cannot be opened or a file cannot be written; 2 bad
    usage (a --locale that is not a pseudo-locale).
    """

/// `errfmt pseudo`: a pseudo-locale's tables, as files.
func runPseudo(_ arguments: [String]) -> Int32 {
    if arguments.contains("--help") || arguments.contains("-h") {
        print(pseudoUsage)
        return 0
    }
    return runCommand(usage: pseudoUsage) { () throws(UsageError) in
        let options = try CommandArguments(arguments, options: ["--locale", "-o", "--development-locale"],
                                           flags: ["--quiet"])
        guard options.operands.count == 1, let path = options.operands.first else {
            throw UsageError(message: "give exactly one CATALOG")
        }
        let locale = try options.required("--locale")
        let output = try options.required("-o")
        let catalog: Catalog
        do throws(CatalogError) {
            catalog = try Catalog.open(path: path, developmentLocale: options.value("--development-locale"))
        } catch {
            CommandLineOutput.error(error.description)
            return 1
        }
        guard let pseudo = catalog.pseudoLocalizedTables(named: locale) else {
            throw UsageError(message: "'\(locale)' is not a pseudo-locale (en-XA, ar-XB, qps-ploc)")
        }
        CatalogWarnings(directory: path, quiet: options.has("--quiet")).brokenTables(of: catalog)
        let directory = FileSystem.join(output, pseudo.localization + Catalog.localizationDirectorySuffix)
        for made in [output, directory] {
            guard mkdir(made, 0o777) == 0 || errno == EEXIST else {
                CommandLineOutput.error("cannot make the directory \(made): \(String(cString: strerror(errno)))")
                return 1
            }
        }
        for table in pseudo.tables {
            for (format, entries) in PseudoFiles.split(table.contents) where !entries.isEmpty {
                let document = TableDocument(
                    sourceLanguage: pseudo.localization,
                    languages: [TableDocument.Language(name: pseudo.localization, entries: entries)])
                guard let written = TableConversion.write(document, as: format) else { continue }
                let file = FileSystem.join(directory, table.name + format.fileExtension)
                if let failure = FileOutput.replace(file, with: written.bytes) {
                    CommandLineOutput.error("cannot write \(file): \(failure)")
                    return 1
                }
            }
        }
        return 0
    }
}

/// A table's entries as the files that hold them: texts in `.strings`, variable formats in
/// `.stringsdict`.
enum PseudoFiles {
    static func split(_ contents: [(key: TableKey, value: LocalizedValue)])
        -> [(TableFile.Format, [TableDocument.Entry])]
    {
        var texts: [TableDocument.Entry] = [], variables: [TableDocument.Entry] = []
        for (key, value) in contents {
            switch value {
            case .text(let text): texts.append(TableDocument.Entry(key: key, value: .text(text)))
            case .variable(let format): variables.append(TableDocument.Entry(key: key, value: .variable(format)))
            }
        }
        return [(.strings, texts), (.stringsDict, variables)]
    }
}
