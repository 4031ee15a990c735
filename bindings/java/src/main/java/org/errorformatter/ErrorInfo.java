package org.errorformatter;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The error to format: a domain and a code, optionally the error's own texts, the table the
 * rules read, and typed arguments for the table strings (an {@code NSError}'s parts). Immutable;
 * made with {@link #of(String, long)} or {@link #builder(String, long)}:
 *
 * <pre>{@code
 * ErrorInfo error = ErrorInfo.builder("SyncErrorDomain", 3)
 *         .argument(Argument.of(12.5))
 *         .argument(Argument.of("Backup"))
 *         .build();
 * }</pre>
 */
public final class ErrorInfo {
    private final String domain;
    private final long code;
    private final String description;
    private final String failureReason;
    private final String recoverySuggestion;
    private final String table;
    private final List<Argument> arguments;
    private final NumberStyle numberStyle;

    private ErrorInfo(Builder builder) {
        this.domain = builder.domain;
        this.code = builder.code;
        this.description = builder.description;
        this.failureReason = builder.failureReason;
        this.recoverySuggestion = builder.recoverySuggestion;
        this.table = builder.table;
        this.arguments = List.copyOf(builder.arguments);
        this.numberStyle = builder.numberStyle;
    }

    /**
     * An error with only a domain and a code.
     *
     * @param domain the error domain, e.g. {@code "kCLErrorDomain"}; may be empty, not null
     * @param code the error code; rendered in keys as a decimal integer
     * @return the error
     */
    public static ErrorInfo of(String domain, long code) {
        return builder(domain, code).build();
    }

    /**
     * Starts an error with a domain and a code.
     *
     * @param domain the error domain; may be empty, not null
     * @param code the error code
     * @return a builder
     */
    public static Builder builder(String domain, long code) {
        return new Builder(domain, code);
    }

    /**
     * The error domain.
     *
     * @return e.g. {@code "kCLErrorDomain"}
     */
    public String domain() {
        return domain;
    }

    /**
     * The error code.
     *
     * @return the code
     */
    public long code() {
        return code;
    }

    /**
     * The error's localized description, shown as the message by the {@code description} rule.
     *
     * @return the text, or null if unset
     */
    public String description() {
        return description;
    }

    /**
     * The failure reason, shown as the title by the {@code failure-reason} rule.
     *
     * @return the text, or null if unset
     */
    public String failureReason() {
        return failureReason;
    }

    /**
     * The recovery suggestion, shown as the message by the {@code recovery-suggestion} rule.
     *
     * @return the text, or null if unset
     */
    public String recoverySuggestion() {
        return recoverySuggestion;
    }

    /**
     * The table the rules read.
     *
     * @return the table name, or null for {@code "Localizable"}
     */
    public String table() {
        return table;
    }

    /**
     * The arguments, in order.
     *
     * @return an unmodifiable list
     */
    public List<Argument> arguments() {
        return arguments;
    }

    /**
     * How the error's numbers are written.
     *
     * @return {@link NumberStyle#CATALOG} unless the builder chose another
     */
    public NumberStyle numberStyle() {
        return numberStyle;
    }

    /**
     * A builder for this error with its parts, to change some of them.
     *
     * @return a new builder holding this error's parts
     */
    public Builder toBuilder() {
        Builder builder = new Builder(domain, code).description(description).failureReason(failureReason)
                .recoverySuggestion(recoverySuggestion).table(table).numberStyle(numberStyle);
        builder.arguments.addAll(arguments);
        return builder;
    }

    /**
     * Equal when every part is.
     *
     * @param other the object to compare with
     * @return true for an equal error
     */
    @Override
    public boolean equals(Object other) {
        return other instanceof ErrorInfo that && domain.equals(that.domain) && code == that.code
                && Objects.equals(description, that.description)
                && Objects.equals(failureReason, that.failureReason)
                && Objects.equals(recoverySuggestion, that.recoverySuggestion)
                && Objects.equals(table, that.table) && arguments.equals(that.arguments)
                && numberStyle == that.numberStyle;
    }

    /**
     * A hash of every part.
     *
     * @return the hash code
     */
    @Override
    public int hashCode() {
        return Objects.hash(domain, code, description, failureReason, recoverySuggestion, table, arguments,
                numberStyle);
    }

    /**
     * The parts, for debugging.
     *
     * @return e.g. {@code ErrorInfo[kCLErrorDomain 0]}
     */
    @Override
    public String toString() {
        return "ErrorInfo[" + domain + " " + code
                + (description != null ? ", description=" + description : "")
                + (failureReason != null ? ", failureReason=" + failureReason : "")
                + (recoverySuggestion != null ? ", recoverySuggestion=" + recoverySuggestion : "")
                + (table != null ? ", table=" + table : "")
                + (arguments.isEmpty() ? "" : ", arguments=" + arguments)
                + (numberStyle == NumberStyle.CATALOG ? "" : ", numberStyle=" + numberStyle) + "]";
    }

    /** Collects the parts of an {@link ErrorInfo}; not thread-safe, reusable after build. */
    public static final class Builder {
        private final String domain;
        private final long code;
        private String description;
        private String failureReason;
        private String recoverySuggestion;
        private String table;
        private final List<Argument> arguments = new ArrayList<>();
        private NumberStyle numberStyle = NumberStyle.CATALOG;

        private Builder(String domain, long code) {
            this.domain = Objects.requireNonNull(domain, "domain");
            this.code = code;
        }

        /**
         * Sets the localized description (message rule 3).
         *
         * @param text the text, or null to clear it
         * @return this builder
         */
        public Builder description(String text) {
            this.description = text;
            return this;
        }

        /**
         * Sets the failure reason (title rule 2).
         *
         * @param text the text, or null to clear it
         * @return this builder
         */
        public Builder failureReason(String text) {
            this.failureReason = text;
            return this;
        }

        /**
         * Sets the recovery suggestion (message rule 2).
         *
         * @param text the text, or null to clear it
         * @return this builder
         */
        public Builder recoverySuggestion(String text) {
            this.recoverySuggestion = text;
            return this;
        }

        /**
         * Sets the table the rules read.
         *
         * @param name the table name (no {@code '/'}), or null or {@code ""} for {@code "Localizable"}
         * @return this builder
         */
        public Builder table(String name) {
            this.table = name == null || name.isEmpty() ? null : name;
            return this;
        }

        /**
         * Sets how the error's numbers are written (library 1.3).
         *
         * @param style {@link NumberStyle#CATALOG} (the default), {@link NumberStyle#C_LOCALE} or
         *     {@link NumberStyle#LOCALIZED}; not null
         * @return this builder
         */
        public Builder numberStyle(NumberStyle style) {
            this.numberStyle = Objects.requireNonNull(style, "style");
            return this;
        }

        /**
         * Appends an argument.
         *
         * @param argument the argument; not null
         * @return this builder
         */
        public Builder argument(Argument argument) {
            arguments.add(Objects.requireNonNull(argument, "argument"));
            return this;
        }

        /**
         * Appends arguments.
         *
         * @param values the arguments, in order; none null
         * @return this builder
         */
        public Builder arguments(Argument... values) {
            for (Argument value : values) {
                argument(value);
            }
            return this;
        }

        /**
         * Makes the error.
         *
         * @return an immutable error with the parts set so far
         */
        public ErrorInfo build() {
            return new ErrorInfo(this);
        }
    }
}
