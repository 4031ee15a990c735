package org.errorformatter;

/** The fields of a {@link FormattedError}, in the library's order ({@code EF_FIELD_*}). */
public enum Field {
    /** The title ({@code EF_FIELD_TITLE}). */
    TITLE,
    /** The message ({@code EF_FIELD_MESSAGE}). */
    MESSAGE,
    /** The button label ({@code EF_FIELD_BUTTON}). */
    BUTTON;

    /**
     * The lower-case name the C API and {@code errfmt} use.
     *
     * @return {@code "title"}, {@code "message"} or {@code "button"}
     */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
