package org.errorformatter;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Strings across the C API: real UTF-8 both ways, as byte arrays.
 *
 * <p>JNI's own string functions speak "modified UTF-8" (an emoji becomes six bytes, U+0000 two),
 * which the library would reject or misread, so every string crosses as the bytes of
 * {@link StandardCharsets#UTF_8}. A Java string that UTF-8 cannot represent whole (a lone
 * surrogate) or that holds U+0000 (where a C string would end) is refused, never repaired.
 */
final class Utf8 {
    private Utf8() {
    }

    /**
     * The UTF-8 bytes of {@code text}, without a terminator.
     *
     * @param what names the argument in the exception
     * @throws NullPointerException when {@code text} is null
     * @throws ErrorFormatterException INVALID_ARGUMENT for U+0000, INVALID_UTF8 for a lone surrogate
     */
    static byte[] encode(String text, String what) {
        Objects.requireNonNull(text, what);
        if (text.indexOf('\0') >= 0) {
            throw new ErrorFormatterException(Status.INVALID_ARGUMENT,
                    what + " contains U+0000, which a C string cannot hold", null, 0, 0);
        }
        CharsetEncoder encoder = StandardCharsets.UTF_8.newEncoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        try {
            ByteBuffer encoded = encoder.encode(CharBuffer.wrap(text));
            return Arrays.copyOfRange(encoded.array(), encoded.arrayOffset() + encoded.position(),
                    encoded.arrayOffset() + encoded.limit());
        } catch (CharacterCodingException error) {
            throw new ErrorFormatterException(Status.INVALID_UTF8,
                    what + " is not valid Unicode (a lone surrogate)", null, 0, 0);
        }
    }

    /** As {@link #encode}, but null stays null (an absent optional text). */
    static byte[] encodeOptional(String text, String what) {
        return text == null ? null : encode(text, what);
    }

    /** Each entry of {@code texts} encoded; the list and its entries must not be null. */
    static byte[][] encodeAll(List<String> texts, String what) {
        Objects.requireNonNull(texts, what);
        byte[][] encoded = new byte[texts.size()][];
        int index = 0;
        for (String text : texts) {
            encoded[index] = encode(text, what + "[" + index + "]");
            index++;
        }
        return encoded;
    }
}
