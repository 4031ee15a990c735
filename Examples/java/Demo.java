/*
 * Demo.java -- formats the cross-binding cases through the Java binding of liberrorformatter.
 *
 * usage: java -cp errorformatter-<version>.jar Examples/java/Demo.java <cases file>
 *
 * Reads the cases (Examples/README.md, "Cases") and prints one record per case in the format of
 * Examples/README.md, identical to the C, C++, Python, Rust, Swift and errfmt demos', so that
 * they can be diffed.
 */
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.errorformatter.Argument;
import org.errorformatter.Catalog;
import org.errorformatter.Diagnostic;
import org.errorformatter.ErrorFormatterException;
import org.errorformatter.ErrorInfo;
import org.errorformatter.Field;
import org.errorformatter.FormattedError;
import org.errorformatter.OpenOptions;
import org.errorformatter.Provenance;
import org.errorformatter.Rejection;

public final class Demo {
    /** The fixed fields of a case, before its arguments. */
    private static final int CATALOG = 0, LOCALES = 1, DOMAIN = 2, CODE = 3, DESCRIPTION = 4,
            FAILURE_REASON = 5, RECOVERY_SUGGESTION = 6, TABLE = 7, FIXED_FIELDS = 8;

    private Demo() {
    }

    public static void main(String[] arguments) throws IOException {
        if (arguments.length != 1) {
            System.err.println("usage: Demo <cases file>");
            System.exit(2);
        }
        // The format is UTF-8 with LF line ends whatever the platform's defaults say.
        PrintStream out = new PrintStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out)),
                false, StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
        Path cases = Path.of(arguments[0]);
        Map<String, Catalog> catalogs = new LinkedHashMap<>();
        int status = 0;
        try {
            for (String line : Files.readAllLines(cases, StandardCharsets.UTF_8)) {
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                String[] fields = line.split("\t", -1);
                if (fields.length < FIXED_FIELDS) {
                    throw new IllegalArgumentException("a case with " + fields.length + " fields, at least "
                            + FIXED_FIELDS + " expected");
                }
                Catalog catalog = catalogs.get(fields[CATALOG]);
                if (catalog == null) {
                    // Catalogs are named relative to the cases file's directory.
                    Path directory = cases.toAbsolutePath().getParent().resolve(unescaped(fields[CATALOG]));
                    // Each record prints its rejections, as every runtime's demo does: the
                    // binding's own log line about them would only repeat it.
                    catalog = Catalog.open(directory, OpenOptions.defaults().onRejection(rejection -> { }));
                    catalogs.put(fields[CATALOG], catalog);
                    for (Diagnostic diagnostic : catalog.diagnostics()) {
                        err.println(diagnostic);
                    }
                }
                List<String> locales = fields[LOCALES].equals("-") ? List.of()
                        : Arrays.asList(fields[LOCALES].split(",", -1));
                ErrorInfo.Builder error = ErrorInfo.builder(unescaped(fields[DOMAIN]),
                                Long.parseLong(unescaped(fields[CODE])))
                        .description(optional(fields[DESCRIPTION]))
                        .failureReason(optional(fields[FAILURE_REASON]))
                        .recoverySuggestion(optional(fields[RECOVERY_SUGGESTION]))
                        .table(optional(fields[TABLE]));
                for (int index = FIXED_FIELDS; index < fields.length; index++) {
                    error.argument(argument(unescaped(fields[index])));
                }
                FormattedError shown = catalog.format(error.build(), locales);
                out.print(record(fields[LOCALES], unescaped(fields[DOMAIN]), unescaped(fields[CODE]), shown));
            }
        } catch (ErrorFormatterException error) {
            err.println("demo: " + error.getMessage() + " (" + error.statusName() + ")");
            status = 1;
        } catch (IllegalArgumentException error) {
            err.println("demo: " + error.getMessage());
            status = 1;
        } finally {
            for (Catalog catalog : catalogs.values()) {
                catalog.close();
            }
            out.flush();
        }
        System.exit(status);
    }

    /** One typed argument: "s:text", "i:-1", "u:18446744073709551615" or "d:2.5". */
    private static Argument argument(String field) {
        if (field.length() < 2 || field.charAt(1) != ':') {
            throw new IllegalArgumentException("argument \"" + field + "\" has no type (s:, i:, u: or d:)");
        }
        String text = field.substring(2);
        switch (field.charAt(0)) {
            case 's':
                return Argument.of(text);
            case 'i':
                return Argument.of(Long.parseLong(text));
            case 'u':
                return Argument.ofUnsigned(Long.parseUnsignedLong(text));
            case 'd':
                return Argument.of(Double.parseDouble(text));
            default:
                throw new IllegalArgumentException("malformed argument \"" + field + "\"");
        }
    }

    /** A field with \\, \t, \n and \r replaced by what they stand for. */
    private static String unescaped(String field) {
        StringBuilder out = new StringBuilder(field.length());
        for (int index = 0; index < field.length(); index++) {
            char character = field.charAt(index);
            if (character != '\\') {
                out.append(character);
                continue;
            }
            char next = ++index < field.length() ? field.charAt(index) : '?';
            switch (next) {
                case '\\': out.append('\\'); break;
                case 't': out.append('\t'); break;
                case 'n': out.append('\n'); break;
                case 'r': out.append('\r'); break;
                default: throw new IllegalArgumentException("unknown escape in \"" + field + "\"");
            }
        }
        return out.toString();
    }

    /** A text field: "-" is absent. */
    private static String optional(String field) {
        return field.equals("-") ? null : unescaped(field);
    }

    /** `text` with \, TAB, LF and CR escaped, so that one record's lines never split. */
    private static String escaped(String text) {
        return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r");
    }

    /** A provenance value: null (no key rule) is "-", the unlocalized tables' "" "(unlocalized)". */
    private static String origin(String label, String value, boolean isLocale) {
        String shown = value == null ? "-" : isLocale && value.isEmpty() ? "(unlocalized)" : escaped(value);
        return "\t" + label + "=" + shown;
    }

    private static String record(String localesField, String domain, String code, FormattedError shown) {
        StringBuilder record = new StringBuilder();
        record.append(localesField).append('\t').append(escaped(domain)).append('\t').append(code)
                .append("\ttitle=").append(escaped(shown.title()))
                .append("\tmessage=").append(escaped(shown.message()))
                .append("\tbutton=").append(escaped(shown.button())).append('\n');
        for (Field field : Field.values()) {
            Provenance where = shown.provenance(field);
            record.append('\t').append(field.label()).append(origin("rule", where.rule(), false))
                    .append(origin("key", where.key(), false)).append(origin("locale", where.locale(), true))
                    .append(origin("table", where.table(), false)).append('\n');
        }
        List<String> stack = new ArrayList<>();
        for (String entry : shown.stack()) {
            stack.add(escaped(entry.isEmpty() ? "(unlocalized)" : entry));
        }
        record.append("\tstack\t").append(String.join(",", stack)).append('\n');
        for (Field field : Field.values()) {
            for (Rejection rejection : shown.provenance(field).rejections()) {
                record.append("\trejected\t").append(field.label()).append('\t')
                        .append(escaped(rejection.toString())).append('\n');
            }
        }
        return record.toString();
    }
}
