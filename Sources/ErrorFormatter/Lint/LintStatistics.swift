/// Translation coverage of one table of one localization against the development table, as
/// `msgfmt --statistics` reports it for a `.po` file.
package struct LintStatistics: Sendable, Hashable {
    /// The translation's first file, as the user named it.
    package var file: String
    package var localization: String
    package var table: String
    /// Development keys the translation has, with a text different from the development one.
    package var translated: Int
    /// Development keys the translation has with exactly the development text.
    package var identical: Int
    /// Development keys the translation lacks.
    package var missing: Int
    /// Keys only the translation has.
    package var extra: Int

    /// Development keys in all.
    package var total: Int { translated + identical + missing }

    /// Percentage of development keys present in the translation, rounded down; 100 for an
    /// empty development table.
    package var coveragePercent: Int {
        total == 0 ? 100 : (translated + identical) * 100 / total
    }

    /// `fr.lproj/Localizable.strings: 40 translated, 2 identical to the development text, 3 missing (93% coverage)`.
    package var description: String {
        var text = "\(file): \(translated) translated, \(identical) identical to the development text, \(missing) missing"
        if extra > 0 { text += ", \(extra) not in the development table" }
        return text + " (\(coveragePercent)% coverage)"
    }
}
