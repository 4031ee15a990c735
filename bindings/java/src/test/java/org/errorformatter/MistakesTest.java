package org.errorformatter;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.Test;

/**
 * The mistakes of a first hour with the binding, and what each says (docs/conventions.md,
 * "Failures across bindings"): a wrong catalog path, a POSIX locale with a codeset, a number
 * where a text takes a string and a string where it takes a number, an integer for
 * {@code %.1f}, and a call after close.
 */
public class MistakesTest {
    private static final String REJECTED_SIZE = "errors.SyncErrorDomain.3.message in en/Localizable: '%f' needs a "
            + "floating-point argument but argument 1 is a string [wrong-argument-type]";

    private static ErrorInfo sizeError(Argument size) {
        return ErrorInfo.builder("SyncErrorDomain", 3).arguments(size, Argument.of("Backup")).build();
    }

    private static Path sync() {
        return Fixtures.examples().resolve("Sync");
    }

    @Test
    public void aWrongPathNamesItOnce() {
        Path missing = Fixtures.examples().resolve("CoreLocaton");
        ErrorFormatterException failure = assertThrows(ErrorFormatterException.class, () -> Catalog.open(missing));
        assertEquals(Status.NOT_FOUND, failure.status());
        assertEquals("EF_E_NOT_FOUND", failure.statusName());
        assertEquals("no such catalog directory", failure.detail());
        assertEquals(missing.toString(), failure.file());
        assertEquals(missing + ": no such catalog directory", failure.getMessage());
    }

    @Test
    public void aPosixLocaleWithACodesetIsTheLocaleItNames() {
        try (Catalog catalog = Fixtures.coreLocation()) {
            FormattedError shown = catalog.format("kCLErrorDomain", 0, List.of("fr_FR.UTF-8"));
            assertEquals("Position inconnue", shown.title());
            assertEquals("fr", shown.provenance(Field.TITLE).locale());
        }
    }

    @Test
    public void anIntegerFillsAFloatingPointTextAndATextPlaceholder() {
        List<Rejection> seen = new ArrayList<>();
        try (Catalog catalog = Catalog.open(sync(), OpenOptions.defaults().onRejection(seen::add))) {
            for (Argument size : List.of(Argument.of(12), Argument.of(12.0))) {
                assertEquals("12.0 MB more are needed on “Backup”.", catalog.format(sizeError(size), List.of("en")).message());
            }
            ErrorInfo file = ErrorInfo.builder("SyncErrorDomain", 1).arguments(Argument.of(42)).build();
            assertEquals("“42” is open in another app.", catalog.format(file, List.of("en")).message());
            ErrorInfo files = ErrorInfo.builder("SyncErrorDomain", 2).arguments(Argument.of(3.0)).build();
            assertEquals("3 files could not be synced.", catalog.format(files, List.of("en")).message());
        }
        assertEquals(List.of(), seen);
    }

    @Test
    public void aStringWhereANumberIsExpectedIsLoggedOnceByDefault() {
        Logger logger = Logger.getLogger("org.errorformatter");
        List<LogRecord> records = new ArrayList<>();
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                records.add(record);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        logger.addHandler(handler);
        boolean parents = logger.getUseParentHandlers();
        logger.setUseParentHandlers(false);
        try (Catalog catalog = Catalog.open(sync())) {
            FormattedError shown = null;
            for (int call = 0; call < 3; call++) {
                shown = catalog.format(sizeError(Argument.of("12")), List.of("en"));
            }
            assertEquals("Please try again later.", shown.message());
            assertEquals(REJECTED_SIZE, shown.rejections().get(0).toString());
        } finally {
            logger.removeHandler(handler);
            logger.setUseParentHandlers(parents);
        }
        assertEquals(1, records.size());
        assertEquals(java.util.logging.Level.WARNING, records.get(0).getLevel());
        assertEquals(REJECTED_SIZE, records.get(0).getMessage());
    }

    @Test
    public void aRejectionGoesToTheHandlerOrFailsWhenAsked() {
        List<String> seen = new ArrayList<>();
        try (Catalog catalog = Catalog.open(sync(), OpenOptions.defaults().onRejection(r -> seen.add(r.toString())))) {
            catalog.format(sizeError(Argument.of("12")), List.of("en"));
            catalog.lookup(null, "errors.SyncErrorDomain.3.message", List.of("en"), Argument.of("12"), Argument.of("Backup"));
        }
        assertEquals(List.of(REJECTED_SIZE, REJECTED_SIZE), seen);
        try (Catalog strict = Catalog.open(sync(), OpenOptions.defaults().failOnRejection(true))) {
            ErrorFormatterException failure = assertThrows(ErrorFormatterException.class,
                    () -> strict.format(sizeError(Argument.of("12")), List.of("en")));
            assertEquals(Status.REJECTED, failure.status());
            assertEquals("EF_E_REJECTED", failure.statusName());
            assertEquals(REJECTED_SIZE, failure.getMessage());
            assertEquals("12.0 MB more are needed on “Backup”.",
                    strict.format(sizeError(Argument.of(12)), List.of("en")).message());
        }
        assertEquals("EF_E_REJECTED", ErrorFormatter.statusName(9));
    }

    @Test
    public void aCallAfterCloseIsAnInvalidArgument() {
        Catalog catalog = Catalog.open(sync());
        catalog.close();
        CatalogClosedException failure = assertThrows(CatalogClosedException.class,
                () -> catalog.format("SyncErrorDomain", 1, List.of("en")));
        assertTrue(failure instanceof IllegalStateException);
        assertEquals("the catalog is closed", failure.getMessage());
        assertEquals(Status.INVALID_ARGUMENT, failure.status());
        assertEquals("EF_E_INVALID_ARGUMENT", failure.statusName());
        assertThrows(CatalogClosedException.class, () -> catalog.lookup("errors.title", List.of()));
        assertThrows(CatalogClosedException.class, catalog::localizations);
    }

    @Test
    public void aCallAfterCloseOfALiveCatalogIsTheCatalogsFailure() {
        LiveCatalog live = LiveCatalog.open(sync(), LiveCatalog.Options.defaults().checkInterval(Duration.ZERO));
        live.close();
        List<Runnable> calls = List.of(
                () -> live.format("SyncErrorDomain", 1, List.of("en")),
                () -> live.lookup("errors.title", List.of()),
                live::current,
                live::reload,
                live::generation,
                live::lastError);
        for (Runnable call : calls) {
            CatalogClosedException failure = assertThrows(CatalogClosedException.class, call::run);
            assertEquals("the catalog is closed", failure.getMessage());
            assertEquals("EF_E_INVALID_ARGUMENT", failure.statusName());
        }
        live.close();
    }
}
