package org.errorformatter;

import java.nio.file.Path;

/** Where the tests find the example catalogs and errfmt (system properties set by mk/java.mk). */
final class Fixtures {
    private Fixtures() {
    }

    static Path examples() {
        return Path.of(System.getProperty("errorformatter.examples", "Examples"));
    }

    static Catalog coreLocation() {
        return Catalog.open(examples().resolve("CoreLocation"));
    }

    static Catalog sync() {
        return Catalog.open(examples().resolve("Sync"));
    }

    /** The errfmt of the same build, or null when the property is unset. */
    static Path errfmt() {
        String path = System.getProperty("errorformatter.errfmt");
        return path == null ? null : Path.of(path);
    }
}
