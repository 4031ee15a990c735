import ErrorFormatter

private let negotiateUsage = """
    usage: errfmt negotiate (--catalog DIR | --available a,b,c)
                            (--locale L1,L2 | --locale auto | --accept-language HEADER)
                            [--mode strict|family] [--development-locale L] [--json] [--quiet]

    Prints the localizations to search, most specific first, one per line with why each was
    chosen (name<TAB>reason); with --catalog, then the rest of the stack `format` and `lookup`
    search: Base, the development localization, the unlocalized tables.

      --catalog DIR           the localizations the catalog loaded, from every table format
                              (<loc>.lproj/<Table>.strings, .stringsdict and .json,
                              <Table>.xcstrings, <loc>.json; Base excluded from negotiation)
      --available LIST        comma-separated localization names instead of a catalog
      --locale LIST           comma-separated preferences (repeatable); 'auto' reads
                              LC_ALL/LC_MESSAGES/LANG/LANGUAGE
      --accept-language H     preferences from an HTTP Accept-Language header
      --mode MODE             family (default: also sibling tables, e.g. en_AU -> en_GB) or
                              strict; only with --available (a catalog negotiates as format does)
      --development-locale L  the catalog's development locale (default en)
      --json                  one JSON object: preferences, available, untranslated, stack
                              (name, index into available, reason), and with --catalog searched
                              (every localization format searches, in order; "" = unlocalized)
      --quiet                 no warnings on standard error

    Standard error gets one warning per broken table of the catalog and per preference that no
    localization matches. Untranslated (C/POSIX first) prints 'untranslated (C/POSIX)'.
    Exit status: 0 success, 1 the catalog cannot be opened, 2 bad usage.
    """

/// `errfmt negotiate`: the lookup stack for a set of preferences, and why.
func runNegotiate(_ arguments: [String]) -> Int32 {
    if arguments.contains("--help") || arguments.contains("-h") {
        print(negotiateUsage)
        return 0
    }
    return runCommand(usage: negotiateUsage) { () throws(UsageError) in
        let options = try CommandArguments(
            arguments,
            options: ["--catalog", "--available", "--locale", "--accept-language", "--mode", "--development-locale"],
            flags: ["--json", "--quiet"])
        guard options.operands.isEmpty else {
            throw UsageError(message: "unexpected argument '\(options.operands[0])'")
        }
        guard (options.value("--catalog") == nil) != (options.value("--available") == nil) else {
            throw UsageError(message: "give one of --catalog DIR and --available LIST")
        }
        guard let preferences = try PreferenceOptions.preferences(options) else {
            throw UsageError(message: "give the preferences: --locale LIST, --locale auto or --accept-language HEADER")
        }
        var mode = NegotiationMode.family
        switch options.value("--mode") {
        case nil, "family"?: break
        case "strict"?: mode = .strict
        case let other?: throw UsageError(message: "--mode must be strict or family, not '\(other)'")
        }
        if options.value("--catalog") != nil, mode != .family {
            throw UsageError(message: "--mode strict applies to --available: a catalog negotiates in family mode, as format does")
        }

        let names: [String]
        let negotiation: Negotiation
        var searched: [String]?
        var development = ""
        if options.value("--catalog") != nil {
            guard let catalog = try CatalogOptions.open(options) else { return 1 }
            names = catalog.negotiableLocalizations
            negotiation = catalog.negotiation(for: preferences)
            searched = catalog.lookupStack(for: preferences).localizations
            development = catalog.developmentLocale
            let warnings = CatalogWarnings(options)
            warnings.brokenTables(of: catalog)
            warnings.unmatchedPreferences(preferences, in: catalog)
        } else {
            names = options.list("--available")
            negotiation = Locales.negotiate(preferences: preferences, available: names, mode: mode)
        }
        let chosen = negotiation.entries.filter { names.indices.contains($0.index) }
        if options.has("--json") {
            var members: [(String, JSONValue)] = [
                ("preferences", .array(preferences.map(JSONValue.string))),
                ("available", .array(names.map(JSONValue.string))),
                ("untranslated", .bool(negotiation.untranslated)),
                ("stack", .array(chosen.map { entry in
                    .object([("name", .string(names[entry.index])), ("index", .int(entry.index)),
                             ("reason", .string(entry.reason.description))])
                })),
            ]
            if let searched { members.append(("searched", .array(searched.map(JSONValue.string)))) }
            print(JSONValue.object(members).serialized)
            return 0
        }
        if negotiation.untranslated { print("untranslated (C/POSIX)") }
        for entry in chosen { print("\(names[entry.index])\t\(entry.reason)") }
        guard let searched else {
            print("BASE\tthen Base, the development localization and the unlocalized tables")
            return 0
        }
        let negotiated = Set(chosen.map { names[$0.index] })
        for localization in searched where !negotiated.contains(localization) {
            switch localization {
            case Catalog.unlocalized: print("(unlocalized)\tthe unlocalized tables")
            case Catalog.baseLocalization: print("\(localization)\tthe base localization")
            default: print("\(localization)\tthe development localization (\(development)) or on its chain")
            }
        }
        return 0
    }
}
