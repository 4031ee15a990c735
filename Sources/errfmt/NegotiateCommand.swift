#if canImport(Glibc)
import Glibc
#endif
import ErrorFormatter

private let negotiateUsage = """
    usage: errfmt negotiate (--catalog DIR | --available a,b,c)
                            (--locale L1,L2 | --locale auto | --accept-language HEADER)
                            [--mode strict|family] [--json]

    Prints the localizations to search, most specific first, and why each was chosen; the base
    table (Base.lproj, the development localization, unlocalized tables) comes after them.

      --catalog DIR      the *.lproj directories of DIR (Base excluded)
      --available LIST   comma-separated localization names
      --locale LIST      comma-separated preferences; 'auto' reads LC_ALL/LC_MESSAGES/LANG/LANGUAGE
      --accept-language  preferences from an HTTP Accept-Language header
      --mode             family (default: also sibling tables, e.g. en_AU -> en_GB) or strict
      --json             one JSON object: preferences, available, untranslated, stack

    Exit status: 0 success, 1 the catalog could not be read, 2 bad usage.
    """

/// `errfmt negotiate`: the lookup stack for a set of preferences.
func runNegotiate(_ arguments: [String]) -> Int32 {
    var catalog: String?
    var available: [String]?
    var preferences: [String]?
    var mode = NegotiationMode.family
    var json = false
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
        switch argument {
        case "-h", "--help":
            print(negotiateUsage)
            return 0
        case "--json":
            json = true
        case "--catalog", "--available", "--locale", "--accept-language", "--mode":
            guard let value = remaining.popFirst() else {
                CommandLineOutput.error("negotiate: \(argument) needs a value\n\(negotiateUsage)")
                return 2
            }
            switch argument {
            case "--catalog": catalog = value
            case "--available": available = commaList(value)
            case "--locale":
                preferences = value == "auto"
                    ? Locales.preferencesFromEnvironment(processEnvironment()) : commaList(value)
            case "--accept-language": preferences = Locales.preferencesFromAcceptLanguage(value)
            default:
                switch value {
                case "strict": mode = .strict
                case "family": mode = .family
                default:
                    CommandLineOutput.error("negotiate: --mode must be strict or family\n\(negotiateUsage)")
                    return 2
                }
            }
        default:
            CommandLineOutput.error("negotiate: unexpected argument '\(argument)'\n\(negotiateUsage)")
            return 2
        }
    }
    guard (catalog == nil) != (available == nil), let preferences else {
        CommandLineOutput.error("negotiate: give one of --catalog/--available and the preferences\n\(negotiateUsage)")
        return 2
    }
    let names: [String]
    if let catalog {
        do {
            names = try FileSystem.contentsOfDirectory(atPath: catalog)
                .filter { $0.hasSuffix(".lproj") && $0 != "Base.lproj" }
                .map { String($0.dropLast(".lproj".count)) }
        } catch {
            CommandLineOutput.error("negotiate: \(error)")
            return 1
        }
    } else {
        names = available ?? []
    }

    let result = Locales.negotiate(preferences: preferences, available: names, mode: mode)
    if json {
        let stack: [JSONValue] = result.entries.map { entry in
            .object(["name": .string(names[entry.index]), "index": .int(entry.index),
                     "reason": .string(entry.reason.description)])
        }
        print(JSONValue.object([
            "preferences": .array(preferences.map(JSONValue.string)),
            "available": .array(names.map(JSONValue.string)),
            "untranslated": .bool(result.untranslated),
            "stack": .array(stack),
        ]).serialized)
    } else if result.untranslated {
        print("untranslated (C/POSIX): base table only")
    } else {
        for entry in result.entries {
            print("\(names[entry.index])\t\(entry.reason)")
        }
        print("BASE\tbase table, development localization, unlocalized tables")
    }
    return 0
}

private func commaList(_ value: String) -> [String] {
    value.split(separator: ",", omittingEmptySubsequences: false)
        .map { String($0.drop(while: { $0 == " " })) }
}
