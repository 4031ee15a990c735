package org.errorformatter;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;

/** Problem responses: a response checked by hand, the header's bytes passed through, refusals.
 *  (make test-http runs ProblemExchange on a real HttpServer.) */
public class ProblemTest {
    private static Catalog catalog;

    @BeforeClass
    public static void open() {
        catalog = Fixtures.coreLocation();
    }

    @AfterClass
    public static void close() {
        catalog.close();
    }

    @Test
    public void aResponseByHand() {
        Problem made = catalog.problem(ErrorInfo.of("kCLErrorDomain", 2), "fr-CA".getBytes(StandardCharsets.UTF_8),
                ProblemOptions.of(503, null).withInstance("/r/1"));
        assertEquals(503, made.status());
        assertEquals(List.of(Map.entry("Content-Type", "application/problem+json"),
                Map.entry("Content-Language", "fr, fr-CA"), Map.entry("Vary", "Accept-Language")), made.headers());
        assertEquals("{\"type\":\"about:blank\",\"title\":\"Pas d\u2019Internet\",\"status\":503,"
                + "\"detail\":\"Internet n\u2019est pas accessible ou une erreur est survenue.\","
                + "\"instance\":\"/r/1\"}", made.bodyText());
        assertEquals("fr, fr-CA", made.header("content-language"));
    }

    @Test
    public void theHeaderIsItsBytesAndAListIsTheSame() {
        byte[] raw = {'d', 'e', (byte) 0xFF, ',', ' ', 'j', 'a'};
        Problem fromBytes = catalog.problem(ErrorInfo.of("kCLErrorDomain", 0), raw,
                ProblemOptions.of(404, "https://errors.example.com/{domain}/{code}").withMembers(Set.of(ProblemMember.CODE)));
        assertEquals("ja", fromBytes.header("Content-Language"));
        assertEquals(fromBytes, catalog.problem(ErrorInfo.of("kCLErrorDomain", 0),
                Problem.headerBytes(new String(raw, StandardCharsets.ISO_8859_1)),
                ProblemOptions.of(404, "https://errors.example.com/{domain}/{code}").withMembers(Set.of(ProblemMember.CODE))));
        Problem listed = catalog.problem(ErrorInfo.of("kCLErrorDomain", 0), null,
                new ProblemOptions(404, "https://errors.example.com/{domain}/{code}", null, Set.of(ProblemMember.CODE),
                        List.of("ja")));
        assertArrayEquals(fromBytes.body(), listed.body());
    }

    @Test
    public void refusals() {
        ErrorFormatterException thrown = assertThrows(ErrorFormatterException.class,
                () -> catalog.problem(ErrorInfo.of("kCLErrorDomain", 0), null, ProblemOptions.of(99, null)));
        assertEquals(Status.INVALID_ARGUMENT, thrown.status());
        assertThrows(ErrorFormatterException.class, () -> catalog.problem(ErrorInfo.of("kCLErrorDomain", 0),
                "fr".getBytes(StandardCharsets.UTF_8),
                new ProblemOptions(500, null, null, Set.of(), List.of("de"))));
    }
}
