package org.errorformatter;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.Assume;
import org.junit.Test;

/** Catalogs built from tables in memory, and text beyond ASCII crossing JNI both ways. */
public class BuilderTest {
    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    public void emojiCjkAndRightToLeftTextRoundTrip() {
        // Four-byte UTF-8 (emoji, a CJK extension B ideograph), Arabic and Hebrew with a
        // right-to-left mark: modified UTF-8 would turn the first two into six bytes each.
        String title = "Échec 🚀 𠀋 ファイル";
        String message = "لم يتم العثور على الملف \u200F שגיאה %@";
        try (Catalog catalog = Catalog.builder()
                .addTable("ar", "Localizable.strings", utf8("\"errors.Emoji.7.title\" = \"" + title + "\";\n"
                        + "\"errors.Emoji.7.message\" = \"" + message + "\";\n"))
                .build()) {
            FormattedError shown = catalog.format(ErrorInfo.builder("Emoji", 7).argument(Argument.of("👩‍👩‍👧 «ملف»"))
                    .build(), List.of("ar-EG"));
            assertEquals(title, shown.title());
            assertEquals("لم يتم العثور على الملف \u200F שגיאה 👩‍👩‍👧 «ملف»", shown.message());
            assertEquals(List.of("ar"), shown.stack());
            // The caller's own texts come back unchanged too.
            String description = "🙂 中文 עברית \t\n";
            FormattedError own = catalog.format(ErrorInfo.builder("Other 🌍", 1).description(description).build(),
                    List.of("ar"));
            assertEquals(description, own.message());
        }
    }

    @Test
    public void developmentLocaleAndUnlocalizedTables() {
        try (Catalog catalog = Catalog.builder()
                .addTable(null, "Errors.strings", utf8("\"errors.title\" = \"Unlocalized\";"))
                .addTable("de", "Errors.strings", utf8("\"errors.message\" = \"Deutsch\";"))
                .developmentLocale("de")
                .build()) {
            assertEquals("de", catalog.developmentLocale());
            assertEquals(List.of("de"), catalog.localizations());
            FormattedError shown = catalog.format(ErrorInfo.builder("D", 1).table("Errors").build(), List.of("fr"));
            assertEquals("Unlocalized", shown.title());
            assertEquals("", shown.provenance(Field.TITLE).locale());
            assertEquals("Deutsch", shown.message());
            assertEquals(List.of("de", ""), shown.stack());
        }
    }

    @Test
    public void emptyTablesAndNoTables() {
        try (Catalog empty = Catalog.builder().build()) {
            assertEquals(List.of(), empty.localizations());
            assertEquals("Error", empty.format("D", 1, List.of("fr")).title());
        }
        try (Catalog catalog = Catalog.builder().addTable("fr", "Localizable.strings", new byte[0]).build()) {
            assertEquals(List.of("fr"), catalog.localizations());
            // Passed as NULL with a length of 0: loaded, with the library's warning about it.
            assertEquals(List.of("empty-file"), catalog.diagnostics().stream().map(Diagnostic::code).toList());
        }
    }

    @Test
    public void aBrokenTableIsADiagnosticWhenLenient() {
        try (Catalog catalog = Catalog.builder()
                .addTable("en", "Localizable.strings", utf8("\"a\" = \"b\";\n\"c\" = \"d\"\n\"e\" = \"f\";\n"))
                .build()) {
            assertEquals(List.of(new Diagnostic(Severity.ERROR, "missing-semicolon", "missing ';' after the value of \"c\"",
                    "en.lproj/Localizable.strings", 2, 10)), catalog.diagnostics());
            assertEquals("en.lproj/Localizable.strings:2:10: error: missing ';' after the value of \"c\""
                    + " [missing-semicolon]", catalog.diagnostics().get(0).toString());
        }
    }

    @Test
    public void aBrokenTableFailsAStrictBuildWithItsPosition() {
        ErrorFormatterException error = assertThrows(ErrorFormatterException.class, () -> Catalog.builder()
                .mode(LoadMode.STRICT)
                .addTable("en", "Localizable.strings", utf8("\"a\" = \"b\";\n\"c\" = \"d\"\n\"e\" = \"f\";\n"))
                .build());
        assertEquals(Status.PARSE, error.status());
        assertEquals("EF_E_PARSE", error.statusName());
        assertEquals(5, error.statusCode());
        assertTrue(error.file(), error.file().endsWith("Localizable.strings"));
        assertEquals(2, error.line());
        assertEquals(10, error.column());
        assertTrue(error.getMessage(), error.getMessage().startsWith(error.file() + ":" + error.line()));
    }

    @Test
    public void aStringCatalogNeedsNoLocale() {
        String xcstrings = "{\"sourceLanguage\":\"en\",\"version\":\"1.0\",\"strings\":{\"errors.title\":"
                + "{\"localizations\":{\"en\":{\"stringUnit\":{\"state\":\"translated\",\"value\":\"Oops\"}},"
                + "\"ja\":{\"stringUnit\":{\"state\":\"translated\",\"value\":\"おっと\"}}}}}}";
        try (Catalog catalog = Catalog.builder().addTable(null, "Localizable.xcstrings", utf8(xcstrings)).build()) {
            assertEquals("おっと", catalog.format("Any", 1, List.of("ja")).title());
            assertEquals("Oops", catalog.format("Any", 1, List.of("en")).title());
        }
    }

    @Test
    public void aCatalogDirectoryNamedBeyondAscii() throws IOException {
        // The path crosses as UTF-8 bytes; Java itself needs a UTF-8 locale to make such a file.
        Assume.assumeTrue("the JVM's file names are not UTF-8 (sun.jnu.encoding)",
                "UTF-8".equals(System.getProperty("sun.jnu.encoding")));
        Path directory = Files.createTempDirectory("catalogue 🌍 中文 ");
        try {
            Path table = Files.createDirectories(directory.resolve("he.lproj")).resolve("Localizable.strings");
            Files.writeString(table, "\"errors.title\" = \"שגיאה 🚫\";\n", StandardCharsets.UTF_8);
            try (Catalog catalog = Catalog.open(directory)) {
                assertEquals(List.of("he"), catalog.localizations());
                assertEquals("שגיאה 🚫", catalog.format("Any", 1, List.of("he-IL")).title());
            }
            Files.delete(table);
            Files.delete(table.getParent());
        } finally {
            Files.delete(directory);
        }
    }

    @Test
    public void resultsLargerThanTheFirstBuffer() {
        // The glue's first buffer holds 4 KiB; larger results take a second call of the size
        // the library asks for. (A table string is a format of at most 64 KiB: 60,000 bytes here.)
        String value = "é🚀".repeat(10_000);
        String description = "说明 ".repeat(100_000);
        try (Catalog catalog = Catalog.builder()
                .addTable("en", "Localizable.strings", utf8("\"errors.Big.1.title\" = \"" + value + "\";\n"))
                .build()) {
            FormattedError shown = catalog.format(ErrorInfo.builder("Big", 1).description(description).build(),
                    List.of("en"));
            // Compared whole, reported by length (a failure would print 600 KB otherwise).
            assertEquals(shown.provenance(Field.TITLE).toString(), "code-key", shown.provenance(Field.TITLE).rule());
            assertTrue("title of " + shown.title().length() + " chars", value.equals(shown.title()));
            assertTrue("message of " + shown.message().length() + " chars", description.equals(shown.message()));
            assertTrue(value.equals(catalog.lookup("errors.Big.1.title", List.of("en")).value()));
        }
    }
}
