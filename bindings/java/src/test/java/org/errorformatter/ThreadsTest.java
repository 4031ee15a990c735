package org.errorformatter;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.Test;

/** Many threads on one catalog: the same results as one thread, and close under load. */
public class ThreadsTest {
    private static final int THREADS = 8;
    private static final List<List<String>> LOCALES = List.of(List.of("en"), List.of("fr-CA"), List.of("es-MX"),
            List.of("zh-TW"), List.of("ja"), List.of("de-AT"), List.of("pt-BR", "es-MX"));
    private static final long[] CODES = {0, 2, 8, 9, 42};

    @Test
    public void threadsFormattingOnOneCatalogAgreeWithOneThread() throws Exception {
        try (Catalog catalog = Fixtures.coreLocation()) {
            List<FormattedError> expected = new ArrayList<>();
            for (List<String> locales : LOCALES) {
                for (long code : CODES) {
                    expected.add(catalog.format("kCLErrorDomain", code, locales));
                }
            }
            ExecutorService pool = Executors.newFixedThreadPool(THREADS);
            try {
                List<Future<Integer>> done = new ArrayList<>();
                for (int thread = 0; thread < THREADS; thread++) {
                    int offset = thread;
                    done.add(pool.submit(() -> {
                        int checked = 0;
                        for (int round = 0; round < 300; round++) {
                            int index = (round + offset) % expected.size();
                            List<String> locales = LOCALES.get(index / CODES.length);
                            long code = CODES[index % CODES.length];
                            assertEquals(expected.get(index), catalog.format("kCLErrorDomain", code, locales));
                            checked++;
                        }
                        return checked;
                    }));
                }
                for (Future<Integer> future : done) {
                    assertEquals(300, (int) future.get());
                }
            } finally {
                pool.shutdown();
            }
        }
    }

    @Test
    public void closeWhileThreadsFormatWaitsForThemAndStopsThem() throws Exception {
        Catalog catalog = Fixtures.sync();
        FormattedError expected = catalog.format(ErrorInfo.builder("SyncErrorDomain", 1)
                .argument(Argument.of("report.pdf")).build(), List.of("en"));
        CountDownLatch started = new CountDownLatch(THREADS);
        AtomicInteger stoppedByClose = new AtomicInteger();
        List<Thread> threads = new ArrayList<>();
        List<Throwable> unexpected = java.util.Collections.synchronizedList(new ArrayList<>());
        for (int thread = 0; thread < THREADS; thread++) {
            Thread worker = new Thread(() -> {
                int rounds = 0;
                try {
                    while (true) {
                        FormattedError shown = catalog.format(ErrorInfo.builder("SyncErrorDomain", 1)
                                .argument(Argument.of("report.pdf")).build(), List.of("en"));
                        if (!shown.equals(expected)) {
                            throw new AssertionError("a different result under load: " + shown);
                        }
                        if (++rounds == 50) {
                            started.countDown();
                        }
                    }
                } catch (IllegalStateException closed) {
                    stoppedByClose.incrementAndGet();
                } catch (Throwable other) {
                    unexpected.add(other);
                    started.countDown();
                }
            });
            threads.add(worker);
            worker.start();
        }
        started.await();
        catalog.close();
        for (Thread worker : threads) {
            worker.join();
        }
        assertEquals(List.of(), unexpected);
        assertEquals(THREADS, stoppedByClose.get());
        assertTrue(catalog.isClosed());
    }
}
