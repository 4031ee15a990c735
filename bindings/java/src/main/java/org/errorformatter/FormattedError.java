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
    /** Items of ef_format_packed before the stack: header, three texts, 4 per field. */
    private static final int STACK_START = 16;
    private static final int PER_FIELD = 4;

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

    /** The result whose ef_format_packed output (without its last NUL) is {@code packed}. */
    static FormattedError fromPacked(byte[] packed) {
        List<String> items = Utf8.items(packed);
        String[] header = items.get(0).split(" ");
        boolean untranslated = header[0].equals("1");
        int stackCount = Integer.parseInt(header[1]);
        int nullMask = Integer.parseInt(header[5]);
        List<String> stack = items.subList(STACK_START, STACK_START + stackCount);
        List<Provenance> provenance = new ArrayList<>(3);
        int next = STACK_START + stackCount;
        for (Field field : Field.values()) {
            int start = 4 + field.ordinal() * PER_FIELD;
            int bit = 3 * field.ordinal();
            int rejectionCount = Integer.parseInt(header[2 + field.ordinal()]);
            List<Rejection> rejections = new ArrayList<>(rejectionCount);
            for (int index = 0; index < rejectionCount; index++, next += Rejection.ITEMS) {
                rejections.add(Rejection.fromItems(items, next));
            }
            provenance.add(new Provenance(items.get(start),
                    (nullMask & (1 << bit)) != 0 ? null : items.get(start + 1),
                    (nullMask & (1 << (bit + 1))) != 0 ? null : items.get(start + 2),
                    (nullMask & (1 << (bit + 2))) != 0 ? null : items.get(start + 3),
                    rejections));
        }
        return new FormattedError(items.get(1), items.get(2), items.get(3), stack, untranslated, provenance);
    }
}
