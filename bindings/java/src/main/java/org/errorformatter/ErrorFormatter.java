package org.errorformatter;

import java.nio.charset.StandardCharsets;

/**
 * The library itself: its version and status names. Start with {@link Catalog}.
 *
 * <p>The native code (liberrorformatter, its ICU and the JNI glue) comes inside the jar and is
 * loaded on first use of any class of this package that needs it.
 */
public final class ErrorFormatter {
    private ErrorFormatter() {
    }

    /**
     * The version of the loaded liberrorformatter.
     *
     * @return e.g. {@code "1.3.0"}
     */
    public static String libraryVersion() {
        return new String(Native.versionString(), StandardCharsets.UTF_8);
    }

    /**
     * The version of the loaded liberrorformatter as a number: major * 10000 + minor * 100 + patch.
     *
     * @return e.g. 10300
     */
    public static int libraryVersionNumber() {
        return Native.versionNumber();
    }

    /**
     * The C API's macro name of a status number.
     *
     * @param status an {@code ef_status} value
     * @return e.g. {@code "EF_E_PARSE"}; {@code "EF_E_UNKNOWN"} for an unknown number
     */
    public static String statusName(int status) {
        return new String(Native.statusName(status), StandardCharsets.UTF_8);
    }
}
