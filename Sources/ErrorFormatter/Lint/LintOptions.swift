/// What `Lint.run` is told beyond the paths.
public struct LintOptions: Sendable {
    /// The locale of the development text (`--development-locale`). When `nil`: `Base` if it
    /// holds tables, else `en`; a String Catalog's own `sourceLanguage` always wins for it.
    public var developmentLocale: String?

    public init(developmentLocale: String? = nil) {
        self.developmentLocale = developmentLocale
    }
}
