package org.errorformatter;

/** What opening or building a catalog does with a table it cannot parse. */
public enum LoadMode {
    /**
     * The default ({@code EF_CATALOG_LENIENT}): the table is left out and recorded as an error
     * {@link Diagnostic}; the other tables and localizations keep working.
     */
    LENIENT,
    /**
     * {@code EF_CATALOG_STRICT}: the whole open fails with {@link Status#PARSE} and the file's
     * position.
     */
    STRICT;

    int flags() {
        return this == STRICT ? 1 : 0;
    }
}
