package org.errorformatter;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Locale identifiers as the library reads them: normalization, CLDR fallback chains, and the
 * user's preferences from the environment or an HTTP {@code Accept-Language} header. The
 * negotiation of preferences against a catalog's localizations happens in
 * {@link Catalog#format}, whose {@link FormattedError#stack()} shows its outcome.
 */
public final class Locales {
    private Locales() {
    }

    /**
     * Normalizes a locale ID to ICU's canonical form: {@code "zh-Hant-TW"} gives
     * {@code "zh_Hant_TW"}. {@code "und"}, {@code "root"}, {@code "C"} and {@code "POSIX"} give
     * {@code ""}; {@link #chain(String)} tells C/POSIX (untranslated) apart.
     *
     * @param locale a BCP 47, ICU or POSIX spelling
     * @return the normalized ID
     * @throws ErrorFormatterException {@link Status#INVALID_LOCALE} for a malformed ID (too
     *     long, non-ASCII, bad syntax), {@link Status#INVALID_ARGUMENT} for one holding U+0000
     * @throws NullPointerException when {@code locale} is null
     */
    public static String normalize(String locale) {
        return new String(Native.normalizeLocale(Utf8.encode(locale, "locale")), StandardCharsets.UTF_8);
    }

    /**
     * The CLDR fallback chain of a locale, most specific first, without root:
     * {@code chain("es-MX").ids()} is {@code [es_MX, es_419, es]}.
     *
     * @param locale a BCP 47, ICU or POSIX spelling
     * @return the chain
     * @throws ErrorFormatterException as for {@link #normalize(String)}
     * @throws NullPointerException when {@code locale} is null
     */
    public static LocaleChain chain(String locale) {
        return chainFromPacked(Native.localeChain(Utf8.encode(locale, "locale")));
    }

    /** The chain of an {@code ef_locale_chain_packed} output. */
    static LocaleChain chainFromPacked(byte[] output) {
        String what = "locale chain";
        List<String> items = Packed.items(output, what);
        long[] header = Packed.header(items, Packed.EF_PACKED_CHAIN_HEADER_NUMBERS, what);
        boolean untranslated = Packed.bounded(header[0], 1, "the untranslated flag", what) == 1;
        int count = Packed.bounded(header[1], items.size(), "the entry count", what);
        Packed.expectCount(items, Packed.EF_PACKED_CHAIN_ENTRIES + (long) Packed.EF_PACKED_CHAIN_ENTRY_ITEMS * count,
                what);
        LocaleChain.Entry[] entries = new LocaleChain.Entry[count];
        for (int index = 0; index < count; index++) {
            int start = Packed.EF_PACKED_CHAIN_ENTRIES + Packed.EF_PACKED_CHAIN_ENTRY_ITEMS * index;
            entries[index] = new LocaleChain.Entry(items.get(start), ChainKind.of(
                    Packed.bounded(Packed.number(items.get(start + 1), what), Integer.MAX_VALUE, "a kind", what)));
        }
        return new LocaleChain(items.get(Packed.EF_PACKED_CHAIN_NORMALIZED), untranslated, List.of(entries));
    }

    /**
     * The user's preferred locales from the process environment, with gettext's precedence:
     * the locale is the first non-empty of {@code LC_ALL}, {@code LC_MESSAGES}, {@code LANG};
     * {@code LANGUAGE}'s colon-separated list replaces it, except when it is {@code C} or
     * {@code POSIX} (then the list is {@code [C]}: untranslated). Nothing set gives an empty
     * list (the development locale). The library reads the environment of the process
     * ({@code getenv}), which is the one {@link System#getenv()} shows.
     *
     * @return the preferences, most preferred first, to pass to {@link Catalog#format}
     */
    public static List<String> fromEnvironment() {
        return list(Native.preferencesFromEnvironment());
    }

    /**
     * The locales of an HTTP {@code Accept-Language} header, best first (by q-value, stably);
     * {@code q=0} entries, {@code *} and malformed parts are dropped.
     *
     * @param header the header's value, e.g. {@code "fr-CA, fr;q=0.8, en;q=0.5"}
     * @return the preferences, most preferred first, to pass to {@link Catalog#format}
     * @throws ErrorFormatterException {@link Status#INVALID_ARGUMENT} for a header holding
     *     U+0000, {@link Status#INVALID_UTF8} for a lone surrogate
     * @throws NullPointerException when {@code header} is null
     */
    public static List<String> fromAcceptLanguage(String header) {
        return list(Native.preferencesFromAcceptLanguage(Utf8.encode(header, "header")));
    }

    /** The entries of an {@code ef_locale_list_packed} output. */
    static List<String> list(byte[] output) {
        String what = "preference list";
        List<String> items = Packed.items(output, what);
        long[] header = Packed.header(items, Packed.EF_PACKED_LIST_HEADER_NUMBERS, what);
        int count = Packed.bounded(header[0], items.size(), "the entry count", what);
        Packed.expectCount(items, Packed.EF_PACKED_LIST_ENTRIES + (long) count, what);
        return List.copyOf(items.subList(Packed.EF_PACKED_LIST_ENTRIES, Packed.EF_PACKED_LIST_ENTRIES + count));
    }
}
