#if canImport(Glibc)
import Glibc
#endif
import ErrorFormatter

/// The user's preferred locales as the commands take them: `--locale L1,L2` (repeatable),
/// `--locale auto` (the POSIX environment, with gettext's precedence) or
/// `--accept-language "fr-CA, fr;q=0.8"`.
enum PreferenceOptions {
    /// The preferences given, or `nil` if neither option was.
    static func preferences(_ options: CommandArguments) throws(UsageError) -> [String]? {
        let locales = options.list("--locale")
        let header = options.value("--accept-language")
        if !locales.isEmpty && header != nil {
            throw UsageError(message: "give --locale or --accept-language, not both")
        }
        if let header { return Locales.preferencesFromAcceptLanguage(header) }
        if locales == ["auto"] { return Locales.preferencesFromEnvironment(processEnvironment()) }
        if locales.contains("auto") { throw UsageError(message: "--locale auto cannot be combined with other locales") }
        return locales.isEmpty ? nil : locales
    }
}

/// The process environment as a dictionary (no Foundation in the CLI).
func processEnvironment() -> [String: String] {
    var environment: [String: String] = [:]
    var cursor = environ
    while let entry = cursor.pointee {
        let pair = String(cString: entry)
        if let equals = pair.firstIndex(of: "=") {
            environment[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        cursor += 1
    }
    return environment
}
