package org.errorformatter;

import java.nio.charset.StandardCharsets;

/**
 * A call into the library failed: a catalog that cannot be opened, a malformed locale, a string
 * that cannot cross the C API (one holding U+0000 or a lone surrogate), an argument out of range.
 *
 * <p>Unchecked, as {@link java.io.UncheckedIOException} and
 * {@link java.util.regex.PatternSyntaxException} are: a catalog is usually opened once, at start,
 * from files shipped with the program, so a failure is a defect to fix rather than a condition
 * each caller recovers from; a caller that can recover (a catalog path typed by a user) catches
 * it and reads {@link #status()}. Formatting itself never fails on well-formed input: a missing
 * key or an argument a string cannot use falls back to the next rule, it does not throw.
 *
 * <p>Where a file is at fault (a strict open of a broken table) {@link #file()}, {@link #line()}
 * and {@link #column()} say where, and {@link #getMessage()} starts with {@code file:line:column: }.
 */
public class ErrorFormatterException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The C API's status number. */
    private final int statusCode;
    /** The status's macro name, e.g. {@code "EF_E_PARSE"}. */
    private final String statusName;
    /** The library's one-line message, without the position. */
    private final String detail;
    /** The file at fault, or null. */
    private final String file;
    /** 1-based line in {@link #file}, 0 if unknown. */
    private final int line;
    /** 1-based column in {@link #file}, 0 if unknown. */
    private final int column;

    /**
     * Makes an exception as the library reports one.
     *
     * @param status the status
     * @param message the one-line message
     * @param file the file at fault, or null
     * @param line 1-based line in {@code file}, 0 if unknown
     * @param column 1-based column in {@code file} (Unicode scalar values), 0 if unknown
     */
    public ErrorFormatterException(Status status, String message, String file, int line, int column) {
        this(status.code(), "EF_E_" + status.name(), message, file, line, column);
    }

    private ErrorFormatterException(int statusCode, String statusName, String message, String file,
                                    int line, int column) {
        super(positioned(message, file, line, column));
        this.statusCode = statusCode;
        this.statusName = statusName;
        this.detail = message;
        this.file = file;
        this.line = line;
        this.column = column;
    }

    /** Called by the native code, with the library's strings as UTF-8 bytes. */
    static ErrorFormatterException fromNative(int statusCode, byte[] statusName, byte[] message,
                                              byte[] file, int line, int column) {
        return new ErrorFormatterException(statusCode, new String(statusName, StandardCharsets.UTF_8),
                new String(message, StandardCharsets.UTF_8),
                file == null ? null : new String(file, StandardCharsets.UTF_8), line, column);
    }

    private static String positioned(String message, String file, int line, int column) {
        if (file == null) {
            return message;
        }
        StringBuilder position = new StringBuilder(file);
        if (line > 0) {
            position.append(':').append(line);
            if (column > 0) {
                position.append(':').append(column);
            }
        }
        return position.append(": ").append(message).toString();
    }

    /**
     * Why the call failed.
     *
     * @return the status; {@link Status#UNKNOWN} for a code this binding does not know
     */
    public Status status() {
        return Status.of(statusCode);
    }

    /**
     * The C API's number of the status, e.g. 5 (also for a status this binding does not know).
     *
     * @return the {@code ef_status} value
     */
    public int statusCode() {
        return statusCode;
    }

    /**
     * The status's macro name in the C API.
     *
     * @return e.g. {@code "EF_E_PARSE"}
     */
    public String statusName() {
        return statusName;
    }

    /**
     * The library's one-line message, without the file position {@link #getMessage()} starts with.
     *
     * @return the message, e.g. {@code "Missing ';' on line 4"}
     */
    public String detail() {
        return detail;
    }

    /**
     * The file at fault.
     *
     * @return its path, or null when no file is at fault
     */
    public String file() {
        return file;
    }

    /**
     * The line at fault in {@link #file()}.
     *
     * @return the 1-based line, or 0 if unknown
     */
    public int line() {
        return line;
    }

    /**
     * The column at fault in {@link #file()}, counted in Unicode scalar values.
     *
     * @return the 1-based column, or 0 if unknown
     */
    public int column() {
        return column;
    }
}
