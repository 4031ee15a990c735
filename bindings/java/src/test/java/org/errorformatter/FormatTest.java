package org.errorformatter;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.util.List;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;

/** Formatting the CoreLocation example: the rules, per-key locale fallback and provenance
 *  (the texts hand-checked against the tables, as in the Python tests). */
public class FormatTest {
    private static Catalog catalog;

    @BeforeClass
    public static void open() {
        catalog = Fixtures.coreLocation();
    }

    @AfterClass
    public static void close() {
        catalog.close();
    }

    private static Provenance key(String key, String locale) {
        String rule = key.equals("controls.ok") ? "button-key"
                : switch (key.split("\\.").length) {
                    case 4 -> "code-key";
                    case 3 -> "domain-key";
                    default -> "generic-key";
                };
        return new Provenance(rule, key, locale, "Localizable", List.of());
    }

    private static final Provenance BUILTIN = new Provenance("builtin", null, null, null, List.of());
    private static final Provenance EMPTY = new Provenance("empty", null, null, null, List.of());

    @Test
    public void englishCodeKey() {
        FormattedError shown = catalog.format("kCLErrorDomain", 0, List.of("en"));
        assertEquals("Unknown Location", shown.title());
        assertEquals("Couldn't get a good reading. Long tunnel?", shown.message());
        assertEquals("OK", shown.button());
        assertEquals(key("errors.kCLErrorDomain.0.title", "en"), shown.provenance(Field.TITLE));
        assertEquals(key("errors.kCLErrorDomain.0.message", "en"), shown.provenance(Field.MESSAGE));
        assertEquals(BUILTIN, shown.provenance(Field.BUTTON));
        assertEquals(List.of("en"), shown.stack());
        assertFalse(shown.untranslated());
    }

    @Test
    public void titleWithoutMessage() {
        FormattedError shown = catalog.format("kCLErrorDomain", 9, List.of("en"));
        assertEquals("No results found", shown.title());
        assertEquals("", shown.message());
        assertEquals(EMPTY, shown.provenance(Field.MESSAGE));
    }

    @Test
    public void frenchCanadianFallsBackToFrenchKeyByKey() {
        FormattedError located = catalog.format("kCLErrorDomain", 0, List.of("fr-CA"));
        assertEquals("Emplacement inconnu", located.title());
        assertEquals("Impossible d’obtenir une bonne lecture. Un long tunnel?", located.message());
        assertEquals("fr-CA", located.provenance(Field.TITLE).locale());

        FormattedError offline = catalog.format("kCLErrorDomain", 2, List.of("fr-CA"));
        assertEquals("Pas d’Internet", offline.title());
        assertEquals(key("errors.kCLErrorDomain.2.title", "fr"), offline.provenance(Field.TITLE));
        assertEquals("Internet n’est pas accessible ou une erreur est survenue.", offline.message());
        assertEquals("fr-CA", offline.provenance(Field.MESSAGE).locale());
        assertEquals(List.of("fr-CA", "fr", "en"), offline.stack());
    }

    @Test
    public void mexicanSpanishGoesThroughLatinAmerica() {
        FormattedError shown = catalog.format("kCLErrorDomain", 0, List.of("es-MX"));
        assertEquals("Ubicación desconocida", shown.title());
        assertEquals("No se pudo obtener una lectura confiable. ¿Un túnel largo?", shown.message());
        assertEquals(List.of("es-419", "es", "en"), shown.stack());
    }

    @Test
    public void traditionalChineseFromTaiwan() {
        FormattedError shown = catalog.format("kCLErrorDomain", 0, List.of("zh-TW"));
        assertEquals("位置不明", shown.title());
        assertEquals("無法取得準確的定位。是在長隧道裡嗎？", shown.message());
        assertEquals("zh-Hant", shown.provenance(Field.TITLE).locale());
    }

    @Test
    public void firstPreferenceWithTablesWins() {
        // pt-BR has no localization: es-MX's Spanish is used, as the second preference.
        FormattedError shown = catalog.format("kCLErrorDomain", 2, List.of("pt-BR", "es-MX"));
        assertEquals("Sin Internet", shown.title());
        assertEquals("Internet no está disponible o se produjo un error", shown.message());
    }

    @Test
    public void unknownCodeUsesTheGenericKeys() {
        FormattedError shown = catalog.format("kCLErrorDomain", 42, List.of("ja"));
        assertEquals("エラー", shown.title());
        assertEquals("generic-key", shown.provenance(Field.TITLE).rule());
        assertEquals("errors.title", shown.provenance(Field.TITLE).key());
    }

    @Test
    public void noLocalesMeansTheDevelopmentLocale() {
        assertEquals(catalog.format("kCLErrorDomain", 2, List.of("en")),
                catalog.format("kCLErrorDomain", 2, List.of()));
    }

    @Test
    public void posixCIsUntranslated() {
        FormattedError shown = catalog.format("kCLErrorDomain", 2, List.of("C"));
        assertTrue(shown.untranslated());
        assertEquals("No Internet", shown.title());
    }

    @Test
    public void theErrorsOwnTexts() {
        FormattedError shown = catalog.format(ErrorInfo.builder("NSURLErrorDomain", -1001)
                .description("The request timed out.").failureReason("Timed Out").build(), List.of("ja"));
        assertEquals("Timed Out", shown.title());
        assertEquals("The request timed out.", shown.message());
        assertEquals(new Provenance("failure-reason", null, null, null, List.of()), shown.provenance(Field.TITLE));
        assertEquals("description", shown.provenance(Field.MESSAGE).rule());

        FormattedError suggested = catalog.format(ErrorInfo.builder("NSURLErrorDomain", -1009)
                .recoverySuggestion("Check your connection.").build(), List.of("fr-CA"));
        assertEquals("Erreur", suggested.title());
        assertEquals("Check your connection.", suggested.message());
        assertEquals("recovery-suggestion", suggested.provenance(Field.MESSAGE).rule());
    }

    @Test
    public void aTableThatDoesNotExistGivesTheBuiltins() {
        FormattedError shown = catalog.format(ErrorInfo.builder("kCLErrorDomain", 0).table("NoSuchTable").build(),
                List.of("en"));
        assertEquals("Error", shown.title());
        assertEquals(BUILTIN, shown.provenance(Field.TITLE));
    }

    @Test
    public void catalogProperties() {
        assertEquals("en", catalog.developmentLocale());
        assertEquals(List.of("de", "en", "es", "es-419", "fr", "fr-CA", "ja", "zh-Hans", "zh-Hant"),
                catalog.localizations());
        // The seed defines code 8's message twice.
        List<Diagnostic> diagnostics = catalog.diagnostics();
        assertEquals(2, diagnostics.size());
        Diagnostic duplicate = diagnostics.get(0);
        assertEquals(Severity.WARNING, duplicate.severity());
        assertEquals("duplicate-key", duplicate.code());
        assertEquals("en.lproj/Localizable.strings", duplicate.file());
        assertEquals(10, duplicate.line());
        assertEquals(1, duplicate.column());
        assertEquals(Severity.NOTE, diagnostics.get(1).severity());
    }

    @Test
    public void lookupOfAnyKey() {
        LookupResult found = catalog.lookup("errors.kCLErrorDomain.0.title", List.of("ja"));
        assertTrue(found.found());
        assertEquals("位置情報を取得できません", found.value());
        assertEquals("ja", found.locale());
        assertEquals("Localizable", found.table());

        LookupResult missing = catalog.lookup("no.such.key", List.of("ja"));
        assertFalse(missing.found());
        assertNull(missing.value());
        assertNull(missing.locale());
        assertTrue(missing.valueIfFound().isEmpty());
        assertEquals(List.of(), missing.rejections());
    }

    @Test
    public void textWithoutArguments() {
        assertEquals(java.util.Optional.of("位置情報を取得できません"),
                catalog.text(null, "errors.kCLErrorDomain.0.title", List.of("ja")));
        assertEquals(java.util.Optional.of("Erreur"), catalog.text("Localizable", "errors.title", List.of("fr-CA")));
        assertTrue(catalog.text(null, "no.such.key", List.of("ja")).isEmpty());
        try (Catalog sync = Fixtures.sync()) {
            // Every localization's string needs an argument (%@): no text without one.
            assertTrue(sync.text(null, "errors.SyncErrorDomain.1.title", List.of("fr")).isEmpty());
            assertEquals(java.util.Optional.of("Sync Failed"), sync.text(null, "errors.title", List.of("en")));
        }
    }
}
