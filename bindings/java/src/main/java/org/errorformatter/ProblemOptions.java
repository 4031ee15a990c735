package org.errorformatter;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What a problem response says besides the error.
 *
 * @param status the HTTP status, 100 to 599
 * @param typeTemplate the problem type's URI, in which {@code {domain}} and {@code {code}} are
 *     replaced by the error's; null: {@code about:blank}
 * @param instance the URI of this occurrence, or null to leave it out
 * @param members the extension members to add
 * @param locales a preference list used instead of a header (empty: none)
 */
public record ProblemOptions(int status, String typeTemplate, String instance, Set<ProblemMember> members,
                             List<String> locales) {
    /**
     * Copies the collections; they must not be null.
     *
     * @param status the HTTP status, 100 to 599
     * @param typeTemplate the problem type's URI template, or null
     * @param instance the URI of this occurrence, or null
     * @param members the extension members to add
     * @param locales a preference list used instead of a header
     */
    public ProblemOptions {
        members = Set.copyOf(Objects.requireNonNull(members, "members"));
        locales = List.copyOf(Objects.requireNonNull(locales, "locales"));
    }

    /**
     * The options of a response with this status and type template, and nothing else.
     *
     * @param status the HTTP status, 100 to 599
     * @param typeTemplate the problem type's URI template, or null
     * @return the options
     */
    public static ProblemOptions of(int status, String typeTemplate) {
        return new ProblemOptions(status, typeTemplate, null, Set.of(), List.of());
    }

    /**
     * These options with an instance.
     *
     * @param instance the URI of this occurrence, or null
     * @return the options
     */
    public ProblemOptions withInstance(String instance) {
        return new ProblemOptions(status, typeTemplate, instance, members, locales);
    }

    /**
     * These options with extension members.
     *
     * @param members the members to add
     * @return the options
     */
    public ProblemOptions withMembers(Set<ProblemMember> members) {
        return new ProblemOptions(status, typeTemplate, instance, members, locales);
    }
}
