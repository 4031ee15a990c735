/// A CLDR plural category: the keys of a `.stringsdict` plural rule and of a String Catalog's
/// `plural` variations.
enum PluralCategory: String, Sendable, Hashable, CaseIterable, Comparable {
    /// `zero` (Arabic 0, Welsh 0…; also Apple's rule for an integer 0 when a variant exists).
    case zero
    /// `one` (English 1, French 0 and 1, Russian 21…).
    case one
    /// `two` (Arabic 2, Welsh 2…).
    case two
    /// `few` (Russian 2–4, Polish 22…).
    case few
    /// `many` (Russian 5–20, Arabic 11…).
    case many
    /// `other`: every language has it, and it is the fallback for a missing category.
    case other

    /// CLDR's order (`zero` first, `other` last), which is also how lint lists them.
    static func < (lhs: PluralCategory, rhs: PluralCategory) -> Bool {
        lhs.index < rhs.index
    }

    /// The position in ``allCases`` (CLDR's order), for tables indexed by category.
    var index: Int {
        switch self {
        case .zero: 0
        case .one: 1
        case .two: 2
        case .few: 3
        case .many: 4
        case .other: 5
        }
    }
}
