package org.errorformatter;

import java.util.List;
import java.util.Objects;

/**
 * A locale's CLDR fallback chain, most specific first, without root, as ICU's resource-bundle
 * lookup resolves it ({@code es_MX -> es_419 -> es}). Made by {@link Locales#chain(String)}.
 *
 * @param normalized the normalized ID the chain was computed for, e.g. {@code "es_MX"}
 * @param untranslated true for {@code C} or {@code POSIX} (then the chain is empty)
 * @param entries the entries, most specific first; unmodifiable
 */
public record LocaleChain(String normalized, boolean untranslated, List<Entry> entries) {
    /**
     * Makes a chain; the entries are copied.
     *
     * @param normalized as the record's component
     * @param untranslated as the record's component
     * @param entries as the record's component
     */
    public LocaleChain {
        Objects.requireNonNull(normalized, "normalized");
        entries = List.copyOf(entries);
    }

    /**
     * The IDs of the entries, in order.
     *
     * @return e.g. {@code [es_MX, es_419, es]}
     */
    public List<String> ids() {
        return entries.stream().map(Entry::id).toList();
    }

    /**
     * One entry of a chain.
     *
     * @param id the ID in ICU form, e.g. {@code "zh_Hant_TW"}
     * @param kind what ICU knows of it
     */
    public record Entry(String id, ChainKind kind) {
        /**
         * Makes an entry.
         *
         * @param id as the record's component
         * @param kind as the record's component
         */
        public Entry {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(kind, "kind");
        }
    }
}
