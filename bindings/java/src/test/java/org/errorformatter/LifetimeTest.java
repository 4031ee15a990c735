package org.errorformatter;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.util.List;
import org.junit.Test;

/** Closing: idempotent, every later use an IllegalStateException, results outliving it. */
public class LifetimeTest {
    @Test
    public void closedCatalogsThrowIllegalState() {
        Catalog catalog = Fixtures.coreLocation();
        FormattedError before = catalog.format("kCLErrorDomain", 0, List.of("ja"));
        LookupResult found = catalog.lookup("errors.title", List.of("de"));
        assertFalse(catalog.isClosed());
        catalog.close();
        assertTrue(catalog.isClosed());
        catalog.close(); // again: nothing happens
        assertThrows(IllegalStateException.class, () -> catalog.format("kCLErrorDomain", 0, List.of("ja")));
        assertThrows(IllegalStateException.class, () -> catalog.lookup("errors.title", List.of()));
        assertThrows(IllegalStateException.class, catalog::lint);
        assertThrows(IllegalStateException.class, catalog::localizations);
        assertThrows(IllegalStateException.class, catalog::diagnostics);
        assertThrows(IllegalStateException.class, catalog::developmentLocale);
        assertEquals("Catalog[closed]", catalog.toString());
        // The results are Java values: still whole after the catalog is gone.
        assertEquals("位置情報を取得できません", before.title());
        assertEquals(List.of("ja", "en"), before.stack());
        assertEquals("errors.kCLErrorDomain.0.title", before.provenance(Field.TITLE).key());
        assertEquals("Fehler", found.value());
    }

    @Test
    public void tryWithResourcesCloses() {
        Catalog kept;
        try (Catalog catalog = Fixtures.sync()) {
            kept = catalog;
            assertEquals("Sync Failed", catalog.format("SyncErrorDomain", 9, List.of("en")).title());
        }
        assertTrue(kept.isClosed());
    }

    @Test
    public void catalogsLeftToTheCleanerDoNotDisturbOthers() {
        // Catalogs dropped without close are freed by the Cleaner whenever the collector runs;
        // the ones still in use are unaffected.
        try (Catalog kept = Fixtures.coreLocation()) {
            for (int index = 0; index < 200; index++) {
                Fixtures.sync().format("SyncErrorDomain", 1, List.of("en"));
            }
            System.gc();
            assertEquals("No Internet", kept.format("kCLErrorDomain", 2, List.of("en")).title());
        }
    }
}
