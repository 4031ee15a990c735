package org.errorformatter;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The HTTP response a service sends for an error: an RFC 9457 problem details object whose
 * title and detail are localized for the request, as the library made it. A plain value a
 * servlet, a Spring handler or {@link ProblemExchange} can send as it is.
 *
 * @param status the HTTP status
 * @param headers {@code Content-Type}, {@code Content-Language} and {@code Vary}, in that order
 * @param body the JSON of the problem details object, UTF-8
 */
public record Problem(int status, List<Map.Entry<String, String>> headers, byte[] body) {
    /**
     * Copies the list and the body.
     *
     * @param status the HTTP status
     * @param headers the header fields, in order
     * @param body the JSON body, UTF-8
     */
    public Problem {
        headers = List.copyOf(headers);
        body = body.clone();
    }

    /**
     * The body's bytes.
     *
     * @return a copy of them
     */
    @Override
    public byte[] body() {
        return body.clone();
    }

    /** Equal when the status, the header fields and the body's bytes are. */
    @Override
    public boolean equals(Object other) {
        return other instanceof Problem problem && status == problem.status && headers.equals(problem.headers)
                && Arrays.equals(body, problem.body);
    }

    @Override
    public int hashCode() {
        return Objects.hash(status, headers, Arrays.hashCode(body));
    }

    @Override
    public String toString() {
        return "Problem[status=" + status + ", headers=" + headers + ", body=" + bodyText() + "]";
    }

    /**
     * The body as text.
     *
     * @return the body decoded as UTF-8
     */
    public String bodyText() {
        return new String(body, StandardCharsets.UTF_8);
    }

    /**
     * The value of the header field {@code name} (any case), or null.
     *
     * @param name the field's name
     * @return its value, or null
     */
    public String header(String name) {
        String wanted = name.toLowerCase(Locale.ROOT);
        for (Map.Entry<String, String> field : headers) {
            if (field.getKey().toLowerCase(Locale.ROOT).equals(wanted)) {
                return field.getValue();
            }
        }
        return null;
    }

    /**
     * A header value as the bytes that arrived: {@code com.sun.net.httpserver} and servlets give
     * header values as Strings decoded as ISO-8859-1, so that encoding gives the bytes back.
     *
     * @param value the header's value, or null
     * @return its bytes, or null
     */
    public static byte[] headerBytes(String value) {
        return value == null ? null : value.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** The items of ef_format_problem's output: the header (status, F), F name/value pairs, the body. */
    static Problem fromPacked(byte[] packed) {
        String what = "problem response";
        List<String> items = Packed.items(packed, what);
        long[] header = Packed.header(items, 2, what);
        int fields = Packed.bounded(header[1], items.size(), "the number of header fields", what);
        Packed.expectCount(items, 2L + 2L * fields, what);
        List<Map.Entry<String, String>> headers = new ArrayList<>();
        for (int field = 0; field < fields; field++) {
            headers.add(Map.entry(items.get(1 + 2 * field), items.get(2 + 2 * field)));
        }
        return new Problem(Packed.bounded(header[0], 999, "the status", what), headers,
                items.get(1 + 2 * fields).getBytes(StandardCharsets.UTF_8));
    }
}
