/// What `Lint.run` is told beyond the paths.
public struct LintOptions: Sendable {
    /// The locale of the development text (`--development-locale`). When `nil`: `Base` if it
    /// holds tables, else `en`; a String Catalog's own `sourceLanguage` always wins for it.
    public var developmentLocale: String?
    /// A registry of the errors the program raises (`--registry`): the JSON registry
    /// `errfmt codegen --lang json` writes, or plain `domain code` lines. Each catalog is checked
    /// against it: errors without texts in some localization, texts for errors it does not
    /// name, argument lists that differ (docs/codegen.md).
    public var registry: String?

    public init(developmentLocale: String? = nil, registry: String? = nil) {
        self.developmentLocale = developmentLocale
        self.registry = registry
    }
}
