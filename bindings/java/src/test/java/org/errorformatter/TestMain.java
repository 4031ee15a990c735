package org.errorformatter;

import org.junit.runner.JUnitCore;
import org.junit.runner.Result;
import org.junit.runner.notification.Failure;
import org.junit.runner.notification.RunListener;

/**
 * Runs the binding's JUnit 4 tests and ends with the line {@code N passed, N failed}; exits
 * non-zero when a test failed or none ran.
 */
public final class TestMain {
    private TestMain() {
    }

    /** The test classes, in the order run. */
    private static final Class<?>[] SUITES = {
        FormatTest.class, ArgumentsTest.class, BuilderTest.class, LocalesTest.class, LintTest.class,
        ErrorsTest.class, CompiledTest.class, LifetimeTest.class, ThreadsTest.class, CrossCheckTest.class,
        ReadmeTest.class, PackedTest.class, VectorsTest.class, NumbersTest.class, MistakesTest.class, LiveTest.class,
        ProblemTest.class,
    };

    /**
     * The binding's logger, kept from the console: the suites make rejections on purpose, and
     * {@link MistakesTest} reads what is logged through a handler of its own. Held here, as
     * java.util.logging holds loggers weakly.
     */
    private static final java.util.logging.Logger BINDING_LOGGER = java.util.logging.Logger.getLogger("org.errorformatter");

    public static void main(String[] arguments) {
        BINDING_LOGGER.setUseParentHandlers(false);
        JUnitCore core = new JUnitCore();
        core.addListener(new RunListener() {
            @Override
            public void testFailure(Failure failure) {
                System.out.println("FAIL " + failure.getTestHeader());
                // The failure and the frames of the tests, not JUnit's own.
                System.out.println("  " + failure.getException());
                for (StackTraceElement frame : failure.getException().getStackTrace()) {
                    if (frame.getClassName().startsWith("org.errorformatter.")) {
                        System.out.println("    at " + frame);
                    }
                }
            }

            @Override
            public void testAssumptionFailure(Failure failure) {
                System.out.println("SKIP " + failure.getTestHeader() + ": " + failure.getMessage());
            }

        });
        Result result = core.run(SUITES);
        int failed = result.getFailureCount();
        int skipped = result.getAssumptionFailureCount() + result.getIgnoreCount();
        int passed = result.getRunCount() - failed - result.getAssumptionFailureCount();
        System.out.println(passed + " passed, " + failed + " failed" + (skipped > 0 ? ", " + skipped + " skipped" : ""));
        System.exit(failed == 0 && passed > 0 ? 0 : 1);
    }
}
