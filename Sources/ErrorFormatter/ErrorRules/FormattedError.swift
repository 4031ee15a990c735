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
///
/// A value type whose fields live in one shared box (``FormattedErrorStorage``), copied when a
/// copy is changed: a result handed out of a catalog's memo, or passed along, costs one retain
/// however many strings and arrays it holds.
public struct FormattedError: Sendable, Hashable {
    private var storage: FormattedErrorStorage

    init(
        title: String, message: String, button: String, provenance: [Provenance], stack: [String],
        isUntranslated: Bool, showsCallerText: Bool = false
    ) {
        storage = FormattedErrorStorage(
            title: title, message: message, button: button, provenance: provenance, stack: stack,
            isUntranslated: isUntranslated, showsCallerText: showsCallerText)
    }

    /// `storage`, copied first if another value shares it, for a change.
    private var unique: FormattedErrorStorage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            return storage
        }
    }

    public var title: String {
        get { storage.title }
        _modify { yield &unique.title }
    }

    public var message: String {
        get { storage.message }
        _modify { yield &unique.message }
    }

    public var button: String {
        get { storage.button }
        _modify { yield &unique.button }
    }

    /// Provenance of `title`, `message` and `button`, indexed by `ErrorField.rawValue`.
    public var provenance: [Provenance] {
        get { storage.provenance }
        _modify { yield &unique.provenance }
    }

    /// The localizations searched, in order (`""` for the unlocalized tables).
    public var stack: [String] {
        get { storage.stack }
        _modify { yield &unique.stack }
    }

    /// The preferences asked for no translation (C/POSIX).
    public var isUntranslated: Bool {
        get { storage.isUntranslated }
        _modify { yield &unique.isUntranslated }
    }

    /// Whether a field shows a text the error carried (its description, failure reason or
    /// recovery suggestion), as the formatter recorded when it chose each field's rule: such a
    /// result is the caller's own, and the one place that decides it may never be remembered
    /// for another call.
    package var showsCallerText: Bool {
        get { storage.showsCallerText }
        _modify { yield &unique.showsCallerText }
    }

    /// This result with the texts given replaced (`nil`: this result's text kept), sharing the
    /// rest (provenance, stack): what a remembered plan makes of its template for one call, in
    /// one allocation. The given texts are moved into the new value, not copied.
    func replacingTexts(
        title: consuming String?, message: consuming String?, button: consuming String?
    ) -> FormattedError {
        FormattedError(
            title: title ?? storage.title, message: message ?? storage.message, button: button ?? storage.button,
            provenance: storage.provenance, stack: storage.stack, isUntranslated: storage.isUntranslated,
            showsCallerText: storage.showsCallerText)
    }

    /// The text of `field`.
    public func text(_ field: ErrorField) -> String {
        switch field {
        case .title: storage.title
        case .message: storage.message
        case .button: storage.button
        }
    }

    /// The provenance of `field`.
    public func provenance(_ field: ErrorField) -> Provenance {
        let provenance = storage.provenance
        return provenance.indices.contains(field.rawValue) ? provenance[field.rawValue] : Self.missingProvenance
    }

    /// What ``provenance(_:)`` says for a field that `provenance` lacks.
    package static let missingProvenance = Provenance(rule: Rule.empty.identifier)

    // Equal and hashed by every field, as the compiler would make them for the fields stored
    // inline; two values sharing one box are equal without reading it.
    public static func == (lhs: FormattedError, rhs: FormattedError) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.hasEqualFields(rhs.storage)
    }

    public func hash(into hasher: inout Hasher) {
        storage.hashFields(into: &hasher)
    }
}

extension FormattedError: CustomReflectable {
    /// The fields, as `print` and `dump` showed them when they were stored inline (not the box).
    public var customMirror: Mirror {
        Mirror(self, children: [
            "title": title, "message": message, "button": button, "provenance": provenance, "stack": stack,
            "isUntranslated": isUntranslated, "showsCallerText": showsCallerText,
        ] as KeyValuePairs<String, Any>, displayStyle: .struct)
    }
}
