package org.errorformatter;

import java.util.List;
import java.util.Objects;

/**
 * A table string that was found but not shown, because the arguments could not satisfy it (an
 * argument missing, of another type, ...); the next localization's string, then the next rule,
 * was used instead.
 *
 * <p>Two rejections are equal when their key, locale, table, code and message are: the
 * description is made of them.
 *
 * @param key the table key, e.g. {@code "errors.SyncErrorDomain.2.message"}
 * @param locale the localization as spelled in the catalog, {@code ""} for an unlocalized table
 * @param table the table, e.g. {@code "Localizable"}
 * @param code the problem's stable code, e.g. {@code "missing-argument"}
 * @param message the problem, in one line
 * @param description the library's one-line description, as the C API's
 *     {@code ef_result_rejection} gives it ({@code key in locale/table: message [code]}); null
 *     for a rejection made with {@link #Rejection(String, String, String, String, String)}
 */
public record Rejection(String key, String locale, String table, String code, String message, String description) {
    /**
     * Makes a rejection from its parts, without a description (only the library describes one).
     *
     * @param key as the record's component
     * @param locale as the record's component
     * @param table as the record's component
     * @param code as the record's component
     * @param message as the record's component
     */
    public Rejection(String key, String locale, String table, String code, String message) {
        this(key, locale, table, code, message, null);
    }

    /**
     * The one-line form of the C API's {@code ef_result_rejection}.
     *
     * @return the library's description, e.g. {@code errors.D.1.title in fr/Localizable: the
     *     format uses argument 2 but 1 was passed [missing-argument]}; for a rejection made
     *     without one, its parts as a record shows them
     */
    @Override
    public String toString() {
        return description != null ? description
                : "Rejection[key=" + key + ", locale=" + locale + ", table=" + table + ", code=" + code + ", message="
                        + message + "]";
    }

    /**
     * Whether {@code other} is a rejection with the same key, locale, table, code and message.
     *
     * @param other any object
     * @return true when the five parts are equal
     */
    @Override
    public boolean equals(Object other) {
        return other instanceof Rejection that && Objects.equals(key, that.key) && Objects.equals(locale, that.locale)
                && Objects.equals(table, that.table) && Objects.equals(code, that.code)
                && Objects.equals(message, that.message);
    }

    /**
     * A hash of the five parts {@link #equals} compares.
     *
     * @return the hash
     */
    @Override
    public int hashCode() {
        return Objects.hash(key, locale, table, code, message);
    }

    /**
     * The rejection whose five items (key, locale, table, code, message) start at {@code start},
     * with its description.
     */
    static Rejection fromItems(List<String> items, int start, String description) {
        return new Rejection(items.get(start), items.get(start + 1), items.get(start + 2), items.get(start + 3),
                items.get(start + 4), description);
    }
}
