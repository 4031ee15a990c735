package org.errorformatter;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * LiveCatalog: changes taken by reload and by the library's thread, refusals reported and never
 * served, versions that outlive their live catalog, and the C suite's load test
 * (Tests/Live/live_load.c) from Java: four threads format while the catalog is replaced
 * {@code errorformatter.liveSwaps} times (120 by default).
 */
public class LiveTest {
    /** How long a test waits for what it expects (a hang guard, not a measurement). */
    private static final Duration PATIENCE = Duration.ofSeconds(30);

    @Rule
    public TemporaryFolder temporary = new TemporaryFolder();

    private static boolean eventually(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (System.nanoTime() < deadline) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(2);
        }
        return false;
    }

    /** Writes {@code text} beside {@code path} and renames it over {@code path}. */
    private static void replace(Path path, String text) throws IOException {
        Files.createDirectories(path.getParent());
        Path next = path.resolveSibling(path.getFileName() + ".new");
        Files.writeString(next, text, StandardCharsets.UTF_8);
        Files.move(next, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static String versionText(int version, boolean french) {
        return "\"errors.Live.1.title\" = \"Version " + version + (french ? " fr" : "") + "\";\n";
    }

    private static String served(LiveCatalog live, String locale) {
        return live.format("Live", 1, List.of(locale)).title();
    }

    private static boolean refusedWith(LiveCatalog live, Status status) {
        ErrorFormatterException refusal = live.lastError();
        return refusal != null && refusal.status() == status;
    }

    private static LiveCatalog.Options strict(Duration interval) {
        return LiveCatalog.Options.defaults().open(OpenOptions.defaults().mode(LoadMode.STRICT))
                .checkInterval(interval);
    }

    /** The open's options reach every version, the first and those reloaded after it. */
    @Test
    public void openOptionsReachEveryVersion() throws IOException {
        Path catalog = temporary.newFolder("flags").toPath();
        replace(catalog.resolve("en.lproj/Localizable.strings"), "\"errors.Live.1.title\" = \"%lld files\";\n");
        Path german = catalog.resolve("de.lproj/Localizable.strings");
        replace(german, "\"errors.Live.1.title\" = \"%lld Dateien\";\n");
        OpenOptions open = OpenOptions.defaults().localizedNumbers(true).pseudoLocales(true).failOnRejection(true);
        try (LiveCatalog live = LiveCatalog.open(catalog,
                LiveCatalog.Options.defaults().open(open).checkInterval(Duration.ZERO))) {
            ErrorInfo count = ErrorInfo.builder("Live", 1).argument(Argument.of(1234567)).build();
            for (long generation = 1; generation <= 2; generation++) {
                assertEquals(generation, live.generation());
                assertEquals("1.234.567 Dateien", live.format(count, List.of("de")).title());
                FormattedError pseudo = live.format(count, List.of("en-XA"));
                assertTrue(pseudo.title(), pseudo.title().startsWith("["));
                ErrorFormatterException rejected = assertThrows(ErrorFormatterException.class,
                        () -> live.format("Live", 1, List.of("en")));
                assertEquals(Status.REJECTED, rejected.status());
                replace(german, "\"errors.Live.1.title\" = \"%lld Dateien\";\n\"other\" = \"x\";\n");
                if (generation == 1) {
                    live.reload();
                }
            }
        }
    }

    @Test
    public void theExampleAsALiveCatalog() {
        LiveCatalog.Options options = LiveCatalog.Options.defaults().checkInterval(Duration.ZERO);
        LiveCatalog live = LiveCatalog.open(Fixtures.examples().resolve("CoreLocation"), options);
        assertEquals(1, live.generation());
        assertNull(live.lastError());
        assertEquals("Emplacement inconnu", live.format("kCLErrorDomain", 0, List.of("fr-CA")).title());
        Catalog kept = live.current();
        live.close();
        assertThrows(IllegalStateException.class, live::current);
        live.close();
        // The live catalog is closed; the version taken from it is not.
        assertEquals("Emplacement inconnu", kept.format("kCLErrorDomain", 0, List.of("fr-CA")).title());
        kept.close();
        ErrorFormatterException onDemand = assertThrows(ErrorFormatterException.class, () -> LiveCatalog.open(
                Fixtures.examples().resolve("CoreLocation"), options.open(OpenOptions.defaults().onDemand(true))));
        assertEquals(Status.INVALID_ARGUMENT, onDemand.status());
        ErrorFormatterException negative = assertThrows(ErrorFormatterException.class, () -> LiveCatalog.open(
                Fixtures.examples().resolve("CoreLocation"), options.checkInterval(Duration.ofMillis(-1))));
        assertEquals(Status.INVALID_ARGUMENT, negative.status());
    }

    @Test
    public void reloadsTakeChangesAndReportRefusals() throws IOException {
        Path root = temporary.getRoot().toPath();
        Path catalog = root.resolve("catalog");
        Path table = catalog.resolve("en.lproj/Localizable.strings");
        replace(table, versionText(1, false));
        try (LiveCatalog live = LiveCatalog.open(catalog, strict(Duration.ZERO))) {
            replace(table, versionText(2, false));
            live.reload();
            assertEquals(2, live.generation());
            assertEquals("Version 2", served(live, "en"));

            replace(table, versionText(3, false) + "\"b\" = \"never closed\n");
            ErrorFormatterException refused = assertThrows(ErrorFormatterException.class, live::reload);
            assertEquals(Status.PARSE, refused.status());
            assertEquals("en.lproj/Localizable.strings", refused.file());
            assertEquals(2, refused.line());
            assertTrue(refusedWith(live, Status.PARSE));
            assertEquals("Version 2", served(live, "en"));

            Files.move(catalog, root.resolve("gone"));
            assertEquals(Status.NOT_FOUND, assertThrows(ErrorFormatterException.class, live::reload).status());
            assertTrue(refusedWith(live, Status.NOT_FOUND));
            assertEquals("Version 2", served(live, "en"));

            Files.move(root.resolve("gone"), catalog);
            replace(table, versionText(4, false));
            live.reload();
            assertEquals(3, live.generation());
            assertEquals("Version 4", served(live, "en"));
            assertNull(live.lastError());
        }
    }

    /** The first byte broken first and made whole last: no state between is a version. */
    private static void rewriteInPlace(Path path, String text) throws IOException, InterruptedException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        try (RandomAccessFile file = new RandomAccessFile(path.toFile(), "rw")) {
            file.seek(0);
            file.write(';');
            Thread.sleep(1);
            file.seek(1);
            file.write(bytes, 1, bytes.length - 1);
            file.setLength(bytes.length);
            Thread.sleep(1);
            file.seek(0);
            file.write(bytes, 0, 1);
        }
    }

    private static int number(Pattern pattern, String title) {
        Matcher match = pattern.matcher(title);
        return match.matches() ? Integer.parseInt(match.group(1)) : -1;
    }

    @Test
    public void fourThreadsFormatWhileTheCatalogIsReplaced() throws Exception {
        int swaps = Integer.getInteger("errorformatter.liveSwaps", 120);
        Path root = temporary.getRoot().toPath();
        Path[] directories = {root.resolve("catalog-a"), root.resolve("catalog-b")};
        Path link = root.resolve("catalog");
        Set<Integer> good = ConcurrentHashMap.newKeySet();
        good.add(1);
        List<String> failures = Collections.synchronizedList(new ArrayList<>());
        AtomicBoolean stop = new AtomicBoolean();
        Pattern english = Pattern.compile("Version (\\d+)");
        Pattern french = Pattern.compile("Version (\\d+) fr");

        writeVersion(directories[0], 1);
        Files.createSymbolicLink(link, Path.of("catalog-a"));
        try (LiveCatalog live = LiveCatalog.open(link,
                strict(Duration.ofMillis(5)).debounce(Duration.ofMillis(30)))) {
            List<Thread> readers = new ArrayList<>();
            for (int reader = 0; reader < 4; reader++) {
                Thread thread = new Thread(() -> {
                    int newest = 0;
                    for (int round = 0; !stop.get(); round++) {
                        try {
                            int en;
                            int fr;
                            boolean consistent;
                            if (round % 2 == 0) {
                                // One version taken: both texts are its own.
                                try (Catalog taken = live.current()) {
                                    en = number(english, taken.format("Live", 1, List.of("en")).title());
                                    fr = number(french, taken.format("Live", 1, List.of("fr")).title());
                                }
                                consistent = en == fr;
                            } else {
                                // format takes the newest version per call: the second may be newer.
                                en = number(english, served(live, "en"));
                                fr = number(french, served(live, "fr"));
                                consistent = fr >= en;
                            }
                            if (!consistent || !good.contains(en) || !good.contains(fr) || en < newest) {
                                failures.add("versions " + en + " / " + fr + " after " + newest);
                            }
                            newest = Math.max(newest, en);
                        } catch (RuntimeException error) {
                            failures.add(error.toString());
                        }
                    }
                });
                thread.start();
                readers.add(thread);
            }
            try {
                int active = 0;
                int version = 1;
                for (int swap = 0; swap < swaps; swap++) {
                    version++;
                    int kind = swap % 6;
                    if (kind == 4) { // corrupt, in place: refused, the version served stays
                        rewriteInPlace(directories[active].resolve("en.lproj/Localizable.strings"),
                                "\"errors.Live.1.title\" = \"Version " + (1_000_000_000 + version) + "\";\n\"b\" = \"");
                        assertTrue("swap " + swap + ": a corrupt version never refused",
                                eventually(() -> refusedWith(live, Status.PARSE)));
                        continue;
                    }
                    good.add(version);
                    if (kind == 3) { // the link swapped to the other directory
                        active = 1 - active;
                        writeVersion(directories[active], version);
                        Path swapped = root.resolve("catalog.new");
                        Files.createSymbolicLink(swapped, directories[active].getFileName());
                        Files.move(swapped, link, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                    } else if (kind == 5) { // deleted, then back with a new version
                        Files.delete(link);
                        assertTrue("swap " + swap + ": a deleted path never reported",
                                eventually(() -> refusedWith(live, Status.NOT_FOUND)));
                        writeVersion(directories[active], version);
                        Files.createSymbolicLink(link, directories[active].getFileName());
                    } else { // both tables rewritten in place, French broken first
                        Path frenchTable = directories[active].resolve("fr.lproj/Localizable.strings");
                        try (RandomAccessFile file = new RandomAccessFile(frenchTable.toFile(), "rw")) {
                            file.write(';');
                        }
                        rewriteInPlace(directories[active].resolve("en.lproj/Localizable.strings"),
                                versionText(version, false));
                        rewriteInPlace(frenchTable, versionText(version, true));
                    }
                    String expected = "Version " + version;
                    assertTrue("swap " + swap + ": version " + version + " never served", eventually(() ->
                            served(live, "en").equals(expected) && served(live, "fr").equals(expected + " fr")));
                }
            } finally {
                stop.set(true);
                for (Thread reader : readers) {
                    reader.join();
                }
            }
        }
        assertEquals(List.of(), failures.subList(0, Math.min(5, failures.size())));
    }

    private static void writeVersion(Path directory, int version) throws IOException {
        replace(directory.resolve("en.lproj/Localizable.strings"), versionText(version, false));
        replace(directory.resolve("fr.lproj/Localizable.strings"), versionText(version, true));
    }
}
