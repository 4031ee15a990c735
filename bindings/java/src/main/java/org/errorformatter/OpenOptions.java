package org.errorformatter;

import java.util.Objects;
import java.util.function.Consumer;

/**
 * How {@link Catalog#open(java.nio.file.Path, OpenOptions)} opens a catalog: the development
 * locale, the {@link LoadMode}, whether each localization is read when first needed, and
 * whether a compiled catalog file is mapped. An immutable value; each {@code with} method
 * returns a changed copy:
 *
 * <pre>{@code
 * Catalog catalog = Catalog.open(directory, OpenOptions.defaults().onDemand(true));
 * }</pre>
 */
public final class OpenOptions {
    private static final OpenOptions DEFAULTS =
            new OpenOptions(null, LoadMode.LENIENT, false, false, false, false, null, false);
    /** {@code EF_CATALOG_ON_DEMAND} of errorformatter.h. */
    private static final int ON_DEMAND = 2;
    /** {@code EF_CATALOG_MAPPED} of errorformatter.h. */
    private static final int MAPPED = 4;
    /** {@code EF_CATALOG_LOCALIZED_NUMBERS} of errorformatter.h. */
    private static final int LOCALIZED_NUMBERS = 8;
    /** {@code EF_CATALOG_PSEUDO_LOCALES} of errorformatter.h. */
    private static final int PSEUDO_LOCALES = 16;

    private final String developmentLocale;
    private final LoadMode mode;
    private final boolean onDemand;
    private final boolean mapped;
    private final boolean localizedNumbers;
    private final boolean pseudoLocales;
    private final Consumer<? super Rejection> onRejection;
    private final boolean failOnRejection;

    private OpenOptions(String developmentLocale, LoadMode mode, boolean onDemand, boolean mapped,
            boolean localizedNumbers, boolean pseudoLocales, Consumer<? super Rejection> onRejection,
            boolean failOnRejection) {
        this.developmentLocale = developmentLocale;
        this.mode = mode;
        this.onDemand = onDemand;
        this.mapped = mapped;
        this.localizedNumbers = localizedNumbers;
        this.pseudoLocales = pseudoLocales;
        this.onRejection = onRejection;
        this.failOnRejection = failOnRejection;
    }

    /**
     * Lenient, the library's default development locale (a compiled file's own), everything
     * read at open, a compiled file read rather than mapped: what
     * {@link Catalog#open(java.nio.file.Path)} does.
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
        return new OpenOptions(locale, mode, onDemand, mapped, localizedNumbers, pseudoLocales, onRejection,
                failOnRejection);
    }

    /**
     * Sets what to do with a table that cannot be parsed.
     *
     * @param mode lenient (the default) or strict
     * @return the options with that mode
     * @throws NullPointerException when {@code mode} is null
     */
    public OpenOptions mode(LoadMode mode) {
        return new OpenOptions(developmentLocale, Objects.requireNonNull(mode, "mode"), onDemand, mapped,
                localizedNumbers, pseudoLocales, onRejection, failOnRejection);
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
        return new OpenOptions(developmentLocale, mode, onDemand, mapped, localizedNumbers, pseudoLocales,
                onRejection, failOnRejection);
    }

    /**
     * Maps a compiled catalog file read-only instead of reading it ({@code EF_CATALOG_MAPPED},
     * library 1.3): the same results, and every process that opens the file this way shares its
     * pages. Use it when many processes open the same compiled file, e.g. pre-forked workers.
     * In exchange the caller promises that nobody truncates or rewrites the file in place while
     * the catalog is open: reading a mapped page cut off the file raises {@code SIGBUS}, which
     * kills the JVM. Replacing the file by renaming another over it (what
     * {@link Catalog#compile(java.nio.file.Path)} and {@code errfmt compile} do) is safe: the
     * catalog keeps the file it mapped until {@link Catalog#close()}. Ignored for a directory. A
     * library older than 1.3 refuses it with {@link Status#INVALID_ARGUMENT}.
     *
     * @param mapped true to map a compiled file
     * @return the options with that choice
     */
    public OpenOptions mapped(boolean mapped) {
        return new OpenOptions(developmentLocale, mode, onDemand, mapped, localizedNumbers, pseudoLocales,
                onRejection, failOnRejection);
    }

    /**
     * Writes the numbers of formats ({@code %lld}, {@code %.1f}, plural operands) as Foundation's
     * {@code String(format:locale:)} does for the locale of the text that shows them
     * ({@code EF_CATALOG_LOCALIZED_NUMBERS}, library 1.3); off, as C's {@code printf} in the C
     * locale. An error may choose for itself ({@link ErrorInfo.Builder#numberStyle(NumberStyle)}).
     * A library older than 1.3 refuses it with {@link Status#INVALID_ARGUMENT}.
     *
     * @param localizedNumbers true to localize numbers
     * @return the options with that choice
     */
    public OpenOptions localizedNumbers(boolean localizedNumbers) {
        return new OpenOptions(developmentLocale, mode, onDemand, mapped, localizedNumbers, pseudoLocales,
                onRejection, failOnRejection);
    }

    /**
     * Serves the pseudo-locales {@code en-XA}, {@code ar-XB} and {@code qps-ploc}, made from the
     * development texts, to preferences that name them ({@code EF_CATALOG_PSEUDO_LOCALES},
     * library 1.3): never reached by fallback, never listed. A library older than 1.3 refuses it
     * with {@link Status#INVALID_ARGUMENT}.
     *
     * @param pseudoLocales true to serve pseudo-locales
     * @return the options with that choice
     */
    public OpenOptions pseudoLocales(boolean pseudoLocales) {
        return new OpenOptions(developmentLocale, mode, onDemand, mapped, localizedNumbers, pseudoLocales,
                onRejection, failOnRejection);
    }

    /**
     * Sets who hears of a rejected string: a string the arguments of a {@code format} or
     * {@code lookup} call cannot satisfy (a {@code %d} given a string), which the library skips
     * for the next one. By default each distinct rejection is logged once per catalog, at
     * {@code WARNING}, through the {@link System.Logger} named {@code org.errorformatter} (which
     * the program's logging backend routes or silences); a handler replaces that and sees every
     * rejection of every call, on the calling thread, after the call. It must be safe to call
     * from every thread that uses the catalog.
     *
     * @param handler the handler, e.g. {@code rejection -> log.warn(rejection.toString())};
     *     {@code rejection -> {}} ignores them
     * @return the options with that handler
     * @throws NullPointerException when {@code handler} is null
     */
    public OpenOptions onRejection(Consumer<? super Rejection> handler) {
        return new OpenOptions(developmentLocale, mode, onDemand, mapped, localizedNumbers, pseudoLocales,
                Objects.requireNonNull(handler, "handler"), failOnRejection);
    }

    /**
     * Makes a rejected string fail the call instead: {@code format} and {@code lookup} throw
     * {@link ErrorFormatterException} of {@link Status#REJECTED}, whose message is the first
     * rejection's description. For development and tests, where a wrong argument type is a bug
     * to see at once.
     *
     * @param fail true to fail on a rejection (the handler then hears of none)
     * @return the options with that choice
     */
    public OpenOptions failOnRejection(boolean fail) {
        return new OpenOptions(developmentLocale, mode, onDemand, mapped, localizedNumbers, pseudoLocales,
                onRejection, fail);
    }

    String developmentLocaleOrNull() {
        return developmentLocale;
    }

    boolean isOnDemand() {
        return onDemand;
    }

    RejectionPolicy rejectionPolicy() {
        return new RejectionPolicy(onRejection, failOnRejection);
    }

    int flags() {
        return mode.flags() | (onDemand ? ON_DEMAND : 0) | (mapped ? MAPPED : 0)
                | (localizedNumbers ? LOCALIZED_NUMBERS : 0) | (pseudoLocales ? PSEUDO_LOCALES : 0);
    }
}
