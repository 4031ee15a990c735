package org.errorformatter;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Loads the native code, as a JVM user expects: from the jar itself, with no
 * {@code -Djava.library.path} and nothing installed.
 *
 * <p>The jar holds, under {@code /native/<os>-<arch>/}, the JNI glue
 * ({@code liberrorformatter-jni.so}), liberrorformatter and the ICU it was built with, and
 * {@code files.txt} listing them. They are copied into a new directory only the current user can
 * read ({@link Files#createTempDirectory}), the glue is loaded with {@link System#load} (the
 * others follow through its {@code $ORIGIN} run path), and the copies are deleted at once: once
 * mapped, a library needs no file name, so nothing is left behind even if the JVM is killed.
 *
 * <p>The directory is made in {@code java.io.tmpdir}, or in the directory the system property
 * {@code errorformatter.tmpdir} names (for systems whose temporary directory is mounted
 * {@code noexec}). For development, the system property {@code errorformatter.jni} names a glue
 * library to load instead (one linked against a build tree).
 */
final class NativeLibrary {
    /** The system property naming a JNI library to load instead of the jar's. */
    static final String OVERRIDE_PROPERTY = "errorformatter.jni";
    /** The system property naming the directory to extract the native code in. */
    static final String TEMPORARY_DIRECTORY_PROPERTY = "errorformatter.tmpdir";
    private static final String GLUE = "liberrorformatter-jni.so";
    private static final int SUPPORTED_MAJOR = 1;

    private static final java.nio.file.attribute.FileAttribute<?> OWNER_ONLY =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"));

    private static boolean loaded;

    private NativeLibrary() {
    }

    /** Loads the native code once; throws {@link UnsatisfiedLinkError} when it cannot. */
    static synchronized void load() {
        if (loaded) {
            return;
        }
        String override = System.getProperty(OVERRIDE_PROPERTY);
        if (override != null) {
            System.load(Paths.get(override).toAbsolutePath().toString());
        } else {
            loadFromJar();
        }
        int major = Native.versionNumber() / 10000;
        if (major != SUPPORTED_MAJOR) {
            throw new UnsatisfiedLinkError("ErrorFormatter: this binding needs liberrorformatter "
                    + SUPPORTED_MAJOR + ".x, found " + new String(Native.versionString(), StandardCharsets.UTF_8));
        }
        loaded = true;
    }

    /** The directory of the jar's native code for this machine, e.g. {@code linux-x86_64}. */
    static String platform() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        if (os.startsWith("linux")) {
            os = "linux";
        }
        if (arch.equals("amd64") || arch.equals("x86_64")) {
            arch = "x86_64";
        } else if (arch.equals("arm64")) {
            arch = "aarch64";
        }
        return os + "-" + arch;
    }

    private static void loadFromJar() {
        String base = "/native/" + platform() + "/";
        List<String> names = listing(base + "files.txt");
        Path directory;
        try {
            String parent = System.getProperty(TEMPORARY_DIRECTORY_PROPERTY);
            directory = parent == null
                    ? Files.createTempDirectory("errorformatter-", OWNER_ONLY)
                    : Files.createTempDirectory(Paths.get(parent), "errorformatter-", OWNER_ONLY);
        } catch (IOException | UnsupportedOperationException error) {
            throw linkError("cannot make a directory for the native code", error);
        }
        List<Path> copies = new ArrayList<>();
        try {
            for (String name : names) {
                Path copy = directory.resolve(name);
                try (InputStream in = NativeLibrary.class.getResourceAsStream(base + name)) {
                    if (in == null) {
                        throw new UnsatisfiedLinkError("ErrorFormatter: the jar lists " + base + name
                                + " but does not hold it");
                    }
                    Files.copy(in, copy);
                }
                copies.add(copy);
            }
            System.load(directory.resolve(GLUE).toString());
        } catch (IOException error) {
            throw linkError("cannot copy the native code out of the jar", error);
        } finally {
            for (Path copy : copies) {
                try {
                    Files.deleteIfExists(copy);
                } catch (IOException ignored) {
                    // Best effort: a file that stays is in a directory only this user reads.
                }
            }
            try {
                Files.deleteIfExists(directory);
            } catch (IOException ignored) {
                // As above.
            }
        }
    }

    private static List<String> listing(String resource) {
        InputStream in = NativeLibrary.class.getResourceAsStream(resource);
        if (in == null) {
            throw new UnsatisfiedLinkError("ErrorFormatter: no native code for " + platform()
                    + " in this jar (" + resource + "); set -D" + OVERRIDE_PROPERTY
                    + "=<path of liberrorformatter-jni.so> to use one built elsewhere");
        }
        List<String> names = new ArrayList<>();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                String name = line.trim();
                // Names only: a listed entry never becomes a path outside the directory.
                if (!name.isEmpty() && !name.contains("/") && !name.startsWith(".")) {
                    names.add(name);
                }
            }
        } catch (IOException error) {
            throw linkError("cannot read " + resource, error);
        }
        if (!names.contains(GLUE)) {
            throw new UnsatisfiedLinkError("ErrorFormatter: " + resource + " does not list " + GLUE);
        }
        return names;
    }

    private static UnsatisfiedLinkError linkError(String what, Throwable cause) {
        UnsatisfiedLinkError error = new UnsatisfiedLinkError("ErrorFormatter: " + what + ": " + cause);
        error.initCause(cause);
        return error;
    }
}
