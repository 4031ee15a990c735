package org.errorformatter;

/**
 * The JNI functions of liberrorformatter-jni (src/main/c/errorformatter_jni.c).
 *
 * <p>Every string goes in and comes out as UTF-8 bytes (see {@link Utf8}); results with several
 * strings come back as the library's packed output, whole (NUL-terminated items, read by
 * {@link Packed}), so that a call crosses JNI once. A failure is thrown as an
 * {@link ErrorFormatterException} made by the native code from the library's error details. A
 * catalog is a {@code long} holding its {@code ef_catalog *}.
 */
final class Native {
    static {
        NativeLibrary.load();
    }

    private Native() {
    }

    /** Argument kinds, as {@code lookup} takes them in {@code argumentKinds} and a packed
     *  request ({@link PackedRequest}) spells them. */
    static final byte STRING = 's';
    static final byte INT64 = 'i';
    static final byte UINT64 = 'u';
    static final byte DOUBLE = 'd';

    static native int versionNumber();

    static native byte[] versionString();

    static native byte[] statusName(int status);

    static native long open(byte[] path, byte[] developmentLocale, int flags);

    static native long build(byte[][] locales, byte[][] fileNames, byte[][] contents,
                             byte[] developmentLocale, int flags);

    static native void free(long catalog);

    /** ef_catalog_compile; throws ErrorFormatterException on failure. */
    static native void compile(long catalog, byte[] path);

    /** ef_catalog_development_locale (which, unlike the listings, reads no localization). */
    static native byte[] developmentLocale(long catalog);

    /** ef_catalog_describe_packed's output. */
    static native byte[] describe(long catalog);

    /** ef_format_packed_reusable's output for a packed request ({@link PackedRequest}). */
    static native byte[] format(long catalog, byte[] request, byte[][] locales);

    /** ef_catalog_lookup_packed_v2's output (also when the key is not found). */
    static native byte[] lookup(long catalog, byte[] table, byte[] key, byte[] argumentKinds,
                                long[] argumentValues, byte[][] argumentStrings, byte[][] locales);

    /** ef_catalog_text's text, or null when no localization has one that renders without arguments. */
    static native byte[] text(long catalog, byte[] table, byte[] key, byte[][] locales);

    static native byte[] normalizeLocale(byte[] locale);

    /** ef_locale_chain_packed's output for the chain of {@code locale}. */
    static native byte[] localeChain(byte[] locale);

    /** ef_locale_list_packed's output for ef_locale_list_from_environment's list. */
    static native byte[] preferencesFromEnvironment();

    /** ef_locale_list_packed's output for ef_locale_list_from_accept_language's list. */
    static native byte[] preferencesFromAcceptLanguage(byte[] header);

    /** ef_lint_report_packed's output for ef_lint_paths's report. */
    static native byte[] lintPaths(byte[][] paths, byte[] developmentLocale);

    /** As {@link #lintPaths}, for an open catalog. */
    static native byte[] lintCatalog(long catalog);

    /**
     * ef_live_catalog_open (a negative {@code debounceMs}: the check interval) or
     * ef_live_catalog_open_with_debounce; both intervals within 0 ... 2^32-1.
     */
    static native long liveOpen(byte[] path, byte[] developmentLocale, int flags, long checkIntervalMs,
            long debounceMs);

    /** ef_live_catalog_current: a new catalog reference, freed with {@link #free}. */
    static native long liveCurrent(long live);

    /** ef_live_catalog_reload; throws the refusal. */
    static native void liveReload(long live);

    static native long liveGeneration(long live);

    /** Throws the refusal ef_live_catalog_last_error reports; returns when there is none. */
    static native void liveLastError(long live);

    static native void liveFree(long live);

    /** ef_format_problem's whole output (library 1.3). */
    static native byte[] problem(long catalog, byte[] domain, long code, byte[] description,
                                 byte[] failureReason, byte[] recoverySuggestion, byte[] table,
                                 byte[] argumentKinds, long[] argumentValues, byte[][] argumentStrings,
                                 byte[] acceptLanguage, byte[][] locales, int status, byte[] typeTemplate,
                                 byte[] instance, int flags);
}
