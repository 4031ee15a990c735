package org.errorformatter;

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
        return Utf8.items(Native.normalizeLocale(Utf8.encode(locale, "locale"))).get(0);
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
        List<String> items = Utf8.items(Native.localeChain(Utf8.encode(locale, "locale")));
        int count = Integer.parseInt(items.get(2));
        LocaleChain.Entry[] entries = new LocaleChain.Entry[count];
        for (int index = 0; index < count; index++) {
            entries[index] = new LocaleChain.Entry(items.get(3 + 2 * index),
                    ChainKind.of(Integer.parseInt(items.get(4 + 2 * index))));
        }
        return new LocaleChain(items.get(0), items.get(1).equals("1"), List.of(entries));
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

    private static List<String> list(byte[] packed) {
        List<String> items = Utf8.items(packed);
        int count = Integer.parseInt(items.get(0));
        return List.copyOf(items.subList(1, 1 + count));
    }
}
