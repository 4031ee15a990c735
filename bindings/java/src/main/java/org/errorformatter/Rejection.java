package org.errorformatter;

/**
 * A table string that was found but not shown, because the arguments could not satisfy it (an
 * argument missing, of another type, ...); the next localization's string, then the next rule,
 * was used instead.
 *
 * @param key the table key, e.g. {@code "errors.SyncErrorDomain.2.message"}
 * @param locale the localization as spelled in the catalog, {@code ""} for an unlocalized table
 * @param table the table, e.g. {@code "Localizable"}
 * @param code the problem's stable code, e.g. {@code "missing-argument"}
 * @param message the problem, in one line
 */
public record Rejection(String key, String locale, String table, String code, String message) {
    /**
     * The one-line form of the C API's {@code ef_result_rejection}.
     *
     * @return {@code key in locale/table: message [code]}, {@code (unlocalized)} for no locale
     */
    @Override
    public String toString() {
        return key + " in " + (locale.isEmpty() ? "(unlocalized)" : locale) + "/" + table + ": " + message
                + " [" + code + "]";
    }

    /** Items in a packed output (key, locale, table, code, message) per rejection. */
    static final int ITEMS = 5;

    /** The rejection whose packed items start at {@code start}. */
    static Rejection fromItems(java.util.List<String> items, int start) {
        return new Rejection(items.get(start), items.get(start + 1), items.get(start + 2), items.get(start + 3),
                items.get(start + 4));
    }
}
