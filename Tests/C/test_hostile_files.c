/* test_hostile_files.c -- hostile catalog directories (header, "Paths" and "Limits"): a link
 * swapped between an inside file, an outside file and a FIFO while threads open the catalog;
 * FIFOs, link loops, non-UTF-8 names, unreadable directories, oversized files and large
 * directories, each skipped with a diagnostic; nothing outside read, no call blocks. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "groups.h"

/* The value of key "k" for French, or NULL. */
static char *french_value(const ef_catalog *catalog) {
    static const char *const french[] = {"fr"};
    ef_lookup *lookup = NULL;
    char *copy = NULL;
    if (ef_catalog_lookup(&lookup, catalog, NULL, "k", french, 1, NULL, NULL) == EF_OK
        && ef_lookup_value(lookup) != NULL)
        copy = strdup(ef_lookup_value(lookup));
    ef_lookup_free(lookup);
    return copy;
}

/* The number of diagnostics with `code` (any code if NULL; and, if not NULL, naming `file`). */
static size_t count_diagnostics(const ef_catalog *catalog, const char *code, const char *file) {
    size_t count = 0;
    for (size_t i = 0; i < ef_catalog_diagnostic_count(catalog); i++) {
        if (code != NULL && strcmp(ef_catalog_diagnostic_code(catalog, i), code) != 0)
            continue;
        const char *named = ef_catalog_diagnostic_file(catalog, i);
        if (file == NULL || (named != NULL && strcmp(named, file) == 0))
            count++;
    }
    return count;
}

/* ------------------------------------------------------------------ the link-swapping race */

#define RACE_READERS 4
/* Opens per reader; EF_TEST_RACE_OPENS lowers it where every call is slow (make valgrind). */
static int race_opens(void) {
    const char *setting = getenv("EF_TEST_RACE_OPENS");
    int opens = setting != NULL ? atoi(setting) : 600;
    return opens > 0 ? opens : 600;
}

struct race {
    const char *root;
    char link_path[4096];
    char targets[3][4096];
    volatile int stop;
    /* Counted by the readers. */
    pthread_mutex_t lock;
    int outside_read, opened, inside_read;
};

/* Swaps <root>/fr.lproj/Localizable.strings between its targets, atomically (rename). */
static void *swap_links(void *argument) {
    struct race *race = argument;
    char temporary[4200];
    snprintf(temporary, sizeof temporary, "%s.swap", race->link_path);
    for (unsigned round = 0; !race->stop; round++) {
        unlink(temporary);
        if (symlink(race->targets[round % 3], temporary) != 0 || rename(temporary, race->link_path) != 0)
            break;
    }
    return NULL;
}

static void *open_repeatedly(void *argument) {
    struct race *race = argument;
    int opens = race_opens();
    for (int i = 0; i < opens; i++) {
        ef_catalog *catalog = NULL;
        if (ef_catalog_open(&catalog, race->root, NULL, EF_CATALOG_LENIENT, NULL) != EF_OK)
            continue;
        char *value = french_value(catalog);
        pthread_mutex_lock(&race->lock);
        race->opened++;
        if (value != NULL && strcmp(value, "OUTSIDE") == 0)
            race->outside_read++;
        if (value != NULL && strcmp(value, "inside") == 0)
            race->inside_read++;
        pthread_mutex_unlock(&race->lock);
        free(value);
        ef_catalog_free(catalog);
    }
    return NULL;
}

/* The finding: realpath+stat checked the link, then the unresolved path was opened: the outside
 * file was loaded in 94 of 20,000 opens, and a FIFO swapped in blocked open() forever. */
static void check_link_swapping_race(const struct test_context *context) {
    struct race race;
    memset(&race, 0, sizeof race);
    pthread_mutex_init(&race.lock, NULL);
    char root[2048], outside[2048], fifo[4200];
    race.root = make_directory(context, "race", root, sizeof root);
    make_directory(context, "race-outside", outside, sizeof outside);
    CHECK(write_file(outside, "Localizable.strings", "\"k\" = \"OUTSIDE\";") == 0);
    CHECK(write_file(root, "en.lproj/Localizable.strings", "\"k\" = \"inside\";") == 0);
    CHECK(write_file(root, "fr.lproj/Other.strings", "\"o\" = \"x\";") == 0);
    snprintf(fifo, sizeof fifo, "%s/fr.lproj/Pipe.strings", root);
    CHECK(mkfifo(fifo, 0644) == 0);
    snprintf(race.link_path, sizeof race.link_path, "%s/fr.lproj/Localizable.strings", root);
    snprintf(race.targets[0], sizeof race.targets[0], "../en.lproj/Localizable.strings");
    snprintf(race.targets[1], sizeof race.targets[1], "%s/Localizable.strings", outside);
    snprintf(race.targets[2], sizeof race.targets[2], "Pipe.strings");
    CHECK(symlink(race.targets[0], race.link_path) == 0);

    /* A hang is a failure, not a stuck test run. */
    alarm(300);
    pthread_t writer, readers[RACE_READERS];
    pthread_create(&writer, NULL, swap_links, &race);
    for (int i = 0; i < RACE_READERS; i++)
        pthread_create(&readers[i], NULL, open_repeatedly, &race);
    for (int i = 0; i < RACE_READERS; i++)
        pthread_join(readers[i], NULL);
    race.stop = 1;
    pthread_join(writer, NULL);
    alarm(0);

    CHECK_INT(race.opened, RACE_READERS * race_opens());
    CHECK_INT(race.outside_read, 0);
    /* The race was real: the inside target was read some of the time. */
    CHECK(race.inside_read > 0);
    pthread_mutex_destroy(&race.lock);
}

/* ------------------------------------------------------- entries skipped, each with a reason */

static void check_skipped_entries_have_diagnostics(const struct test_context *context) {
    char root[4096], path[4300];
    make_directory(context, "skipped", root, sizeof root);
    CHECK(write_file(root, "en.lproj/Localizable.strings", "\"k\" = \"inside\";") == 0);
    /* A FIFO: opened without blocking, refused by its type. */
    snprintf(path, sizeof path, "%s/en.lproj/Pipe.strings", root);
    CHECK(mkfifo(path, 0644) == 0);
    /* A link loop. */
    snprintf(path, sizeof path, "%s/en.lproj/Loop.strings", root);
    CHECK(symlink("Loop.strings", path) == 0);
    /* A name that is not UTF-8. */
    snprintf(path, sizeof path, "%s/en.lproj/Bad\xff.strings", root);
    CHECK(write_file(root, "en.lproj/Bad\xff.strings", "\"b\" = \"bad\";") == 0);
    /* A file name with a newline (log injection through diagnostics): a link loop, so that
     * it gets a diagnostic without failing the strict open below. */
    snprintf(path, sizeof path, "%s/en.lproj/Line\nBreak.strings", root);
    CHECK(symlink("Line\nBreak.strings", path) == 0);
    /* Named like catalog content but of the other kind: a directory named like a table, a file
     * named like a localization. Not named like catalog content: a FIFO (never opened, so no
     * diagnostic and no wait). Before, a root entry was opened whatever its name, and these
     * two were skipped without a word. */
    snprintf(path, sizeof path, "%s/Errors.strings", root);
    CHECK(mkdir(path, 0755) == 0);
    CHECK(write_file(root, "de.lproj", "not a directory") == 0);
    snprintf(path, sizeof path, "%s/notes", root);
    CHECK(mkfifo(path, 0644) == 0);
    /* A file larger than EF_MAX_TABLE_FILE_BYTES (sparse: no disk used). */
    snprintf(path, sizeof path, "%s/en.lproj/Huge.strings", root);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    CHECK(fd >= 0 && ftruncate(fd, (off_t)EF_MAX_TABLE_FILE_BYTES + 1) == 0);
    close(fd);

    alarm(60);
    ef_catalog *catalog = NULL;
    CHECK_STATUS(ef_catalog_open(&catalog, root, NULL, EF_CATALOG_LENIENT, NULL), EF_OK);
    alarm(0);
    CHECK_INT(count_diagnostics(catalog, "unsupported-file-type", "en.lproj/Pipe.strings"), 1);
    CHECK_INT(count_diagnostics(catalog, "link-loop", "en.lproj/Loop.strings"), 1);
    CHECK_INT(count_diagnostics(catalog, "invalid-file-name", "en.lproj/Bad\\xFF.strings"), 1);
    CHECK_INT(count_diagnostics(catalog, "file-too-large", "en.lproj/Huge.strings"), 1);
    CHECK_INT(count_diagnostics(catalog, "unsupported-file-type", "Errors.strings"), 1);
    CHECK_INT(count_diagnostics(catalog, "unsupported-file-type", "de.lproj"), 1);
    CHECK_INT(count_diagnostics(catalog, NULL, "notes"), 0);
    /* Every message and file name is one line. */
    for (size_t i = 0; i < ef_catalog_diagnostic_count(catalog); i++) {
        CHECK(strchr(ef_catalog_diagnostic_message(catalog, i), '\n') == NULL);
        const char *file = ef_catalog_diagnostic_file(catalog, i);
        CHECK(file == NULL || strchr(file, '\n') == NULL);
    }
    CHECK(count_diagnostics(catalog, "link-loop", "en.lproj/Line\\nBreak.strings") == 1);
    ef_catalog_free(catalog);

    /* Strict: an oversized file is an unreadable file, the open fails with EF_E_IO; a FIFO or a
     * link loop is only skipped. */
    ef_error_details *err = NULL;
    catalog = SENTINEL;
    CHECK_STATUS(ef_catalog_open(&catalog, root, NULL, EF_CATALOG_STRICT, &err), EF_E_IO);
    CHECK(catalog == NULL);
    CHECK_STR(ef_error_details_file(err), "en.lproj/Huge.strings");
    CHECK_DETAILS(err, EF_E_IO);
}

/* An unreadable .lproj is what an unreadable file is: an error diagnostic (lenient), EF_E_IO
 * (strict), never a failure of the whole lenient open. Root reads every directory, so a test run
 * as root (CI is) makes the opens in a child that has become `nobody` first. The child's
 * findings come back as bits of its exit status. */
enum {
    UNREADABLE_LENIENT_FAILED = 1,
    UNREADABLE_NO_DIAGNOSTIC = 2,
    UNREADABLE_LOCALIZATION_KEPT = 4,
    UNREADABLE_STRICT_NOT_IO = 8,
    UNREADABLE_COULD_READ = 16,
};

static int open_unreadable_catalog(const char *root, const char *unreadable) {
    if (access(unreadable, R_OK) == 0)
        return UNREADABLE_COULD_READ;
    int failures = 0;
    ef_catalog *catalog = NULL;
    if (ef_catalog_open(&catalog, root, NULL, EF_CATALOG_LENIENT, NULL) != EF_OK)
        return UNREADABLE_LENIENT_FAILED;
    if (count_diagnostics(catalog, "unreadable-file", "fr.lproj") != 1)
        failures |= UNREADABLE_NO_DIAGNOSTIC;
    if (ef_catalog_localization_count(catalog) != 1)
        failures |= UNREADABLE_LOCALIZATION_KEPT;
    ef_catalog_free(catalog);
    if (ef_catalog_open(&catalog, root, NULL, EF_CATALOG_STRICT, NULL) != EF_E_IO)
        failures |= UNREADABLE_STRICT_NOT_IO;
    ef_catalog_free(catalog);
    return failures;
}

static void check_unreadable_localization_directory(const struct test_context *context) {
    char root[4096], path[4300];
    make_directory(context, "unreadable", root, sizeof root);
    CHECK(write_file(root, "en.lproj/Localizable.strings", "\"k\" = \"inside\";") == 0);
    CHECK(write_file(root, "fr.lproj/Localizable.strings", "\"k\" = \"fr\";") == 0);
    snprintf(path, sizeof path, "%s/fr.lproj", root);
    CHECK(chmod(path, 0) == 0);
    int running_as_root = geteuid() == 0;
    /* `nobody` must be able to walk to the catalog: the scratch directory is private (0700). */
    if (running_as_root)
        CHECK(chmod(context->scratch, 0711) == 0);
    fflush(NULL);
    pid_t child = fork();
    if (child == 0) {
        if (running_as_root && (setgid(65534) != 0 || setuid(65534) != 0))
            _exit(UNREADABLE_COULD_READ);
        _exit(open_unreadable_catalog(root, path));
    }
    int status = 0;
    CHECK(child > 0 && waitpid(child, &status, 0) == child);
    CHECK(WIFEXITED(status));
    if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
        fprintf(stderr, "  unreadable .lproj: findings 0x%x (see the enum above)\n", WEXITSTATUS(status));
    CHECK_INT(WEXITSTATUS(status), 0);
    if (running_as_root)
        chmod(context->scratch, 0700);
    chmod(path, 0755);
}

/* The finding: d_name was copied as 256 bytes, past the end of glibc's readdir buffer for any
 * directory of more than about 1,000 entries (valgrind: invalid read of size 16). Here: the
 * entries are all read (make valgrind checks the reads themselves). */
static void check_large_directory(const struct test_context *context) {
    char root[4096], name[64];
    make_directory(context, "large", root, sizeof root);
    CHECK(write_file(root, "en.lproj/Localizable.strings", "\"k\" = \"inside\";") == 0);
    for (int i = 0; i < 2000; i++) {
        snprintf(name, sizeof name, "en.lproj/T%04d.strings", i);
        CHECK(write_file(root, name, "\"k\" = \"v\";") == 0);
    }
    ef_catalog *catalog = NULL;
    CHECK_STATUS(ef_catalog_open(&catalog, root, NULL, EF_CATALOG_STRICT, NULL), EF_OK);
    static const char *const english[] = {"en"};
    ef_lookup *lookup = NULL;
    CHECK_STATUS(ef_catalog_lookup(&lookup, catalog, "T1999", "k", english, 1, NULL, NULL), EF_OK);
    CHECK_STR(ef_lookup_value(lookup), "v");
    ef_lookup_free(lookup);
    ef_catalog_free(catalog);
}

void test_hostile_files(const struct test_context *context) {
    check_skipped_entries_have_diagnostics(context);
    check_unreadable_localization_directory(context);
    check_large_directory(context);
    check_link_swapping_race(context);
}
