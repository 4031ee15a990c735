package org.errorformatter;

/**
 * A call on a {@link Catalog} after {@link Catalog#close()}: an {@link IllegalStateException}, as
 * Java's own closed resources throw, carrying the status every binding gives a call after close
 * ({@code EF_E_INVALID_ARGUMENT}, "the catalog is closed"; docs/conventions.md).
 */
public final class CatalogClosedException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /** Makes the exception; its message is "the catalog is closed". */
    public CatalogClosedException() {
        super("the catalog is closed");
    }

    /**
     * The status of the failure, as {@link ErrorFormatterException#status()} gives it.
     *
     * @return {@link Status#INVALID_ARGUMENT}
     */
    public Status status() {
        return Status.INVALID_ARGUMENT;
    }

    /**
     * The status's macro name in the C API.
     *
     * @return {@code "EF_E_INVALID_ARGUMENT"}
     */
    public String statusName() {
        return "EF_E_INVALID_ARGUMENT";
    }
}
