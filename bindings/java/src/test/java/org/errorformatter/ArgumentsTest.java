package org.errorformatter;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;

/** Typed arguments on Examples/Sync and on in-memory tables: strings, plurals, doubles,
 *  unsigned integers, and arguments a string cannot use. */
public class ArgumentsTest {
    private static Catalog sync;
    private static Catalog upload;

    @BeforeClass
    public static void open() {
        sync = Fixtures.sync();
        upload = Catalog.builder()
                .addTable("en", "Localizable.strings", ("\"errors.Upload.1.title\" = \"Couldn't upload %1$@\";\n"
                        + "\"errors.Upload.1.message\" = \"%1$@ (%2$lld bytes, %3$.1f s) was not sent.\";\n"
                        + "\"big\" = \"%llu\";\n").getBytes(StandardCharsets.UTF_8))
                .addTable("fr", "Localizable.strings", ("\"errors.Upload.1.title\" = \"Échec de l’envoi de %1$@\";\n"
                        + "\"errors.Upload.1.message\" = \"%1$@ (%2$lld octets, %4$@) n’a pas été envoyé.\";\n")
                        .getBytes(StandardCharsets.UTF_8))
                .build();
    }

    @AfterClass
    public static void close() {
        sync.close();
        upload.close();
    }

    private static FormattedError format(Catalog catalog, String locale, long code, Argument... arguments) {
        String domain = catalog == sync ? "SyncErrorDomain" : "Upload";
        return catalog.format(ErrorInfo.builder(domain, code).arguments(arguments).build(), List.of(locale));
    }

    @Test
    public void stringArguments() {
        FormattedError shown = format(sync, "en", 1, Argument.of("report.pdf"));
        assertEquals("Cannot Upload “report.pdf”", shown.title());
        assertEquals("“report.pdf” is open in another app.", shown.message());
        assertEquals("Impossible d’envoyer « rapport final.pdf »",
                format(sync, "fr", 1, Argument.of("rapport final.pdf")).title());
    }

    @Test
    public void pluralsOfSignedAndUnsignedIntegers() {
        assertEquals("1 file could not be synced.", format(sync, "en", 2, Argument.of(1L)).message());
        assertEquals("3 files could not be synced.", format(sync, "en", 2, Argument.of(3L)).message());
        assertEquals("0 fichier n’a pas pu être synchronisé.", format(sync, "fr", 2, Argument.of(0L)).message());
        // The C demo's record for the same case (%lld reads the uint64's bits).
        assertEquals("-1 fichier n’a pas pu être synchronisé.",
                format(sync, "fr", 2, Argument.ofUnsigned(-1L)).message());
        assertEquals("18446744073709551615",
                upload.lookup(null, "big", List.of("en"), Argument.ofUnsigned(-1L)).value());
        assertEquals("9223372036854775808",
                upload.lookup(null, "big", List.of("en"), Argument.ofUnsigned(Long.MIN_VALUE)).value());
    }

    @Test
    public void doublesAndArgumentsInAnotherOrder() {
        assertEquals("12.5 MB more are needed on “Backup”.",
                format(sync, "en", 3, Argument.of(12.5), Argument.of("Backup")).message());
        assertEquals("Il faut 0.2 Mo de plus sur « Sauvegarde ».",
                format(sync, "fr-CA", 3, Argument.of(0.25), Argument.of("Sauvegarde")).message());
        FormattedError upload1 = format(upload, "en", 1, Argument.of("photo.jpg"), Argument.of(2048L),
                Argument.of(1.25));
        assertEquals("Couldn't upload photo.jpg", upload1.title());
        assertEquals("photo.jpg (2048 bytes, 1.2 s) was not sent.", upload1.message());
    }

    @Test
    public void aStringTheArgumentsCannotSatisfyIsRejected() {
        FormattedError shown = format(sync, "en", 2, Argument.of("three"));
        assertEquals("Please try again later.", shown.message());
        assertEquals("generic-key", shown.provenance(Field.MESSAGE).rule());
        List<Rejection> why = shown.provenance(Field.MESSAGE).rejections();
        assertEquals(1, why.size());
        assertEquals(new Rejection("errors.SyncErrorDomain.2.message", "en", "Localizable", "wrong-argument-type",
                "value type '%d' cannot read a string"), why.get(0));
        assertEquals("errors.SyncErrorDomain.2.message in en/Localizable: value type '%d' cannot read a string"
                + " [wrong-argument-type]", why.get(0).toString());
    }

    @Test
    public void aTranslationMissingAnArgumentFallsBackToEnglish() {
        FormattedError shown = format(upload, "fr", 1, Argument.of("photo.jpg"), Argument.of(2048L),
                Argument.of(1.25));
        assertEquals("Échec de l’envoi de photo.jpg", shown.title());
        assertEquals("photo.jpg (2048 bytes, 1.2 s) was not sent.", shown.message());
        assertEquals("en", shown.provenance(Field.MESSAGE).locale());
        Rejection why = shown.provenance(Field.MESSAGE).rejections().get(0);
        assertEquals("fr", why.locale());
        assertEquals("missing-argument", why.code());
    }

    @Test
    public void lookupWithArgumentsThatDoNotFit() {
        LookupResult unsatisfied = upload.lookup(null, "big", List.of("en"), Argument.of("text"));
        assertFalse(unsatisfied.found());
        assertEquals(1, unsatisfied.rejections().size());
        assertEquals("big", unsatisfied.rejections().get(0).key());
    }

    @Test
    public void theSixtyFourBitEdges() {
        // The smallest code has no key of its own: the generic keys, read for it.
        FormattedError generic = sync.format(ErrorInfo.of("SyncErrorDomain", Long.MIN_VALUE), List.of("en"));
        assertEquals("Sync Failed", generic.title());
        assertEquals("generic-key", generic.provenance(Field.TITLE).rule());
        FormattedError shown = format(sync, "en", 1, Argument.of(Long.MIN_VALUE));
        assertEquals("Cannot Upload “-9223372036854775808”", shown.title());
    }
}
