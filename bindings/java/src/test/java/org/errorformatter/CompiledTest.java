package org.errorformatter;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;
import static org.junit.Assume.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

/**
 * Compiled catalog files and on-demand loading (library 1.2), and compiled files mapped (library
 * 1.3), give the directory's results.
 */
public class CompiledTest {
    private Path scratch;

    @Before
    public void makeScratch() throws IOException {
        scratch = Files.createTempDirectory("errorformatter-java-compiled");
    }

    @After
    public void removeScratch() throws IOException {
        try (Stream<Path> paths = Files.walk(scratch)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    /** The title, message and button of a few codes and locales, to compare two catalogs. */
    private static List<List<String>> shownTexts(Catalog catalog) {
        List<List<String>> texts = new ArrayList<>();
        for (long code : new long[] {0, 1, 8, 9}) {
            for (String locale : List.of("en", "fr-CA", "es-MX", "zh-TW", "ja")) {
                FormattedError shown = catalog.format("kCLErrorDomain", code, List.of(locale));
                texts.add(List.of(shown.title(), shown.message(), shown.button()));
            }
        }
        return texts;
    }

    @Test
    public void aCompiledCatalogGivesItsDirectorysResults() {
        Path file = scratch.resolve("CoreLocation.efc");
        try (Catalog directory = Fixtures.coreLocation()) {
            directory.compile(file);
            try (Catalog compiled = Catalog.open(file);
                 Catalog strict = Catalog.open(file, OpenOptions.defaults().mode(LoadMode.STRICT))) {
                assertEquals("en", compiled.developmentLocale());
                assertEquals(directory.localizations(), compiled.localizations());
                assertEquals("Emplacement inconnu",
                        compiled.format("kCLErrorDomain", 0, List.of("fr-CA")).title());
                assertEquals(shownTexts(directory), shownTexts(compiled));
                assertEquals(shownTexts(directory), shownTexts(strict));
            }
        }
    }

    @Test
    public void onDemandGivesTheWholeLoadsResults() {
        OpenOptions onDemand = OpenOptions.defaults().onDemand(true);
        Path path = Fixtures.examples().resolve("CoreLocation");
        try (Catalog directory = Fixtures.coreLocation(); Catalog lazy = Catalog.open(path, onDemand)) {
            assertEquals("Unbekannter Standort", lazy.format("kCLErrorDomain", 0, List.of("de-AT")).title());
            assertEquals(shownTexts(directory), shownTexts(lazy));
            assertEquals(directory.localizations(), lazy.localizations());
            assertEquals(directory.diagnostics(), lazy.diagnostics());
        }
        try (Catalog french = Catalog.open(path, onDemand.developmentLocale("fr"))) {
            assertEquals("fr", french.developmentLocale());
        }
        // Closed before its listings were read: asking is the closed catalog's exception.
        Catalog closed = Catalog.open(path, onDemand);
        closed.close();
        assertThrows(IllegalStateException.class, closed::localizations);
        ErrorFormatterException missing = assertThrows(ErrorFormatterException.class,
                () -> Catalog.open(Fixtures.examples().resolve("NoSuchCatalog"), onDemand));
        assertEquals(Status.NOT_FOUND, missing.status());
        assertThrows(NullPointerException.class, () -> Catalog.open(path, (OpenOptions) null));
    }

    @Test
    public void onDemandReadsALocalizationWhenFirstNeeded() throws IOException {
        // A table rewritten after the open is read as it is then; a whole load keeps what it read.
        Path table = scratch.resolve("fr.lproj").resolve("Localizable.strings");
        Files.createDirectories(table.getParent());
        Files.writeString(table, "\"errors.title\" = \"Avant\";");
        try (Catalog whole = Catalog.open(scratch);
             Catalog deferred = Catalog.open(scratch, OpenOptions.defaults().onDemand(true))) {
            Files.writeString(table, "\"errors.title\" = \"Après\";");
            assertEquals("Avant", whole.format("Any", 1, List.of("fr")).title());
            assertEquals("Après", deferred.format("Any", 1, List.of("fr")).title());
        }
    }

    /**
     * Whether {@code file} is one of this process's mappings: a line of /proc/self/maps ends in
     * its real path.
     */
    private static boolean isMapped(Path file) throws IOException {
        String real = " " + file.toRealPath();
        try (Stream<String> lines = Files.lines(Path.of("/proc/self/maps"))) {
            return lines.anyMatch(line -> line.endsWith(real));
        }
    }

    @Test
    public void mappedGivesTheSameResultsAndMapsTheFileUntilClose() throws IOException {
        assumeTrue("needs /proc/self/maps to see the mapping", Files.isReadable(Path.of("/proc/self/maps")));
        Path file = scratch.resolve("CoreLocation.efc");
        try (Catalog directory = Fixtures.coreLocation()) {
            directory.compile(file);
        }
        OpenOptions mapped = OpenOptions.defaults().mapped(true);
        try (Catalog read = Catalog.open(file)) {
            assertFalse("mapped without the option", isMapped(file));
            for (OpenOptions options : List.of(mapped, mapped.mode(LoadMode.STRICT), mapped.onDemand(true))) {
                Catalog catalog = Catalog.open(file, options);
                try {
                    assertEquals("Emplacement inconnu",
                            catalog.format("kCLErrorDomain", 0, List.of("fr-CA")).title());
                    // The sections read so far (lenient: when first needed) are mapped.
                    assertTrue("not mapped while open", isMapped(file));
                    assertEquals(shownTexts(read), shownTexts(catalog));
                    assertEquals("en", catalog.developmentLocale());
                    assertEquals(read.localizations(), catalog.localizations());
                    assertEquals(read.diagnostics(), catalog.diagnostics());
                } finally {
                    catalog.close();
                }
                assertFalse("still mapped after close()", isMapped(file));
            }
        }
    }

    @Test
    public void mappedChangesNothingForADirectory() {
        Path path = Fixtures.examples().resolve("CoreLocation");
        try (Catalog directory = Fixtures.coreLocation();
             Catalog mapped = Catalog.open(path, OpenOptions.defaults().mapped(true))) {
            assertEquals(shownTexts(directory), shownTexts(mapped));
            assertEquals(directory.developmentLocale(), mapped.developmentLocale());
            assertEquals(directory.localizations(), mapped.localizations());
            assertEquals(directory.diagnostics(), mapped.diagnostics());
        }
    }

    @Test
    public void compileErrors() {
        Catalog catalog = Fixtures.coreLocation();
        ErrorFormatterException missing = assertThrows(ErrorFormatterException.class,
                () -> catalog.compile(scratch.resolve("missing").resolve("CoreLocation.efc")));
        assertEquals(Status.IO, missing.status());
        assertTrue(missing.getMessage(), !missing.getMessage().isEmpty());
        assertEquals(Status.INVALID_ARGUMENT,
                assertThrows(ErrorFormatterException.class, () -> catalog.compile(Path.of(""))).status());
        assertThrows(NullPointerException.class, () -> catalog.compile(null));
        catalog.close();
        assertThrows(IllegalStateException.class, () -> catalog.compile(scratch.resolve("closed.efc")));
    }
}
