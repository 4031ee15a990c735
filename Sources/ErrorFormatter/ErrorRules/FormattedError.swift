/// Where one field of a formatted error came from.
public struct Provenance: Sendable, Hashable {
    /// The rule that produced the text (`Rule.identifier`: `code-key`, `failure-reason`, …).
    public var rule: String
    /// The table key, for key rules.
    public var key: String?
    /// The localization that supplied the text (`""` for an unlocalized table), for key rules.
    public var localization: String?
    /// The table that supplied the text, for key rules.
    public var table: String?
    /// Strings that were found but not shown because the arguments could not satisfy them
    /// (a translation asking for an argument that was not passed, of another type…), in the
    /// order they were tried.
    public var rejections: [Rejection]

    package init(
        rule: String, key: String? = nil, localization: String? = nil, table: String? = nil,
        rejections: [Rejection] = []
    ) {
        self.rule = rule
        self.key = key
        self.localization = localization
        self.table = table
        self.rejections = rejections
    }
}

/// A localized title, message and button label, with the provenance of each.
public struct FormattedError: Sendable, Hashable {
    public var title: String
    public var message: String
    public var button: String
    /// Provenance of `title`, `message` and `button`, indexed by `ErrorField.rawValue`.
    public var provenance: [Provenance]
    /// The localizations searched, in order (`""` for the unlocalized tables).
    public var stack: [String]
    /// The preferences asked for no translation (C/POSIX).
    public var isUntranslated: Bool
    /// Whether a field shows a text the error carried (its description, failure reason or
    /// recovery suggestion), as the formatter recorded when it chose each field's rule: such a
    /// result is the caller's own, and the one place that decides it may never be remembered
    /// for another call.
    package var showsCallerText = false

    /// The text of `field`.
    public func text(_ field: ErrorField) -> String {
        switch field {
        case .title: title
        case .message: message
        case .button: button
        }
    }

    /// The provenance of `field`.
    public func provenance(_ field: ErrorField) -> Provenance {
        provenance.indices.contains(field.rawValue) ? provenance[field.rawValue] : Self.missingProvenance
    }

    /// What ``provenance(_:)`` says for a field that `provenance` lacks.
    package static let missingProvenance = Provenance(rule: Rule.empty.identifier)
}
