package org.errorformatter;

import java.lang.annotation.Native;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Reading the library's packed outputs (docs/packed-format.md): a run of NUL-terminated UTF-8
 * items, the first a header of decimal numbers that says how many items follow.
 *
 * <p>The positions are the header's {@code EF_PACKED_*} macros, by the same names. They are
 * {@link Native} constants: {@code javac -h} writes them into the JNI header the glue includes,
 * and the glue fails to compile unless each equals the C header's macro ({@code make test-limits}
 * checks them by name too). Every decoder checks the item count the header gives before it reads
 * an item, and refuses an output that is not what the format says with an
 * {@link ErrorFormatterException} of {@link Status#INTERNAL}: it would be a defect of the
 * library or the glue, never of the caller's input.
 */
final class Packed {
    private Packed() {
    }

    // Every output: the header item.
    @Native static final int EF_PACKED_HEADER = 0;
    // A formatted error.
    @Native static final int EF_PACKED_TITLE = 1;
    @Native static final int EF_PACKED_MESSAGE = 2;
    @Native static final int EF_PACKED_BUTTON = 3;
    @Native static final int EF_PACKED_PROVENANCE = 4;
    @Native static final int EF_PACKED_PROVENANCE_ITEMS = 4;
    @Native static final int EF_PACKED_STACK = 16;
    @Native static final int EF_PACKED_REJECTION_ITEMS = 5;
    @Native static final int EF_PACKED_FORMAT_HEADER_NUMBERS = 6;
    // A lookup.
    @Native static final int EF_PACKED_LOOKUP_VALUE = 1;
    @Native static final int EF_PACKED_LOOKUP_LOCALE = 2;
    @Native static final int EF_PACKED_LOOKUP_TABLE = 3;
    @Native static final int EF_PACKED_LOOKUP_REJECTIONS = 4;
    @Native static final int EF_PACKED_LOOKUP_HEADER_NUMBERS = 2;
    // A diagnostic, in a catalog's description or a lint report.
    @Native static final int EF_PACKED_DIAGNOSTIC_ITEMS = 5;
    @Native static final int EF_PACKED_DIAGNOSTIC_NUMBERS = 4;
    @Native static final int EF_PACKED_DIAGNOSTIC_CODE = 1;
    @Native static final int EF_PACKED_DIAGNOSTIC_MESSAGE = 2;
    @Native static final int EF_PACKED_DIAGNOSTIC_FILE = 3;
    @Native static final int EF_PACKED_DIAGNOSTIC_KEY = 4;
    @Native static final int EF_PACKED_DIAGNOSTIC_NULL_FILE = 1;
    @Native static final int EF_PACKED_DIAGNOSTIC_NULL_KEY = 2;
    // A catalog's description.
    @Native static final int EF_PACKED_DESCRIBE_HEADER_NUMBERS = 2;
    @Native static final int EF_PACKED_DESCRIBE_DEVELOPMENT_LOCALE = 1;
    @Native static final int EF_PACKED_DESCRIBE_LOCALIZATIONS = 2;
    // A lint report.
    @Native static final int EF_PACKED_LINT_HEADER_NUMBERS = 2;
    @Native static final int EF_PACKED_LINT_DIAGNOSTICS = 1;
    // A locale chain.
    @Native static final int EF_PACKED_CHAIN_HEADER_NUMBERS = 2;
    @Native static final int EF_PACKED_CHAIN_NORMALIZED = 1;
    @Native static final int EF_PACKED_CHAIN_ENTRIES = 2;
    @Native static final int EF_PACKED_CHAIN_ENTRY_ITEMS = 2;
    // A preference list.
    @Native static final int EF_PACKED_LIST_HEADER_NUMBERS = 1;
    @Native static final int EF_PACKED_LIST_ENTRIES = 1;
    // The numbers the outputs carry for a severity and a chain entry's kind.
    @Native static final int EF_SEVERITY_ERROR = 0;
    @Native static final int EF_SEVERITY_WARNING = 1;
    @Native static final int EF_SEVERITY_NOTE = 2;
    @Native static final int EF_CHAIN_ABSTRACT = 0;
    @Native static final int EF_CHAIN_BUNDLE = 1;
    @Native static final int EF_CHAIN_ALIAS = 2;

    /** Fields of a formatted error, each with a text, provenance and rejections. */
    static final int FIELDS = 3;

    /**
     * The null mask's bit for a formatted error's missing key ({@code part} 0), locale (1) or
     * table (2) of {@code field}: {@code EF_PACKED_NULL_KEY(field)} and the two after it.
     */
    static int nullBit(int field, int part) {
        return 1 << (3 * field + part);
    }

    /**
     * The items of a packed output, each checked to be UTF-8 (never repaired).
     *
     * @param output the output as the library wrote it, its last byte a NUL
     * @param what what it is, for the message of a refusal
     */
    static List<String> items(byte[] output, String what) {
        if (output == null || output.length == 0) {
            throw malformed(what, "it is empty");
        }
        if (output[output.length - 1] != 0) {
            throw malformed(what, "it does not end with a NUL");
        }
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        List<String> items = new ArrayList<>();
        int start = 0;
        for (int index = 0; index < output.length; index++) {
            if (output[index] == 0) {
                try {
                    items.add(decoder.decode(ByteBuffer.wrap(output, start, index - start)).toString());
                } catch (CharacterCodingException error) {
                    throw malformed(what, "item " + items.size() + " is not UTF-8");
                }
                start = index + 1;
            }
        }
        return items;
    }

    /**
     * The header's numbers: exactly {@code count} decimal numbers separated by single spaces.
     */
    static long[] header(List<String> items, int count, String what) {
        return numbers(items.get(EF_PACKED_HEADER), count, what);
    }

    /** An item of numbers (a header, a diagnostic's first item): exactly {@code count} of them. */
    static long[] numbers(String item, int count, String what) {
        String[] parts = item.split(" ", -1);
        if (parts.length != count) {
            throw malformed(what, "\"" + item + "\" does not hold " + count + " numbers");
        }
        long[] numbers = new long[count];
        for (int index = 0; index < count; index++) {
            numbers[index] = number(parts[index], what);
        }
        return numbers;
    }

    /** A decimal number of the format: ASCII digits, no sign, no leading zero, at most 18 of them. */
    static long number(String text, String what) {
        if (text.isEmpty() || text.length() > 18 || (text.length() > 1 && text.charAt(0) == '0')) {
            throw malformed(what, "\"" + text + "\" is not a number of the format");
        }
        long value = 0;
        for (int index = 0; index < text.length(); index++) {
            char digit = text.charAt(index);
            if (digit < '0' || digit > '9') {
                throw malformed(what, "\"" + text + "\" is not a number of the format");
            }
            value = value * 10 + (digit - '0');
        }
        return value;
    }

    /** A number that says how many things follow, or a flag: at most {@code limit}. */
    static int bounded(long number, long limit, String name, String what) {
        if (number > limit) {
            throw malformed(what, name + " " + number + " is more than " + limit);
        }
        return (int) number;
    }

    /** Checks that {@code items} holds exactly the {@code expected} items its header gives. */
    static void expectCount(List<String> items, long expected, String what) {
        if (items.size() != expected) {
            throw malformed(what, "its header says " + expected + " items, it holds " + items.size());
        }
    }

    /** The refusal of a malformed output. */
    static ErrorFormatterException malformed(String what, String problem) {
        return new ErrorFormatterException(Status.INTERNAL, "malformed packed " + what + ": " + problem, null, 0, 0);
    }

    /** The diagnostic whose items start at {@code start} (EF_PACKED_DIAGNOSTIC_*). */
    static LintDiagnostic diagnostic(List<String> items, int start, String what) {
        long[] numbers = numbers(items.get(start), EF_PACKED_DIAGNOSTIC_NUMBERS, what);
        int nulls = bounded(numbers[3], EF_PACKED_DIAGNOSTIC_NULL_FILE | EF_PACKED_DIAGNOSTIC_NULL_KEY,
                "a diagnostic's null mask", what);
        return new LintDiagnostic(Severity.of(bounded(numbers[0], Integer.MAX_VALUE, "a severity", what)),
                items.get(start + EF_PACKED_DIAGNOSTIC_CODE), items.get(start + EF_PACKED_DIAGNOSTIC_MESSAGE),
                (nulls & EF_PACKED_DIAGNOSTIC_NULL_FILE) != 0 ? null : items.get(start + EF_PACKED_DIAGNOSTIC_FILE),
                bounded(numbers[1], Integer.MAX_VALUE, "a line", what),
                bounded(numbers[2], Integer.MAX_VALUE, "a column", what),
                (nulls & EF_PACKED_DIAGNOSTIC_NULL_KEY) != 0 ? null : items.get(start + EF_PACKED_DIAGNOSTIC_KEY));
    }
}
