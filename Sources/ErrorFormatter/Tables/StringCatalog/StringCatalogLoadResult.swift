/// The result of loading a String Catalog (`.xcstrings`): one `TableContents` per language.
struct StringCatalogLoadResult: Sendable {
    /// The catalog's `sourceLanguage`, as spelled in the file (`en`, `pt-BR`); `nil` on failure.
    var sourceLanguage: String?
    /// The contents of each language, keyed by the catalog's spelling of the language (`fr`,
    /// `zh-Hans`, `pt-BR`). The source language is always present (its texts default to the
    /// keys); another language appears when at least one entry has a translation into it.
    var tables: [String: TableContents]
    /// Why the file cannot be used at all (severity error, with position), or `nil`.
    var failure: Diagnostic?
    /// Everything else noticed (entries left out, odd states…), with line and column; `file` is
    /// left for the caller to set.
    var diagnostics: [Diagnostic]

    /// A result; loaders build these.
    init(
        sourceLanguage: String?, tables: [String: TableContents],
        failure: Diagnostic? = nil, diagnostics: [Diagnostic] = []
    ) {
        self.sourceLanguage = sourceLanguage
        self.tables = tables
        self.failure = failure
        self.diagnostics = diagnostics
    }
}
