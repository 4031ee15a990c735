import ErrorFormatter

let formatUsage = """
    usage: errfmt format --catalog DIR --domain D --code N [options]

      --catalog DIR               catalog directory: <loc>.lproj/<Table>.strings, .stringsdict
                                  and .json; <Table>.xcstrings (String Catalogs); <loc>.json
                                  (flat JSON tables); unlocalized <Table>.strings, .stringsdict
      --domain D                  error domain, e.g. kCLErrorDomain
      --code N                    error code (a decimal integer, may be negative)
      --locale L1,L2,...          preferred locales, most preferred first (repeatable);
                                  'auto' reads LC_ALL / LC_MESSAGES / LANG / LANGUAGE;
                                  default: the development locale
      --accept-language HEADER    preferences from an HTTP Accept-Language header
      --development-locale L      the catalog's development locale (default en)
      --table NAME                table to read (default Localizable)
      --description S             the error's localized description
      --failure-reason S          the error's failure reason
      --recovery-suggestion S     the error's recovery suggestion
      --arg TEXT                  a string argument (%@, %s); repeatable, kept in order
      --arg-int N                 a signed integer argument (%d, %lld, plural variables)
      --arg-uint N                an unsigned integer argument (%u, %llu, %x)
      --arg-double X              a floating-point argument (%f, %e, %g)
      --localized-numbers         numbers as Foundation's String(format:locale:) writes them in
                                  the locale of the text (1 234 567,5 in French); default: the
                                  C locale's (1234567.5)
      --pseudo-locales            serve en-XA, ar-XB and qps-ploc, made from the development
                                  localization's texts (ask for one with --locale)
      --strict                    fail if any table of the catalog is broken
      --json                      one JSON object: title, message, button, stack, untranslated,
                                  provenance (rule, key, locale, table, rejections per field)
      --explain                   also print the stack and where each field came from
      --quiet                     no warnings on standard error

    Prints title, message and button. Standard error gets one warning per broken table, per
    preference no localization matches, for an unknown --table, and per table string skipped
    because the arguments cannot satisfy it.
    Exit status: 0 formatted (warnings or not), 1 the catalog cannot be opened, 2 bad usage.
    """

/// `errfmt format`: one error, formatted for the given locales.
func runFormat(_ arguments: [String]) -> Int32 {
    if arguments.contains("--help") || arguments.contains("-h") {
        print(formatUsage)
        return 0
    }
    return runCommand(usage: formatUsage) { () throws(UsageError) in
        let options = try CommandArguments(
            arguments,
            options: ErrorOptions.names.union(["--catalog", "--locale", "--accept-language", "--development-locale"]),
            flags: ["--json", "--explain", "--strict", "--quiet", "--localized-numbers", "--pseudo-locales"])
        guard options.operands.isEmpty else {
            throw UsageError(message: "unexpected argument '\(options.operands[0])'")
        }
        let error = try ErrorOptions.error(options)
        let preferences = try PreferenceOptions.preferences(options) ?? []
        guard let catalog = try CatalogOptions.open(options) else { return 1 }
        let formatted = ErrorMessageFormatter(catalog: catalog).format(error, preferences: preferences)
        let warnings = CatalogWarnings(options)
        warnings.brokenTables(of: catalog)
        warnings.unmatchedPreferences(preferences, in: catalog)
        warnings.unknownTable(error.table, in: catalog)
        warnings.rejections(ErrorField.allCases.flatMap { formatted.provenance($0).rejections })
        if options.has("--json") {
            print(FormattedErrorJSON.object(formatted).serialized)
        } else {
            print(FormattedErrorText.render(formatted, explain: options.has("--explain")))
        }
        return 0
    }
}

/// The `--json` form of a formatted error (a tooling contract: add members, never rename).
enum FormattedErrorJSON {
    static func object(_ formatted: FormattedError) -> JSONValue {
        var provenance: [(String, JSONValue)] = []
        for field in ErrorField.allCases {
            let origin = formatted.provenance(field)
            provenance.append((field.description, .object([
                ("rule", .string(origin.rule)),
                ("key", .optionalString(origin.key)),
                ("locale", .optionalString(origin.localization)),
                ("table", .optionalString(origin.table)),
                ("rejections", .array(origin.rejections.map(RejectionJSON.object))),
            ])))
        }
        return .object([
            ("title", .string(formatted.title)),
            ("message", .string(formatted.message)),
            ("button", .string(formatted.button)),
            ("stack", .array(formatted.stack.map(JSONValue.string))),
            ("untranslated", .bool(formatted.isUntranslated)),
            ("provenance", .object(provenance)),
        ])
    }
}

/// The human-readable form of a formatted error.
enum FormattedErrorText {
    static func render(_ formatted: FormattedError, explain: Bool) -> String {
        var lines = [
            "title:   \(formatted.title)",
            "message: \(formatted.message)",
            "button:  \(formatted.button)",
        ]
        guard explain else { return lines.joined(separator: "\n") }
        let stack = formatted.stack.map { $0.isEmpty ? "(unlocalized)" : $0 }
        lines.append("stack:   " + (stack.isEmpty ? "(none)" : stack.joined(separator: " > "))
                         + (formatted.isUntranslated ? "  [untranslated: C/POSIX]" : ""))
        for field in ErrorField.allCases {
            let origin = formatted.provenance(field)
            var line = "\(field.description): rule \(origin.rule)"
            if let key = origin.key { line += ", key \(key)" }
            if let localization = origin.localization {
                line += ", from " + (localization.isEmpty ? "(unlocalized)" : localization)
                if let table = origin.table { line += "/\(table)" }
            }
            lines.append(line)
            for rejection in origin.rejections { lines.append("  skipped \(rejection)") }
        }
        return lines.joined(separator: "\n")
    }
}

/// The JSON form of a rejected candidate string.
enum RejectionJSON {
    static func object(_ rejection: Rejection) -> JSONValue {
        .object([
            ("key", .string(rejection.key)),
            ("locale", .string(rejection.localization)),
            ("table", .string(rejection.table)),
            ("code", .string(rejection.code)),
            ("message", .string(rejection.message)),
        ])
    }
}
