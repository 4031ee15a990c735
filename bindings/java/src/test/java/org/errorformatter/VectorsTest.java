package org.errorformatter;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;
import static org.junit.Assume.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.Test;

/**
 * The packed format's golden vectors (Tests/vectors/packed, docs/packed-format.md): every
 * output decodes to what errfmt --json prints for the same call, and is what this binding's own
 * call gives; every request is what {@link PackedRequest} makes; every malformed output is
 * refused with {@link Status#INTERNAL}.
 */
public class VectorsTest {
    /** The vectors' directory (-Derrorformatter.vectors, set by make test-java). */
    private static Path vectors() {
        String property = System.getProperty("errorformatter.vectors");
        Path directory = property == null ? null : Path.of(property);
        assumeTrue("the golden vectors are not given (-Derrorformatter.vectors=Tests/vectors/packed)",
                directory != null && Files.isRegularFile(directory.resolve("cases.json")));
        return directory;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> manifest(Path vectors) throws IOException {
        return (Map<String, Object>) Json.parse(Files.readString(vectors.resolve("cases.json")));
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> entries(Map<String, Object> manifest, String name) {
        return (List<Map<String, Object>>) manifest.get(name);
    }

    private static Map<String, Object> rejectionJson(Rejection rejection) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("key", rejection.key());
        json.put("locale", rejection.locale());
        json.put("table", rejection.table());
        json.put("code", rejection.code());
        json.put("message", rejection.message());
        return json;
    }

    private static List<Object> rejectionsJson(List<Rejection> rejections) {
        List<Object> json = new ArrayList<>();
        for (Rejection rejection : rejections) {
            json.add(rejectionJson(rejection));
        }
        return json;
    }

    /** What errfmt format --json prints for {@code shown}. */
    private static Map<String, Object> formatJson(FormattedError shown) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("title", shown.title());
        json.put("message", shown.message());
        json.put("button", shown.button());
        json.put("stack", new ArrayList<Object>(shown.stack()));
        json.put("untranslated", shown.untranslated());
        Map<String, Object> provenance = new LinkedHashMap<>();
        for (Field field : Field.values()) {
            Provenance origin = shown.provenance(field);
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("rule", origin.rule());
            entry.put("key", origin.key());
            entry.put("locale", origin.locale());
            entry.put("table", origin.table());
            entry.put("rejections", rejectionsJson(origin.rejections()));
            provenance.put(field.label(), entry);
        }
        json.put("provenance", provenance);
        return json;
    }

    /** What errfmt lookup --json prints for {@code found}. */
    private static Map<String, Object> lookupJson(LookupResult found) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("value", found.value());
        json.put("locale", found.locale());
        json.put("table", found.table());
        json.put("diagnostics", rejectionsJson(found.rejections()));
        return json;
    }

    /** The case's arguments, typed as the request's kind bytes say ('n' by its value). */
    @SuppressWarnings("unchecked")
    private static List<Argument> arguments(Map<String, Object> vector) {
        List<Argument> arguments = new ArrayList<>();
        for (Map<String, Object> argument : (List<Map<String, Object>>) vector.get("arguments")) {
            String value = (String) argument.get("value");
            switch ((String) argument.get("kind")) {
                case "s" -> arguments.add(Argument.of(value));
                case "i" -> arguments.add(Argument.of(Long.parseLong(value)));
                case "u" -> arguments.add(Argument.ofUnsigned(Long.parseUnsignedLong(value)));
                case "d" -> arguments.add(Argument.of(Double.parseDouble(value)));
                case "n" -> arguments.add(value.startsWith("-") || value.length() < 19
                        || Long.compareUnsigned(Long.parseUnsignedLong(value), Long.MAX_VALUE) <= 0
                        ? Argument.of(Long.parseLong(value)) : Argument.ofUnsigned(Long.parseUnsignedLong(value)));
                default -> throw new AssertionError("an argument of kind " + argument.get("kind"));
            }
        }
        return arguments;
    }

    private static boolean hasDecimalArguments(Map<String, Object> vector) {
        return vector.get("arguments").toString().contains("kind=n");
    }

    private static ErrorInfo error(Map<String, Object> vector) {
        return ErrorInfo.builder((String) vector.get("domain"), (Long) vector.get("code"))
                .description((String) vector.get("description"))
                .failureReason((String) vector.get("failure_reason"))
                .recoverySuggestion((String) vector.get("recovery_suggestion"))
                .table((String) vector.get("table"))
                .arguments(arguments(vector).toArray(new Argument[0]))
                .build();
    }

    @SuppressWarnings("unchecked")
    @Test
    public void everyOutputDecodesToWhatErrfmtPrintsAndWhatTheBindingGives() throws IOException {
        Path vectors = vectors();
        Path root = vectors.getParent().getParent().getParent();
        List<Map<String, Object>> cases = entries(manifest(vectors), "cases");
        assertTrue(cases.size() > 20);
        for (Map<String, Object> vector : cases) {
            String name = (String) vector.get("name");
            byte[] output = Files.readAllBytes(vectors.resolve(name + ".out"));
            Object expected = Json.parse(Files.readString(vectors.resolve(name + ".json"), StandardCharsets.UTF_8));
            assertEquals(name, ((Long) vector.get("length")).intValue(), output.length);
            assertEquals(name, ((Long) vector.get("items")).intValue(), Packed.items(output, name).size());
            List<String> preferences = (List<String>) (List<?>) vector.get("preferences");
            try (Catalog catalog = Catalog.open(root.resolve((String) vector.get("catalog")))) {
                if (vector.get("call").equals("format")) {
                    FormattedError decoded = FormattedError.fromPacked(output);
                    assertEquals(name, expected, formatJson(decoded));
                    ErrorInfo error = error(vector);
                    assertEquals(name, decoded, catalog.format(error, preferences));
                    for (Field field : Field.values()) {
                        for (Rejection rejection : decoded.provenance(field).rejections()) {
                            assertTrue(name, rejection.description().startsWith(rejection.key() + " in "));
                        }
                    }
                    if (!hasDecimalArguments(vector)) {
                        assertArrayEquals(name, Files.readAllBytes(vectors.resolve(name + ".request")),
                                PackedRequest.of(error));
                    }
                } else {
                    LookupResult decoded = LookupResult.fromPacked(output);
                    assertEquals(name, expected, lookupJson(decoded));
                    assertEquals(name, decoded, catalog.lookup((String) vector.get("table"), (String) vector.get("key"),
                            preferences, arguments(vector).toArray(new Argument[0])));
                }
            }
        }
    }

    @Test
    public void everyMalformedOutputIsRefused() throws IOException {
        Path vectors = vectors();
        List<Map<String, Object>> malformed = entries(manifest(vectors), "malformed");
        assertTrue(malformed.size() > 20);
        for (Map<String, Object> vector : malformed) {
            String name = (String) vector.get("name");
            byte[] output = Files.readAllBytes(vectors.resolve("malformed").resolve(name + ".out"));
            ErrorFormatterException refused = assertThrows(name, ErrorFormatterException.class,
                    () -> {
                        if (vector.get("call").equals("format")) {
                            FormattedError.fromPacked(output);
                        } else {
                            LookupResult.fromPacked(output);
                        }
                    });
            assertEquals(name, Status.INTERNAL, refused.status());
            assertTrue(name + ": " + refused.getMessage(), refused.getMessage().startsWith("malformed packed "));
        }
    }
}
