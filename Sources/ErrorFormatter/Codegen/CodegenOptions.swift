/// What `Codegen.generate` is told beyond the catalog (`errfmt codegen`'s options).
public struct CodegenOptions: Sendable {
    /// The language written.
    public var language: CodegenLanguage
    /// The table whose errors get constructors (`--table`).
    public var table: String
    /// The locale of the development text (`--development-locale`); as for lint when `nil`.
    public var developmentLocale: String?
    /// A file of `domain code Name` lines giving errors readable names (`--names`).
    public var names: String?
    /// A registry of the errors the program raises (`--registry`): the errors it names get a
    /// constructor even without texts.
    public var registry: String?
    /// The generated module's name (the C++ namespace, the Swift enum, the Java class, the Go
    /// package, the include guard): `nil` means the output file's name without its extension,
    /// else the table's name followed by `Errors`.
    public var module: String?
    /// The Java package, or the Go package: `nil` means none for Java, and for Go the output
    /// file's directory name, else the module's.
    public var package: String?
    /// Where the output will be written (`-o`): only its name is read, for the defaults above.
    public var outputPath: String?

    public init(language: CodegenLanguage, table: String = Catalog.defaultTable, developmentLocale: String? = nil,
                names: String? = nil, registry: String? = nil, module: String? = nil, package: String? = nil,
                outputPath: String? = nil) {
        self.language = language
        self.table = table
        self.developmentLocale = developmentLocale
        self.names = names
        self.registry = registry
        self.module = module
        self.package = package
        self.outputPath = outputPath
    }
}

/// What `Codegen.generate` produced: the source, or the findings that refused it.
public struct CodegenResult: Sendable {
    /// The generated file, or `nil` when findings refused it (``isRefused``).
    public var source: String?
    /// Everything found, refusals first in file order: self-contradicting development texts,
    /// names that collide, a table defined twice; and, which do not refuse, translations that
    /// disagree with the development text (as lint reports them) and unused names.
    public var diagnostics: [Diagnostic]

    /// Whether nothing was generated.
    public var isRefused: Bool { source == nil }

    package init(source: String?, diagnostics: [Diagnostic]) {
        self.source = source
        self.diagnostics = diagnostics
    }
}
