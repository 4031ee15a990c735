package org.errorformatter;

/**
 * One finding of {@link Lint#paths} or {@link Catalog#lint()}: what {@code errfmt lint} reports.
 * Match on {@link #code()} (docs/lint.md lists them), never on the message.
 *
 * @param severity how serious it is
 * @param code the stable kebab-case code, e.g. {@code "format-mismatch"}
 * @param message the one-line message
 * @param file the file as named in the call, or null for none
 * @param line the 1-based line of the entry, 0 if unknown
 * @param column the 1-based column (Unicode scalar values), 0 if unknown
 * @param key the table key the finding is about, or null for a whole file
 */
public record LintDiagnostic(Severity severity, String code, String message, String file, int line,
                             int column, String key) {
    /**
     * The line {@code errfmt lint} prints for it.
     *
     * @return {@code file:line:column: severity: message [code]}, unknown parts left out
     */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        if (file != null) {
            text.append(file).append(':');
        }
        if (line > 0) {
            text.append(line).append(':');
            if (column > 0) {
                text.append(column).append(':');
            }
        }
        if (text.length() > 0) {
            text.append(' ');
        }
        return text.append(severity.label()).append(": ").append(message).append(" [").append(code)
                .append(']').toString();
    }
}
