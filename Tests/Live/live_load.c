/*
 * live_load.c -- live catalogs under load: four threads formatting while the catalogs they
 * format with are replaced again and again, every way the header lists.
 *
 * usage: live_load SWAPS [DEBOUNCE_MS [INTERVAL_MS [SLACK_MS]]]
 *
 * Two live catalogs, both strict: a directory reached through a symbolic link (en.lproj and
 * fr.lproj tables), and a compiled file. Version v shows "Version v" in English and
 * "Version v fr" in French. The writer replaces them SWAPS times, in turn:
 *   - the directory's two tables rewritten in place, one after the other, with pauses mid-file
 *     shorter than the debounce; every state in between is broken (the file being written
 *     starts with ';' until its last step), so a writer stalled longer than the debounce gets a
 *     refusal, never a half-written version;
 *   - the symbolic link swapped to the other directory, holding the next version whole;
 *   - a corrupt version, in place (a string never closed) and as a compiled file renamed over;
 *   - the compiled file replaced by rename (ef_catalog_compile);
 *   - the link removed, then back with a new version; the compiled file deleted, then back.
 * Each good version is waited for until served; each bad one until its refusal is reported.
 *
 * Four threads meanwhile take each catalog's current version, format Live 1 in English and in
 * French, and check: both texts name the same version (never a mix of two), a version the
 * writer made whole (never a refused one), never older than one the thread saw before; and they
 * keep results across swaps, checking them again when they let them go.
 *
 * Checked at the end: no reader failed; every good version was served within the debounce plus
 * one check interval plus SLACK_MS (what opening the version and the scheduler take); the
 * descriptors and the resident memory after the last swap are those after the first tenth.
 * The last line is "live_load: OK ..." or "live_load: FAILED ..."; the exit status says the same.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE

#include <dirent.h>
#include <errno.h>
#include <errorformatter.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define READERS 4
#define KEPT_RESULTS 8
/* Versions above this are the corrupt ones: never good, never to be served. */
#define BAD_VERSIONS 1000000000L
/* How long the writer waits for what it expects before failing (a hang guard). */
#define PATIENCE_NS (60LL * 1000000000LL)

enum target { DIRECTORY, COMPILED, TARGETS };
static const char *const target_names[TARGETS] = {"directory", "compiled file"};

static ef_live_catalog *lives[TARGETS];
static char scratch[4096], link_path[4200], directories[2][4200], compiled_path[4200];
static int active_directory;
/* good[v]: version v was written whole; versions are numbered from 1 across both targets. */
static atomic_uchar *good;
static long swaps;
static atomic_int stopping;
static atomic_long failures, formats;

static long long now_ns(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (long long)time.tv_sec * 1000000000LL + time.tv_nsec;
}

static void sleep_ms(long milliseconds) {
    struct timespec pause = {milliseconds / 1000, (milliseconds % 1000) * 1000000L};
    while (nanosleep(&pause, &pause) != 0 && errno == EINTR) {
    }
}

static void fail(const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    fprintf(stderr, "live_load: ");
    vfprintf(stderr, format, arguments);
    fprintf(stderr, "\n");
    va_end(arguments);
    atomic_fetch_add(&failures, 1);
}

/* ------------------------------------------------------------------------------- readers */

/* The version a title names ("Version 12" or "Version 12 fr"); -1 if it names none. */
static long version_in(const char *title, int french) {
    char *end = NULL;
    if (strncmp(title, "Version ", 8) != 0)
        return -1;
    long version = strtol(title + 8, &end, 10);
    if (end == title + 8 || strcmp(end, french ? " fr" : "") != 0)
        return -1;
    return version;
}

static ef_result *format_live(const ef_catalog *catalog, const ef_error_info *info, const char *locale) {
    const char *locales[] = {locale};
    ef_result *result = NULL;
    if (ef_format(&result, catalog, info, locales, 1, NULL) != EF_OK)
        return NULL;
    return result;
}

struct kept {
    ef_result *result;
    long version;
};

static void *read_continuously(void *argument) {
    long thread = (long)argument;
    ef_error_info *info = NULL;
    if (ef_error_info_new(&info, "Live", 1, NULL) != EF_OK) {
        fail("reader %ld: no error info", thread);
        return NULL;
    }
    long newest[TARGETS] = {0, 0};
    struct kept kept[KEPT_RESULTS];
    memset(kept, 0, sizeof kept);
    long round = 0;
    while (!atomic_load(&stopping)) {
        enum target target = (enum target)((round + thread) % TARGETS);
        ef_catalog *catalog = ef_live_catalog_current(lives[target]);
        ef_result *english = format_live(catalog, info, "en");
        ef_result *french = format_live(catalog, info, "fr");
        ef_catalog_free(catalog);
        if (english == NULL || french == NULL) {
            fail("reader %ld: ef_format failed on the %s", thread, target_names[target]);
        } else {
            long version = version_in(ef_result_title(english), 0);
            long french_version = version_in(ef_result_title(french), 1);
            if (version < 1 || version != french_version)
                fail("reader %ld: the %s showed \"%s\" and \"%s\"", thread, target_names[target],
                     ef_result_title(english), ef_result_title(french));
            else if (version >= BAD_VERSIONS || !atomic_load(&good[version]))
                fail("reader %ld: the %s served version %ld, which is not good", thread, target_names[target], version);
            else if (version < newest[target])
                fail("reader %ld: the %s went back from version %ld to %ld", thread, target_names[target],
                     newest[target], version);
            else
                newest[target] = version;
            /* Kept across swaps; read again when let go: it outlives its version. */
            struct kept *slot = &kept[round % KEPT_RESULTS];
            if (slot->result != NULL && version_in(ef_result_title(slot->result), 0) != slot->version)
                fail("reader %ld: a kept result changed to \"%s\"", thread, ef_result_title(slot->result));
            ef_result_free(slot->result);
            slot->result = english;
            slot->version = version;
            english = NULL;
        }
        ef_result_free(english);
        ef_result_free(french);
        atomic_fetch_add(&formats, 2);
        round++;
    }
    for (int i = 0; i < KEPT_RESULTS; i++)
        ef_result_free(kept[i].result);
    ef_error_info_free(info);
    return NULL;
}

/* ------------------------------------------------------------------------------- writers */

static void table_text(char *buffer, size_t size, long version, int french, int corrupt) {
    if (corrupt)
        snprintf(buffer, size, "\"errors.Live.1.title\" = \"Version %ld%s\";\n\"errors.Live.2.title\" = \"never closed\n",
                 version, french ? " fr" : "");
    else
        snprintf(buffer, size, "\"errors.Live.1.title\" = \"Version %ld%s\";\n", version, french ? " fr" : "");
}

static int write_whole(const char *path, const char *text) {
    FILE *file = fopen(path, "wb");
    if (file == NULL)
        return -1;
    size_t length = strlen(text);
    int ok = fwrite(text, 1, length, file) == length;
    return fclose(file) == 0 && ok ? 0 : -1;
}

/* Writes `text` over the table at `path` in place, in steps with pauses of `pause_ms`: the
 * first byte becomes ';' (the table is then broken), the rest is written in two halves, the
 * file cut to its new length, and the first byte written last. */
static int rewrite_in_place(const char *path, const char *text, long pause_ms) {
    int descriptor = open(path, O_WRONLY);
    if (descriptor < 0)
        return -1;
    size_t length = strlen(text), half = length / 2;
    int ok = pwrite(descriptor, ";", 1, 0) == 1;
    sleep_ms(pause_ms);
    ok = ok && pwrite(descriptor, text + 1, half - 1, 1) == (ssize_t)(half - 1);
    sleep_ms(pause_ms);
    ok = ok && pwrite(descriptor, text + half, length - half, (off_t)half) == (ssize_t)(length - half);
    ok = ok && ftruncate(descriptor, (off_t)length) == 0;
    sleep_ms(pause_ms);
    ok = ok && pwrite(descriptor, text, 1, 0) == 1;
    return close(descriptor) == 0 && ok ? 0 : -1;
}

static void table_path(char *buffer, size_t size, const char *directory, int french) {
    snprintf(buffer, size, "%s/%s.lproj/Localizable.strings", directory, french ? "fr" : "en");
}

/* Writes version `version` whole into `directory` (not the one served). */
static int write_directory(const char *directory, long version) {
    char path[4400], text[256];
    for (int french = 0; french <= 1; french++) {
        snprintf(path, sizeof path, "%s/%s.lproj", directory, french ? "fr" : "en");
        if (mkdir(path, 0755) != 0 && errno != EEXIST)
            return -1;
        table_path(path, sizeof path, directory, french);
        table_text(text, sizeof text, version, french, 0);
        if (write_whole(path, text) != 0)
            return -1;
    }
    return 0;
}

/* Rewrites the served directory's tables in place, French made broken first, so that no state
 * between the first step and the last is a whole version. */
static int rewrite_directory(long version, long pause_ms) {
    const char *directory = directories[active_directory];
    char english[4400], french[4400], text[256];
    table_path(english, sizeof english, directory, 0);
    table_path(french, sizeof french, directory, 1);
    int descriptor = open(french, O_WRONLY);
    if (descriptor < 0)
        return -1;
    int ok = pwrite(descriptor, ";", 1, 0) == 1;
    ok = close(descriptor) == 0 && ok;
    sleep_ms(pause_ms);
    table_text(text, sizeof text, version, 0, 0);
    ok = ok && rewrite_in_place(english, text, pause_ms) == 0;
    sleep_ms(pause_ms);
    table_text(text, sizeof text, version, 1, 0);
    ok = ok && rewrite_in_place(french, text, pause_ms) == 0;
    return ok ? 0 : -1;
}

/* A corrupt English table, written in place as the good ones are (never a whole file cut to
 * nothing on the way: an empty table is a table). */
static int corrupt_directory(long version, long pause_ms) {
    char path[4400], text[256];
    table_path(path, sizeof path, directories[active_directory], 0);
    table_text(text, sizeof text, version, 0, 1);
    return rewrite_in_place(path, text, pause_ms);
}

/* The symbolic link at the path swapped (by rename) to the other directory. */
static int swap_link(long version) {
    int other = 1 - active_directory;
    if (write_directory(directories[other], version) != 0)
        return -1;
    char temporary[4400];
    snprintf(temporary, sizeof temporary, "%s.new", link_path);
    unlink(temporary);
    if (symlink(other ? "catalog-b" : "catalog-a", temporary) != 0 || rename(temporary, link_path) != 0)
        return -1;
    active_directory = other;
    return 0;
}

/* Compiles version `version` to `path` (a new file renamed over it). */
static int compile_to(const char *path, long version) {
    char english[256], french[256];
    table_text(english, sizeof english, version, 0, 0);
    table_text(french, sizeof french, version, 1, 0);
    ef_catalog_builder *builder = NULL;
    ef_catalog *catalog = NULL;
    int ok = ef_catalog_builder_new(&builder, EF_CATALOG_STRICT, NULL) == EF_OK &&
             ef_catalog_builder_add_table(builder, "en", "Localizable.strings", english, strlen(english), NULL) == EF_OK &&
             ef_catalog_builder_add_table(builder, "fr", "Localizable.strings", french, strlen(french), NULL) == EF_OK &&
             ef_catalog_builder_finish(&catalog, builder, "en", NULL) == EF_OK &&
             ef_catalog_compile(catalog, path, NULL) == EF_OK;
    ef_catalog_free(catalog);
    ef_catalog_builder_free(builder);
    return ok ? 0 : -1;
}

static int compile_version(long version) {
    return compile_to(compiled_path, version);
}

/* A compiled file with one byte changed near its end (a checksum that fails), renamed over. */
static int corrupt_compiled(long version) {
    char temporary[4400];
    snprintf(temporary, sizeof temporary, "%s.new", compiled_path);
    if (compile_to(temporary, version) != 0)
        return -1;
    int descriptor = open(temporary, O_RDWR);
    struct stat info;
    unsigned char byte = 0;
    int ok = descriptor >= 0 && fstat(descriptor, &info) == 0 && info.st_size > 16 &&
             pread(descriptor, &byte, 1, info.st_size - 5) == 1;
    byte ^= 0x5A;
    ok = ok && pwrite(descriptor, &byte, 1, info.st_size - 5) == 1;
    if (descriptor >= 0)
        ok = close(descriptor) == 0 && ok;
    return ok && rename(temporary, compiled_path) == 0 ? 0 : -1;
}

/* ------------------------------------------------------------------------------- waiting */

static long served_version(enum target target) {
    ef_catalog *catalog = ef_live_catalog_current(lives[target]);
    ef_error_info *info = NULL;
    long version = -1;
    if (ef_error_info_new(&info, "Live", 1, NULL) == EF_OK) {
        ef_result *result = format_live(catalog, info, "en");
        if (result != NULL)
            version = version_in(ef_result_title(result), 0);
        ef_result_free(result);
    }
    ef_error_info_free(info);
    ef_catalog_free(catalog);
    return version;
}

/* Latencies of the good versions, milliseconds. */
static double *latencies;
static long latency_count;

/* Waits until `version` is served; records how long that took since `done`. */
static void wait_served(enum target target, long version, long long done) {
    while (served_version(target) != version) {
        if (now_ns() - done > PATIENCE_NS) {
            fail("the %s never served version %ld (it serves %ld)", target_names[target], version,
                 served_version(target));
            return;
        }
        sleep_ms(1);
    }
    latencies[latency_count++] = (double)(now_ns() - done) / 1e6;
    if (ef_live_catalog_last_error(lives[target], NULL) != EF_OK)
        fail("the %s serves version %ld but reports a refusal", target_names[target], version);
}

/* Waits until the refusal `status` is reported, the version served staying `served`. */
static void wait_refused(enum target target, ef_status status, long served) {
    long long start = now_ns();
    while (ef_live_catalog_last_error(lives[target], NULL) != status) {
        if (now_ns() - start > PATIENCE_NS) {
            fail("the %s never reported %s", target_names[target], ef_status_name(status));
            return;
        }
        sleep_ms(1);
    }
    if (served_version(target) != served)
        fail("the %s stopped serving version %ld after a refusal", target_names[target], served);
}

/* ------------------------------------------------------------------------------- measures */

static long descriptor_count(void) {
    DIR *directory = opendir("/proc/self/fd");
    if (directory == NULL)
        return -1;
    long count = 0;
    while (readdir(directory) != NULL)
        count++;
    closedir(directory);
    return count;
}

static long resident_kib(void) {
    FILE *file = fopen("/proc/self/statm", "r");
    long pages = 0, resident = 0;
    if (file == NULL)
        return -1;
    int read = fscanf(file, "%ld %ld", &pages, &resident);
    fclose(file);
    return read == 2 ? resident * (sysconf(_SC_PAGESIZE) / 1024) : -1;
}

/* The fewest descriptors over a few looks: a check in progress holds a directory open briefly. */
static long quiet_descriptor_count(void) {
    long fewest = descriptor_count();
    for (int i = 0; i < 20; i++) {
        sleep_ms(1);
        long count = descriptor_count();
        if (count < fewest)
            fewest = count;
    }
    return fewest;
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* ------------------------------------------------------------------------------- main */

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s SWAPS [DEBOUNCE_MS [INTERVAL_MS [SLACK_MS]]]\n", argv[0]);
        return 2;
    }
    swaps = atol(argv[1]);
    long debounce = argc > 2 ? atol(argv[2]) : 40;
    long interval = argc > 3 ? atol(argv[3]) : 10;
    long slack = argc > 4 ? atol(argv[4]) : 250;
    /* Pauses mid-file: far shorter than the debounce. */
    long pause = debounce / 20 > 0 ? debounce / 20 : 1;
    if (swaps < 10) {
        fprintf(stderr, "live_load: at least 10 swaps\n");
        return 2;
    }
    const char *temporary = getenv("TMPDIR");
    snprintf(scratch, sizeof scratch, "%s/ef-live-load-XXXXXX",
             temporary != NULL && temporary[0] != '\0' ? temporary : "/tmp");
    if (mkdtemp(scratch) == NULL) {
        perror("mkdtemp");
        return 2;
    }
    good = calloc((size_t)swaps + 2, sizeof *good);
    latencies = calloc((size_t)swaps + 2, sizeof *latencies);
    if (good == NULL || latencies == NULL)
        return 2;
    snprintf(directories[0], sizeof directories[0], "%s/catalog-a", scratch);
    snprintf(directories[1], sizeof directories[1], "%s/catalog-b", scratch);
    snprintf(link_path, sizeof link_path, "%s/catalog", scratch);
    snprintf(compiled_path, sizeof compiled_path, "%s/catalog.efc", scratch);
    long version = 1;
    atomic_store(&good[version], 1);
    if (mkdir(directories[0], 0755) != 0 || mkdir(directories[1], 0755) != 0 ||
        write_directory(directories[0], version) != 0 || symlink("catalog-a", link_path) != 0 ||
        compile_version(version) != 0) {
        perror("live_load: setting up");
        return 2;
    }
    const char *paths[TARGETS] = {link_path, compiled_path};
    for (int target = 0; target < TARGETS; target++) {
        ef_error_details *details = NULL;
        if (ef_live_catalog_open_with_debounce(&lives[target], paths[target], NULL, EF_CATALOG_STRICT,
                                               (uint32_t)interval, (uint32_t)debounce, &details) != EF_OK) {
            fprintf(stderr, "live_load: %s\n", ef_error_details_message(details));
            return 1;
        }
    }
    long served[TARGETS] = {version, version};

    pthread_t readers[READERS];
    for (long r = 0; r < READERS; r++)
        pthread_create(&readers[r], NULL, read_continuously, (void *)r);

    long long started = now_ns();
    long refusals = 0, warm_descriptors = 0, warm_resident = 0;
    for (long swap = 0; swap < swaps && atomic_load(&failures) == 0; swap++) {
        if (swap == swaps / 10) {
            warm_descriptors = quiet_descriptor_count();
            warm_resident = resident_kib();
        }
        version++;
        int kind = (int)(swap % 10);
        enum target target = kind == 5 || kind == 6 || kind == 8 ? COMPILED : DIRECTORY;
        int ok = 0;
        if (kind == 4 || kind == 6) {
            /* A corrupt version: refused, the version served stays. */
            ok = kind == 4 ? corrupt_directory(BAD_VERSIONS + version, pause) : corrupt_compiled(BAD_VERSIONS + version);
            if (ok == 0)
                wait_refused(target, EF_E_PARSE, served[target]);
            refusals++;
            continue;
        }
        if (kind == 7 || kind == 8) {
            /* Deleted: reported, the version served stays; then back with a new version. */
            ok = unlink(kind == 7 ? link_path : compiled_path);
            if (ok == 0)
                wait_refused(target, EF_E_NOT_FOUND, served[target]);
            refusals++;
            atomic_store(&good[version], 1);
            if (kind == 7)
                ok = write_directory(directories[active_directory], version) == 0 &&
                             symlink(active_directory ? "catalog-b" : "catalog-a", link_path) == 0
                         ? 0
                         : -1;
            else
                ok = compile_version(version);
        } else {
            atomic_store(&good[version], 1);
            if (kind == 3)
                ok = swap_link(version);
            else if (kind == 5)
                ok = compile_version(version);
            else
                ok = rewrite_directory(version, pause);
        }
        if (ok != 0) {
            fail("swap %ld (kind %d) could not be written: %s", swap, kind, strerror(errno));
            break;
        }
        wait_served(target, version, now_ns());
        served[target] = version;
    }
    double seconds = (double)(now_ns() - started) / 1e9;
    long final_descriptors = quiet_descriptor_count(), final_resident = resident_kib();
    atomic_store(&stopping, 1);
    for (int r = 0; r < READERS; r++)
        pthread_join(readers[r], NULL);

    qsort(latencies, (size_t)latency_count, sizeof *latencies, compare_doubles);
    double bound = (double)(debounce + interval + slack);
    long late = 0;
    for (long i = 0; i < latency_count; i++)
        if (latencies[i] > bound)
            late++;
    if (late > 0)
        fail("%ld of %ld good versions were served later than %.0f ms (debounce %ld + interval %ld + slack %ld)",
             late, latency_count, bound, debounce, interval, slack);
    if (final_descriptors != warm_descriptors)
        fail("descriptors went from %ld to %ld", warm_descriptors, final_descriptors);
    /* Each version keeps what its calls remember; the versions gone give theirs back. A growth
     * of a few MiB is the allocator's; a leak of a version per swap would be hundreds. */
    if (final_resident - warm_resident > 8192)
        fail("resident memory grew from %ld KiB to %ld KiB", warm_resident, final_resident);
    for (int target = 0; target < TARGETS; target++)
        ef_live_catalog_free(lives[target]);

    printf("live_load: %ld swaps (%ld refused or deleted) in %.1f s, %ld formats by %d threads; "
           "served after %.0f / %.0f / %.0f ms (median / 99th / max; bound %.0f); descriptors %ld -> %ld; "
           "resident %ld -> %ld KiB\n",
           swaps, refusals, seconds, atomic_load(&formats), READERS,
           latency_count ? latencies[latency_count / 2] : 0.0,
           latency_count ? latencies[(latency_count * 99) / 100] : 0.0,
           latency_count ? latencies[latency_count - 1] : 0.0, bound, warm_descriptors, final_descriptors,
           warm_resident, final_resident);
    char command[4400];
    snprintf(command, sizeof command, "rm -rf '%s'", scratch);
    if (system(command) != 0)
        fprintf(stderr, "live_load: could not remove %s\n", scratch);
    long failed = atomic_load(&failures);
    printf("live_load: %s (%ld failures)\n", failed == 0 ? "OK" : "FAILED", failed);
    return failed == 0 ? 0 : 1;
}
