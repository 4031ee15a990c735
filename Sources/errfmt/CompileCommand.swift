import ErrorFormatter

let compileUsage = """
    usage: errfmt compile [--strict] [--development-locale L] [--quiet] CATALOG -o FILE

    Compiles the catalog directory CATALOG into one file that opens fast: every localization,
    table, key and value (plural and device variations included), the development locale and
    the catalog's diagnostics, checksummed (docs/compiled-catalog.md). Every command's --catalog,
    ef_catalog_open and the bindings open FILE as they open CATALOG, with the same results.
    Compiling the same catalog twice gives the same bytes. FILE is replaced whole, never left
    half-written.

      -o FILE                     the compiled catalog to write
      --strict                    a broken table fails the compilation (nothing is written)
      --development-locale L      the catalog's development locale (default en), kept in FILE
      --quiet                     no warnings on standard error

    Standard error gets one warning per broken table, as the other commands print them; the
    diagnostics are kept in FILE, where the other commands' warnings and ef_catalog_diagnostic_*
    read them.
    Exit status: 0 written; 1 the catalog cannot be opened (or, --strict, has a broken table) or
    FILE cannot be written; 2 bad usage.
    """

/// `errfmt compile`: a catalog directory as one compiled catalog file.
func runCompile(_ arguments: [String]) -> Int32 {
    if arguments.contains("--help") || arguments.contains("-h") {
        print(compileUsage)
        return 0
    }
    return runCommand(usage: compileUsage) { () throws(UsageError) in
        let options = try CommandArguments(arguments, options: ["-o", "--development-locale"],
                                           flags: ["--strict", "--quiet"])
        guard options.operands.count == 1, let directory = options.operands.first else {
            throw UsageError(message: "give exactly one CATALOG")
        }
        let output = try options.required("-o")
        let catalog: Catalog
        do throws(CatalogError) {
            catalog = try Catalog.open(path: directory, developmentLocale: options.value("--development-locale"),
                                       strict: options.has("--strict"))
        } catch {
            CommandLineOutput.error(error.description)
            return 1
        }
        CatalogWarnings(directory: directory, quiet: options.has("--quiet")).brokenTables(of: catalog)
        do throws(CatalogError) {
            try catalog.compile(to: output)
        } catch {
            CommandLineOutput.error(error.message)
            return 1
        }
        return 0
    }
}
