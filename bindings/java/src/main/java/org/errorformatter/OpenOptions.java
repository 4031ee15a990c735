package org.errorformatter;

import java.util.Objects;

/**
 * How {@link Catalog#open(java.nio.file.Path, OpenOptions)} opens a catalog: the development
 * locale, the {@link LoadMode}, and whether each localization is read when first needed. An
 * immutable value; each {@code with} method returns a changed copy:
 *
 * <pre>{@code
 * Catalog catalog = Catalog.open(directory, OpenOptions.defaults().onDemand(true));
 * }</pre>
 */
public final class OpenOptions {
    private static final OpenOptions DEFAULTS = new OpenOptions(null, LoadMode.LENIENT, false);
    /** {@code EF_CATALOG_ON_DEMAND} of errorformatter.h. */
    private static final int ON_DEMAND = 2;

    private final String developmentLocale;
    private final LoadMode mode;
    private final boolean onDemand;

    private OpenOptions(String developmentLocale, LoadMode mode, boolean onDemand) {
        this.developmentLocale = developmentLocale;
        this.mode = mode;
        this.onDemand = onDemand;
    }

    /**
     * Lenient, the library's default development locale (a compiled file's own), everything
     * read at open: what {@link Catalog#open(java.nio.file.Path)} does.
     *
     * @return the default options
     */
    public static OpenOptions defaults() {
        return DEFAULTS;
    }

    /**
     * Sets the development localization, searched after {@code Base}.
     *
     * @param locale e.g. {@code "de"}; null for the library's default ({@code "en"})
     * @return the options with that development locale
     */
    public OpenOptions developmentLocale(String locale) {
        return new OpenOptions(locale, mode, onDemand);
    }

    /**
     * Sets what to do with a table that cannot be parsed.
     *
     * @param mode lenient (the default) or strict
     * @return the options with that mode
     * @throws NullPointerException when {@code mode} is null
     */
    public OpenOptions mode(LoadMode mode) {
        return new OpenOptions(developmentLocale, Objects.requireNonNull(mode, "mode"), onDemand);
    }

    /**
     * Reads each localization's files the first time a lookup needs it rather than at open
     * ({@code EF_CATALOG_ON_DEMAND}, library 1.2): the same results, an open that costs only what
     * is used. The directory stays open until everything is read; {@link Catalog#localizations()}
     * and {@link Catalog#diagnostics()} read every localization when first called. Ignored in
     * strict mode. A compiled catalog file opened leniently is read a localization at a time in
     * any case; this also keeps the open from listing it, which would read every section.
     *
     * @param onDemand true to read on demand
     * @return the options with that choice
     */
    public OpenOptions onDemand(boolean onDemand) {
        return new OpenOptions(developmentLocale, mode, onDemand);
    }

    String developmentLocaleOrNull() {
        return developmentLocale;
    }

    boolean isOnDemand() {
        return onDemand;
    }

    int flags() {
        return mode.flags() | (onDemand ? ON_DEMAND : 0);
    }
}
