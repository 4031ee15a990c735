package org.errorformatter;

/** The kind of an entry of a {@link LocaleChain} ({@code EF_CHAIN_*}). */
public enum ChainKind {
    /** No ICU data for this ID; inserted by the CLDR parent algorithm (e.g. {@code az_Arab}). */
    ABSTRACT,
    /** ICU has locale data for this ID. */
    BUNDLE,
    /** A legacy or alias ID (e.g. {@code zh_TW}); the next entry is its target. */
    ALIAS;

    static ChainKind of(int code) {
        switch (code) {
            case Packed.EF_CHAIN_BUNDLE:
                return BUNDLE;
            case Packed.EF_CHAIN_ALIAS:
                return ALIAS;
            default:
                return ABSTRACT;
        }
    }
}
