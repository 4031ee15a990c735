/* test_live.c -- live catalogs (header, "live catalog"): the newest good version served, never a
 * broken one; every change the header lists followed (a file rewritten in place, a compiled file
 * replaced by rename, a symbolic link swapped as Kubernetes swaps `..data`, a path deleted and
 * back); refusals reported and the version served kept; references and results outliving the
 * versions they came from; the library's thread following changes on its own, before and after
 * fork(); every argument checked.
 *
 * The thread's cases wait for what they expect with a generous bound (a hang guard, never a
 * measurement); the load test (Tests/Live/live_load.c) measures how soon versions are served. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "groups.h"

/* Directories made here, and paths made from them (which the compiler sees fit). */
#define DIRECTORY_SIZE 2048
#define PATH_SIZE 4096

/* How long a thread case waits for what it expects before failing: far above what any check
 * takes, even under valgrind. */
#define PATIENCE_SECONDS 30

static const char *const english[] = {"en"};

static void sleep_milliseconds(long milliseconds) {
    struct timespec pause = {milliseconds / 1000, (milliseconds % 1000) * 1000000L};
    while (nanosleep(&pause, &pause) != 0 && errno == EINTR) {
    }
}

/* The table of version `number`: its title names the version. */
static void write_version(const char *directory, int number) {
    char text[128];
    snprintf(text, sizeof text, "\"errors.Live.1.title\" = \"Version %d\";\n", number);
    CHECK_INT(write_file(directory, "en.lproj/Localizable.strings", text), 0);
}

/* The title `catalog` shows for Live 1 in English, copied into `buffer`. */
static const char *title_of(const ef_catalog *catalog, char *buffer, size_t size) {
    buffer[0] = '\0';
    ef_result *result = format_error(catalog, "Live", 1, english, 1);
    if (result != NULL)
        snprintf(buffer, size, "%s", ef_result_title(result));
    ef_result_free(result);
    return buffer;
}

/* The title the live catalog's version served now shows. */
static const char *served_title(const ef_live_catalog *live, char *buffer, size_t size) {
    ef_catalog *current = ef_live_catalog_current(live);
    CHECK(current != NULL);
    title_of(current, buffer, size);
    ef_catalog_free(current);
    return buffer;
}

#define CHECK_SERVES(live, expected)                                                            \
    do {                                                                                        \
        char served_[128];                                                                      \
        CHECK_STR(served_title((live), served_, sizeof served_), (expected));                  \
    } while (0)

/* Waits until the generation reaches `generation`; 1 if it did. */
static int wait_for_generation(const ef_live_catalog *live, uint64_t generation) {
    for (long waited = 0; waited < PATIENCE_SECONDS * 1000L; waited += 5) {
        if (ef_live_catalog_generation(live) >= generation)
            return 1;
        sleep_milliseconds(5);
    }
    return 0;
}

/* Waits until the last refusal's status is `status`; 1 if it was. */
static int wait_for_refusal(const ef_live_catalog *live, ef_status status) {
    for (long waited = 0; waited < PATIENCE_SECONDS * 1000L; waited += 5) {
        if (ef_live_catalog_last_error(live, NULL) == status)
            return 1;
        sleep_milliseconds(5);
    }
    return 0;
}

static ef_live_catalog *open_live(const char *path, uint32_t flags, uint32_t interval, uint32_t debounce) {
    ef_live_catalog *live = NULL;
    ef_error_details *err = NULL;
    ef_status status = ef_live_catalog_open_with_debounce(&live, path, NULL, flags, interval, debounce, &err);
    CHECK_STATUS(status, EF_OK);
    if (status != EF_OK) {
        fprintf(stderr, "  %s\n", ef_error_details_message(err));
        ef_error_details_free(err);
    }
    return live;
}

static void check_arguments(const struct test_context *context) {
    char directory[DIRECTORY_SIZE];
    make_directory(context, "live-arguments", directory, sizeof directory);
    write_version(directory, 1);
    ef_live_catalog *live = SENTINEL;
    ef_error_details *err = NULL;

    CHECK_STATUS(ef_live_catalog_open(NULL, directory, NULL, 0, 0, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_STATUS(ef_live_catalog_open(&live, NULL, NULL, 0, 0, &err), EF_E_INVALID_ARGUMENT);
    CHECK(live == NULL);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_STATUS(ef_live_catalog_open(&live, "", NULL, 0, 0, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_STATUS(ef_live_catalog_open(&live, directory, NULL, 0x80u, 0, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    /* A version is read whole when it is taken: reading it later could mix two versions. */
    CHECK_STATUS(ef_live_catalog_open(&live, directory, NULL, EF_CATALOG_ON_DEMAND, 0, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_STATUS(ef_live_catalog_open(&live, "\xff\xfe", NULL, 0, 0, &err), EF_E_INVALID_UTF8);
    CHECK_DETAILS(err, EF_E_INVALID_UTF8);
    CHECK_STATUS(ef_live_catalog_open(&live, directory, "../x", 0, 0, &err), EF_E_INVALID_LOCALE);
    CHECK_DETAILS(err, EF_E_INVALID_LOCALE);
    char missing[PATH_SIZE];
    snprintf(missing, sizeof missing, "%s/missing", directory);
    live = SENTINEL;
    CHECK_STATUS(ef_live_catalog_open(&live, missing, NULL, 0, 1000, &err), EF_E_NOT_FOUND);
    CHECK(live == NULL);
    CHECK_DETAILS(err, EF_E_NOT_FOUND);

    /* The first version must be good: broken (strict), or failing lint when asked. */
    char broken[DIRECTORY_SIZE];
    make_directory(context, "live-broken", broken, sizeof broken);
    CHECK_INT(write_file(broken, "en.lproj/Localizable.strings", "\"errors.Live.1.title\" = \"Version 1\n"), 0);
    CHECK_STATUS(ef_live_catalog_open(&live, broken, NULL, EF_CATALOG_STRICT, 0, &err), EF_E_PARSE);
    CHECK(err != NULL && ef_error_details_file(err) != NULL &&
          strcmp(ef_error_details_file(err), "en.lproj/Localizable.strings") == 0);
    CHECK_DETAILS(err, EF_E_PARSE);
    char unlinted[DIRECTORY_SIZE];
    make_directory(context, "live-unlinted", unlinted, sizeof unlinted);
    CHECK_INT(write_file(unlinted, "en.lproj/Localizable.strings", "\"errors.Live.1.message\" = \"File %@\";\n"), 0);
    CHECK_INT(write_file(unlinted, "fr.lproj/Localizable.strings", "\"errors.Live.1.message\" = \"Fichier %d\";\n"), 0);
    CHECK_STATUS(ef_live_catalog_open(&live, unlinted, NULL, EF_LIVE_CATALOG_LINT_CLEAN, 0, &err), EF_E_PARSE);
    CHECK(err != NULL && strstr(ef_error_details_message(err), "lint found 1 error") != NULL);
    CHECK_DETAILS(err, EF_E_PARSE);
    CHECK_STATUS(ef_live_catalog_open(&live, unlinted, NULL, 0, 0, &err), EF_OK);
    ef_live_catalog_free(live);
    /* Nor empty: a directory being filled or deleted passes through catalogs without an entry. */
    char empty[DIRECTORY_SIZE];
    make_directory(context, "live-empty", empty, sizeof empty);
    CHECK_INT(write_file(empty, "en.lproj/Localizable.strings", ""), 0);
    CHECK_STATUS(ef_live_catalog_open(&live, empty, NULL, EF_CATALOG_STRICT, 0, &err), EF_E_PARSE);
    CHECK(err != NULL && strstr(ef_error_details_message(err), "the catalog is empty") != NULL);
    CHECK_DETAILS(err, EF_E_PARSE);

    /* NULL live catalogs. */
    CHECK(ef_live_catalog_current(NULL) == NULL);
    CHECK_INT(ef_live_catalog_generation(NULL), 0);
    CHECK_STATUS(ef_live_catalog_reload(NULL, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    ef_error_details *details = SENTINEL;
    CHECK_STATUS(ef_live_catalog_last_error(NULL, &details), EF_E_INVALID_ARGUMENT);
    CHECK(details == NULL);
    CHECK_STATUS(ef_live_catalog_last_error(NULL, NULL), EF_E_INVALID_ARGUMENT);
    ef_live_catalog_free(NULL);
}

/* The example as a live catalog: its versions are ordinary catalogs, freed by their takers. */
static void check_serves_catalogs(const struct test_context *context) {
    ef_live_catalog *live = open_live(context->example_catalog, EF_CATALOG_LENIENT, 0, 0);
    if (live == NULL)
        return;
    CHECK_INT(ef_live_catalog_generation(live), 1);
    ef_error_details *details = SENTINEL;
    CHECK_STATUS(ef_live_catalog_last_error(live, &details), EF_OK);
    CHECK(details == NULL);
    ef_catalog *first = ef_live_catalog_current(live);
    ef_catalog *second = ef_live_catalog_current(live);
    CHECK(first != NULL && second != NULL);
    /* Nothing changed: both are the version served (two references, each freed once). */
    CHECK(first == second);
    static const char *const french_canadian[] = {"fr-CA"};
    ef_result *result = format_error(first, "kCLErrorDomain", 0, french_canadian, 1);
    CHECK(result != NULL);
    if (result != NULL)
        CHECK_STR(ef_result_title(result), "Emplacement inconnu");
    CHECK(ef_catalog_localization_count(first) >= 9);
    CHECK_STR(ef_catalog_development_locale(first), "en");
    ef_catalog_free(first);
    /* The live catalog ends; a reference taken from it lives on, with what was made from it. */
    ef_live_catalog_free(live);
    CHECK_STR(ef_catalog_development_locale(second), "en");
    ef_result *later = format_error(second, "kCLErrorDomain", 0, french_canadian, 1);
    if (later != NULL)
        CHECK_STR(ef_result_title(later), "Emplacement inconnu");
    ef_result_free(later);
    ef_catalog_free(second);
    if (result != NULL)
        CHECK_STR(ef_result_title(result), "Emplacement inconnu");
    ef_result_free(result);
}

/* A caller's reloads (no thread): changes taken, refusals reported, the version served kept. */
static void check_reloads(const struct test_context *context) {
    char directory[DIRECTORY_SIZE], moved[PATH_SIZE];
    make_directory(context, "live-reloads", directory, sizeof directory);
    snprintf(moved, sizeof moved, "%s/live-reloads-moved", context->scratch);
    write_version(directory, 1);
    ef_live_catalog *live = open_live(directory, EF_CATALOG_STRICT, 0, 0);
    if (live == NULL)
        return;
    ef_error_details *err = NULL;
    CHECK_STATUS(ef_live_catalog_reload(live, &err), EF_OK);
    CHECK(err == NULL);
    CHECK_INT(ef_live_catalog_generation(live), 1);
    ef_catalog *first = ef_live_catalog_current(live);
    ef_result *first_result = format_error(first, "Live", 1, english, 1);

    /* Rewritten in place: a new version; the old one lives while it is held. */
    write_version(directory, 2);
    CHECK_STATUS(ef_live_catalog_reload(live, &err), EF_OK);
    CHECK_INT(ef_live_catalog_generation(live), 2);
    CHECK_SERVES(live, "Version 2");
    char buffer[128];
    CHECK_STR(title_of(first, buffer, sizeof buffer), "Version 1");
    ef_catalog_free(first);
    if (first_result != NULL)
        CHECK_STR(ef_result_title(first_result), "Version 1");
    ef_result_free(first_result);

    /* Broken (the live catalog is strict): refused, with the file and line; version 2 stays. */
    CHECK_INT(write_file(directory, "en.lproj/Localizable.strings",
                         "\"errors.Live.1.title\" = \"Version 3\";\n\"errors.Live.2.title\" = \"Version\n"), 0);
    CHECK_STATUS(ef_live_catalog_reload(live, &err), EF_E_PARSE);
    CHECK(err != NULL && ef_error_details_file(err) != NULL &&
          strcmp(ef_error_details_file(err), "en.lproj/Localizable.strings") == 0 &&
          ef_error_details_line(err) == 2);
    CHECK_DETAILS(err, EF_E_PARSE);
    CHECK_INT(ef_live_catalog_generation(live), 2);
    CHECK_SERVES(live, "Version 2");
    ef_error_details *details = NULL;
    CHECK_STATUS(ef_live_catalog_last_error(live, &details), EF_E_PARSE);
    CHECK(details != NULL && ef_error_details_status(details) == EF_E_PARSE &&
          ef_error_details_line(details) == 2);
    ef_error_details_free(details);
    /* Asked again, it looks again, and refuses again. */
    CHECK_STATUS(ef_live_catalog_reload(live, NULL), EF_E_PARSE);

    /* Fixed: taken, and nothing is refused any more. */
    write_version(directory, 4);
    CHECK_STATUS(ef_live_catalog_reload(live, &err), EF_OK);
    CHECK_INT(ef_live_catalog_generation(live), 3);
    CHECK_SERVES(live, "Version 4");
    CHECK_STATUS(ef_live_catalog_last_error(live, &details), EF_OK);
    CHECK(details == NULL);

    /* Emptied (a directory on its way out): refused, version 4 stays. */
    char table[PATH_SIZE];
    snprintf(table, sizeof table, "%s/en.lproj/Localizable.strings", directory);
    CHECK_INT(unlink(table), 0);
    CHECK_STATUS(ef_live_catalog_reload(live, &err), EF_E_PARSE);
    CHECK_DETAILS(err, EF_E_PARSE);
    CHECK_SERVES(live, "Version 4");
    write_version(directory, 4);
    CHECK_STATUS(ef_live_catalog_reload(live, &err), EF_OK);
    CHECK_INT(ef_live_catalog_generation(live), 4);

    /* Deleted: reported, version 4 still served. */
    CHECK_INT(rename(directory, moved), 0);
    CHECK_STATUS(ef_live_catalog_reload(live, &err), EF_E_NOT_FOUND);
    CHECK_DETAILS(err, EF_E_NOT_FOUND);
    CHECK_STATUS(ef_live_catalog_last_error(live, NULL), EF_E_NOT_FOUND);
    CHECK_SERVES(live, "Version 4");
    /* Back: served, whether taken as a new version or found as the one served. */
    CHECK_INT(rename(moved, directory), 0);
    CHECK_STATUS(ef_live_catalog_reload(live, &err), EF_OK);
    CHECK_STATUS(ef_live_catalog_last_error(live, NULL), EF_OK);
    CHECK_SERVES(live, "Version 4");
    uint64_t generation = ef_live_catalog_generation(live);
    CHECK(generation == 4 || generation == 5);
    /* Back with other content, made anew. */
    CHECK_INT(rename(directory, moved), 0);
    char recreated[DIRECTORY_SIZE];
    make_directory(context, "live-reloads", recreated, sizeof recreated);
    write_version(recreated, 5);
    CHECK_STATUS(ef_live_catalog_reload(live, &err), EF_OK);
    CHECK_INT(ef_live_catalog_generation(live), generation + 1);
    CHECK_SERVES(live, "Version 5");
    ef_live_catalog_free(live);
}

/* A symbolic link swapped to another directory, at the path itself, and as Kubernetes mounts a
 * ConfigMap: files that are links through `..data`, a link swapped by rename. */
static void check_link_swaps(const struct test_context *context) {
    char first[DIRECTORY_SIZE], second[DIRECTORY_SIZE], link_path[PATH_SIZE], temporary[PATH_SIZE];
    make_directory(context, "live-link-1", first, sizeof first);
    make_directory(context, "live-link-2", second, sizeof second);
    write_version(first, 1);
    write_version(second, 2);
    snprintf(link_path, sizeof link_path, "%s/live-link", context->scratch);
    snprintf(temporary, sizeof temporary, "%s/live-link.new", context->scratch);
    CHECK_INT(symlink("live-link-1", link_path), 0);
    ef_live_catalog *live = open_live(link_path, EF_CATALOG_STRICT, 0, 0);
    if (live != NULL) {
        CHECK_SERVES(live, "Version 1");
        CHECK_INT(symlink("live-link-2", temporary), 0);
        CHECK_INT(rename(temporary, link_path), 0);
        CHECK_STATUS(ef_live_catalog_reload(live, NULL), EF_OK);
        CHECK_INT(ef_live_catalog_generation(live), 2);
        CHECK_SERVES(live, "Version 2");
        ef_live_catalog_free(live);
    }

    /* <mount>/en.lproj -> ..data/en.lproj, ..data -> ..v1 */
    char mount[DIRECTORY_SIZE], data[PATH_SIZE], version[PATH_SIZE];
    make_directory(context, "live-configmap", mount, sizeof mount);
    snprintf(version, sizeof version, "%s/..v1", mount);
    CHECK_INT(mkdir(version, 0755), 0);
    write_version(version, 1);
    snprintf(data, sizeof data, "%s/..data", mount);
    CHECK_INT(symlink("..v1", data), 0);
    char entry[PATH_SIZE];
    snprintf(entry, sizeof entry, "%s/en.lproj", mount);
    CHECK_INT(symlink("..data/en.lproj", entry), 0);
    live = open_live(mount, EF_CATALOG_STRICT, 0, 0);
    if (live == NULL)
        return;
    CHECK_SERVES(live, "Version 1");
    snprintf(version, sizeof version, "%s/..v2", mount);
    CHECK_INT(mkdir(version, 0755), 0);
    write_version(version, 2);
    snprintf(temporary, sizeof temporary, "%s/..data_tmp", mount);
    CHECK_INT(symlink("..v2", temporary), 0);
    CHECK_INT(rename(temporary, data), 0);
    CHECK_STATUS(ef_live_catalog_reload(live, NULL), EF_OK);
    CHECK_INT(ef_live_catalog_generation(live), 2);
    CHECK_SERVES(live, "Version 2");
    ef_live_catalog_free(live);
}

/* Compiles version `number` (a built catalog) to `path`, replacing it by rename. */
static void compile_version(const char *path, int number) {
    char text[128];
    snprintf(text, sizeof text, "\"errors.Live.1.title\" = \"Version %d\";\n", number);
    ef_catalog_builder *builder = NULL;
    ef_catalog *catalog = NULL;
    CHECK_STATUS(ef_catalog_builder_new(&builder, EF_CATALOG_STRICT, NULL), EF_OK);
    CHECK_STATUS(ef_catalog_builder_add_table(builder, "en", "Localizable.strings", text, strlen(text), NULL), EF_OK);
    CHECK_STATUS(ef_catalog_builder_finish(&catalog, builder, "en", NULL), EF_OK);
    CHECK_STATUS(ef_catalog_compile(catalog, path, NULL), EF_OK);
    ef_catalog_free(catalog);
    ef_catalog_builder_free(builder);
}

/* A compiled file replaced by rename (as ef_catalog_compile and `errfmt compile` write it). */
static void check_compiled_file(const struct test_context *context, uint32_t flags) {
    char path[DIRECTORY_SIZE], temporary[PATH_SIZE];
    snprintf(path, sizeof path, "%s/live-%u.efc", context->scratch, flags);
    snprintf(temporary, sizeof temporary, "%s.tmp", path);
    compile_version(path, 1);
    ef_live_catalog *live = open_live(path, flags, 0, 0);
    if (live == NULL)
        return;
    ef_catalog *first = ef_live_catalog_current(live);
    compile_version(path, 2);
    CHECK_STATUS(ef_live_catalog_reload(live, NULL), EF_OK);
    CHECK_INT(ef_live_catalog_generation(live), 2);
    CHECK_SERVES(live, "Version 2");
    char buffer[128];
    CHECK_STR(title_of(first, buffer, sizeof buffer), "Version 1");
    ef_catalog_free(first);
    /* A corrupt file renamed over it: refused, version 2 stays. */
    CHECK_INT(write_file(context->scratch, strrchr(temporary, '/') + 1, "EFCATALOG garbage"), 0);
    CHECK_INT(rename(temporary, path), 0);
    CHECK(ef_live_catalog_reload(live, NULL) != EF_OK);
    CHECK_SERVES(live, "Version 2");
    compile_version(path, 3);
    CHECK_STATUS(ef_live_catalog_reload(live, NULL), EF_OK);
    CHECK_SERVES(live, "Version 3");
    ef_live_catalog_free(live);
}

/* EF_LIVE_CATALOG_LINT_CLEAN refuses what lint finds an error in; without it, it is served. */
static void check_lint_clean(const struct test_context *context) {
    char directory[DIRECTORY_SIZE];
    make_directory(context, "live-lint", directory, sizeof directory);
    CHECK_INT(write_file(directory, "en.lproj/Localizable.strings",
                         "\"errors.Live.1.title\" = \"Version 1\";\n\"errors.Live.1.message\" = \"File %@\";\n"), 0);
    CHECK_INT(write_file(directory, "fr.lproj/Localizable.strings", "\"errors.Live.1.message\" = \"Fichier %@\";\n"), 0);
    ef_live_catalog *linted = open_live(directory, EF_LIVE_CATALOG_LINT_CLEAN, 0, 0);
    ef_live_catalog *plain = open_live(directory, EF_CATALOG_LENIENT, 0, 0);
    if (linted == NULL || plain == NULL) {
        ef_live_catalog_free(linted);
        ef_live_catalog_free(plain);
        return;
    }
    CHECK_INT(write_file(directory, "en.lproj/Localizable.strings",
                         "\"errors.Live.1.title\" = \"Version 2\";\n\"errors.Live.1.message\" = \"File %@\";\n"), 0);
    CHECK_INT(write_file(directory, "fr.lproj/Localizable.strings", "\"errors.Live.1.message\" = \"Fichier %d\";\n"), 0);
    ef_error_details *err = NULL;
    CHECK_STATUS(ef_live_catalog_reload(linted, &err), EF_E_PARSE);
    CHECK(err != NULL && strstr(ef_error_details_message(err), "lint found 1 error") != NULL &&
          ef_error_details_file(err) != NULL && strstr(ef_error_details_file(err), "fr.lproj") != NULL);
    CHECK_DETAILS(err, EF_E_PARSE);
    CHECK_SERVES(linted, "Version 1");
    CHECK_STATUS(ef_live_catalog_reload(plain, NULL), EF_OK);
    CHECK_SERVES(plain, "Version 2");
    ef_live_catalog_free(linted);
    ef_live_catalog_free(plain);
}

/* A result made from a version stays valid after the version is replaced and freed. */
/* The title of Live 1 with the integer argument `count` and no argument, in `locale`, from the
 * version served now; `status` is what ef_format returned. */
static const char *served_count_title(const ef_live_catalog *live, const char *locale, int with_argument,
                                      ef_status *status, char *buffer, size_t size) {
    buffer[0] = '\0';
    ef_catalog *current = ef_live_catalog_current(live);
    CHECK(current != NULL);
    ef_error_info *info = NULL;
    CHECK_STATUS(ef_error_info_new(&info, "Live", 1, NULL), EF_OK);
    if (with_argument)
        CHECK_STATUS(ef_error_info_add_int64(info, 1234567, NULL), EF_OK);
    const char *locales[] = {locale};
    ef_result *result = NULL;
    *status = ef_format(&result, current, info, locales, 1, NULL);
    if (result != NULL)
        snprintf(buffer, size, "%s", ef_result_title(result));
    ef_result_free(result);
    ef_error_info_free(info);
    ef_catalog_free(current);
    return buffer;
}

/* The catalog flags of the open reach every version, the first and the ones reloaded after it:
 * numbers localized, pseudo-locales served, rejections refused. */
static void check_catalog_flags(const struct test_context *context) {
    char directory[DIRECTORY_SIZE];
    make_directory(context, "live-flags", directory, sizeof directory);
    CHECK_INT(write_file(directory, "en.lproj/Localizable.strings", "\"errors.Live.1.title\" = \"%lld files\";\n"), 0);
    CHECK_INT(write_file(directory, "de.lproj/Localizable.strings", "\"errors.Live.1.title\" = \"%lld Dateien\";\n"), 0);
    char title[256];
    ef_status status = EF_OK;

    ef_live_catalog *plain = open_live(directory, EF_CATALOG_LENIENT, 0, 0);
    ef_live_catalog *flagged = open_live(
        directory, EF_CATALOG_LENIENT | EF_CATALOG_LOCALIZED_NUMBERS | EF_CATALOG_PSEUDO_LOCALES | EF_CATALOG_FAIL_ON_REJECTION,
        0, 0);
    if (plain == NULL || flagged == NULL) {
        ef_live_catalog_free(plain);
        ef_live_catalog_free(flagged);
        return;
    }
    for (int version = 1; version <= 2; version++) {
        CHECK_STR(served_count_title(plain, "de", 1, &status, title, sizeof title), "1234567 Dateien");
        CHECK_STATUS(status, EF_OK);
        CHECK_STR(served_count_title(flagged, "de", 1, &status, title, sizeof title), "1.234.567 Dateien");
        CHECK_STATUS(status, EF_OK);
        /* en-XA: English's region without the flag, the accented pseudo-locale with it. */
        CHECK_STR(served_count_title(plain, "en-XA", 1, &status, title, sizeof title), "1234567 files");
        served_count_title(flagged, "en-XA", 1, &status, title, sizeof title);
        CHECK_STATUS(status, EF_OK);
        CHECK(title[0] == '[');
        /* A text whose argument is missing: shown as the generic title, or refused. */
        served_count_title(plain, "en", 0, &status, title, sizeof title);
        CHECK_STATUS(status, EF_OK);
        served_count_title(flagged, "en", 0, &status, title, sizeof title);
        CHECK_STATUS(status, EF_E_REJECTED);

        if (version == 1) {
            /* The next version, taken by a reload, is opened with the same flags. */
            CHECK_INT(write_file(directory, "de.lproj/Localizable.strings",
                                 "\"errors.Live.1.title\" = \"%lld Dateien\";\n\"other\" = \"x\";\n"), 0);
            CHECK_STATUS(ef_live_catalog_reload(plain, NULL), EF_OK);
            CHECK_STATUS(ef_live_catalog_reload(flagged, NULL), EF_OK);
            CHECK(ef_live_catalog_generation(plain) == 2);
            CHECK(ef_live_catalog_generation(flagged) == 2);
        }
    }
    ef_live_catalog_free(plain);
    ef_live_catalog_free(flagged);
}

static void check_results_outlive_versions(const struct test_context *context) {
    char directory[DIRECTORY_SIZE];
    make_directory(context, "live-lifetimes", directory, sizeof directory);
    write_version(directory, 1);
    ef_live_catalog *live = open_live(directory, EF_CATALOG_STRICT, 0, 0);
    if (live == NULL)
        return;
    ef_catalog *current = ef_live_catalog_current(live);
    ef_result *result = format_error(current, "Live", 1, english, 1);
    ef_catalog_free(current);
    for (int version = 2; version <= 4; version++) {
        write_version(directory, version);
        CHECK_STATUS(ef_live_catalog_reload(live, NULL), EF_OK);
    }
    /* Version 1 is gone by now (nobody holds it); scribble over what it gave back. */
    for (int i = 0; i < 1000; i++) {
        void *block = malloc((size_t)(16 + i % 512));
        if (block != NULL)
            memset(block, 0x5A, (size_t)(16 + i % 512));
        free(block);
    }
    if (result != NULL)
        CHECK_STR(ef_result_title(result), "Version 1");
    ef_result_free(result);
    CHECK_SERVES(live, "Version 4");
    ef_live_catalog_free(live);
}

/* The library's thread follows the path: a change taken after the debounce, a deletion
 * reported, a return taken; a file rewritten with a pause shorter than the debounce never seen
 * half-written. */
static void check_thread_follows(const struct test_context *context) {
    char directory[DIRECTORY_SIZE], moved[PATH_SIZE];
    make_directory(context, "live-thread", directory, sizeof directory);
    snprintf(moved, sizeof moved, "%s/live-thread-moved", context->scratch);
    write_version(directory, 1);
    ef_live_catalog *live = open_live(directory, EF_CATALOG_STRICT, 10, 300);
    if (live == NULL)
        return;
    write_version(directory, 2);
    CHECK(wait_for_generation(live, 2));
    CHECK_SERVES(live, "Version 2");

    /* Half the file, a pause, the rest: strict, the half would be refused if it were seen. */
    char path[PATH_SIZE];
    snprintf(path, sizeof path, "%s/en.lproj/Localizable.strings", directory);
    FILE *file = fopen(path, "wb");
    CHECK(file != NULL);
    if (file != NULL) {
        fputs("\"errors.Live.1.title\" = \"Vers", file);
        fflush(file);
        sleep_milliseconds(30);
        fputs("ion 3\";\n", file);
        fclose(file);
    }
    CHECK(wait_for_generation(live, 3));
    CHECK_INT(ef_live_catalog_generation(live), 3);
    CHECK_STATUS(ef_live_catalog_last_error(live, NULL), EF_OK);
    CHECK_SERVES(live, "Version 3");

    CHECK_INT(rename(directory, moved), 0);
    CHECK(wait_for_refusal(live, EF_E_NOT_FOUND));
    CHECK_SERVES(live, "Version 3");
    CHECK_INT(rename(moved, directory), 0);
    write_version(directory, 4);
    CHECK(wait_for_generation(live, 4));
    CHECK_SERVES(live, "Version 4");
    CHECK_STATUS(ef_live_catalog_last_error(live, NULL), EF_OK);
    ef_live_catalog_free(live);
}

/* A pre-forked worker: serves the version it inherited, follows later changes with a thread of
 * its own, and can free the live catalog without waiting for its parent's thread. */
enum worker_kind { SERVES_FIRST, ASKS_THE_GENERATION_FIRST, FREES_FIRST };

static int worker(ef_live_catalog *live, int ready, int go, enum worker_kind kind) {
    alarm(PATIENCE_SECONDS + 10);
    if (kind == FREES_FIRST) {
        /* The thread is its parent's: the free must not wait for it. */
        ef_live_catalog_free(live);
        return 0;
    }
    char buffer[128];
    /* A binding may ask the generation before it ever takes a version: that call alone must
     * start the worker's own thread. */
    if (kind == ASKS_THE_GENERATION_FIRST && ef_live_catalog_generation(live) != 1)
        return 1;
    if (kind == SERVES_FIRST && strcmp(served_title(live, buffer, sizeof buffer), "Version 1") != 0)
        return 1;
    char byte = 'r';
    if (write(ready, &byte, 1) != 1 || read(go, &byte, 1) != 1)
        return 2;
    if (!wait_for_generation(live, 2))
        return 3;
    if (strcmp(served_title(live, buffer, sizeof buffer), "Version 2") != 0)
        return 4;
    ef_live_catalog_free(live);
    return 0;
}

static void check_fork(const struct test_context *context) {
    enum { WORKERS = 3 };
    char directory[DIRECTORY_SIZE];
    make_directory(context, "live-fork", directory, sizeof directory);
    write_version(directory, 1);
    ef_live_catalog *live = open_live(directory, EF_CATALOG_STRICT, 10, 20);
    if (live == NULL)
        return;
    int ready[2], go[2];
    CHECK_INT(pipe(ready), 0);
    CHECK_INT(pipe(go), 0);
    pid_t workers[WORKERS + 1];
    for (int w = 0; w <= WORKERS; w++) {
        workers[w] = fork();
        if (workers[w] == 0)
            _exit(worker(live, ready[1], go[0],
                         w == WORKERS ? FREES_FIRST : w == 0 ? ASKS_THE_GENERATION_FIRST : SERVES_FIRST));
    }
    char byte;
    for (int w = 0; w < WORKERS; w++)
        CHECK_INT(read(ready[0], &byte, 1), 1);
    write_version(directory, 2);
    for (int w = 0; w < WORKERS; w++)
        CHECK_INT(write(go[1], "g", 1), 1);
    for (int w = 0; w <= WORKERS; w++) {
        int status = 0;
        CHECK(waitpid(workers[w], &status, 0) == workers[w]);
        CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    }
    CHECK(wait_for_generation(live, 2));
    CHECK_SERVES(live, "Version 2");
    close(ready[0]);
    close(ready[1]);
    close(go[0]);
    close(go[1]);

    /* Forks while the thread checks again and again: the children inherit no lock held. Each
     * version replaces the table by rename, so that every state the thread can see is whole. */
    char table[PATH_SIZE], temporary[PATH_SIZE];
    snprintf(table, sizeof table, "%s/en.lproj/Localizable.strings", directory);
    snprintf(temporary, sizeof temporary, "%s/en.lproj/Localizable.strings.new", directory);
    for (int round = 0; round < 40; round++) {
        char text[128];
        snprintf(text, sizeof text, "\"errors.Live.1.title\" = \"Version %d\";\n", 3 + round % 2);
        CHECK_INT(write_file(directory, "en.lproj/Localizable.strings.new", text), 0);
        CHECK_INT(rename(temporary, table), 0);
        pid_t child = fork();
        if (child == 0) {
            alarm(PATIENCE_SECONDS);
            char buffer[128];
            served_title(live, buffer, sizeof buffer);
            int served = strncmp(buffer, "Version ", 8) == 0;
            ef_live_catalog_reload(live, NULL);
            ef_live_catalog_free(live);
            _exit(served ? 0 : 1);
        }
        int status = 0;
        CHECK(waitpid(child, &status, 0) == child);
        CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
        sleep_milliseconds(3);
    }
    ef_live_catalog_free(live);
}

void test_live(const struct test_context *context) {
    check_arguments(context);
    check_serves_catalogs(context);
    check_reloads(context);
    check_link_swaps(context);
    check_compiled_file(context, EF_CATALOG_LENIENT);
    check_compiled_file(context, EF_CATALOG_STRICT);
    check_compiled_file(context, EF_CATALOG_MAPPED);
    check_lint_clean(context);
    check_catalog_flags(context);
    check_results_outlive_versions(context);
    check_thread_follows(context);
    check_fork(context);
}
