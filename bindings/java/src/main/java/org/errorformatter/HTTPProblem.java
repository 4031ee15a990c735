package org.errorformatter;

import java.util.Objects;

/**
 * An error a handler throws to be answered with its problem response ({@link ProblemExchange}):
 * the error, the HTTP status and, optionally, the URI of this occurrence.
 */
public final class HTTPProblem extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The error to format. */
    private final transient ErrorInfo error;
    /** The HTTP status. */
    private final int status;
    /** The URI of this occurrence, or null. */
    private final String instance;

    /**
     * @param error the error: domain, code, texts, table and arguments
     * @param status the HTTP status, 100 to 599
     * @param instance the URI of this occurrence, or null
     */
    public HTTPProblem(ErrorInfo error, int status, String instance) {
        super(Objects.requireNonNull(error, "error").domain() + " " + error.code());
        this.error = error;
        this.status = status;
        this.instance = instance;
    }

    /** @return the error */
    public ErrorInfo error() {
        return error;
    }

    /** @return the HTTP status */
    public int status() {
        return status;
    }

    /** @return the URI of this occurrence, or null */
    public String instance() {
        return instance;
    }
}
