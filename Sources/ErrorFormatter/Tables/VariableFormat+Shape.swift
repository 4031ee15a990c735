extension VariableFormat {
    /// What no table loader makes of a variable format, said in one line; `nil` for a format that
    /// one of them could have made.
    ///
    /// Every loader (`.stringsdict`, String Catalog, JSON table) leaves an entry out, with a
    /// diagnostic, rather than keep one that breaks these rules: a plural variant is keyed by a
    /// CLDR category; a plural or device variable has an `other` variant, the fallback of its
    /// rule; every variable the format or a variant references is defined. A variable format
    /// read from elsewhere (a compiled catalog's section) is held to the same rules, so that it
    /// can only be what a source table could have given.
    var shapeProblem: String? {
        for name in variables.keys.sorted(by: { $0.precedesInUTF8Order($1) }) {
            guard let variable = variables[name] else { continue }
            let quotedName = MessageEscaping.quoted(name)
            if variable.ruleType == .plural,
               let unknown = variable.variants.keys.sorted(by: { $0.precedesInUTF8Order($1) })
                   .first(where: { !Variable.pluralCategories.contains($0) })
            {
                return "the plural variable \(quotedName) has the variant \(MessageEscaping.quoted(unknown)), "
                    + "which is not a plural category"
            }
            if variable.ruleType != .width, variable.variants["other"] == nil {
                return "the variable \(quotedName) has no \"other\" variant"
            }
        }
        var texts = [format]
        for name in variables.keys.sorted(by: { $0.precedesInUTF8Order($1) }) {
            guard let variants = variables[name]?.variants else { continue }
            texts += variants.keys.sorted(by: { $0.precedesInUTF8Order($1) }).compactMap { variants[$0] }
        }
        for text in texts {
            if let undefined = FormatReferences.variableNames(in: text).first(where: { variables[$0] == nil }) {
                return "it references the variable \(MessageEscaping.quoted(undefined)), which it does not define"
            }
        }
        return nil
    }
}
