package org.errorformatter;

/**
 * A problem recorded while a catalog was loaded: a duplicate key, a broken table left out, a
 * directory skipped. Match on {@link #code()}, never on the message.
 *
 * @param severity how serious it is
 * @param code the stable kebab-case code, e.g. {@code "duplicate-key"}
 * @param message the one-line message
 * @param file the file, relative to the catalog's directory, or null if none
 * @param line the 1-based line, 0 if unknown
 * @param column the 1-based column (Unicode scalar values), 0 if unknown
 */
public record Diagnostic(Severity severity, String code, String message, String file, int line,
                         int column) {
    /**
     * The line {@code errfmt} and the demos print for it.
     *
     * @return {@code file:line:column: severity: message [code]}, with {@code (catalog)} for no file
     */
    @Override
    public String toString() {
        return (file == null ? "(catalog)" : file) + ":" + line + ":" + column + ": " + severity.label()
                + ": " + message + " [" + code + "]";
    }
}
