import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.errorformatter.Catalog;
import org.errorformatter.ErrorInfo;
import org.errorformatter.HTTPProblem;
import org.errorformatter.ProblemExchange;
import org.errorformatter.ProblemMember;

/** The com.sun.net.httpserver server of make test-http. usage: java ProblemServer CATALOG PORT */
public final class ProblemServer {
    private ProblemServer() {
    }

    public static void main(String[] args) throws Exception {
        Catalog catalog = Catalog.open(Path.of(args[0]));
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", Integer.parseInt(args[1])), 0);
        server.createContext("/errors/", exchange -> {
            String[] parts = exchange.getRequestURI().getRawPath().split("/");
            Map<String, String> query = new HashMap<>();
            String raw = exchange.getRequestURI().getRawQuery();
            for (String pair : raw == null ? new String[0] : raw.split("&")) {
                String[] nameValue = pair.split("=", 2);
                query.put(URLDecoder.decode(nameValue[0], StandardCharsets.UTF_8),
                        nameValue.length > 1 ? URLDecoder.decode(nameValue[1], StandardCharsets.UTF_8) : "");
            }
            HTTPProblem problem = new HTTPProblem(
                    ErrorInfo.of(URLDecoder.decode(parts[2], StandardCharsets.UTF_8), Long.parseLong(parts[3])),
                    Integer.parseInt(query.getOrDefault("status", "500")), query.get("instance"));
            ProblemExchange.send(exchange, catalog, problem, "https://errors.example.com/{domain}/{code}",
                    Set.of(ProblemMember.CODE, ProblemMember.DOMAIN));
        });
        server.start();
    }
}
