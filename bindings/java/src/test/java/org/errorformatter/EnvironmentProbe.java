package org.errorformatter;

/** Prints {@link Locales#fromEnvironment()}, one entry a line, for {@link LocalesTest}. */
public final class EnvironmentProbe {
    private EnvironmentProbe() {
    }

    public static void main(String[] arguments) {
        for (String locale : Locales.fromEnvironment()) {
            System.out.println(locale);
        }
    }
}
