package org.errorformatter;

/** How serious a catalog or lint diagnostic is ({@code EF_SEVERITY_*}). */
public enum Severity {
    /** {@code EF_SEVERITY_ERROR}: something was left out (a broken table, an unreadable file). */
    ERROR,
    /** {@code EF_SEVERITY_WARNING}: something is probably wrong (a duplicate key). */
    WARNING,
    /** {@code EF_SEVERITY_NOTE}: for information. */
    NOTE;

    /** The severity of a C API number; unknown numbers (a newer library's) read as notes. */
    static Severity of(int code) {
        switch (code) {
            case Packed.EF_SEVERITY_ERROR:
                return ERROR;
            case Packed.EF_SEVERITY_WARNING:
                return WARNING;
            default:
                return NOTE;
        }
    }

    /**
     * The lower-case name {@code errfmt} prints.
     *
     * @return {@code "error"}, {@code "warning"} or {@code "note"}
     */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
