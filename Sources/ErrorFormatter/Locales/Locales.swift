/// Locale IDs as ErrorFormatter understands them: normalization of BCP 47, ICU and POSIX
/// spellings, the CLDR fallback chain exactly as ICU's resource-bundle lookup walks it,
/// negotiation of the user's preferences against a catalog's localizations, and the user's
/// preferences from the POSIX environment or an HTTP `Accept-Language` header.
///
/// Everything is computed from the ICU the process runs on (no hand-written locale tables), never
/// depends on the process default locale or `LANG`, and never changes ICU's global state. All
/// members are safe to call from any thread.
public enum Locales {}
