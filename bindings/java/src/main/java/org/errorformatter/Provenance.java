package org.errorformatter;

import java.util.List;

/**
 * Where one field of a {@link FormattedError} came from.
 *
 * @param rule the rule that produced it: {@code code-key}, {@code domain-key},
 *     {@code generic-key}, {@code button-key}, {@code failure-reason},
 *     {@code recovery-suggestion}, {@code description}, {@code builtin} or {@code empty}
 * @param key the table key read, e.g. {@code "errors.kCLErrorDomain.0.title"}; null unless the
 *     rule read a key
 * @param locale the localization the string came from as spelled in the catalog ({@code "fr"},
 *     {@code "Base"}), {@code ""} for an unlocalized table; null unless the rule read a key
 * @param table the table the string came from; null unless the rule read a key
 * @param rejections the strings found for the field but not shown, in the order tried
 *     (unmodifiable)
 */
public record Provenance(String rule, String key, String locale, String table, List<Rejection> rejections) {
    /**
     * Makes a provenance; the rejections are copied.
     *
     * @param rule as the record's component
     * @param key as the record's component
     * @param locale as the record's component
     * @param table as the record's component
     * @param rejections as the record's component
     */
    public Provenance {
        java.util.Objects.requireNonNull(rule, "rule");
        rejections = List.copyOf(rejections);
    }
}
