/* test_on_demand.c -- EF_CATALOG_ON_DEMAND (since 1.2): a catalog that reads each localization
 * the first time a lookup needs it answers exactly as one read whole at open, from any thread,
 * and its listings (localizations, diagnostics) are those of a whole load. */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "groups.h"

static const int64_t codes[] = {0, 1, 2, 8, 9, 42};
static const char *const locale_lists[][2] = {
    {"fr-CA", NULL}, {"de-AT", NULL}, {"ja", NULL}, {"es-MX", NULL}, {"zh-TW", NULL},
    {"pt-BR", "fr"}, {"C", NULL}, {"en-GB", NULL},
};
enum { LIST_COUNT = sizeof locale_lists / sizeof locale_lists[0] };
enum { CODE_COUNT = sizeof codes / sizeof codes[0] };

static size_t list_length(const char *const *list) {
    return list[1] != NULL ? 2 : 1;
}

/* 1 if both results hold the same strings (every field, rule, key, locale, stack). */
static int same_result(const ef_result *left, const ef_result *right) {
    const char *a[64];
    const char *b[64];
    size_t count = ef_result_strings(left, a, 64);
    if (count != ef_result_strings(right, b, 64) || count > 64)
        return 0;
    for (size_t i = 0; i < count; i++) {
        if ((a[i] == NULL) != (b[i] == NULL) || (a[i] != NULL && strcmp(a[i], b[i]) != 0))
            return 0;
    }
    return 1;
}

static ef_catalog *open_on_demand(const char *path) {
    ef_catalog *catalog = NULL;
    CHECK_STATUS(ef_catalog_open(&catalog, path, NULL, EF_CATALOG_LENIENT | EF_CATALOG_ON_DEMAND, NULL),
                 EF_OK);
    return catalog;
}

static void check_same_results(const struct test_context *context) {
    ef_catalog *whole = open_example(context);
    ef_catalog *on_demand = open_on_demand(context->example_catalog);
    if (whole == NULL || on_demand == NULL)
        goto done;
    for (size_t list = 0; list < LIST_COUNT; list++) {
        for (size_t code = 0; code < CODE_COUNT; code++) {
            const char *const *locales = locale_lists[list];
            ef_result *expected = format_error(whole, "kCLErrorDomain", codes[code], locales,
                                               list_length(locales));
            ef_result *actual = format_error(on_demand, "kCLErrorDomain", codes[code], locales,
                                             list_length(locales));
            if (expected != NULL && actual != NULL)
                CHECK(same_result(expected, actual));
            ef_result_free(expected);
            ef_result_free(actual);
        }
    }
    CHECK_STR(ef_catalog_development_locale(on_demand), "en");
    CHECK_INT(ef_catalog_localization_count(on_demand), ef_catalog_localization_count(whole));
    for (size_t i = 0; i < ef_catalog_localization_count(whole); i++)
        CHECK_STR(ef_catalog_localization_name(on_demand, i), ef_catalog_localization_name(whole, i));
    CHECK(ef_catalog_localization_name(on_demand, ef_catalog_localization_count(whole)) == NULL);
    CHECK_INT(ef_catalog_diagnostic_count(on_demand), ef_catalog_diagnostic_count(whole));
done:
    ef_catalog_free(whole);
    ef_catalog_free(on_demand);
}

/* A localization the program never asks for is never read: its file can go after the open.
 * Asking for the diagnostics reads it then, and says it is gone. */
static void check_unused_localization_is_not_read(const struct test_context *context) {
    char root[4096];
    char path[4200];
    make_directory(context, "on-demand", root, sizeof root);
    CHECK(write_file(root, "en.lproj/Localizable.strings", "\"errors.D.1.title\" = \"Broken\";") == 0);
    CHECK(write_file(root, "fr.lproj/Localizable.strings", "\"errors.D.1.title\" = \"Cass\u00e9\";") == 0);
    CHECK(write_file(root, "de.lproj/Localizable.strings", "\"errors.D.1.title\" = \"Kaputt\";") == 0);
    ef_catalog *catalog = open_on_demand(root);
    if (catalog == NULL)
        return;
    snprintf(path, sizeof path, "%s/de.lproj/Localizable.strings", root);
    CHECK(unlink(path) == 0);
    const char *const french[] = {"fr"};
    ef_result *result = format_error(catalog, "D", 1, french, 1);
    if (result != NULL)
        CHECK_STR(ef_result_title(result), "Cass\u00e9");
    ef_result_free(result);
    CHECK_INT(ef_catalog_diagnostic_count(catalog), 1);
    CHECK_STR(ef_catalog_diagnostic_code(catalog, 0), "vanished-file");
    CHECK_INT(ef_catalog_localization_count(catalog), 2);
    ef_catalog_free(catalog);
}

struct thread_work {
    const ef_catalog *whole;
    const ef_catalog *on_demand;
    size_t first_list;
    int mismatches;
};

static void *format_everything(void *argument) {
    struct thread_work *work = argument;
    for (size_t step = 0; step < LIST_COUNT; step++) {
        const char *const *locales = locale_lists[(work->first_list + step) % LIST_COUNT];
        for (size_t code = 0; code < CODE_COUNT; code++) {
            ef_result *expected = NULL;
            ef_result *actual = NULL;
            ef_error_info *info = NULL;
            if (ef_error_info_new(&info, "kCLErrorDomain", codes[code], NULL) == EF_OK) {
                ef_format(&expected, work->whole, info, locales, list_length(locales), NULL);
                ef_format(&actual, work->on_demand, info, locales, list_length(locales), NULL);
            }
            if (expected == NULL || actual == NULL || !same_result(expected, actual))
                work->mismatches++;
            ef_result_free(expected);
            ef_result_free(actual);
            ef_error_info_free(info);
        }
    }
    return NULL;
}

/* Four threads make a fresh catalog read its localizations at the same time. */
static void check_threads_reading_at_once(const struct test_context *context) {
    ef_catalog *whole = open_example(context);
    ef_catalog *on_demand = open_on_demand(context->example_catalog);
    if (whole == NULL || on_demand == NULL)
        goto done;
    enum { THREADS = 4 };
    pthread_t threads[THREADS];
    struct thread_work work[THREADS];
    for (size_t i = 0; i < THREADS; i++) {
        work[i] = (struct thread_work){whole, on_demand, i * 2, 0};
        CHECK(pthread_create(&threads[i], NULL, format_everything, &work[i]) == 0);
    }
    for (size_t i = 0; i < THREADS; i++) {
        pthread_join(threads[i], NULL);
        CHECK_INT(work[i].mismatches, 0);
    }
done:
    ef_catalog_free(whole);
    ef_catalog_free(on_demand);
}

static void check_flags(const struct test_context *context) {
    ef_catalog *catalog = NULL;
    /* Strict validates everything at open: the flag is accepted and changes nothing. */
    CHECK_STATUS(ef_catalog_open(&catalog, context->example_catalog, NULL,
                                 EF_CATALOG_STRICT | EF_CATALOG_ON_DEMAND, NULL),
                 EF_OK);
    ef_catalog_free(catalog);
    catalog = SENTINEL;
    CHECK_STATUS(ef_catalog_open(&catalog, context->example_catalog, NULL, 64u, NULL),
                 EF_E_INVALID_ARGUMENT);
    CHECK(catalog == NULL);
    ef_catalog_builder *builder = SENTINEL;
    CHECK_STATUS(ef_catalog_builder_new(&builder, EF_CATALOG_ON_DEMAND, NULL), EF_E_INVALID_ARGUMENT);
    CHECK(builder == NULL);
}

void test_on_demand(const struct test_context *context) {
    check_same_results(context);
    check_unused_localization_is_not_read(context);
    check_threads_reading_at_once(context);
    check_flags(context);
}
