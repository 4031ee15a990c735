package org.errorformatter;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.Test;

/** Normalization, CLDR chains, and preferences from Accept-Language and the environment. */
public class LocalesTest {
    @Test
    public void normalize() {
        assertEquals("zh_Hant_TW", Locales.normalize("zh-Hant-TW"));
        assertEquals("sr_Latn_RS", Locales.normalize("sr_RS.UTF-8@latin"));
        assertEquals("", Locales.normalize("und"));
        assertEquals("", Locales.normalize("C"));
        ErrorFormatterException error = assertThrows(ErrorFormatterException.class,
                () -> Locales.normalize("not a locale!"));
        assertEquals(Status.INVALID_LOCALE, error.status());
    }

    @Test
    public void chains() {
        LocaleChain mexico = Locales.chain("es-MX");
        assertEquals("es_MX", mexico.normalized());
        assertEquals(List.of("es_MX", "es_419", "es"), mexico.ids());
        assertFalse(mexico.untranslated());
        assertEquals(ChainKind.BUNDLE, mexico.entries().get(1).kind());

        LocaleChain taiwan = Locales.chain("zh_TW");
        assertEquals(List.of("zh_TW", "zh_Hant_TW", "zh_Hant"), taiwan.ids());
        assertEquals(ChainKind.ALIAS, taiwan.entries().get(0).kind());

        LocaleChain posix = Locales.chain("POSIX");
        assertTrue(posix.untranslated());
        assertEquals(List.of(), posix.entries());
    }

    @Test
    public void acceptLanguage() {
        assertEquals(List.of("fr-CA", "fr", "en"), Locales.fromAcceptLanguage("fr-CA, fr;q=0.8, en;q=0.5"));
        assertEquals(List.of("de", "en"), Locales.fromAcceptLanguage("en;q=0.5, *, de, ja;q=0"));
        assertEquals(List.of(), Locales.fromAcceptLanguage(""));
    }

    /** Runs {@link EnvironmentProbe} in a JVM with exactly {@code environment} set. */
    private static List<String> preferencesIn(Map<String, String> environment) throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new ArrayList<>(List.of(java.toString(), "-cp", System.getProperty("java.class.path")));
        String jni = System.getProperty(NativeLibrary.OVERRIDE_PROPERTY);
        if (jni != null) {
            command.add("-D" + NativeLibrary.OVERRIDE_PROPERTY + "=" + jni);
        }
        command.add(EnvironmentProbe.class.getName());
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().clear();
        builder.environment().putAll(environment);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(output, 0, process.waitFor());
        return output.isEmpty() ? List.of() : List.of(output.strip().split("\n"));
    }

    @Test
    public void environmentWithGettextsPrecedence() throws Exception {
        assertEquals(List.of("fr_CA.UTF-8"), preferencesIn(Map.of("LANG", "fr_CA.UTF-8")));
        assertEquals(List.of("de", "fr"), preferencesIn(Map.of("LANG", "fr_CA.UTF-8", "LANGUAGE", "de:fr")));
        assertEquals(List.of("ja_JP"), preferencesIn(Map.of("LANG", "fr", "LC_ALL", "ja_JP")));
        // C ignores LANGUAGE, as gettext does.
        assertEquals(List.of("C"), preferencesIn(Map.of("LC_ALL", "C", "LANGUAGE", "de")));
        assertEquals(List.of(), preferencesIn(Map.of()));
    }
}
