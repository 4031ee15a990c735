extension Locales {
    /// The user's message-locale preferences from a POSIX environment, with GNU gettext's
    /// precedence (measured with glibc 2.36):
    ///
    /// - The locale is the first non-empty of `LC_ALL`, `LC_MESSAGES`, `LANG`.
    /// - `C` or `POSIX` → `["C"]`: translations disabled, `LANGUAGE` ignored.
    /// - Otherwise a non-empty `LANGUAGE` (a `:`-separated list, empty items skipped) replaces the
    ///   locale, as in gettext; a `C` inside it stops the search where it stands.
    /// - `C.<codeset>` (e.g. `C.UTF-8`) does *not* disable `LANGUAGE`: that is what Debian's glibc
    ///   does (some distributions patch it to); without `LANGUAGE` it gives `["C"]`.
    /// - No locale variable at all → `[]` (no preference; gettext would run in the C locale and
    ///   ignore `LANGUAGE`, so `LANGUAGE` is ignored here too).
    ///
    /// Unlike glibc, a locale that is not installed on the machine is not replaced by C: the
    /// library reads its own tables, not the system's locale data.
    ///
    /// - Parameter environment: variable name → value (e.g. from `ProcessInfo` or `environ`).
    /// - Returns: the preferences, most preferred first, unnormalized.
    public static func preferencesFromEnvironment(_ environment: [String: String]) -> [String] {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy
            .compactMap { environment[$0] }.first { !$0.isEmpty }
        guard let locale else { return [] }
        if locale == "C" || locale == "POSIX" { return ["C"] }
        let language = (environment["LANGUAGE"] ?? "")
            .split(separator: ":", omittingEmptySubsequences: true).map(String.init)
        if !language.isEmpty { return language }
        return locale.hasPrefix("C.") ? ["C"] : [locale]
    }

    /// The variables `preferencesFromEnvironment(_:)` reads, in the order it reads them.
    public static let environmentVariableNames = ["LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"]

    /// `preferencesFromEnvironment(_:)` over raw values as the process holds them (bytes).
    ///
    /// A value that is not valid UTF-8 is never repaired (U+FFFD would make a locale nobody
    /// asked for): the variable is skipped as if it were unset -- so the next variable in
    /// gettext's precedence decides -- and the reason is returned in `skipped`.
    ///
    /// - Parameter environment: variable name → value bytes; names not read are ignored.
    package static func preferencesFromEnvironmentBytes(
        _ environment: [String: [UInt8]]
    ) -> (preferences: [String], skipped: [String]) {
        var decoded: [String: String] = [:]
        var skipped: [String] = []
        for name in environmentVariableNames {
            guard let value = environment[name] else { continue }
            if let text = String(validating: value, as: UTF8.self) {
                decoded[name] = text
            } else {
                skipped.append("\(name) is not valid UTF-8 (\(MessageEscaping.escapedBytes(value))); it is ignored")
            }
        }
        return (preferencesFromEnvironment(decoded), skipped)
    }
}
