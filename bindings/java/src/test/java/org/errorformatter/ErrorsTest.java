package org.errorformatter;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;
import org.junit.function.ThrowingRunnable;

/** Invalid input raises the documented exceptions (and never brings the JVM down). */
public class ErrorsTest {
    private static Catalog catalog;

    @BeforeClass
    public static void open() {
        catalog = Fixtures.coreLocation();
    }

    @AfterClass
    public static void close() {
        catalog.close();
    }

    private static ErrorFormatterException fails(Status status, ThrowingRunnable call) {
        ErrorFormatterException error = assertThrows(ErrorFormatterException.class, call);
        assertEquals(error.getMessage(), status, error.status());
        assertEquals("EF_E_" + status.name(), error.statusName());
        return error;
    }

    @Test
    public void nullIsANullPointerException() {
        assertThrows(NullPointerException.class, () -> Catalog.open(null));
        assertThrows(NullPointerException.class, () -> catalog.format(null, 0, List.of()));
        assertThrows(NullPointerException.class, () -> catalog.format("D", 0, null));
        assertThrows(NullPointerException.class, () -> catalog.format("D", 0, Arrays.asList("en", null)));
        assertThrows(NullPointerException.class, () -> catalog.lookup(null, List.of()));
        assertThrows(NullPointerException.class, () -> Argument.of((String) null));
        assertThrows(NullPointerException.class, () -> ErrorInfo.builder("D", 1).argument(null));
        assertThrows(NullPointerException.class, () -> Locales.normalize(null));
        assertThrows(NullPointerException.class, () -> Catalog.builder().addTable("en", "L.strings", null));
    }

    @Test
    public void nulIsRefusedEverywhere() {
        fails(Status.INVALID_ARGUMENT, () -> catalog.format("kCL\0ErrorDomain", 0, List.of()));
        fails(Status.INVALID_ARGUMENT, () -> catalog.format("D", 0, List.of("en\0fr")));
        fails(Status.INVALID_ARGUMENT, () -> catalog.format(ErrorInfo.builder("D", 0).description("a\0b").build(),
                List.of()));
        fails(Status.INVALID_ARGUMENT, () -> catalog.format(ErrorInfo.builder("D", 0)
                .argument(Argument.of("x\0")).build(), List.of()));
        fails(Status.INVALID_ARGUMENT, () -> catalog.lookup("key\0", List.of()));
        fails(Status.INVALID_ARGUMENT, () -> Catalog.builder().addTable("en", "Local\0izable.strings", new byte[0]).build());
        fails(Status.INVALID_ARGUMENT, () -> Catalog.builder().developmentLocale("e\0n").build());
        fails(Status.INVALID_ARGUMENT, () -> Locales.fromAcceptLanguage("fr\0"));
    }

    @Test
    public void loneSurrogatesAreInvalidUtf8() {
        fails(Status.INVALID_UTF8, () -> catalog.format("D\uD800", 0, List.of()));
        fails(Status.INVALID_UTF8, () -> catalog.format(ErrorInfo.builder("D", 0).failureReason("\uDC00x").build(),
                List.of()));
        fails(Status.INVALID_UTF8, () -> Locales.chain("en\uD800"));
    }

    @Test
    public void catalogsThatCannotBeOpened() {
        Path missing = Fixtures.examples().resolve("no-such-catalog");
        ErrorFormatterException notFound = fails(Status.NOT_FOUND, () -> Catalog.open(missing));
        assertTrue(notFound.getMessage(), notFound.getMessage().contains("no-such-catalog"));
        fails(Status.IO, () -> Catalog.open(Fixtures.examples().resolve("cases.tsv")));
        fails(Status.INVALID_LOCALE, () -> Catalog.open(Fixtures.examples().resolve("Sync"), "not a locale!",
                LoadMode.LENIENT));
    }

    @Test
    public void limitsOfTheCApi() {
        fails(Status.INVALID_ARGUMENT, () -> catalog.format(ErrorInfo.builder("D", 0).table("a/b").build(),
                List.of()));
        // Past 256 preferences the rest is ignored as the least preferred: the 257th is not read.
        List<String> preferences = new ArrayList<>(Collections.nCopies(255, "zz"));
        preferences.add("ja");
        assertEquals("位置情報を取得できません", catalog.format("kCLErrorDomain", 0, preferences).title());
        preferences.add(0, "zz");
        assertEquals("Unknown Location", catalog.format("kCLErrorDomain", 0, preferences).title());
        ErrorInfo.Builder many = ErrorInfo.builder("D", 0);
        for (int index = 0; index < 1001; index++) {
            many.argument(Argument.of(index));
        }
        fails(Status.INVALID_ARGUMENT, () -> catalog.format(many.build(), List.of()));
        // Malformed preferences are skipped, not errors.
        assertEquals("Unknown Location", catalog.format("kCLErrorDomain", 0, List.of("!!", "en")).title());
    }

    @Test
    public void statusNames() {
        assertEquals("EF_E_PARSE", ErrorFormatter.statusName(5));
        assertEquals("EF_E_UNKNOWN", ErrorFormatter.statusName(99));
        assertEquals(Status.UNKNOWN, Status.of(99));
        assertEquals(Status.KEY_NOT_FOUND, Status.of(8));
        for (Status status : Status.values()) {
            if (status != Status.UNKNOWN) {
                assertEquals(ErrorFormatter.statusName(status.code()), "EF_E_" + status.name());
            }
        }
        int number = ErrorFormatter.libraryVersionNumber();
        assertEquals(1, number / 10000);
        assertEquals(number / 10000 + "." + number / 100 % 100 + "." + number % 100, ErrorFormatter.libraryVersion());
    }

    @Test
    public void resultsAreImmutable() {
        FormattedError shown = catalog.format("kCLErrorDomain", 0, List.of("en"));
        assertThrows(UnsupportedOperationException.class, () -> shown.stack().add("x"));
        assertThrows(UnsupportedOperationException.class, () -> shown.provenance().clear());
        List<String> stack = new ArrayList<>(List.of("en"));
        FormattedError made = new FormattedError("t", "m", "b", stack, false, shown.provenance());
        stack.add("fr");
        assertEquals(List.of("en"), made.stack());
    }
}
