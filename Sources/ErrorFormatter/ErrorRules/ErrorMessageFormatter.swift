/// Applies a rule set to an error, looking keys up in a catalog for the user's locales.
///
/// A formatter is a value with no state of its own; all it reads is immutable, so one formatter
/// and one catalog can serve any number of threads.
public struct ErrorMessageFormatter: Sendable {
    public var catalog: Catalog
    public var rules: RuleSet

    public init(catalog: Catalog, rules: RuleSet = .default) {
        self.catalog = catalog
        self.rules = rules
    }

    /// Formats `error` for `preferences` (most preferred first; any locale spelling; an empty
    /// list means the development locale).
    public func format(_ error: ErrorInfo, preferences: [String]) -> FormattedError {
        let layers = catalog.cachedLayers(of: Catalog.tableName(orDefault: error.table), for: preferences)
        return format(error, stack: layers.stack, layers: layers)
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
        var showsCallerText = false
        let (title, titleOrigin) = resolve(.title, of: error, in: layers, showsCallerText: &showsCallerText)
        let (message, messageOrigin) = resolve(.message, of: error, in: layers, showsCallerText: &showsCallerText)
        let (button, buttonOrigin) = resolve(.button, of: error, in: layers, showsCallerText: &showsCallerText)
        // Indexed by `ErrorField.rawValue`.
        return FormattedError(
            title: title, message: message, button: button, provenance: [titleOrigin, messageOrigin, buttonOrigin],
            stack: stack.localizations, isUntranslated: stack.isUntranslated, showsCallerText: showsCallerText)
    }

    /// The first rule of `field` that yields a string. Texts carried by the error count only when
    /// non-empty (an `NSError` often has `""` where it means "none"); a table value counts even
    /// when empty, as in Apple's tables, but only if the error's arguments satisfy it (else the
    /// next localization's string is tried, then the next rule). Every rule list of the default set ends in
    /// a rule that always yields (`builtin` or `empty`); a custom set without one ends in "".
    /// Sets `showsCallerText` when the rule that yields shows a text the error carries.
    private func resolve(
        _ field: ErrorField, of error: ErrorInfo, in layers: TableLayers, showsCallerText: inout Bool
    ) -> (String, Provenance) {
        var rejections: [Rejection] = []
        for rule in rules.rules(for: field) {
            switch rule {
            case .key(let template):
                let key = template.key(for: error)
                let resolution = layers.resolve(TableKey(key), arguments: error.arguments)
                if !resolution.rejections.isEmpty { rejections += resolution.rejections }
                if let hit = resolution.hit {
                    return (hit.value, Provenance(rule: rule.identifier, key: key, localization: hit.localization,
                                                  table: hit.table, rejections: rejections))
                }
            case .failureReason:
                if let text = error.failureReason, !text.isEmpty {
                    showsCallerText = true
                    return (text, Provenance(rule: rule.identifier, rejections: rejections))
                }
            case .recoverySuggestion:
                if let text = error.recoverySuggestion, !text.isEmpty {
                    showsCallerText = true
                    return (text, Provenance(rule: rule.identifier, rejections: rejections))
                }
            case .description:
                if let text = error.description, !text.isEmpty {
                    showsCallerText = true
                    return (text, Provenance(rule: rule.identifier, rejections: rejections))
                }
            case .builtin(let text):
                return (text, Provenance(rule: rule.identifier, rejections: rejections))
            case .empty:
                return ("", Provenance(rule: rule.identifier, rejections: rejections))
            }
        }
        return ("", Provenance(rule: Rule.empty.identifier, rejections: rejections))
    }
}
