import ErrorFormatter

let lookupUsage = """
    usage: errfmt lookup --catalog DIR [options] KEY

    Looks KEY up for the given locales exactly as the rules do (key by key down the locale
    stack, plural variants, strings the arguments cannot satisfy skipped) and prints the value.

      --catalog DIR               catalog directory: <loc>.lproj/<Table>.strings, .stringsdict
                                  and .json; <Table>.xcstrings (String Catalogs); <loc>.json
                                  (flat JSON tables); unlocalized <Table>.strings, .stringsdict
      --table NAME                table to read (default Localizable)
      --locale L1,L2,...          preferred locales (repeatable); 'auto' reads the environment
      --accept-language HEADER    preferences from an HTTP Accept-Language header
      --development-locale L      the catalog's development locale (default en)
      --arg TEXT                  a string argument; repeatable, kept in order
      --arg-int N                 a signed integer argument
      --arg-uint N                an unsigned integer argument
      --arg-double X              a floating-point argument
      --localized-numbers         numbers as Foundation's String(format:locale:) writes them in
                                  the locale of the text; default: the C locale's
      --pseudo-locales            serve en-XA, ar-XB and qps-ploc, made from the development
                                  localization's texts (ask for one with --locale)
      --json                      one JSON object: value, locale, table, diagnostics (the
                                  strings skipped: key, locale, table, code, message)
      --quiet                     no warnings on standard error

    Prints the value. Standard error gets one warning per broken table, per preference no
    localization matches, for an unknown --table, and per string skipped.
    Exit status: 0 a value was found, 1 none was (or the catalog cannot be opened), 2 bad usage.
    """

/// `errfmt lookup`: the raw, rendered value of any key.
func runLookup(_ arguments: [String]) -> Int32 {
    if arguments.contains("--help") || arguments.contains("-h") {
        print(lookupUsage)
        return 0
    }
    return runCommand(usage: lookupUsage) { () throws(UsageError) in
        let options = try CommandArguments(
            arguments,
            options: ArgumentOptions.names.union([
                "--catalog", "--table", "--locale", "--accept-language", "--development-locale",
            ]),
            flags: ["--json", "--quiet", "--localized-numbers", "--pseudo-locales"])
        guard options.operands.count == 1, let key = options.operands.first else {
            throw UsageError(message: "give exactly one KEY")
        }
        let given = options.value("--table")
        // Given empty on the command line is a mistake, not a request for the default table.
        guard given?.isEmpty != true, let table = try? Catalog.validatedTableName(given) else {
            throw UsageError(message: "bad --table '\(given ?? "")'")
        }
        let values = try ArgumentOptions.arguments(options)
        let preferences = try PreferenceOptions.preferences(options) ?? []
        guard let catalog = try CatalogOptions.open(options) else { return 1 }
        let resolution = catalog.resolve(key, table: table, preferences: preferences, arguments: values,
                                         numberStyle: options.has("--localized-numbers") ? .localized : nil)
        let warnings = CatalogWarnings(options)
        warnings.brokenTables(of: catalog)
        warnings.unmatchedPreferences(preferences, in: catalog)
        warnings.unknownTable(table, in: catalog)
        warnings.rejections(resolution.rejections)
        if options.has("--json") {
            print(JSONValue.object([
                ("value", .optionalString(resolution.hit?.value)),
                ("locale", .optionalString(resolution.hit?.localization)),
                ("table", .string(table)),
                ("diagnostics", .array(resolution.rejections.map(RejectionJSON.object))),
            ]).serialized)
        } else {
            if let hit = resolution.hit { print(hit.value) }
        }
        if resolution.hit == nil {
            if !options.has("--json") { CommandLineOutput.error("no usable value for \"\(key)\" in \(table)") }
            return 1
        }
        return 0
    }
}
