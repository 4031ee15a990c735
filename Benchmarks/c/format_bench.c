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
 *   - arguments: an error whose message takes a file name and a byte count, both set per call
 *     (ef_error_info_clear_arguments + add_string + add_int64), 100 errors and 16 names rotating,
 *     title + message + button read, result freed. gettext: three dgettext() calls and snprintf
 *     of the message's format with the same two values.
 *   - description: an error with no keys of its own whose message is the caller's description,
 *     set per call (16 texts rotating); the title is its domain's, the button the table's.
 *     gettext: two dgettext() calls (the caller already has the description).
 *   - live: the format row through a live catalog following the same directory (its thread
 *     running, as in a service): ef_live_catalog_current + ef_format + reading the three fields
 *     + ef_result_free + ef_catalog_free, against the format row on the plain catalog.
 *   - threads: the format row on two threads sharing one catalog, against three lock-free loops
 *     on two threads, none touching shared memory (below): a spin loop (one multiply chain), an
 *     ALU loop (six independent chains in registers, as many instructions per cycle as real
 *     code) and a probe loop that reads memory the way a memoized format does, without the
 *     library. Each one's speed-up over one thread, and the ratio of the format's to each.
 *     And the format loop in two processes, each with its own catalog and errors made after the
 *     fork, so that nothing at all is shared: what the same code scales to on this machine
 *     when sharing cannot cost anything, beside what it scales to sharing one catalog.
 * Prints ns per operation and the ratio ErrorFormatter / gettext (below 1 is faster).
 *
 * usage: format_bench CATALOG_DIR LOCALEDIR [ITERATIONS [ONLY]]
 * ONLY (gettext-format, format, live, gettext-lookup, lookup, text, gettext-arguments, arguments,
 * gettext-description, description) runs that one loop ITERATIONS times
 * and prints nothing: for `valgrind --tool=callgrind`, whose counts do not depend on the load.
 */
#define _GNU_SOURCE /* pthread_setaffinity_np */
#include <errorformatter.h>
#include <libintl.h>
#include <locale.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench_timing.h"

#define ERRORS 200
#define DOMAIN "Bench"
#define ARGUMENT_ERRORS 100
#define ROTATING_TEXTS 16

static ef_catalog *catalog;
/* The live row's: the same directory, followed. */
static ef_live_catalog *live;
static ef_error_info *infos[2][ERRORS];
static char titles[ERRORS][48], messages[ERRORS][48];
static const char *locales[] = {"fr-CA"};
static const char *catalog_dir;
static long iterations;
/* The argument and description rows' errors, keys and per-call values. */
static ef_error_info *transfer_infos[ARGUMENT_ERRORS], *caller_infos[ARGUMENT_ERRORS];
static char transfer_titles[ARGUMENT_ERRORS][48], transfer_messages[ARGUMENT_ERRORS][48];
static char file_names[ROTATING_TEXTS][32], descriptions[ROTATING_TEXTS][80];
static const long long byte_counts[ROTATING_TEXTS] = {
    0, 1, 17, 512, 4096, 65536, 1048576, 123456789, 42, 7, 99999, 2048, 31337, 8, 640, 1000000};

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

/* The format row through the live catalog: the version served taken per call, as a service
 * takes it per request, and given back. */
static void ef_live_loop(long count) {
    size_t local = 0;
    for (long i = 0; i < count; i++) {
        ef_catalog *current = ef_live_catalog_current(live);
        ef_result *result = NULL;
        ef_format(&result, current, infos[0][i % ERRORS], locales, 1, NULL);
        local += (size_t)ef_result_title(result)[0];
        local += (size_t)ef_result_message(result)[0];
        local += (size_t)ef_result_button(result)[0];
        ef_result_free(result);
        ef_catalog_free(current);
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

static void gettext_arguments(long count) {
    char message[256];
    for (long i = 0; i < count; i++) {
        int code = (int)(i % ARGUMENT_ERRORS), value = (int)(i % ROTATING_TEXTS);
        sink += (size_t)dgettext("bench", transfer_titles[code])[0];
        snprintf(message, sizeof message, dgettext("bench", transfer_messages[code]), file_names[value],
                 byte_counts[value]);
        sink += (size_t)message[0];
        sink += (size_t)dgettext("bench", "controls.ok")[0];
    }
}

/* Formats `info` (fr-CA), reads the title, message and button as a caller would, and frees the
 * result: what each row of the argument and description roads measures besides setting up. */
static size_t format_and_read(const ef_error_info *info) {
    ef_result *result = NULL;
    ef_format(&result, catalog, info, locales, 1, NULL);
    size_t read = (size_t)ef_result_title(result)[0] + (size_t)ef_result_message(result)[0] +
                  (size_t)ef_result_button(result)[0];
    ef_result_free(result);
    return read;
}

static void ef_arguments_loop(long count) {
    size_t local = 0;
    for (long i = 0; i < count; i++) {
        int code = (int)(i % ARGUMENT_ERRORS), value = (int)(i % ROTATING_TEXTS);
        ef_error_info *info = transfer_infos[code];
        ef_error_info_clear_arguments(info, NULL);
        ef_error_info_add_string(info, file_names[value], NULL);
        ef_error_info_add_int64(info, byte_counts[value], NULL);
        local += format_and_read(info);
    }
    sink += local;
}

static void gettext_description(long count) {
    for (long i = 0; i < count; i++) {
        sink += (size_t)dgettext("bench", "errors.Caller.title")[0];
        sink += (size_t)descriptions[i % ROTATING_TEXTS][0];
        sink += (size_t)dgettext("bench", "controls.ok")[0];
    }
}

static void ef_description_loop(long count) {
    size_t local = 0;
    for (long i = 0; i < count; i++) {
        ef_error_info *info = caller_infos[i % ARGUMENT_ERRORS];
        ef_error_info_set_description(info, descriptions[i % ROTATING_TEXTS], NULL);
        local += format_and_read(info);
    }
    sink += local;
}

/* Makes the argument and description rows' errors and checks that both sides show the same
 * strings for every one of them. 0 (with a message) if they differ. */
static int make_rotating_errors(void) {
    for (int value = 0; value < ROTATING_TEXTS; value++) {
        snprintf(file_names[value], sizeof file_names[value], "report-%d.pdf", value);
        snprintf(descriptions[value], sizeof descriptions[value],
                 "The server closed the connection (%d).", value);
    }
    for (int code = 0; code < ARGUMENT_ERRORS; code++) {
        snprintf(transfer_titles[code], sizeof transfer_titles[code], "errors.Transfer.%d.title", code);
        snprintf(transfer_messages[code], sizeof transfer_messages[code], "errors.Transfer.%d.message", code);
        if (ef_error_info_new(&transfer_infos[code], "Transfer", code, NULL) != EF_OK ||
            ef_error_info_new(&caller_infos[code], "Caller", code, NULL) != EF_OK)
            return 0;
    }
    for (int i = 0; i < ARGUMENT_ERRORS; i++) {
        int value = i % ROTATING_TEXTS;
        char expected[256];
        snprintf(expected, sizeof expected, dgettext("bench", transfer_messages[i]), file_names[value],
                 byte_counts[value]);
        ef_error_info_clear_arguments(transfer_infos[i], NULL);
        ef_error_info_add_string(transfer_infos[i], file_names[value], NULL);
        ef_error_info_add_int64(transfer_infos[i], byte_counts[value], NULL);
        ef_result *result = NULL;
        ef_format(&result, catalog, transfer_infos[i], locales, 1, NULL);
        int same = strcmp(ef_result_title(result), dgettext("bench", transfer_titles[i])) == 0 &&
                   strcmp(ef_result_message(result), expected) == 0 &&
                   strcmp(ef_result_button(result), dgettext("bench", "controls.ok")) == 0;
        if (!same) fprintf(stderr, "format_bench: argument error %d differs: \"%s\" / \"%s\"\n", i,
                           ef_result_message(result), expected);
        ef_result_free(result);
        if (!same) return 0;
        ef_error_info_set_description(caller_infos[i], descriptions[value], NULL);
        ef_format(&result, catalog, caller_infos[i], locales, 1, NULL);
        same = strcmp(ef_result_title(result), dgettext("bench", "errors.Caller.title")) == 0 &&
               strcmp(ef_result_message(result), descriptions[value]) == 0 &&
               strcmp(ef_result_button(result), dgettext("bench", "controls.ok")) == 0;
        if (!same) fprintf(stderr, "format_bench: description error %d differs: \"%s\"\n", i,
                           ef_result_title(result));
        ef_result_free(result);
        if (!same) return 0;
    }
    return 1;
}

/* A computation that touches no memory: one chain of multiplies, each waiting for the last,
 * so a core runs it far below its width. Two of them share a core's execution units without
 * slowing each other, so it scales by 2 even where two virtual CPUs are one core's two threads. */
static volatile unsigned long spin_sink;
static void spin_loop(long count) {
    unsigned long x = 1;
    for (long i = 0; i < count * 64; i++) x = x * 6364136223846793005UL + 1442695040888963407UL;
    spin_sink = x;
}

/* A computation that touches no memory but keeps a core as busy as real code does: six
 * independent chains of adds and xors, several instructions per cycle. It can scale below the
 * spin loop: virtual CPUs that share execution units compete for them with any code that has a
 * real instruction rate. */
static void alu_loop(long count) {
    unsigned long a = 1, b = 2, c = 3, d = 4, e = 5, f = 6;
    for (long i = 0; i < count * 64; i++) {
        a += b ^ (unsigned long)i;
        b += c ^ a;
        c += d ^ b;
        d += e ^ c;
        e += f ^ d;
        f += a ^ e;
    }
    spin_sink = a + b + c + d + e + f;
}

/* A lock-free loop that reads memory the way a memoized format does, with no library: per call
 * it copies one of 200 per-thread keys into a stack buffer, hashes it, probes a read-only
 * open-addressed table shared by the threads, compares the key and reads the entry's three
 * strings. On this shared virtual machine such a loop scales worse than the spin loop (the other
 * tenants' use of caches and memory reaches it, not a loop in registers), so it is the reference
 * that does the same kind of work. */
#define PROBE_SLOTS 1024
struct probe_entry {
    char key[48];
    const char *texts[3];
};
static struct probe_entry probe_entries[ERRORS];
static struct probe_entry *probe_slots[PROBE_SLOTS];
static char *probe_keys[2][ERRORS];

static unsigned long probe_hash(const char *key, size_t length) {
    unsigned long hash = 1469598103934665603UL;
    for (size_t i = 0; i < length; i++) hash = (hash ^ (unsigned char)key[i]) * 1099511628211UL;
    return hash;
}

static void probe_loop(long count, int thread) {
    size_t local = 0;
    for (long i = 0; i < count; i++) {
        char buffer[64];
        const char *key = probe_keys[thread][i % ERRORS];
        size_t length = strlen(key);
        memcpy(buffer, key, length + 1);
        size_t slot = probe_hash(buffer, length) & (PROBE_SLOTS - 1);
        while (probe_slots[slot] != NULL && strcmp(probe_slots[slot]->key, buffer) != 0)
            slot = (slot + 1) & (PROBE_SLOTS - 1);
        const struct probe_entry *entry = probe_slots[slot];
        local += (size_t)entry->texts[0][0] + (size_t)entry->texts[1][0] + (size_t)entry->texts[2][0];
    }
    sink += local;
}

/* The probe table: error `code`'s key maps to the three texts its format shows. */
static void probe_add(int code, const char *title, const char *message, const char *button) {
    struct probe_entry *entry = &probe_entries[code];
    snprintf(entry->key, sizeof entry->key, DOMAIN ".%d.fr-CA", code);
    entry->texts[0] = strdup(title);
    entry->texts[1] = strdup(message);
    entry->texts[2] = strdup(button);
    size_t slot = probe_hash(entry->key, strlen(entry->key)) & (PROBE_SLOTS - 1);
    while (probe_slots[slot] != NULL) slot = (slot + 1) & (PROBE_SLOTS - 1);
    probe_slots[slot] = entry;
    for (int t = 0; t < 2; t++) probe_keys[t][code] = strdup(entry->key);
}

/* Each thread warms up (its first calls set up per-thread state), then all start together at a
 * barrier: the time measured is from the release to the last thread's end, so thread creation
 * and warm-up are left out on every side. Rounds are long (THREAD_ITERATIONS calls per thread,
 * a few hundred milliseconds of the format loop): on a shared machine a vCPU's speed changes from
 * moment to moment, and long rounds average the host's state out. */
#define THREAD_ITERATIONS (20 * iterations)
#define SCALING_ROUNDS 15
enum thread_loop { SPIN, ALU, PROBE, FORMAT };
static enum thread_loop thread_loop;
static pthread_barrier_t start_line;

static void run_loop(long count, int thread) {
    switch (thread_loop) {
    case SPIN: spin_loop(count); break;
    case ALU: alu_loop(count); break;
    case PROBE: probe_loop(count, thread); break;
    case FORMAT: ef_format_loop(count, thread); break;
    }
}

/* Thread (or process) t runs on CPU t, when there is one: a thread moved between cores mid-run
 * costs a cold cache, and moves differ from run to run. */
static void pin_to_cpu(int cpu) {
    cpu_set_t cpus;
    CPU_ZERO(&cpus);
    CPU_SET(cpu, &cpus);
    sched_setaffinity(0, sizeof cpus, &cpus);
}

static void *thread_body(void *argument) {
    int thread = (int)(size_t)argument;
    pin_to_cpu(thread);
    run_loop(THREAD_ITERATIONS / 100, thread);
    pthread_barrier_wait(&start_line);
    run_loop(THREAD_ITERATIONS, thread);
    return NULL;
}

/* Seconds for `threads` threads each doing THREAD_ITERATIONS of `kind`, from the start line. */
static double run_threads(int threads, enum thread_loop kind) {
    pthread_t ids[2];
    thread_loop = kind;
    pthread_barrier_init(&start_line, NULL, (unsigned)threads + 1);
    for (int t = 0; t < threads; t++) pthread_create(&ids[t], NULL, thread_body, (void *)(size_t)t);
    pthread_barrier_wait(&start_line);
    double start = seconds();
    for (int t = 0; t < threads; t++) pthread_join(ids[t], NULL);
    double elapsed = seconds() - start;
    pthread_barrier_destroy(&start_line);
    return elapsed;
}

/* Error `code` of thread `thread`'s set: each thread formats its own info objects, as two
 * threads of a program would. */
static int make_infos(int thread) {
    for (int code = 0; code < ERRORS; code++)
        if (ef_error_info_new(&infos[thread][code], DOMAIN, code, NULL) != EF_OK) return 0;
    return 1;
}

/* The format loop in `processes` processes, process p on CPU p. Each opens the catalog and
 * makes its errors after the fork, so no page of the catalog's tables, memos or results is
 * shared (the library's code and the files' bytes are, as between any two programs). The same
 * warm-up and start line as the threads; the time is from the start to the last one's end.
 * Returns a negative time if a process failed. */
struct start_line_shared {
    pthread_barrier_t start;
    double started[2], ended[2];
};
static double run_processes(int processes) {
    struct start_line_shared *line =
        mmap(NULL, sizeof *line, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (line == MAP_FAILED) return -1;
    pthread_barrierattr_t attributes;
    pthread_barrierattr_init(&attributes);
    pthread_barrierattr_setpshared(&attributes, PTHREAD_PROCESS_SHARED);
    pthread_barrier_init(&line->start, &attributes, (unsigned)processes);
    pthread_barrierattr_destroy(&attributes);
    int failed = 0, started = 0;
    pid_t children[2];
    for (int p = 0; p < processes; p++) {
        pid_t child = fork();
        if (child < 0) {
            /* The ones started wait at the start line for this one: they are stopped. */
            for (int q = 0; q < started; q++) kill(children[q], SIGKILL);
            failed = 1;
            break;
        }
        if (child > 0) children[started++] = child;
        if (child == 0) {
            pin_to_cpu(p);
            /* The parent's catalog and errors stay mapped but are never read here. */
            int ready = ef_catalog_open(&catalog, catalog_dir, "en", EF_CATALOG_LENIENT, NULL) == EF_OK &&
                        make_infos(p);
            thread_loop = FORMAT;
            if (ready) run_loop(THREAD_ITERATIONS / 100, p);
            pthread_barrier_wait(&line->start);
            line->started[p] = seconds();
            if (ready) run_loop(THREAD_ITERATIONS, p);
            line->ended[p] = seconds();
            _exit(ready ? 0 : 1);
        }
    }
    for (int p = 0; p < started; p++) {
        int status = 0;
        if (wait(&status) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) failed = 1;
    }
    double start = line->started[0], end = line->ended[0];
    for (int p = 1; p < processes; p++) {
        if (line->started[p] < start) start = line->started[p];
        if (line->ended[p] > end) end = line->ended[p];
    }
    pthread_barrier_destroy(&line->start);
    munmap(line, sizeof *line);
    return failed ? -1 : end - start;
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
    catalog_dir = argv[1];

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
    /* Checked every second, as a service would: the thread runs while the row is measured. */
    if (ef_live_catalog_open(&live, argv[1], "en", EF_CATALOG_LENIENT, 1000, &details) != EF_OK) {
        fprintf(stderr, "format_bench: %s\n", ef_error_details_message(details));
        return 1;
    }
    for (int code = 0; code < ERRORS; code++) {
        snprintf(titles[code], sizeof titles[code], "errors." DOMAIN ".%d.title", code);
        snprintf(messages[code], sizeof messages[code], "errors." DOMAIN ".%d.message", code);
    }
    if (!make_infos(0) || !make_infos(1)) {
        fprintf(stderr, "format_bench: could not make the errors\n");
        return 1;
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
        probe_add(code, ef_result_title(result), ef_result_message(result), ef_result_button(result));
        ef_result_free(result);
    }

    if (!make_rotating_errors()) return 1;

    if (argc > 4) {
        static const struct { const char *name; loop body; } loops[] = {
            {"gettext-format", gettext_format}, {"format", ef_format_thread0}, {"live", ef_live_loop},
            {"gettext-lookup", gettext_lookup}, {"lookup", ef_lookup_loop}, {"text", ef_text_loop},
            {"gettext-arguments", gettext_arguments}, {"arguments", ef_arguments_loop},
            {"gettext-description", gettext_description}, {"description", ef_description_loop}};
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
    double ef_live_ns = best(ef_live_loop) * 1e9;
    double gettext_lookup_ns = best(gettext_lookup) * 1e9, ef_lookup_ns = best(ef_lookup_loop) * 1e9;
    double ef_text_ns = best(ef_text_loop) * 1e9;
    double gettext_arguments_ns = best(gettext_arguments) * 1e9, ef_arguments_ns = best(ef_arguments_loop) * 1e9;
    double gettext_description_ns = best(gettext_description) * 1e9;
    double ef_description_ns = best(ef_description_loop) * 1e9;

    /* Scaling: best of the rounds for one thread and for two, the loops alternating. More rounds
     * than the other rows: a two-thread round is disturbed whenever anything else wants a core,
     * and only the least disturbed round of each kind says what the code does. */
    double one[4] = {1e9, 1e9, 1e9, 1e9}, two[4] = {1e9, 1e9, 1e9, 1e9};
    double one_process = 1e9, two_processes = 1e9;
    for (int round = 0; round < SCALING_ROUNDS; round++) {
        for (int kind = SPIN; kind <= FORMAT; kind++) {
            double t;
            if ((t = run_threads(1, (enum thread_loop)kind)) < one[kind]) one[kind] = t;
            if ((t = run_threads(2, (enum thread_loop)kind)) < two[kind]) two[kind] = t;
        }
        double t1 = run_processes(1), t2 = run_processes(2);
        if (t1 < 0 || t2 < 0) {
            fprintf(stderr, "format_bench: a process of the two-process row failed\n");
            return 1;
        }
        if (t1 < one_process) one_process = t1;
        if (t2 < two_processes) two_processes = t2;
    }
    double scaling[4];
    for (int kind = SPIN; kind <= FORMAT; kind++) scaling[kind] = 2 * one[kind] / two[kind];
    double process_scaling = 2 * one_process / two_processes;

    printf("%-52s %10s %10s %8s %7s\n", "operation (best of 7 rounds, 200 errors rotating)", "gettext", "ef",
           "ef/gt", "target");
    printf("%-52s %8.0f ns %8.0f ns %7.2fx %7s\n", "format: title+message+button (fr-CA > fr)",
           gettext_format_ns, ef_format_ns, ef_format_ns / gettext_format_ns, "<=0.60x");
    printf("%-52s %8.0f ns %8.0f ns %7.2fx %7s\n", "live: current+format+free / format (both ef)",
           ef_format_ns, ef_live_ns, ef_live_ns / ef_format_ns, "<=1.20x");
    printf("%-52s %8.0f ns %8.0f ns %7.2fx %7s\n", "lookup: lookup+value+free of one key",
           gettext_lookup_ns, ef_lookup_ns, ef_lookup_ns / gettext_lookup_ns, "<=1.00x");
    printf("%-52s %8.0f ns %8.0f ns %7.2fx %7s\n", "text: ef_catalog_text of one key",
           gettext_lookup_ns, ef_text_ns, ef_text_ns / gettext_lookup_ns, "<=0.50x");
    printf("%-52s %8.0f ns %8.0f ns %7.2fx %7s\n", "arguments: name + size set, 3 fields (100 errors)",
           gettext_arguments_ns, ef_arguments_ns, ef_arguments_ns / gettext_arguments_ns, "<=1.00x");
    printf("%-52s %8.0f ns %8.0f ns %7.2fx %7s\n", "description: caller's text shown, 3 fields",
           gettext_description_ns, ef_description_ns, ef_description_ns / gettext_description_ns, "<=0.60x");
    printf("%-52s %9.2fx %9.2fx %7.2f  %7s\n", "two threads, one catalog: speed-up (spin / format)",
           scaling[SPIN], scaling[FORMAT], scaling[FORMAT] / scaling[SPIN], ">=0.90");
    printf("%-52s %9.2fx %9.2fx %7.2f  %7s\n", "two threads, one catalog: speed-up (ALU / format)",
           scaling[ALU], scaling[FORMAT], scaling[FORMAT] / scaling[ALU], ">=0.90");
    printf("%-52s %9.2fx %9.2fx %7.2f  %7s\n", "two threads, one catalog: speed-up (probe / format)",
           scaling[PROBE], scaling[FORMAT], scaling[FORMAT] / scaling[PROBE], ">=0.90");
    printf("%-52s %9.2fx %9.2fx %7.2f  %7s\n", "format, two processes sharing nothing / two threads",
           process_scaling, scaling[FORMAT], scaling[FORMAT] / process_scaling, "-");

    for (int code = 0; code < ERRORS; code++)
        for (int t = 0; t < 2; t++) ef_error_info_free(infos[t][code]);
    for (int code = 0; code < ARGUMENT_ERRORS; code++) {
        ef_error_info_free(transfer_infos[code]);
        ef_error_info_free(caller_infos[code]);
    }
    ef_catalog_free(catalog);
    ef_live_catalog_free(live);
    return 0;
}
