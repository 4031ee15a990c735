package org.errorformatter;

import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * An immutable set of string tables in every localization, plus the development locale: what
 * errors are formatted from.
 *
 * <p>Open a directory of {@code <loc>.lproj/<Table>.strings} with {@link #open(Path)}, or build
 * one from tables held in memory with {@link #builder()}. Then:
 *
 * <pre>{@code
 * try (Catalog catalog = Catalog.open(Path.of("Examples/CoreLocation"))) {
 *     FormattedError shown = catalog.format("kCLErrorDomain", 0, List.of("fr-CA", "en"));
 *     System.out.println(shown.title() + ": " + shown.message() + " [" + shown.button() + "]");
 * }
 * }</pre>
 *
 * <p><b>Threads.</b> A catalog may be shared by any number of threads, which may format and
 * look up concurrently. {@link #close()} may be called from any thread at any time, also while
 * others format: it waits for the calls in flight, and every call after it throws
 * {@link CatalogClosedException} (an {@link IllegalStateException}).
 *
 * <p><b>Lifetime.</b> A catalog holds native memory: close it (try-with-resources) when done.
 * One never closed is freed after it becomes unreachable (a {@link Cleaner}), as a safety net.
 * Results ({@link FormattedError}, {@link LookupResult}) are Java values that stay valid after
 * the catalog is closed.
 */
public final class Catalog implements AutoCloseable {
    private static final Cleaner CLEANER = Cleaner.create();

    private final Handle handle;
    private final Cleaner.Cleanable cleanable;
    // The catalog is immutable: its properties are read once; the listings when it is made or,
    // opened on demand, when first asked for (listing reads every localization).
    private final String developmentLocale;
    private volatile Listing listing;
    /** What a rejected string does (OpenOptions#onRejection, #failOnRejection). */
    private final RejectionPolicy rejections;

    /** The localizations and the diagnostics of a catalog. */
    record Listing(List<String> localizations, List<Diagnostic> diagnostics) {
        static Listing read(long pointer) {
            return fromPacked(Native.describe(pointer));
        }

        /** The listing of an {@code ef_catalog_describe_packed} output. */
        static Listing fromPacked(byte[] output) {
            String what = "catalog description";
            List<String> items = Packed.items(output, what);
            long[] header = Packed.header(items, Packed.EF_PACKED_DESCRIBE_HEADER_NUMBERS, what);
            int count = Packed.bounded(header[0], items.size(), "the localization count", what);
            int diagnosticCount = Packed.bounded(header[1], items.size(), "the diagnostic count", what);
            Packed.expectCount(items, Packed.EF_PACKED_DESCRIBE_LOCALIZATIONS + count
                    + (long) Packed.EF_PACKED_DIAGNOSTIC_ITEMS * diagnosticCount, what);
            int next = Packed.EF_PACKED_DESCRIBE_LOCALIZATIONS + count;
            List<Diagnostic> found = new ArrayList<>(diagnosticCount);
            for (int index = 0; index < diagnosticCount; index++, next += Packed.EF_PACKED_DIAGNOSTIC_ITEMS) {
                LintDiagnostic diagnostic = Packed.diagnostic(items, next, what);
                found.add(new Diagnostic(diagnostic.severity(), diagnostic.code(), diagnostic.message(),
                        diagnostic.file(), diagnostic.line(), diagnostic.column()));
            }
            return new Listing(List.copyOf(items.subList(Packed.EF_PACKED_DESCRIBE_LOCALIZATIONS,
                    Packed.EF_PACKED_DESCRIBE_LOCALIZATIONS + count)), List.copyOf(found));
        }
    }

    /**
     * The native catalog and what keeps it alive while a call uses it. Not a reference to the
     * {@link Catalog}, so that the Cleaner can run it once the catalog is unreachable.
     */
    private static final class Handle implements Runnable {
        /** Calls hold the read lock; freeing holds the write lock, so it waits for them. */
        private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
        /** The {@code ef_catalog *}; 0 once freed. Guarded by {@link #lock}. */
        private long pointer;

        Handle(long pointer) {
            this.pointer = pointer;
        }

        /** The pointer, held until {@link #release()}; throws once the catalog is closed. */
        long acquire() {
            lock.readLock().lock();
            if (pointer == 0) {
                lock.readLock().unlock();
                throw new CatalogClosedException();
            }
            return pointer;
        }

        void release() {
            lock.readLock().unlock();
        }

        boolean isFreed() {
            lock.readLock().lock();
            try {
                return pointer == 0;
            } finally {
                lock.readLock().unlock();
            }
        }

        /** Frees the catalog once no call uses it; then does nothing (close, or the Cleaner). */
        @Override
        public void run() {
            lock.writeLock().lock();
            try {
                if (pointer != 0) {
                    Native.free(pointer);
                    pointer = 0;
                }
            } finally {
                lock.writeLock().unlock();
            }
        }
    }

    private Catalog(long pointer, boolean onDemand, RejectionPolicy rejections) {
        this.rejections = rejections;
        this.developmentLocale = new String(Native.developmentLocale(pointer), StandardCharsets.UTF_8);
        this.listing = onDemand ? null : Listing.read(pointer);
        // Last: once registered, the Cleaner frees the pointer, so nothing may throw after it.
        this.handle = new Handle(pointer);
        this.cleanable = CLEANER.register(this, handle);
    }

    /** Wraps a catalog the native code made (also for {@link CatalogBuilder}); frees it if that fails. */
    static Catalog wrap(long pointer) {
        return wrap(pointer, OpenOptions.defaults());
    }

    /** As {@link #wrap(long)}; the listings of a catalog opened on demand are read when first asked for. */
    static Catalog wrap(long pointer, OpenOptions options) {
        if (pointer == 0) {
            // The native code throws whenever it makes no catalog; this is a defect of the glue.
            throw new ErrorFormatterException(Status.INTERNAL, "the library made no catalog", null, 0, 0);
        }
        try {
            return new Catalog(pointer, options.isOnDemand(), options.rejectionPolicy());
        } catch (RuntimeException | Error error) {
            Native.free(pointer);
            throw error;
        }
    }

    /**
     * Opens a catalog directory, leniently, with the library's default development locale.
     *
     * @param directory the directory holding {@code <loc>.lproj/<Table>.strings} (and
     *     {@code .stringsdict}, {@code .json}, {@code .xcstrings}, unlocalized tables); since
     *     library 1.2, also a compiled catalog file ({@link #compile(Path)}), with the same
     *     results as its directory and the development locale it was compiled with
     * @return the catalog; close it when done
     * @throws ErrorFormatterException {@link Status#NOT_FOUND} (no such path), {@link Status#IO}
     *     (not a directory nor a compiled catalog, unreadable), {@link Status#PARSE} (a broken
     *     compiled file), {@link Status#INVALID_ARGUMENT} (the path holds U+0000)
     * @throws NullPointerException when {@code directory} is null
     */
    public static Catalog open(Path directory) {
        return open(directory, null, LoadMode.LENIENT);
    }

    /**
     * Opens a catalog directory.
     *
     * @param directory the directory, as for {@link #open(Path)}
     * @param developmentLocale the development localization, searched after {@code Base} (the
     *     {@code CFBundleDevelopmentRegion} of Apple bundles), e.g. {@code "de"}; null for the
     *     library's default ({@code "en"})
     * @param mode what to do with a table that cannot be parsed
     * @return the catalog; close it when done
     * @throws ErrorFormatterException as for {@link #open(Path)}; also {@link Status#PARSE}
     *     (strict, a broken table: {@code file()}, {@code line()}, {@code column()} say where)
     *     and {@link Status#INVALID_LOCALE} (a malformed {@code developmentLocale})
     * @throws NullPointerException when {@code directory} or {@code mode} is null
     */
    public static Catalog open(Path directory, String developmentLocale, LoadMode mode) {
        Objects.requireNonNull(mode, "mode");
        return open(directory, OpenOptions.defaults().developmentLocale(developmentLocale).mode(mode));
    }

    /**
     * Opens a catalog directory or compiled catalog file with options, e.g. to read each
     * localization when first needed ({@link OpenOptions#onDemand(boolean)}) or to map a
     * compiled file ({@link OpenOptions#mapped(boolean)}).
     *
     * @param directory the directory or compiled file, as for {@link #open(Path)}
     * @param options the development locale, mode, on-demand and mapped choices
     * @return the catalog; close it when done
     * @throws ErrorFormatterException as for {@link #open(Path, String, LoadMode)}
     * @throws NullPointerException when {@code directory} or {@code options} is null
     */
    public static Catalog open(Path directory, OpenOptions options) {
        Objects.requireNonNull(directory, "directory");
        Objects.requireNonNull(options, "options");
        long pointer = Native.open(Utf8.encode(directory.toString(), "directory"),
                Utf8.encodeOptional(options.developmentLocaleOrNull(), "developmentLocale"), options.flags());
        return wrap(pointer, options);
    }

    /**
     * Writes the whole catalog to {@code file} as a compiled catalog file
     * ({@code ef_catalog_compile}, library 1.2), which {@link #open(Path)} reads with the same
     * results, faster. Compiling the same catalog twice writes the same bytes; the file is
     * replaced whole (a new file renamed over it).
     *
     * @param file the file to write
     * @throws ErrorFormatterException {@link Status#IO} (the file cannot be written),
     *     {@link Status#INVALID_ARGUMENT} (an empty path, one holding U+0000, a catalog beyond
     *     what the format holds)
     * @throws CatalogClosedException when the catalog is closed
     * @throws NullPointerException when {@code file} is null
     */
    public void compile(Path file) {
        Objects.requireNonNull(file, "file");
        byte[] path = Utf8.encode(file.toString(), "file");
        long pointer = handle.acquire();
        try {
            Native.compile(pointer, path);
        } finally {
            handle.release();
            Reference.reachabilityFence(this);
        }
    }

    /** The listings, read now if the catalog was opened on demand and they never were. */
    private Listing listing() {
        Listing read = listing;
        if (read != null) {
            return read;
        }
        synchronized (this) {
            if (listing == null) {
                long pointer = handle.acquire();
                try {
                    listing = Listing.read(pointer);
                } finally {
                    handle.release();
                    Reference.reachabilityFence(this);
                }
            }
            return listing;
        }
    }

    /**
     * Starts a catalog built from tables held in memory (embedded in a program, downloaded...).
     *
     * @return a new builder
     */
    public static CatalogBuilder builder() {
        return new CatalogBuilder();
    }

    /**
     * The development locale, searched after {@code Base}.
     *
     * @return e.g. {@code "en"}
     * @throws CatalogClosedException when the catalog is closed
     */
    public String developmentLocale() {
        checkOpen();
        return developmentLocale;
    }

    /**
     * The localizations, as spelled on disk ({@code "fr-CA"}, {@code "zh_TW"}, {@code "Base"}),
     * sorted; the unlocalized top-level tables are not one.
     *
     * @return an unmodifiable list
     * @throws CatalogClosedException when the catalog is closed
     */
    public List<String> localizations() {
        checkOpen();
        return listing().localizations();
    }

    /**
     * The problems recorded while loading: duplicate keys, broken tables left out, skipped
     * directories.
     *
     * @return an unmodifiable list, in the library's order
     * @throws CatalogClosedException when the catalog is closed
     */
    public List<Diagnostic> diagnostics() {
        checkOpen();
        return listing().diagnostics();
    }

    /**
     * Whether {@link #close()} was called.
     *
     * @return true once closed
     */
    public boolean isClosed() {
        return handle.isFreed();
    }

    /**
     * Formats an error with only a domain and a code for the user's preferred locales.
     *
     * @param domain the error domain, e.g. {@code "kCLErrorDomain"}
     * @param code the error code
     * @param locales preferred locales, most preferred first (BCP 47, ICU or POSIX spelling);
     *     empty means the development locale; malformed entries are skipped, and past the
     *     library's limits (256 entries, 16 KiB) the least preferred are ignored
     * @return the title, message and button, the lookup stack and each field's provenance
     * @throws CatalogClosedException when the catalog is closed
     * @throws NullPointerException when an argument or a locale is null
     * @throws ErrorFormatterException {@link Status#INVALID_ARGUMENT} for a string holding
     *     U+0000, {@link Status#INVALID_UTF8} for a lone surrogate
     */
    public FormattedError format(String domain, long code, List<String> locales) {
        return format(ErrorInfo.of(domain, code), locales);
    }

    /**
     * Formats an error for the user's preferred locales.
     *
     * <p>Each field is resolved by the first rule that yields a string (README, "The rules");
     * keys are looked up key by key down the locale stack negotiated from {@code locales}
     * (first preference with any table, its CLDR fallback chain, then {@code Base}, the
     * development localization, the unlocalized table).
     *
     * @param error the error: domain, code, texts, table and arguments
     * @param locales preferred locales, as for {@link #format(String, long, List)}
     * @return the title, message and button, the lookup stack and each field's provenance
     * @throws CatalogClosedException when the catalog is closed
     * @throws NullPointerException when an argument or a locale is null
     * @throws ErrorFormatterException as for {@link #format(String, long, List)}; also
     *     {@link Status#INVALID_ARGUMENT} for a table name holding {@code '/'}
     */
    public FormattedError format(ErrorInfo error, List<String> locales) {
        Objects.requireNonNull(error, "error");
        byte[] request = PackedRequest.of(error);
        byte[][] preferences = Utf8.encodeAll(locales, "locales");
        long pointer = handle.acquire();
        FormattedError shown;
        try {
            shown = FormattedError.fromPacked(Native.format(pointer, request, preferences));
        } finally {
            handle.release();
            Reference.reachabilityFence(this);
        }
        rejections.report(shown.rejections());
        return shown;
    }

    /**
     * The HTTP response a service sends for an error (library 1.3): an RFC 9457 problem details
     * object whose title and detail are formatted for the request's {@code Accept-Language}
     * header, with its status and header fields, all made by the library (docs/problems.md).
     *
     * @param error the error: domain, code, texts, table and arguments
     * @param acceptLanguage the request's header value as the bytes that arrived (a value
     *     {@code com.sun.net.httpserver} or a servlet gives as a String is their ISO-8859-1
     *     decoding: {@link Problem#headerBytes(String)}), or null when it had none; a malformed
     *     header means the development locale, never an error
     * @param options the status, type URI template, instance and extension members
     * @return the status, the header fields and the body
     * @throws IllegalStateException when the catalog is closed
     * @throws NullPointerException when {@code error} or {@code options} is null
     * @throws ErrorFormatterException {@link Status#INVALID_ARGUMENT} for a status outside 100 to
     *     599 or a string holding U+0000, {@link Status#INVALID_UTF8} for a lone surrogate
     */
    public Problem problem(ErrorInfo error, byte[] acceptLanguage, ProblemOptions options) {
        Objects.requireNonNull(error, "error");
        Objects.requireNonNull(options, "options");
        byte[] domain = Utf8.encode(error.domain(), "domain");
        byte[] description = Utf8.encodeOptional(error.description(), "description");
        byte[] failureReason = Utf8.encodeOptional(error.failureReason(), "failureReason");
        byte[] recoverySuggestion = Utf8.encodeOptional(error.recoverySuggestion(), "recoverySuggestion");
        byte[] table = Utf8.encodeOptional(error.table(), "table");
        byte[] typeTemplate = Utf8.encodeOptional(options.typeTemplate(), "typeTemplate");
        byte[] instance = Utf8.encodeOptional(options.instance(), "instance");
        EncodedArguments arguments = new EncodedArguments(error.arguments());
        byte[][] preferences = Utf8.encodeAll(options.locales(), "locales");
        long pointer = handle.acquire();
        try {
            return Problem.fromPacked(Native.problem(pointer, domain, error.code(), description, failureReason,
                    recoverySuggestion, table, arguments.kinds, arguments.values, arguments.strings,
                    acceptLanguage == null ? null : acceptLanguage.clone(), preferences, options.status(),
                    typeTemplate, instance, ProblemMember.flags(options.members())));
        } finally {
            handle.release();
            Reference.reachabilityFence(this);
        }
    }

    /**
     * Looks up a key of the {@code Localizable} table with no arguments.
     *
     * @param key the key
     * @param locales preferred locales, as for {@link #format(String, long, List)}
     * @return the value (null when no localization has a usable one), where it came from, and
     *     the strings skipped
     * @throws CatalogClosedException when the catalog is closed
     * @throws NullPointerException when an argument or a locale is null
     * @throws ErrorFormatterException as for {@link #format(String, long, List)}
     */
    public LookupResult lookup(String key, List<String> locales) {
        return lookup(null, key, locales);
    }

    /**
     * Looks up any key of any table for the user's locales and renders it with arguments, as
     * the rules resolve theirs: key by key down the locale stack, plural variants by the plural
     * rules of the localization that supplied the string, strings the arguments cannot satisfy
     * skipped. A key with no usable value is an answer ({@link LookupResult#found()} false),
     * not an exception.
     *
     * @param table the table, or null for {@code "Localizable"}
     * @param key the key
     * @param locales preferred locales, as for {@link #format(String, long, List)}
     * @param arguments the arguments, in order
     * @return the value (null when no localization has a usable one), where it came from, and
     *     the strings skipped
     * @throws CatalogClosedException when the catalog is closed
     * @throws NullPointerException when the key, the locales, a locale or an argument is null
     * @throws ErrorFormatterException as for {@link #format(String, long, List)}
     */
    public LookupResult lookup(String table, String key, List<String> locales, Argument... arguments) {
        byte[] encodedTable = Utf8.encodeOptional(table, "table");
        byte[] encodedKey = Utf8.encode(key, "key");
        EncodedArguments encoded = new EncodedArguments(Arrays.asList(arguments));
        byte[][] preferences = Utf8.encodeAll(locales, "locales");
        long pointer = handle.acquire();
        LookupResult found;
        try {
            found = LookupResult.fromPacked(Native.lookup(pointer, encodedTable, encodedKey, encoded.kinds,
                    encoded.values, encoded.strings, preferences));
        } finally {
            handle.release();
            Reference.reachabilityFence(this);
        }
        rejections.report(found.rejections());
        return found;
    }

    /**
     * The text a key shows with no arguments: the gettext-shaped call. Resolved as
     * {@link #lookup(String, String, List, Argument...)} resolves it with no arguments (a value
     * that needs arguments, {@code %@} or a plural variable, is skipped); the library decides
     * once per table what each key shows, so repeated calls only find it.
     *
     * @param table the table, or null for {@code "Localizable"}
     * @param key the key
     * @param locales preferred locales, as for {@link #format(String, long, List)}
     * @return the text, or empty when no localization has one that renders without arguments
     * @throws CatalogClosedException when the catalog is closed
     * @throws NullPointerException when the key, the locales or a locale is null
     * @throws ErrorFormatterException as for {@link #format(String, long, List)}
     */
    public Optional<String> text(String table, String key, List<String> locales) {
        byte[] encodedTable = Utf8.encodeOptional(table, "table");
        byte[] encodedKey = Utf8.encode(key, "key");
        byte[][] preferences = Utf8.encodeAll(locales, "locales");
        long pointer = handle.acquire();
        try {
            // The text is borrowed from the catalog: copied while the read lock keeps it alive.
            byte[] text = Native.text(pointer, encodedTable, encodedKey, preferences);
            return text == null ? Optional.empty() : Optional.of(new String(text, StandardCharsets.UTF_8));
        } finally {
            handle.release();
            Reference.reachabilityFence(this);
        }
    }

    /**
     * Lints this catalog: its loading diagnostics, then every check of {@link Lint#paths}
     * against its development locale. A catalog keeps no positions, so findings about entries
     * name the table as {@code <localization>.lproj/<Table>} with line and column 0.
     *
     * @return the findings, ordered by file, line and column
     * @throws CatalogClosedException when the catalog is closed
     */
    public List<LintDiagnostic> lint() {
        long pointer = handle.acquire();
        try {
            return Lint.report(Native.lintCatalog(pointer));
        } finally {
            handle.release();
            Reference.reachabilityFence(this);
        }
    }

    /**
     * Frees the catalog. Waits for the calls in flight on other threads; every later call
     * throws {@link CatalogClosedException} (an {@link IllegalStateException}). Closing again
     * does nothing.
     */
    @Override
    public void close() {
        cleanable.clean();
    }

    /**
     * A short description, for debugging.
     *
     * @return e.g. {@code Catalog[developmentLocale=en, localizations=[de, en, fr]]}; the
     *     localizations of a catalog opened on demand, not yet listed, are not read for it
     */
    @Override
    public String toString() {
        if (isClosed()) {
            return "Catalog[closed]";
        }
        Listing read = listing;
        return "Catalog[developmentLocale=" + developmentLocale + ", localizations="
                + (read != null ? read.localizations() : "(on demand)") + "]";
    }

    private void checkOpen() {
        if (handle.isFreed()) {
            throw new CatalogClosedException();
        }
    }

    /** Arguments as the native functions take them: a kind, a number and a string for each. */
    private static final class EncodedArguments {
        final byte[] kinds;
        final long[] values;
        final byte[][] strings;

        EncodedArguments(List<Argument> arguments) {
            int count = arguments.size();
            kinds = new byte[count];
            values = new long[count];
            strings = new byte[count][];
            for (int index = 0; index < count; index++) {
                Argument argument = Objects.requireNonNull(arguments.get(index), "arguments[" + index + "]");
                if (argument instanceof Argument.Text text) {
                    kinds[index] = Native.STRING;
                    strings[index] = Utf8.encode(text.value(), "arguments[" + index + "]");
                } else if (argument instanceof Argument.SignedInteger integer) {
                    kinds[index] = Native.INT64;
                    values[index] = integer.value();
                } else if (argument instanceof Argument.UnsignedInteger unsigned) {
                    kinds[index] = Native.UINT64;
                    values[index] = unsigned.bits();
                } else if (argument instanceof Argument.Real real) {
                    kinds[index] = Native.DOUBLE;
                    values[index] = Double.doubleToRawLongBits(real.value());
                }
            }
        }
    }
}
