extension Catalog {
    /// What a catalog does beyond serving its tables as they are. None by default, so a catalog
    /// opened as before 1.3 renders as it did.
    public struct Options: OptionSet, Sendable, Hashable {
        public let rawValue: UInt32

        public init(rawValue: UInt32) {
            self.rawValue = rawValue
        }

        /// Numbers written as Foundation's `String(format:locale:)` writes them for the locale
        /// of the text that shows them (``NumberStyle/localized``), unless a call says otherwise
        /// (``ErrorInfo/numberStyle``, a lookup's `numberStyle`). Without it, in the C locale.
        public static let localizedNumbers = Options(rawValue: 1 << 0)
    }

    /// How a call that does not choose writes numbers.
    var defaultNumberStyle: NumberStyle {
        options.contains(.localizedNumbers) ? .localized : .cLocale
    }
}

