extension VariableFormat.Variable {
    /// The CLDR plural categories, the only variant keys of a plural rule in every table format
    /// (`.stringsdict`, String Catalogs, JSON tables).
    package static let pluralCategories: Set<String> = ["zero", "one", "two", "few", "many", "other"]
}
