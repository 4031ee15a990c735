/// How the numbers of a rendered text are written: what `%d`, `%f`, `%e`, `%g` and their kin
/// show (docs/formatting.md, "Numbers").
public enum NumberStyle: Sendable, Hashable {
    /// As C's `printf` writes them in the C locale: `1234567.5`, whatever the text's language.
    /// What every 1.x release wrote, and the default.
    case cLocale
    /// As Foundation's `String(format:locale:)` writes them for the locale of the localization
    /// that supplied the text (the locale whose plural rules it uses): `1 234 567,5` in French,
    /// `١٬٢٣٤٬٥٦٧٫٥` in Egyptian Arabic, `12,34,567.5` in Indian English.
    case localized
}
