extension VariableFormat.Variable {
    /// The CLDR plural categories, the only variant keys of a plural rule in every table format
    /// (`.stringsdict`, String Catalogs, JSON tables).
    package static let pluralCategories: Set<String> = ["zero", "one", "two", "few", "many", "other"]

    /// The warning every table loader gives for a plural variant keyed by something other than a
    /// CLDR category (the variant is then ignored), or `nil` when `key` is a category. The loader
    /// adds where the variant is written.
    ///
    /// - Parameters:
    ///   - key: The variant's key.
    ///   - owner: What the variant belongs to, as the loader names it (`"key"`,
    ///     `variable "n" in "key"`).
    package static func unknownPluralCategory(_ key: String, of owner: String) -> (code: String, message: String)? {
        guard !pluralCategories.contains(key) else { return nil }
        return ("unknown-plural-category",
                "\"\(key)\" in \(owner) is not a plural category (zero one two few many other); the variant is ignored")
    }
}
