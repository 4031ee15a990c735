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
        // Each field's provenance is filled in place, part by part: a `Provenance` returned
        // by value was copied whole into the caller and the original destroyed.
        var titleOrigin = Provenance(rule: ""), messageOrigin = Provenance(rule: ""), buttonOrigin = Provenance(rule: "")
        let title = resolve(.title, of: error, in: layers, origin: &titleOrigin, showsCallerText: &showsCallerText)
        let message = resolve(.message, of: error, in: layers, origin: &messageOrigin, showsCallerText: &showsCallerText)
        let button = resolve(.button, of: error, in: layers, origin: &buttonOrigin, showsCallerText: &showsCallerText)
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
    /// Fills `origin` (a `Provenance` with no key, localization, table or rejections) with the
    /// provenance of the text; sets `showsCallerText` when that rule shows a text the error carries.
    private func resolve(
        _ field: ErrorField, of error: ErrorInfo, in layers: TableLayers, origin: inout Provenance,
        showsCallerText: inout Bool
    ) -> String {
        var rejections: [Rejection] = []
        for rule in rules.rules(for: field) {
            switch rule {
            case .key(let template):
                let key = template.key(for: error)
                let resolution = layers.resolve(TableKey(key), arguments: error.arguments)
                if !resolution.rejections.isEmpty { rejections += resolution.rejections }
                if let hit = resolution.hit {
                    origin.rule = rule.identifier
                    origin.key = key
                    origin.localization = hit.localization
                    origin.table = hit.table
                    origin.rejections = rejections
                    return hit.value
                }
            case .failureReason:
                if let text = error.failureReason, !text.isEmpty {
                    showsCallerText = true
                    origin.rule = rule.identifier
                    origin.rejections = rejections
                    return text
                }
            case .recoverySuggestion:
                if let text = error.recoverySuggestion, !text.isEmpty {
                    showsCallerText = true
                    origin.rule = rule.identifier
                    origin.rejections = rejections
                    return text
                }
            case .description:
                if let text = error.description, !text.isEmpty {
                    showsCallerText = true
                    origin.rule = rule.identifier
                    origin.rejections = rejections
                    return text
                }
            case .builtin(let text):
                origin.rule = rule.identifier
                origin.rejections = rejections
                return text
            case .empty:
                origin.rule = rule.identifier
                origin.rejections = rejections
                return ""
            }
        }
        origin.rule = Rule.empty.identifier
        origin.rejections = rejections
        return ""
    }
}
