#if canImport(Glibc)
import Glibc
#endif
import ErrorFormatter

private let chainUsage = """
    usage: errfmt chain [--json] ID... | -

    Prints the CLDR fallback chain of each locale ID (BCP 47, ICU or POSIX spelling), most
    specific first, one line per ID:

      zh-TW → zh_TW(alias) > zh_Hant_TW > zh_Hant > root

    Each level is an ICU ID; a level ICU has no data for is marked (abstract: app tables may
    still exist there), an ICU alias of the next level (alias); root ends every chain. C and
    POSIX print 'ID → C/POSIX: untranslated (base table only)'. '-' reads IDs one per line from
    standard input.

      --json   one JSON object per ID: input, normalized, untranslated, chain (root omitted),
               kinds (bundle, alias or abstract, one per chain level); for an invalid ID:
               input, error

    An invalid ID is reported on standard error (as text) or as {input, error} (--json).
    Exit status: 0 all IDs valid, 1 some ID invalid, 2 bad usage.
    """

/// `errfmt chain`: the chain of each ID, as text or JSON lines.
func runChain(_ arguments: [String]) -> Int32 {
    var json = false
    var inputs: [String] = []
    var readStandardInput = false
    for argument in arguments {
        switch argument {
        case "-h", "--help":
            print(chainUsage)
            return 0
        case "--json": json = true
        case "-": readStandardInput = true
        default:
            if argument.hasPrefix("--") {
                return UsageError.report("unknown option '\(argument)'", command: "chain")
            }
            inputs.append(argument)
        }
    }
    if readStandardInput {
        while let line = readLine(strippingNewline: true) { inputs.append(line) }
    }
    guard !inputs.isEmpty else {
        return UsageError.report("no locale IDs given", command: "chain")
    }
    var status: Int32 = 0
    for input in inputs {
        do {
            let normalization = try Locales.normalize(input)
            print(json ? chainJSON(input, normalization) : chainText(input, normalization))
        } catch {
            status = 1
            if json {
                print(JSONValue.object(["input": .string(input), "error": .string(error.description)]).serialized)
            } else {
                CommandLineOutput.error(error.description)
            }
        }
    }
    return status
}

private func chainJSON(_ input: String, _ normalization: LocaleNormalization) -> String {
    let id: String
    switch normalization {
    case .untranslated:
        return JSONValue.object([
            "input": .string(input), "normalized": .null, "untranslated": .bool(true),
            "chain": .array([]), "kinds": .array([]),
        ]).serialized
    case .locale(let normalized): id = normalized
    }
    let chain = Locales.chain(for: id)
    return JSONValue.object([
        "input": .string(input), "normalized": .string(id), "untranslated": .bool(false),
        "chain": .array(chain.map { .string($0.id) }),
        "kinds": .array(chain.map { .string($0.kind.rawValue) }),
    ]).serialized
}

/// `zh-TW → zh_TW(alias) > zh_Hant_TW > zh_Hant(…) > root`
private func chainText(_ input: String, _ normalization: LocaleNormalization) -> String {
    guard case .locale(let id) = normalization else {
        return "\(input) → C/POSIX: untranslated (base table only)"
    }
    let levels = Locales.chain(for: id).map { entry in
        entry.kind == .bundle ? entry.id : "\(entry.id)(\(entry.kind.rawValue))"
    }
    return "\(input) → " + (levels + ["root"]).joined(separator: " > ")
}
