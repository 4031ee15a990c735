package org.errorformatter;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * The packed outputs as {@link Packed} reads them: the library's real outputs decode to what the
 * other calls give, and an output that is not what the format says (short, long, a header that
 * lies or is not numbers, no final NUL) is refused with {@link Status#INTERNAL}, never read past
 * its end.
 */
public class PackedTest {
    private static Catalog sync;
    /** The same catalog opened through Native, for the calls that return outputs. */
    private static long pointer;

    @BeforeClass
    public static void open() {
        sync = Fixtures.sync();
        pointer = Native.open(Utf8.encode(Fixtures.examples().resolve("Sync").toString(), "path"), null, 0);
    }

    @AfterClass
    public static void close() {
        sync.close();
        Native.free(pointer);
    }

    private static byte[] withPointer(Function<Long, byte[]> body) {
        return body.apply(pointer);
    }

    private static byte[] formatOutput(ErrorInfo error, String locale) {
        return withPointer(p -> Native.format(p, PackedRequest.of(error), new byte[][] {Utf8.encode(locale, "l")}));
    }

    /** The items of {@code output}, changed by {@code change}, packed again. */
    private static byte[] edited(byte[] output, java.util.function.Consumer<List<String>> change) {
        List<String> items = new ArrayList<>(Packed.items(output, "test"));
        change.accept(items);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (String item : items) {
            byte[] encoded = item.getBytes(StandardCharsets.UTF_8);
            bytes.write(encoded, 0, encoded.length);
            bytes.write(0);
        }
        return bytes.toByteArray();
    }

    private static void assertRefused(String what, Runnable decode) {
        ErrorFormatterException refused = assertThrows(ErrorFormatterException.class, decode::run);
        assertEquals(Status.INTERNAL, refused.status());
        assertTrue(refused.getMessage(), refused.getMessage().startsWith("malformed packed " + what + ": "));
    }

    /** Every way an output can be wrong in its frame, refused by {@code decode}. */
    private static void assertFramesRefused(String what, byte[] output, Function<byte[], ?> decode) {
        assertRefused(what, () -> decode.apply(new byte[0]));
        assertRefused(what, () -> decode.apply(java.util.Arrays.copyOf(output, output.length - 1)));
        assertRefused(what, () -> decode.apply(edited(output, items -> items.remove(items.size() - 1))));
        assertRefused(what, () -> decode.apply(edited(output, items -> items.add("extra"))));
        assertRefused(what, () -> decode.apply(edited(output, items -> items.set(0, items.get(0) + " 0"))));
        assertRefused(what, () -> decode.apply(edited(output, items -> items.set(0, items.get(0) + " "))));
        assertRefused(what, () -> decode.apply(edited(output, items -> items.set(0, "\t" + items.get(0)))));
        assertRefused(what, () -> decode.apply(edited(output, items -> items.set(0, "x" + items.get(0)))));
        assertRefused(what, () -> decode.apply(edited(output, items -> items.set(0, "-" + items.get(0)))));
        assertRefused(what, () -> decode.apply(edited(output, items -> items.set(0, "99999999999999999999 0 0 0 0 0"))));
    }

    @Test
    public void aFormattedErrorWithRejectionsDecodesWithTheLibrarysDescriptions() {
        ErrorInfo error = ErrorInfo.builder("SyncErrorDomain", 2).argument(Argument.of("three")).build();
        byte[] output = formatOutput(error, "en");
        FormattedError shown = FormattedError.fromPacked(output);
        assertEquals(sync.format(error, List.of("en")), shown);
        Rejection why = shown.provenance(Field.MESSAGE).rejections().get(0);
        assertEquals("errors.SyncErrorDomain.2.message in en/Localizable: value type '%d' cannot read a string"
                + " [wrong-argument-type]", why.description());
        assertEquals(why.description(), why.toString());
        // The output ends with the descriptions: 16 + S + 6R items.
        List<String> items = Packed.items(output, "test");
        assertEquals(why.description(), items.get(items.size() - 1));
        assertFramesRefused("formatted error", output, FormattedError::fromPacked);
        // A description missing, and a flag or mask out of its range.
        assertRefused("formatted error", () -> FormattedError.fromPacked(edited(output, list -> list.remove(list.size() - 1))));
        assertRefused("formatted error", () -> FormattedError.fromPacked(edited(output,
                list -> list.set(0, "2" + list.get(0).substring(1)))));
        assertRefused("formatted error", () -> FormattedError.fromPacked(edited(output,
                list -> list.set(0, list.get(0).substring(0, list.get(0).lastIndexOf(' ')) + " 512"))));
        // A stack count that would read past the end.
        assertRefused("formatted error", () -> FormattedError.fromPacked(edited(output,
                list -> list.set(0, "0 900 0 1 0 0"))));
    }

    @Test
    public void aLookupDecodesWithTheLibrarysDescriptions() {
        byte[] output = withPointer(p -> Native.lookup(p, null, Utf8.encode("errors.SyncErrorDomain.2.message", "k"),
                new byte[] {Native.STRING}, new long[] {0}, new byte[][] {Utf8.encode("three", "a")},
                new byte[][] {Utf8.encode("en", "l")}));
        LookupResult found = LookupResult.fromPacked(output);
        assertEquals("Localizable", found.table());
        assertFalse(found.found());
        assertFalse(found.rejections().isEmpty());
        for (Rejection rejection : found.rejections()) {
            assertTrue(rejection.description(), rejection.description().startsWith(rejection.key() + " in "));
            assertTrue(rejection.description().endsWith(" [" + rejection.code() + "]"));
        }
        assertFramesRefused("lookup", output, LookupResult::fromPacked);
    }

    @Test
    public void anUnlocalizedTablesRejectionSaysSo() {
        try (Catalog catalog = Catalog.builder()
                .addTable(null, "Localizable.strings", "\"k\" = \"%d items\";".getBytes(StandardCharsets.UTF_8))
                .build()) {
            Rejection why = catalog.lookup(null, "k", List.of("en"), Argument.of("x")).rejections().get(0);
            assertEquals("", why.locale());
            assertTrue(why.description(), why.description().startsWith("k in (unlocalized)/Localizable: "));
        }
    }

    @Test
    public void aCatalogDescriptionDecodes() {
        byte[] output = withPointer(Native::describe);
        assertEquals(sync.localizations(), Catalog.Listing.fromPacked(output).localizations());
        assertFramesRefused("catalog description", output, Catalog.Listing::fromPacked);
    }

    @Test
    public void aLocaleChainDecodes() {
        byte[] output = Native.localeChain(Utf8.encode("es-MX", "l"));
        LocaleChain chain = Locales.chainFromPacked(output);
        assertEquals(List.of("es_MX", "es_419", "es"), chain.ids());
        assertFramesRefused("locale chain", output, Locales::chainFromPacked);
        assertRefused("locale chain", () -> Locales.chainFromPacked(edited(output, list -> list.set(3, "one"))));
    }

    @Test
    public void aPreferenceListDecodes() {
        byte[] output = Native.preferencesFromAcceptLanguage(Utf8.encode("fr-CA, fr;q=0.8", "h"));
        assertEquals(List.of("fr-CA", "fr"), Locales.list(output));
        assertFramesRefused("preference list", output, Locales::list);
    }

    @Test
    public void aLintReportDecodesWithNullFilesAndKeys() {
        byte[] output = Native.lintPaths(new byte[][] {Utf8.encode(Fixtures.examples().resolve("CoreLocation").toString(),
                "p")}, null);
        List<LintDiagnostic> findings = Lint.report(output);
        assertTrue(findings.stream().anyMatch(finding -> finding.key() != null));
        assertTrue(findings.stream().anyMatch(finding -> finding.key() == null));
        assertFramesRefused("lint report", output, Lint::report);
        // A null mask out of range.
        int first = Packed.EF_PACKED_LINT_DIAGNOSTICS;
        assertRefused("lint report", () -> Lint.report(edited(output,
                list -> list.set(first, list.get(first).substring(0, list.get(first).lastIndexOf(' ')) + " 4"))));
        LintDiagnostic keyed = findings.stream().filter(finding -> finding.key() != null).findFirst().orElseThrow();
        assertNotNull(keyed.file());
        assertNull(findings.stream().filter(finding -> finding.key() == null).findFirst().orElseThrow().key());
    }
}
