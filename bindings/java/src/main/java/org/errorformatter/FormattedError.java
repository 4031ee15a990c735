package org.errorformatter;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A localized title, message and button label, with where each came from. Immutable; made of
 * Java strings only, so it outlives the {@link Catalog} that made it.
 *
 * @param title the localized title
 * @param message the localized message (may be empty)
 * @param button the localized button label
 * @param stack the localizations searched, most specific first, as spelled in the catalog
 *     ({@code ""} for the unlocalized tables); unmodifiable
 * @param untranslated true when the preferences asked for no translation ({@code C} or
 *     {@code POSIX})
 * @param provenance each field's provenance, in {@link Field} order (title, message, button);
 *     unmodifiable; see {@link #provenance(Field)}
 */
public record FormattedError(String title, String message, String button, List<String> stack,
                             boolean untranslated, List<Provenance> provenance) {
    /**
     * Makes a result from its parts; the lists are copied.
     *
     * @param title as the record's component
     * @param message as the record's component
     * @param button as the record's component
     * @param stack as the record's component
     * @param untranslated as the record's component
     * @param provenance as the record's component: exactly three entries
     */
    public FormattedError {
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(button, "button");
        stack = List.copyOf(stack);
        provenance = List.copyOf(provenance);
        if (provenance.size() != Field.values().length) {
            throw new IllegalArgumentException("provenance needs one entry per field, got " + provenance.size());
        }
    }

    /**
     * Where one field came from.
     *
     * @param field the field
     * @return its provenance
     */
    public Provenance provenance(Field field) {
        return provenance.get(field.ordinal());
    }

    /**
     * The text of one field.
     *
     * @param field the field
     * @return its localized text
     */
    public String text(Field field) {
        switch (field) {
            case TITLE:
                return title;
            case MESSAGE:
                return message;
            default:
                return button;
        }
    }

    /**
     * The result whose {@code ef_format_packed_reusable} output is {@code output}: the items of
     * {@code ef_format_packed}, then one description per rejection (docs/packed-format.md).
     *
     * @throws ErrorFormatterException {@link Status#INTERNAL} for an output that is not one
     */
    static FormattedError fromPacked(byte[] output) {
        String what = "formatted error";
        List<String> items = Packed.items(output, what);
        long[] header = Packed.header(items, Packed.EF_PACKED_FORMAT_HEADER_NUMBERS, what);
        int size = items.size();
        boolean untranslated = Packed.bounded(header[0], 1, "the untranslated flag", what) == 1;
        int stackCount = Packed.bounded(header[1], size, "the stack count", what);
        int[] rejectionCounts = new int[Packed.FIELDS];
        long rejectionTotal = 0;
        for (int field = 0; field < Packed.FIELDS; field++) {
            rejectionCounts[field] = Packed.bounded(header[2 + field], size, "a rejection count", what);
            rejectionTotal += rejectionCounts[field];
        }
        int nullMask = Packed.bounded(header[5], Packed.nullBit(Packed.FIELDS, 0) - 1, "the null mask", what);
        Packed.expectCount(items, Packed.EF_PACKED_STACK + stackCount
                + (Packed.EF_PACKED_REJECTION_ITEMS + 1) * rejectionTotal, what);
        List<Provenance> provenance = new ArrayList<>(Packed.FIELDS);
        int next = Packed.EF_PACKED_STACK + stackCount;
        int description = next + Packed.EF_PACKED_REJECTION_ITEMS * (int) rejectionTotal;
        for (int field = 0; field < Packed.FIELDS; field++) {
            List<Rejection> rejections = new ArrayList<>(rejectionCounts[field]);
            for (int index = 0; index < rejectionCounts[field]; index++) {
                rejections.add(Rejection.fromItems(items, next, items.get(description)));
                next += Packed.EF_PACKED_REJECTION_ITEMS;
                description++;
            }
            int start = Packed.EF_PACKED_PROVENANCE + field * Packed.EF_PACKED_PROVENANCE_ITEMS;
            provenance.add(new Provenance(items.get(start),
                    (nullMask & Packed.nullBit(field, 0)) != 0 ? null : items.get(start + 1),
                    (nullMask & Packed.nullBit(field, 1)) != 0 ? null : items.get(start + 2),
                    (nullMask & Packed.nullBit(field, 2)) != 0 ? null : items.get(start + 3),
                    rejections));
        }
        return new FormattedError(items.get(Packed.EF_PACKED_TITLE), items.get(Packed.EF_PACKED_MESSAGE),
                items.get(Packed.EF_PACKED_BUTTON),
                items.subList(Packed.EF_PACKED_STACK, Packed.EF_PACKED_STACK + stackCount), untranslated, provenance);
    }
}
