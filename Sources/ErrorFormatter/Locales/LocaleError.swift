/// A locale string that cannot be used as a locale ID.
public struct LocaleError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Why the string was refused.
    public enum Reason: String, Sendable, Equatable {
        /// Longer than `Limits.maximumLocaleBytes` bytes (ICU itself fails at 157).
        case tooLong = "longer than 100 characters"
        /// Contains a byte outside printable ASCII (space, control, non-ASCII).
        case notPrintableASCII = "contains characters other than printable ASCII"
        /// ICU could not parse it (an incomplete BCP 47 tag, an over-long subtag…).
        case unparsable = "not a locale ID ICU can parse"
        /// Looks like a file path (`/`, `\\`, or a leading `.`): never a locale, and refused before
        /// ICU sees it, since ICU would quietly reduce `../../etc` to the root locale.
        case pathLike = "looks like a path, not a locale ID"
        /// ICU parsed it, but the result contains something other than `[A-Za-z0-9_]`.
        case unsafeCharacters = "normalizes to characters outside [A-Za-z0-9_]"
    }

    /// The string as given (shortened for display when very long).
    public var input: String
    /// Why it was refused.
    public var reason: Reason

    /// Creates an error for `input`.
    package init(input: String, reason: Reason) {
        self.input = input
        self.reason = reason
    }

    /// `invalid locale 'x': reason`, the input cut at 40 characters so that an attacker-sized
    /// string does not end up whole in logs.
    public var description: String {
        let shown = input.count > 40 ? String(input.prefix(40)) + "…" : input
        return "invalid locale '\(shown)': \(reason.rawValue)"
    }
}
