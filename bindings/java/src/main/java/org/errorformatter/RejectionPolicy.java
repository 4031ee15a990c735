package org.errorformatter;

import java.lang.System.Logger;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * What a catalog does with the strings its calls found but could not fill with their arguments
 * ({@link OpenOptions#onRejection(Consumer)}, {@link OpenOptions#failOnRejection(boolean)}).
 */
final class RejectionPolicy {
    /** Where rejections are logged by default. */
    private static final Logger LOGGER = System.getLogger("org.errorformatter");
    /** The default logs each distinct rejection once per catalog, within this many. */
    private static final int MAXIMUM_LOGGED = 256;

    private final Consumer<? super Rejection> handler;
    private final boolean fail;
    /** The descriptions the default handler logged (null with a handler of the caller's). */
    private final Set<String> logged;

    /**
     * The policy of one catalog.
     *
     * @param handler the caller's handler, or null to log
     * @param fail whether a rejection fails the call
     */
    RejectionPolicy(Consumer<? super Rejection> handler, boolean fail) {
        this.handler = handler;
        this.fail = fail;
        this.logged = handler == null ? ConcurrentHashMap.newKeySet() : null;
    }

    /**
     * Reports the rejections of one result: throws for the first when the catalog fails on
     * them, else hands each to the handler (or logs it, once per catalog).
     */
    void report(List<Rejection> rejections) {
        if (rejections.isEmpty()) {
            return;
        }
        if (fail) {
            throw new ErrorFormatterException(Status.REJECTED, rejections.get(0).toString(), null, 0, 0);
        }
        for (Rejection rejection : rejections) {
            if (handler != null) {
                handler.accept(rejection);
            } else if (logged.add(rejection.toString())) {
                if (logged.size() > MAXIMUM_LOGGED) {
                    logged.clear();
                }
                LOGGER.log(Logger.Level.WARNING, rejection.toString());
            }
        }
    }
}
