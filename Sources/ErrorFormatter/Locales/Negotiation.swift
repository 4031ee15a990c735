/// The result of `Locales.negotiate(preferences:available:mode:)`: which available
/// localizations to search, in order, and why each was chosen.
package struct Negotiation: Sendable, Equatable, CustomStringConvertible {
    /// `true` when the first usable preference was `C`/`POSIX`: translations are disabled and the
    /// caller uses its base table only. `entries` is then empty.
    package var untranslated: Bool
    /// The lookup order, most specific first. The caller appends its base table, development
    /// localization and unlocalized tables after these.
    package var entries: [Entry]

    /// One chosen localization.
    package struct Entry: Sendable, Equatable, CustomStringConvertible {
        /// Index into the `available` array given to `negotiate`.
        package var index: Int
        /// Why it was chosen.
        package var reason: Reason

        /// Creates an entry.
        package init(index: Int, reason: Reason) {
            self.index = index
            self.reason = reason
        }

        /// `#index: reason`.
        package var description: String { "#\(index): \(reason)" }
    }

    /// Why a localization is in the stack.
    package enum Reason: Sendable, Equatable, CustomStringConvertible {
        /// It is named for `level`, a level of the chain of preference number `preference`
        /// (0-based; earlier preferences had no match at all).
        case exact(preference: Int, level: String)
        /// ``NegotiationMode/family`` step: no table at `level` of the preference's chain, but this
        /// table inherits from `level`; when several did, ICU's `uloc_acceptLanguage` preferred it
        /// (`tieBroken`).
        case family(preference: Int, level: String, tieBroken: Bool)
        /// It is on the chain of the first chosen table, at `level` (item inheritance: a key
        /// missing from `fr_CA` comes from `fr`).
        case inherited(level: String)

        /// A sentence for people (CLI, diagnostics).
        package var description: String {
            switch self {
            case let .exact(preference, level):
                return "preference \(preference + 1) has level \(level)"
            case let .family(preference, level, tieBroken):
                return "preference \(preference + 1) has no table at level \(level); this table inherits from it"
                    + (tieBroken ? " (closest of several by uloc_acceptLanguage)" : "")
            case let .inherited(level):
                return "on the chosen table's own chain at level \(level)"
            }
        }
    }

    /// Creates a result.
    package init(untranslated: Bool, entries: [Entry]) {
        self.untranslated = untranslated
        self.entries = entries
    }

    /// The indices in lookup order (what the catalog needs).
    package var indices: [Int] { entries.map(\.index) }

    /// `untranslated`, or the entries separated by `; `.
    package var description: String {
        untranslated ? "untranslated" : entries.map(\.description).joined(separator: "; ")
    }
}
