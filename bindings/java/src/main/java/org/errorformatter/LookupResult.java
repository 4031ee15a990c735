package org.errorformatter;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The value of a key looked up with {@link Catalog#lookup}: rendered with the arguments, from
 * the first localization of the stack that has a usable one. Immutable.
 *
 * @param value the rendered value, or null when no localization has a usable one
 * @param locale the localization that supplied it ({@code ""} for an unlocalized table), or null
 *     when not found
 * @param table the table searched
 * @param rejections the strings found but not rendered, because the arguments could not satisfy
 *     them, in the order tried; unmodifiable
 */
public record LookupResult(String value, String locale, String table, List<Rejection> rejections) {
    /**
     * Makes a lookup result; the rejections are copied.
     *
     * @param value as the record's component
     * @param locale as the record's component
     * @param table as the record's component
     * @param rejections as the record's component
     */
    public LookupResult {
        Objects.requireNonNull(table, "table");
        rejections = List.copyOf(rejections);
    }

    /**
     * Whether a usable value was found.
     *
     * @return true when {@link #value()} is not null
     */
    public boolean found() {
        return value != null;
    }

    /**
     * The value, for callers that prefer {@link Optional} to null.
     *
     * @return the value, or empty when not found
     */
    public Optional<String> valueIfFound() {
        return Optional.ofNullable(value);
    }

    /** The lookup whose ef_catalog_lookup_packed output (without its last NUL) is {@code packed}. */
    static LookupResult fromPacked(byte[] packed) {
        List<String> items = Utf8.items(packed);
        String[] header = items.get(0).split(" ");
        boolean found = header[0].equals("1");
        int count = Integer.parseInt(header[1]);
        List<Rejection> rejections = new ArrayList<>(count);
        for (int start = 4; start < 4 + Rejection.ITEMS * count; start += Rejection.ITEMS) {
            rejections.add(Rejection.fromItems(items, start));
        }
        return new LookupResult(found ? items.get(1) : null, found ? items.get(2) : null, items.get(3),
                rejections);
    }
}
