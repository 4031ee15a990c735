package org.errorformatter;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * An error as the one run of bytes {@code ef_format_packed_reusable} reads (its request, as the
 * header specifies it): the domain, the code in decimal, the texts that are given, each after
 * its kind byte, then the arguments, each a kind byte and its value. One array crosses JNI
 * instead of one per text and per argument.
 */
final class PackedRequest {
    private PackedRequest() {
    }

    /** The kind bytes of the optional texts, in the order the request takes them. */
    private static final byte DESCRIPTION = 'D';
    private static final byte FAILURE_REASON = 'F';
    private static final byte RECOVERY_SUGGESTION = 'R';
    private static final byte TABLE = 'T';

    /**
     * The request of {@code error}.
     *
     * @throws ErrorFormatterException {@link Status#INVALID_ARGUMENT} for a text holding U+0000,
     *     {@link Status#INVALID_UTF8} for a lone surrogate (as {@link Utf8#encode})
     * @throws NullPointerException for a null argument
     */
    static byte[] of(ErrorInfo error) {
        ByteArrayOutputStream request = new ByteArrayOutputStream(64);
        text(request, Utf8.encode(error.domain(), "domain"));
        text(request, Long.toString(error.code()).getBytes(StandardCharsets.US_ASCII));
        optional(request, DESCRIPTION, error.description(), "description");
        optional(request, FAILURE_REASON, error.failureReason(), "failureReason");
        optional(request, RECOVERY_SUGGESTION, error.recoverySuggestion(), "recoverySuggestion");
        optional(request, TABLE, error.table(), "table");
        List<Argument> arguments = error.arguments();
        for (int index = 0; index < arguments.size(); index++) {
            Argument argument = arguments.get(index);
            if (argument instanceof Argument.Text text) {
                request.write(Native.STRING);
                text(request, Utf8.encode(text.value(), "arguments[" + index + "]"));
            } else if (argument instanceof Argument.SignedInteger integer) {
                number(request, Native.INT64, integer.value());
            } else if (argument instanceof Argument.UnsignedInteger unsigned) {
                number(request, Native.UINT64, unsigned.bits());
            } else if (argument instanceof Argument.Real real) {
                number(request, Native.DOUBLE, Double.doubleToRawLongBits(real.value()));
            }
        }
        return request.toByteArray();
    }

    private static void text(ByteArrayOutputStream request, byte[] bytes) {
        request.write(bytes, 0, bytes.length);
        request.write(0);
    }

    private static void optional(ByteArrayOutputStream request, byte kind, String text, String what) {
        if (text != null) {
            request.write(kind);
            text(request, Utf8.encode(text, what));
        }
    }

    /** A kind byte and eight bytes, least significant first. */
    private static void number(ByteArrayOutputStream request, byte kind, long bits) {
        request.write(kind);
        for (int shift = 0; shift < Long.SIZE; shift += Byte.SIZE) {
            request.write((int) (bits >>> shift) & 0xFF);
        }
    }
}
