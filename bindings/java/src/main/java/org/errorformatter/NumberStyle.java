package org.errorformatter;

/**
 * How an error's numbers are written ({@link ErrorInfo.Builder#numberStyle(NumberStyle)}),
 * library 1.3.
 */
public enum NumberStyle {
    /** As the catalog was opened ({@link OpenOptions#localizedNumbers(boolean)}): the default. */
    CATALOG,
    /** As C's {@code printf} writes them in the C locale ({@code 1234567.5}), whatever the catalog says. */
    C_LOCALE,
    /**
     * For the locale of the localization that supplied the text, as Foundation's
     * {@code String(format:locale:)} writes them ({@code 1.234.567,5} in German), whatever the
     * catalog says.
     */
    LOCALIZED
}
