package org.errorformatter;

import java.util.Objects;

/**
 * A typed argument for a table string's format specifiers, positional in the order given.
 *
 * <p>The C API types each argument, and so does this binding: {@link #of(String)} for
 * {@code %@} and {@code %s}, {@link #of(long)} for {@code %d}, {@code %lld} and plural
 * variables, {@link #ofUnsigned(long)} for {@code %u}, {@code %llu} and {@code %x} (Java has no
 * unsigned long: the bits are read as unsigned, so {@code ofUnsigned(-1)} is 2<sup>64</sup>-1),
 * {@link #of(double)} for {@code %f}, {@code %e} and {@code %g}. A string whose specifiers the
 * arguments cannot satisfy is not shown; see {@link Provenance#rejections()}.
 */
public sealed interface Argument permits Argument.Text, Argument.SignedInteger, Argument.UnsignedInteger,
        Argument.Real {
    /**
     * A string argument.
     *
     * @param value the text; must not hold U+0000
     * @return the argument
     */
    static Argument of(String value) {
        return new Text(value);
    }

    /**
     * A signed 64-bit integer argument.
     *
     * @param value the number
     * @return the argument
     */
    static Argument of(long value) {
        return new SignedInteger(value);
    }

    /**
     * An unsigned 64-bit integer argument.
     *
     * @param bits the number's bits, read as unsigned ({@link Long#parseUnsignedLong} makes them)
     * @return the argument
     */
    static Argument ofUnsigned(long bits) {
        return new UnsignedInteger(bits);
    }

    /**
     * A floating-point argument.
     *
     * @param value the number
     * @return the argument
     */
    static Argument of(double value) {
        return new Real(value);
    }

    /**
     * A string argument ({@code ef_error_info_add_string}).
     *
     * @param value the text
     */
    record Text(String value) implements Argument {
        /**
         * Makes a string argument.
         *
         * @param value as the record's component; not null
         */
        public Text {
            Objects.requireNonNull(value, "value");
        }
    }

    /**
     * A signed 64-bit integer argument ({@code ef_error_info_add_int64}).
     *
     * @param value the number
     */
    record SignedInteger(long value) implements Argument {
    }

    /**
     * An unsigned 64-bit integer argument ({@code ef_error_info_add_uint64}).
     *
     * @param bits the number's bits, read as unsigned
     */
    record UnsignedInteger(long bits) implements Argument {
        /**
         * The number in decimal.
         *
         * @return e.g. {@code "UnsignedInteger[18446744073709551615]"}
         */
        @Override
        public String toString() {
            return "UnsignedInteger[" + Long.toUnsignedString(bits) + "]";
        }
    }

    /**
     * A floating-point argument ({@code ef_error_info_add_double}).
     *
     * @param value the number
     */
    record Real(double value) implements Argument {
    }
}
