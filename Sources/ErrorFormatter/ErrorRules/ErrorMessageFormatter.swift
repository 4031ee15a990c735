/// Applies a rule set to an error, looking keys up in a catalog for the user's locales.
///
/// A formatter is a value with no state of its own; all it reads is immutable, so one formatter
/// and one catalog can serve any number of threads.
public struct ErrorMessageFormatter: Sendable {
    public var catalog: Catalog
    public var rules: RuleSet {
        didSet { usesDefaultRules = rules.isDefault }
    }
    /// Whether `rules` is the default set, decided when it is set: only the default set's
    /// results are remembered by a catalog (the serving roads read this on every call).
    package private(set) var usesDefaultRules: Bool

    public init(catalog: Catalog, rules: RuleSet = .default) {
        self.catalog = catalog
        self.rules = rules
        usesDefaultRules = rules.isDefault
    }

    /// Formats `error` down an already negotiated stack.
    func format(_ error: ErrorInfo, stack: LookupStack) -> FormattedError {
        format(error, stack: stack, layers: catalog.layers(of: Catalog.tableName(orDefault: error.table), in: stack))
    }

    /// Formats `error` down layers already found for its table (``Catalog/cachedLayers(of:for:)``).
    package func format(_ error: ErrorInfo, layers: TableLayers) -> FormattedError {
        format(error, stack: layers.stack, layers: layers)
    }

    private func format(_ error: ErrorInfo, stack: LookupStack, layers: TableLayers) -> FormattedError {
        var title = "", message = "", button = ""
        var origins = [Provenance](repeating: Provenance(rule: ""), count: 3)
        let showsCallerText = format(error, layers: layers) { field, text, rule, key, localization, table, rejections in
            switch field {
            case .title: title = text.string
            case .message: message = text.string
            case .button: button = text.string
            }
            origins[field.rawValue] = Provenance(
                rule: rule, key: key.map { String(decoding: $0, as: UTF8.self) }, localization: localization,
                table: table, rejections: rejections)
        }
        // `origins` is indexed by `ErrorField.rawValue`.
        return FormattedError(
            title: title, message: message, button: button, provenance: origins,
            stack: stack.localizations, isUntranslated: stack.isUntranslated, showsCallerText: showsCallerText)
    }

    /// Formats `error` down `layers`, handing each field to `write` (title, message, button, in
    /// that order) as soon as its rule is chosen; returns whether a field shows a text the error
    /// carries (``FormattedError/showsCallerText``).
    ///
    /// This is how a ``FormattedError`` is made, and how the C library writes its result block:
    /// straight from these strings into the caller's block, without a `FormattedError`, a
    /// provenance array or a second copy of each string made only to be taken apart again.
    package func format(_ error: ErrorInfo, layers: TableLayers, writing write: FieldWriter) -> Bool {
        // One buffer for the three fields: each is handed over before the next is rendered.
        withUnsafeTemporaryAllocation(byteCount: StringFormat.shortResultCapacity, alignment: 1) { scratch in
            // Evaluated one by one: `||` would skip the fields after one that shows a caller's text.
            let title = resolve(.title, of: error, in: layers, scratch: scratch, writing: write)
            let message = resolve(.message, of: error, in: layers, scratch: scratch, writing: write)
            let button = resolve(.button, of: error, in: layers, scratch: scratch, writing: write)
            return title || message || button
        }
    }

    /// Receives one field of a formatted error: the field, its text, the identifier of the rule
    /// that chose it, where a key rule found it (the key's UTF-8, localization, table; `nil` for
    /// other rules) and the strings found but not shown before it, in the order they were tried.
    /// All are borrowed for the call: a writer that keeps one copies it.
    package typealias FieldWriter = (
        _ field: ErrorField, _ text: FieldText, _ rule: String, _ key: UnsafeRawBufferPointer?,
        _ localization: String?, _ table: String?, _ rejections: [Rejection]
    ) -> Void

    /// The first rule of `field` that yields a string, handed to `write` with its provenance.
    /// Texts carried by the error count only when non-empty (an `NSError` often has `""` where
    /// it means "none"); a table value counts even when empty, as in Apple's tables, but only if
    /// the error's arguments satisfy it (else the next localization's string is tried, then the
    /// next rule). Every rule list of the default set ends in a rule that always yields
    /// (`builtin` or `empty`); a custom set without one ends in "". Returns whether the rule
    /// chosen shows a text the error carries.
    private func resolve(
        _ field: ErrorField, of error: ErrorInfo, in layers: TableLayers, scratch: UnsafeMutableRawBufferPointer,
        writing write: FieldWriter
    ) -> Bool {
        var rejections: [Rejection] = []
        for rule in rules.rules(for: field) {
            switch rule {
            case .key(let template):
                // The key is probed and reported as bytes: no `String` of it is made for C. The
                // closure captures only what it reads: capturing the error or the rule copies it.
                let arguments = error.arguments, identifier = template.kind.rawValue, numbers = error.numberStyle
                // A format is rendered into `scratch` and handed over as bytes.
                let found = template.withKey(domain: error.domain, code: error.code) { key in
                    layers.render(bytes: key, arguments: arguments, numbers: numbers, rejections: &rejections,
                                  into: scratch) {
                        text, localization, rejections in
                        write(field, text, identifier, key, localization, layers.name, rejections)
                    } != nil
                }
                if found { return false }
            case .failureReason:
                if let text = error.failureReason, !text.isEmpty {
                    write(field, .string(text), rule.identifier, nil, nil, nil, rejections)
                    return true
                }
            case .recoverySuggestion:
                if let text = error.recoverySuggestion, !text.isEmpty {
                    write(field, .string(text), rule.identifier, nil, nil, nil, rejections)
                    return true
                }
            case .description:
                if let text = error.description, !text.isEmpty {
                    write(field, .string(text), rule.identifier, nil, nil, nil, rejections)
                    return true
                }
            case .builtin(let text):
                write(field, .string(text), rule.identifier, nil, nil, nil, rejections)
                return false
            case .empty:
                write(field, .string(""), rule.identifier, nil, nil, nil, rejections)
                return false
            }
        }
        write(field, .string(""), Rule.empty.identifier, nil, nil, nil, rejections)
        return false
    }
}
