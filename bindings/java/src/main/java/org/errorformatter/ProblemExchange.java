package org.errorformatter;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Problem responses on the JDK's {@code com.sun.net.httpserver}: the request's
 * {@code Accept-Language} header passed through as the bytes that arrived, the library's
 * response sent as it is (status, header fields, body). Nothing is decided here.
 *
 * <pre>{@code
 * server.createContext("/", exchange -> {
 *     try {
 *         ...
 *     } catch (HTTPProblem problem) {
 *         ProblemExchange.send(exchange, catalog, problem, "https://errors.example.com/{domain}/{code}", Set.of());
 *     }
 * });
 * }</pre>
 */
public final class ProblemExchange {
    private ProblemExchange() {
    }

    /**
     * The problem response for {@code problem} in {@code exchange}'s request.
     *
     * @param exchange the exchange whose request is answered
     * @param catalog the catalog
     * @param problem the error, status and instance
     * @param typeTemplate the problem type's URI template, or null for {@code about:blank}
     * @param members the extension members to add
     * @return the response
     */
    public static Problem problem(HttpExchange exchange, Catalog catalog, HTTPProblem problem, String typeTemplate,
                                  Set<ProblemMember> members) {
        List<String> values = exchange.getRequestHeaders().get("Accept-Language");
        String header = values == null ? null : String.join(", ", values);
        return catalog.problem(problem.error(), Problem.headerBytes(header),
                new ProblemOptions(problem.status(), typeTemplate, problem.instance(), members, List.of()));
    }

    /**
     * Answers {@code exchange} with the problem response for {@code problem} and closes it.
     *
     * @param exchange the exchange whose request is answered
     * @param catalog the catalog
     * @param problem the error, status and instance
     * @param typeTemplate the problem type's URI template, or null for {@code about:blank}
     * @param members the extension members to add
     * @throws IOException when the response cannot be written
     */
    public static void send(HttpExchange exchange, Catalog catalog, HTTPProblem problem, String typeTemplate,
                            Set<ProblemMember> members) throws IOException {
        send(exchange, problem(exchange, catalog, problem, typeTemplate, members));
    }

    /**
     * Sends {@code response} on {@code exchange} and closes it.
     *
     * @param exchange the exchange
     * @param response the response
     * @throws IOException when it cannot be written
     */
    public static void send(HttpExchange exchange, Problem response) throws IOException {
        Objects.requireNonNull(response, "response");
        for (Map.Entry<String, String> field : response.headers()) {
            exchange.getResponseHeaders().set(field.getKey(), field.getValue());
        }
        byte[] body = response.body();
        exchange.sendResponseHeaders(response.status(), body.length);
        try (OutputStream stream = exchange.getResponseBody()) {
            stream.write(body);
        }
    }
}
