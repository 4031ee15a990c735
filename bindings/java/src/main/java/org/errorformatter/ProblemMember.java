package org.errorformatter;

import java.util.Set;

/** The extension members a problem body adds after the standard ones, in this order. */
public enum ProblemMember {
    /** {@code "code"}: the error's code. */
    CODE(1),
    /** {@code "domain"}: the error's domain. */
    DOMAIN(2),
    /** {@code "button"}: the localized label of the button that dismisses the error. */
    BUTTON(4);

    private final int flag;

    ProblemMember(int flag) {
        this.flag = flag;
    }

    /** The library's flags (EF_PROBLEM_*) of a set of members. */
    static int flags(Set<ProblemMember> members) {
        int flags = 0;
        for (ProblemMember member : members) {
            flags |= member.flag;
        }
        return flags;
    }
}
