package org.errorformatter;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

/**
 * Localized numbers and pseudo-locales (library 1.3): the open options and an error's own
 * choice. The digits themselves are checked against Foundation by the Swift suite.
 */
public class NumbersTest {
    private Path scratch;

    @Before
    public void makeCatalog() throws IOException {
        scratch = Files.createTempDirectory("errorformatter-java-numbers");
        write("en", "\"errors.Sync.1.title\" = \"%lld files\";\n\"errors.Sync.2.title\" = \"Sync failed\";\n");
        write("de", "\"errors.Sync.1.title\" = \"%lld Dateien\";\n"
                + "\"errors.Sync.2.title\" = \"Synchronisierung fehlgeschlagen\";\n");
    }

    private void write(String locale, String text) throws IOException {
        Path directory = Files.createDirectories(scratch.resolve(locale + ".lproj"));
        Files.write(directory.resolve("Localizable.strings"), text.getBytes(StandardCharsets.UTF_8));
    }

    @After
    public void removeScratch() throws IOException {
        try (Stream<Path> paths = Files.walk(scratch)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    private static String title(Catalog catalog, long value, NumberStyle style, String locale) {
        ErrorInfo error = ErrorInfo.builder("Sync", 1).argument(Argument.of(value)).numberStyle(style).build();
        return catalog.format(error, List.of(locale)).title();
    }

    @Test
    public void numbersFollowTheCatalogUnlessTheErrorChooses() {
        try (Catalog plain = Catalog.open(scratch);
             Catalog localized = Catalog.open(scratch, OpenOptions.defaults().localizedNumbers(true))) {
            // Three rounds: the library's memos and plans answer the later ones, never across choices.
            for (int round = 0; round < 3; round++) {
                assertEquals("1234567 Dateien", title(plain, 1234567, NumberStyle.CATALOG, "de"));
                assertEquals("1.234.567 Dateien", title(plain, 1234567, NumberStyle.LOCALIZED, "de"));
                assertEquals("-1234567 Dateien", title(plain, -1234567, NumberStyle.C_LOCALE, "de"));
                assertEquals("1.234.567 Dateien", title(localized, 1234567, NumberStyle.CATALOG, "de"));
                assertEquals("1,234,567 files", title(localized, 1234567, NumberStyle.CATALOG, "en"));
                assertEquals("1234567 Dateien", title(localized, 1234567, NumberStyle.C_LOCALE, "de"));
            }
        }
        ErrorInfo chosen = ErrorInfo.builder("Sync", 1).numberStyle(NumberStyle.LOCALIZED).build();
        assertEquals(chosen, chosen.toBuilder().build());
        assertTrue(!chosen.equals(ErrorInfo.of("Sync", 1)));
    }

    @Test
    public void pseudoLocalesOnlyWhenAsked() {
        try (Catalog plain = Catalog.open(scratch);
             Catalog pseudo = Catalog.open(scratch, OpenOptions.defaults().pseudoLocales(true))) {
            FormattedError accented = pseudo.format("Sync", 2, List.of("en-XA"));
            assertTrue(accented.title(), accented.title().startsWith("[") && accented.title().endsWith("]")
                    && accented.title().length() > "Sync failed".length());
            assertEquals("en-XA", accented.provenance(Field.TITLE).locale());
            assertEquals("Sync failed", plain.format("Sync", 2, List.of("en-XA")).title());
            assertEquals("Synchronisierung fehlgeschlagen", pseudo.format("Sync", 2, List.of("de-AT")).title());
            assertEquals(plain.localizations(), pseudo.localizations());
        }
    }
}
