/*
 * format_bench.c -- ef_format, ef_catalog_lookup and ef_catalog_text side by side with glibc
 * gettext, in one run, on the same texts (make_bench_catalog.py writes both catalogs).
 *
 * Every row rotates over 200 errors (so no row is a same-key hit) with fr-CA preferred, so most
 * strings are fallback hits: ErrorFormatter walks fr-CA -> fr, gettext LANGUAGE=fr_CA:fr.
 *   - format: title + message + button of an argument-free error, strings read, result freed.
 *     gettext: three dgettext() calls.
 *   - lookup: ef_catalog_lookup + ef_lookup_value + ef_lookup_free of one key; one dgettext().
 *   - text: ef_catalog_text of one key; one dgettext().
 *   - threads: the format row on two threads sharing one catalog, against a spin loop on two
 *     threads: each one's speed-up over one thread, and the ratio of the two speed-ups.
 * Prints ns per operation and the ratio ErrorFormatter / gettext (below 1 is faster).
 *
 * usage: format_bench CATALOG_DIR LOCALEDIR [ITERATIONS [ONLY]]
 * ONLY (gettext-format, format, gettext-lookup, lookup, text) runs that one loop ITERATIONS times
 * and prints nothing: for `valgrind --tool=callgrind`, whose counts do not depend on the load.
 */
#define _GNU_SOURCE /* pthread_setaffinity_np */
#include <errorformatter.h>
#include <libintl.h>
#include <locale.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_timing.h"

#define ERRORS 200
#define DOMAIN "Bench"

static ef_catalog *catalog;
static ef_error_info *infos[2][ERRORS];
static char titles[ERRORS][48], messages[ERRORS][48];
static const char *locales[] = {"fr-CA"};
static long iterations;

static void gettext_format(long count) {
    for (long i = 0; i < count; i++) {
        int code = (int)(i % ERRORS);
        sink += (size_t)dgettext("bench", titles[code])[0];
        sink += (size_t)dgettext("bench", messages[code])[0];
        sink += (size_t)dgettext("bench", "controls.ok")[0];
    }
}

static void ef_format_loop(long count, int thread) {
    /* Summed locally and stored once: both threads writing the shared sink on every call would
     * make its cache line bounce between the cores and measure that instead of the library. */
    size_t local = 0;
    for (long i = 0; i < count; i++) {
        ef_result *result = NULL;
        ef_format(&result, catalog, infos[thread][i % ERRORS], locales, 1, NULL);
        local += (size_t)ef_result_title(result)[0];
        local += (size_t)ef_result_message(result)[0];
        local += (size_t)ef_result_button(result)[0];
        ef_result_free(result);
    }
    sink += local;
}

static void gettext_lookup(long count) {
    for (long i = 0; i < count; i++) sink += (size_t)dgettext("bench", messages[i % ERRORS])[0];
}

static void ef_lookup_loop(long count) {
    for (long i = 0; i < count; i++) {
        ef_lookup *lookup = NULL;
        ef_catalog_lookup(&lookup, catalog, NULL, messages[i % ERRORS], locales, 1, NULL, NULL);
        sink += (size_t)ef_lookup_value(lookup)[0];
        ef_lookup_free(lookup);
    }
}

static void ef_text_loop(long count) {
    for (long i = 0; i < count; i++) {
        const char *text = NULL;
        ef_catalog_text(&text, catalog, NULL, messages[i % ERRORS], locales, 1, NULL);
        sink += (size_t)text[0];
    }
}

/* A computation that touches no shared memory: what two threads can reach at best here. */
static volatile unsigned long spin_sink;
static void spin_loop(long count) {
    unsigned long x = 1;
    for (long i = 0; i < count * 64; i++) x = x * 6364136223846793005UL + 1442695040888963407UL;
    spin_sink = x;
}

/* Each thread warms up (its first calls set up per-thread state), then all start together at a
 * barrier: the time measured is from the release to the last thread's end, so thread creation
 * and warm-up are left out on both sides. Runs are long (THREAD_ITERATIONS calls per thread,
 * about 50 ms) because the shorter rounds of the other rows made the ratio swing by 0.1. */
#define THREAD_ITERATIONS (5 * iterations)
#define SCALING_ROUNDS 15
static int use_spin;
static pthread_barrier_t start_line;
static void *thread_body(void *argument) {
    int thread = (int)(size_t)argument;
    /* Thread t runs on CPU t (when there is one): a thread moved between cores mid-run costs
     * a cold cache, and moves differ from run to run. */
    cpu_set_t cpus;
    CPU_ZERO(&cpus);
    CPU_SET(thread, &cpus);
    pthread_setaffinity_np(pthread_self(), sizeof cpus, &cpus);
    if (use_spin) spin_loop(THREAD_ITERATIONS / 100); else ef_format_loop(THREAD_ITERATIONS / 100, thread);
    pthread_barrier_wait(&start_line);
    if (use_spin) spin_loop(THREAD_ITERATIONS); else ef_format_loop(THREAD_ITERATIONS, thread);
    return NULL;
}

/* Seconds for `threads` threads each doing THREAD_ITERATIONS of the loop, from the start line. */
static double run_threads(int threads, int spin) {
    pthread_t ids[2];
    use_spin = spin;
    pthread_barrier_init(&start_line, NULL, (unsigned)threads + 1);
    for (int t = 0; t < threads; t++) pthread_create(&ids[t], NULL, thread_body, (void *)(size_t)t);
    pthread_barrier_wait(&start_line);
    double start = seconds();
    for (int t = 0; t < threads; t++) pthread_join(ids[t], NULL);
    double elapsed = seconds() - start;
    pthread_barrier_destroy(&start_line);
    return elapsed;
}

typedef void (*loop)(long);
static double best(loop body) {
    double fastest = 1e9;
    for (int round = 0; round < ROUNDS; round++) {
        double start = seconds();
        body(iterations);
        double elapsed = (seconds() - start) / (double)iterations;
        if (elapsed < fastest) fastest = elapsed;
    }
    return fastest;
}
static void ef_format_thread0(long count) { ef_format_loop(count, 0); }

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s CATALOG_DIR LOCALEDIR [ITERATIONS]\n", argv[0]);
        return 2;
    }
    iterations = argc > 3 ? atol(argv[3]) : 200000;

    /* gettext: C.UTF-8 keeps LANGUAGE active on Debian's glibc, so no locale must be installed. */
    setenv("LANGUAGE", "fr_CA:fr", 1);
    if (!setlocale(LC_ALL, "C.UTF-8")) {
        fprintf(stderr, "format_bench: the C.UTF-8 locale is missing\n");
        return 1;
    }
    bindtextdomain("bench", argv[2]);
    bind_textdomain_codeset("bench", "UTF-8");

    ef_error_details *details = NULL;
    if (ef_catalog_open(&catalog, argv[1], "en", EF_CATALOG_LENIENT, &details) != EF_OK) {
        fprintf(stderr, "format_bench: %s\n", ef_error_details_message(details));
        return 1;
    }
    for (int code = 0; code < ERRORS; code++) {
        snprintf(titles[code], sizeof titles[code], "errors." DOMAIN ".%d.title", code);
        snprintf(messages[code], sizeof messages[code], "errors." DOMAIN ".%d.message", code);
        for (int t = 0; t < 2; t++) ef_error_info_new(&infos[t][code], DOMAIN, code, NULL);
    }
    /* Both sides must show the same strings, or the comparison means nothing. */
    for (int code = 0; code < ERRORS; code++) {
        ef_result *result = NULL;
        ef_format(&result, catalog, infos[0][code], locales, 1, NULL);
        const char *text = NULL;
        ef_catalog_text(&text, catalog, NULL, messages[code], locales, 1, NULL);
        if (strcmp(ef_result_title(result), dgettext("bench", titles[code])) != 0 ||
            strcmp(ef_result_message(result), dgettext("bench", messages[code])) != 0 ||
            strcmp(ef_result_button(result), dgettext("bench", "controls.ok")) != 0 || text == NULL ||
            strcmp(text, dgettext("bench", messages[code])) != 0) {
            fprintf(stderr, "format_bench: error %d differs: \"%s\" / \"%s\"\n", code,
                    ef_result_title(result), dgettext("bench", titles[code]));
            return 1;
        }
        ef_result_free(result);
    }

    if (argc > 4) {
        static const struct { const char *name; loop body; } loops[] = {
            {"gettext-format", gettext_format}, {"format", ef_format_thread0},
            {"gettext-lookup", gettext_lookup}, {"lookup", ef_lookup_loop}, {"text", ef_text_loop}};
        for (size_t i = 0; i < sizeof loops / sizeof loops[0]; i++) {
            if (strcmp(argv[4], loops[i].name) == 0) {
                loops[i].body(iterations);
                return 0;
            }
        }
        fprintf(stderr, "format_bench: unknown loop %s\n", argv[4]);
        return 2;
    }

    double gettext_format_ns = best(gettext_format) * 1e9, ef_format_ns = best(ef_format_thread0) * 1e9;
    double gettext_lookup_ns = best(gettext_lookup) * 1e9, ef_lookup_ns = best(ef_lookup_loop) * 1e9;
    double ef_text_ns = best(ef_text_loop) * 1e9;

    /* Scaling: best of the rounds for one thread and for two, spin loop and library alternating.
     * More rounds than the other rows: a two-thread round is disturbed whenever anything else
     * wants a core, and only the least disturbed round of each kind says what the code does. */
    double spin1 = 1e9, spin2 = 1e9, ef1 = 1e9, ef2 = 1e9;
    for (int round = 0; round < SCALING_ROUNDS; round++) {
        double t;
        if ((t = run_threads(1, 1)) < spin1) spin1 = t;
        if ((t = run_threads(1, 0)) < ef1) ef1 = t;
        if ((t = run_threads(2, 1)) < spin2) spin2 = t;
        if ((t = run_threads(2, 0)) < ef2) ef2 = t;
    }
    double spin_scaling = 2 * spin1 / spin2, ef_scaling = 2 * ef1 / ef2;

    printf("%-52s %10s %10s %8s %7s\n", "operation (best of 7 rounds, 200 errors rotating)", "gettext", "ef",
           "ef/gt", "target");
    printf("%-52s %8.0f ns %8.0f ns %7.2fx %7s\n", "format: title+message+button (fr-CA > fr)",
           gettext_format_ns, ef_format_ns, ef_format_ns / gettext_format_ns, "<=0.60x");
    printf("%-52s %8.0f ns %8.0f ns %7.2fx %7s\n", "lookup: lookup+value+free of one key",
           gettext_lookup_ns, ef_lookup_ns, ef_lookup_ns / gettext_lookup_ns, "<=1.00x");
    printf("%-52s %8.0f ns %8.0f ns %7.2fx %7s\n", "text: ef_catalog_text of one key",
           gettext_lookup_ns, ef_text_ns, ef_text_ns / gettext_lookup_ns, "<=0.50x");
    printf("%-52s %9.2fx %9.2fx %7.2f  %7s\n", "two threads, one catalog: speed-up (spin / format)",
           spin_scaling, ef_scaling, ef_scaling / spin_scaling, ">=0.90");

    for (int code = 0; code < ERRORS; code++)
        for (int t = 0; t < 2; t++) ef_error_info_free(infos[t][code]);
    ef_catalog_free(catalog);
    return 0;
}
