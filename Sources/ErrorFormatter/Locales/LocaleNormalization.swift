/// What a user- or file-supplied locale string means, after `Locales.normalize(_:)`.
public enum LocaleNormalization: Sendable, Hashable {
    /// A canonical ICU base name in underscore form (`zh_Hant_TW`, `sr_Latn_RS`, `ca_ES_VALENCIA`),
    /// containing only `[A-Za-z0-9_]`. `""` means root/`und`: the base table only.
    case locale(String)
    /// `C`, `POSIX` or `C.<codeset>`: translations are disabled (gettext semantics), the base
    /// table is used as is.
    case untranslated
}
