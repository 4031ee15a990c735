/// A CLDR plural category: the keys of a `.stringsdict` plural rule and of a String Catalog's
/// `plural` variations.
public enum PluralCategory: String, Sendable, Hashable, CaseIterable, Comparable {
    case zero, one, two, few, many, other

    /// CLDR's order (`zero` first, `other` last), which is also how lint lists them.
    public static func < (lhs: PluralCategory, rhs: PluralCategory) -> Bool {
        lhs.rank < rhs.rank
    }

    private var rank: Int {
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
