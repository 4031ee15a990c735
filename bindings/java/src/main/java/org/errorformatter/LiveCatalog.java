package org.errorformatter;

import java.lang.ref.Cleaner;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * A catalog that follows its directory or compiled file and serves its newest good version, never
 * a broken one, while any number of threads format with it ({@code ef_live_catalog_*}, library
 * 1.3).
 *
 * <pre>{@code
 * try (LiveCatalog live = LiveCatalog.open(Path.of("/etc/app/catalog"), LiveCatalog.Options.defaults())) {
 *     FormattedError shown = live.format("kCLErrorDomain", 0, List.of("fr-CA")); // the newest version
 *     try (Catalog version = live.current()) { ... }                             // one version per request
 * }
 * }</pre>
 *
 * <p>A change is taken once the files have been left alone for the debounce interval, opened as
 * {@link Catalog#open(Path, OpenOptions)} opens it (strict mode refuses a broken table), and
 * refused if it holds no entry or, with {@link Options#lintClean(boolean)}, if lint finds an
 * error; a refused version is never served and {@link #lastError()} says why. A library thread
 * looks at the path every check interval (sooner when inotify reports a change); with an
 * interval of zero there is none and {@link #reload()} takes changes.
 *
 * <p><b>Threads.</b> Every method may be called from any number of threads; {@link #current()}
 * never waits for a reload. {@link #close()} waits for the calls in flight; every call after it
 * throws {@link CatalogClosedException}, as a closed {@link Catalog} does. Versions taken with
 * {@link #current()} stay valid (and unchanged) until each is closed, also after the live
 * catalog is. One never closed is freed after it becomes unreachable (a {@link Cleaner}), as a
 * safety net.
 */
public final class LiveCatalog implements AutoCloseable {
    private static final Cleaner CLEANER = Cleaner.create();
    /** {@code EF_LIVE_CATALOG_LINT_CLEAN} of errorformatter.h. */
    private static final int LINT_CLEAN = 256;
    private static final long MAX_MILLISECONDS = 0xFFFF_FFFFL;

    private final Handle handle;
    private final Cleaner.Cleanable cleanable;
    /** How each version taken is wrapped: the open's options, listed when first asked for. */
    private final OpenOptions versionOptions;

    /**
     * What a live catalog adds to an open's options: how often the path is looked at, how long
     * its files must be left alone before a change is opened, and whether a version must be
     * lint-clean. Immutable: each method returns a new object.
     */
    public static final class Options {
        private final OpenOptions open;
        private final Duration checkInterval;
        private final Duration debounce;
        private final boolean lintClean;

        private Options(OpenOptions open, Duration checkInterval, Duration debounce, boolean lintClean) {
            this.open = open;
            this.checkInterval = checkInterval;
            this.debounce = debounce;
            this.lintClean = lintClean;
        }

        /**
         * The defaults: {@link OpenOptions#defaults()}, a check every second, a debounce equal
         * to the check interval, no lint.
         *
         * @return the default options
         */
        public static Options defaults() {
            return new Options(OpenOptions.defaults(), Duration.ofSeconds(1), null, false);
        }

        /**
         * The options of every version's open and of the catalog each version is served as
         * (development locale, mode, mapped, localized numbers, pseudo-locales, rejections); on
         * demand is refused ({@link Status#INVALID_ARGUMENT}: a version is read whole when taken).
         *
         * @param open the open's options
         * @return these options with {@code open}
         */
        public Options open(OpenOptions open) {
            return new Options(Objects.requireNonNull(open, "open"), checkInterval, debounce, lintClean);
        }

        /**
         * How often the library's thread looks at the path, in whole milliseconds; zero: no
         * thread, changes are taken only by {@link LiveCatalog#reload()}.
         *
         * @param interval the interval, within 0 ... 2^32-1 ms
         * @return these options with {@code interval}
         */
        public Options checkInterval(Duration interval) {
            return new Options(open, Objects.requireNonNull(interval, "interval"), debounce, lintClean);
        }

        /**
         * How long the files must be quiet before a change is opened (below 20 ms counts as
         * 20 ms); null: the check interval.
         *
         * @param debounce the debounce, within 0 ... 2^32-1 ms, or null
         * @return these options with {@code debounce}
         */
        public Options debounce(Duration debounce) {
            return new Options(open, checkInterval, debounce, lintClean);
        }

        /**
         * Whether a version in which lint finds an error is refused.
         *
         * @param lintClean true to refuse it
         * @return these options with {@code lintClean}
         */
        public Options lintClean(boolean lintClean) {
            return new Options(open, checkInterval, debounce, lintClean);
        }
    }

    /** The native live catalog and what keeps it alive while a call uses it (as Catalog's). */
    private static final class Handle implements Runnable {
        private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
        /** The {@code ef_live_catalog *}; 0 once freed. Guarded by {@link #lock}. */
        private long pointer;

        Handle(long pointer) {
            this.pointer = pointer;
        }

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

        @Override
        public void run() {
            lock.writeLock().lock();
            try {
                if (pointer != 0) {
                    Native.liveFree(pointer);
                    pointer = 0;
                }
            } finally {
                lock.writeLock().unlock();
            }
        }
    }

    private LiveCatalog(long pointer, OpenOptions open) {
        this.versionOptions = open.onDemand(true);
        this.handle = new Handle(pointer);
        this.cleanable = CLEANER.register(this, handle);
    }

    /**
     * Opens a live catalog on a catalog directory or compiled catalog file and starts following
     * it.
     *
     * @param path the directory or compiled file, as for {@link Catalog#open(Path)}; a relative
     *     path is made absolute now
     * @param options the open's options, the intervals and lint
     * @return the live catalog; close it when done
     * @throws ErrorFormatterException why the path's version now is not good, as
     *     {@link Catalog#open(Path, OpenOptions)} fails ({@link Status#PARSE} also for an empty
     *     catalog or a lint error); {@link Status#INVALID_ARGUMENT} for an interval out of
     *     0 ... 2^32-1 ms or on demand
     * @throws NullPointerException when {@code path} or {@code options} is null
     */
    public static LiveCatalog open(Path path, Options options) {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(options, "options");
        long interval = milliseconds(options.checkInterval, "check interval");
        long debounce = options.debounce == null ? -1 : milliseconds(options.debounce, "debounce");
        int flags = options.open.flags() | (options.lintClean ? LINT_CLEAN : 0);
        long pointer = Native.liveOpen(Utf8.encode(path.toString(), "path"),
                Utf8.encodeOptional(options.open.developmentLocaleOrNull(), "developmentLocale"), flags, interval,
                debounce);
        if (pointer == 0) {
            // The native code throws whenever it makes no live catalog; this is a defect of the glue.
            throw new ErrorFormatterException(Status.INTERNAL, "the library made no live catalog", null, 0, 0);
        }
        return new LiveCatalog(pointer, options.open);
    }

    private static long milliseconds(Duration duration, String what) {
        long milliseconds;
        try {
            milliseconds = duration.toMillis();
        } catch (ArithmeticException overflow) {
            milliseconds = -1;
        }
        if (milliseconds < 0 || milliseconds > MAX_MILLISECONDS) {
            throw new ErrorFormatterException(Status.INVALID_ARGUMENT,
                    "the " + what + " " + duration + " is out of 0 ... 4294967295 ms", null, 0, 0);
        }
        return milliseconds;
    }

    /**
     * The newest good version, a catalog of its own: close it when done. It never waits: no lock
     * a reload holds, no I/O.
     *
     * @return the version served now
     * @throws CatalogClosedException after {@link #close()}
     */
    public Catalog current() {
        long pointer = handle.acquire();
        try {
            // Listed when first asked for: a version taken per request costs only the reference.
            return Catalog.wrap(Native.liveCurrent(pointer), versionOptions);
        } finally {
            handle.release();
        }
    }

    /**
     * {@link Catalog#format(String, long, List)} on the newest good version.
     *
     * @param domain the error domain
     * @param code the error code
     * @param locales the preferred locales, most preferred first
     * @return the formatted error
     */
    public FormattedError format(String domain, long code, List<String> locales) {
        try (Catalog version = current()) {
            return version.format(domain, code, locales);
        }
    }

    /**
     * {@link Catalog#format(ErrorInfo, List)} on the newest good version.
     *
     * @param error the error
     * @param locales the preferred locales, most preferred first
     * @return the formatted error
     */
    public FormattedError format(ErrorInfo error, List<String> locales) {
        try (Catalog version = current()) {
            return version.format(error, locales);
        }
    }

    /**
     * {@link Catalog#lookup(String, List)} on the newest good version.
     *
     * @param key the key
     * @param locales the preferred locales, most preferred first
     * @return the lookup's result
     */
    public LookupResult lookup(String key, List<String> locales) {
        try (Catalog version = current()) {
            return version.lookup(key, locales);
        }
    }

    /**
     * Looks at the path now and serves what is there if it is a good version, without waiting
     * for it to be quiet: call it when a change is known to be complete.
     *
     * @throws ErrorFormatterException why what is there was refused ({@link Status#NOT_FOUND}
     *     for a deleted path, {@link Status#PARSE}, {@link Status#IO},
     *     {@link Status#INVALID_LOCALE}); the version served stays
     * @throws CatalogClosedException after {@link #close()}
     */
    public void reload() {
        long pointer = handle.acquire();
        try {
            Native.liveReload(pointer);
        } finally {
            handle.release();
        }
    }

    /**
     * How many versions were served: 1 for the first, one more for each taken since.
     *
     * @return the generation
     * @throws CatalogClosedException after {@link #close()}
     */
    public long generation() {
        long pointer = handle.acquire();
        try {
            return Native.liveGeneration(pointer);
        } finally {
            handle.release();
        }
    }

    /**
     * Why the newest state of the path is not the version served.
     *
     * @return the refusal (not thrown): its status, message, file and position; null when the
     *     version served is the newest state of the path
     * @throws CatalogClosedException after {@link #close()}
     */
    public ErrorFormatterException lastError() {
        long pointer = handle.acquire();
        try {
            Native.liveLastError(pointer);
            return null;
        } catch (ErrorFormatterException refusal) {
            return refusal;
        } finally {
            handle.release();
        }
    }

    /**
     * Stops following the path and frees the live catalog, after the calls in flight return.
     * Versions taken with {@link #current()} stay valid until closed. Closing again does nothing.
     */
    @Override
    public void close() {
        cleanable.clean();
    }
}
