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

    /**
     * The lookup whose {@code ef_catalog_lookup_packed_v2} output is {@code output}: the items of
     * {@code ef_catalog_lookup_packed}, then one description per rejection.
     *
     * @throws ErrorFormatterException {@link Status#INTERNAL} for an output that is not one
     */
    static LookupResult fromPacked(byte[] output) {
        String what = "lookup";
        List<String> items = Packed.items(output, what);
        long[] header = Packed.header(items, Packed.EF_PACKED_LOOKUP_HEADER_NUMBERS, what);
        boolean found = Packed.bounded(header[0], 1, "the found flag", what) == 1;
        int count = Packed.bounded(header[1], items.size(), "the rejection count", what);
        Packed.expectCount(items, Packed.EF_PACKED_LOOKUP_REJECTIONS
                + (long) (Packed.EF_PACKED_REJECTION_ITEMS + 1) * count, what);
        List<Rejection> rejections = new ArrayList<>(count);
        int description = Packed.EF_PACKED_LOOKUP_REJECTIONS + Packed.EF_PACKED_REJECTION_ITEMS * count;
        for (int index = 0; index < count; index++) {
            rejections.add(Rejection.fromItems(items,
                    Packed.EF_PACKED_LOOKUP_REJECTIONS + Packed.EF_PACKED_REJECTION_ITEMS * index,
                    items.get(description + index)));
        }
        return new LookupResult(found ? items.get(Packed.EF_PACKED_LOOKUP_VALUE) : null,
                found ? items.get(Packed.EF_PACKED_LOOKUP_LOCALE) : null, items.get(Packed.EF_PACKED_LOOKUP_TABLE),
                rejections);
    }
}
