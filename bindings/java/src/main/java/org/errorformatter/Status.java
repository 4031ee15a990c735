package org.errorformatter;

/**
 * The status codes of the C library ({@code ef_status}): why a call failed.
 *
 * <p>Read from {@link ErrorFormatterException#status()}. The numbers are the C API's and never
 * change meaning; a code this binding does not know (from a newer library) is {@link #UNKNOWN}.
 */
public enum Status {
    /** {@code EF_E_INVALID_ARGUMENT}: an argument is unusable (out of range, holds U+0000, ...). */
    INVALID_ARGUMENT(1),
    /** {@code EF_E_INVALID_UTF8}: a string is not valid Unicode (a lone surrogate in Java). */
    INVALID_UTF8(2),
    /** {@code EF_E_NOT_FOUND}: a path does not exist. */
    NOT_FOUND(3),
    /** {@code EF_E_IO}: a path exists but cannot be read (not a directory, permissions, I/O). */
    IO(4),
    /** {@code EF_E_PARSE}: a table could not be parsed (strict loading), or is not a table. */
    PARSE(5),
    /** {@code EF_E_INVALID_LOCALE}: a locale identifier is malformed. */
    INVALID_LOCALE(6),
    /** {@code EF_E_INTERNAL}: the library failed internally (an ICU call or an allocation). */
    INTERNAL(7),
    /** {@code EF_E_KEY_NOT_FOUND}: no localization has a usable value for a key. */
    KEY_NOT_FOUND(8),
    /**
     * {@code EF_E_REJECTED}: a string was found that the call's arguments cannot satisfy, and
     * the catalog was opened to fail on that ({@link OpenOptions#failOnRejection(boolean)}).
     */
    REJECTED(9),
    /** A code this version of the binding does not know. */
    UNKNOWN(-1);

    private final int code;

    Status(int code) {
        this.code = code;
    }

    /**
     * The C API's number of this status, e.g. 5 for {@link #PARSE}.
     *
     * @return the number, or -1 for {@link #UNKNOWN}
     */
    public int code() {
        return code;
    }

    /**
     * The status of a C API number.
     *
     * @param code an {@code ef_status} value
     * @return its status, {@link #UNKNOWN} for a number this binding does not know
     */
    public static Status of(int code) {
        for (Status status : values()) {
            if (status.code == code) {
                return status;
            }
        }
        return UNKNOWN;
    }
}
