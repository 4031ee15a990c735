package org.errorformatter;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.Test;

/** Lint of paths and of open catalogs (the findings errfmt lint reports for Examples/Sync). */
public class LintTest {
    @Test
    public void lintOfADirectory() {
        Path sync = Fixtures.examples().resolve("Sync");
        List<LintDiagnostic> findings = Lint.paths(List.of(sync), null);
        assertEquals(10, findings.size());
        LintDiagnostic mismatch = findings.stream().filter(f -> f.code().equals("format-mismatch")).findFirst()
                .orElseThrow();
        assertEquals(Severity.ERROR, mismatch.severity());
        assertEquals(sync.resolve("de.lproj/Localizable.strings").toString(), mismatch.file());
        assertEquals(8, mismatch.line());
        assertEquals(1, mismatch.column());
        assertEquals("errors.SyncErrorDomain.3.message", mismatch.key());
        assertEquals(mismatch.file() + ":8:1: error: \"errors.SyncErrorDomain.3.message\" uses argument 3,"
                + " which the development text does not pass [format-mismatch]", mismatch.toString());
        assertEquals(6, findings.stream().filter(f -> f.code().equals("missing-key")).count());
    }

    @Test
    public void lintOfAnOpenCatalogHasNoPositions() {
        try (Catalog sync = Fixtures.sync()) {
            List<LintDiagnostic> findings = sync.lint();
            LintDiagnostic mismatch = findings.stream().filter(f -> f.code().equals("format-mismatch")).findFirst()
                    .orElseThrow();
            assertEquals("de.lproj/Localizable", mismatch.file());
            assertEquals(0, mismatch.line());
            assertEquals("errors.SyncErrorDomain.3.message", mismatch.key());
        }
        try (Catalog core = Fixtures.coreLocation()) {
            assertTrue(core.lint().stream().anyMatch(f -> f.code().equals("duplicate-key")));
        }
    }

    @Test
    public void aMissingPathIsNotFound() {
        Path missing = Fixtures.examples().resolve("no-such-catalog");
        ErrorFormatterException error = assertThrows(ErrorFormatterException.class,
                () -> Lint.paths(List.of(missing), null));
        assertEquals(Status.NOT_FOUND, error.status());
        assertEquals(missing.toString(), error.file());
        assertEquals(Status.INVALID_ARGUMENT,
                assertThrows(ErrorFormatterException.class, () -> Lint.paths(List.of(), null)).status());
    }

    @Test
    public void wholeFileFindingsHaveNoKey() {
        List<LintDiagnostic> findings = Lint.paths(List.of(Fixtures.examples().resolve("Sync")), "ja");
        LintDiagnostic none = findings.stream().filter(f -> f.code().equals("no-development-localization"))
                .findFirst().orElseThrow();
        assertNull(none.key());
    }
}
