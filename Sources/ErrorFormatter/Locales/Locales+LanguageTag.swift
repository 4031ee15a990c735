import CICU

extension Locales {
    /// The BCP 47 tag of a normalized locale ID (``normalize(_:)``'s form): `zh_Hant_TW` →
    /// `zh-Hant-TW`, `ca_ES_VALENCIA` → `ca-ES-valencia`, `iw` → `he`, root (`""`) → `und`; what
    /// an HTTP `Content-Language` field names. ICU writes it (`uloc_toLanguageTag`, strict), so
    /// it holds only ASCII letters, digits and `-`; `nil` when ICU cannot.
    package static func languageTag(ofNormalized id: String) -> String? {
        guard let tag = ICUCall.string({ cicu_uloc_toLanguageTag(id, $0, $1, 1, &$2) }),
              !tag.isEmpty,
              tag.utf8.allSatisfy({ byte in
                  byte == UInt8(ascii: "-") || (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
              })
        else { return nil }
        return tag
    }
}
