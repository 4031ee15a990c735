/// The pseudo-locales a catalog serves when asked (``Catalog/Options/pseudoLocales``): texts of
/// the development localization made to look foreign, so that a layout that breaks on longer or
/// right-to-left text, a string nobody localized, or a key shown raw is seen before users see it.
///
/// Android's two (`en-XA`, `ar-XB`) and Mozilla's `qps-ploc` (the same as `en-XA`). They are
/// private-use regions: negotiation reaches one only by its own name, never by falling back
/// from a real locale (`en` never gets `en-XA`).
enum PseudoLocale: CaseIterable, Sendable {
    /// `en-XA`: accented letters, about 40% longer, each text in brackets: `[Ŝýñç ƒåîļéð one two]`.
    case accented
    /// `ar-XB`: each word wrapped in a right-to-left override, as Android wraps it.
    case bidirectional

    /// The name of the localization it is served as (what provenance shows).
    var localization: String {
        switch self {
        case .accented: "en-XA"
        case .bidirectional: "ar-XB"
        }
    }

    /// The pseudo-locale a preference names, in any spelling (`en-XA`, `en_XA`, `qps-ploc`);
    /// `nil` for any other preference.
    static func named(_ preference: String) -> PseudoLocale? {
        guard case .locale(let id)? = try? Locales.normalize(preference) else { return nil }
        return normalizedNames.first { $0.id == id }?.pseudo
    }

    /// Each name's normalized ID: what a preference normalizes to when it names one.
    private static let normalizedNames: [(id: String, pseudo: PseudoLocale)] = {
        let names: [(String, PseudoLocale)] = [("en-XA", .accented), ("qps-ploc", .accented), ("ar-XB", .bidirectional)]
        return names.compactMap { name, pseudo in
            guard case .locale(let id)? = try? Locales.normalize(name), !id.isEmpty else { return nil }
            return (id, pseudo)
        }
    }()
}
