/* test_threads.c -- 8 threads share one catalog (header, "Thread safety" (1)), formatting with
 * ef_format and ef_format_packed, and read one result at once (ef_result_strings: "safe, also
 * concurrently on the same result"). */
#include <pthread.h>
#include <string.h>

#include "groups.h"

#define THREADS 8
#define ROUNDS 2000

struct format_case {
    const char *locale;
    int64_t code;
    const char *title;
};

static const struct format_case cases[] = {
    {"en", 0, "Unknown Location"},      {"fr-CA", 0, "Emplacement inconnu"},
    {"fr-CA", 2, "Pas d’Internet"},     {"es-MX", 8, "No se encontraron resultados"},
    {"zh-TW", 2, "無法連上網際網路"},   {"ja", 8, "結果が見つかりません"},
    {"de-AT", 2, "Kein Internet"},      {"fr-CA", 42, "Erreur"},
    {"en", 9, "No results found"},
};
#define CASE_COUNT (sizeof cases / sizeof cases[0])

struct worker {
    pthread_t thread;
    const ef_catalog *catalog;
    const ef_result *shared;
    size_t offset;
    int mismatches;
    int failures;
};

static void *work(void *argument) {
    struct worker *worker = argument;
    for (size_t round = 0; round < ROUNDS; round++) {
        const struct format_case *c = &cases[(worker->offset + round) % CASE_COUNT];
        ef_error_info *info = NULL;
        ef_result *result = NULL;
        const char *locales[] = {c->locale};
        if (ef_error_info_new(&info, "kCLErrorDomain", c->code, NULL) != EF_OK ||
            ef_format(&result, worker->catalog, info, locales, 1, NULL) != EF_OK) {
            worker->failures++;
        } else if (strcmp(ef_result_title(result), c->title) != 0) {
            worker->mismatches++;
        }
        ef_result_free(result);
        ef_error_info_free(info);
        /* The packed call too: its memo of outputs is read and filled by all threads at once. */
        char packed[1024];
        size_t length = 0;
        if (ef_format_packed(&length, packed, sizeof packed, worker->catalog, "kCLErrorDomain",
                             c->code, NULL, NULL, NULL, NULL, NULL, locales, 1, NULL) != EF_OK ||
            length == 0 || length > sizeof packed) {
            worker->failures++;
        } else if (strcmp(packed + strlen(packed) + 1, c->title) != 0) {
            worker->mismatches++;
        }
        /* All threads read the shared result at once: the same pointers as its getters. */
        const char *all[64];
        size_t count = ef_result_strings(worker->shared, all, 64);
        if (count < 19 || count > 64 || all[0] != ef_result_title(worker->shared) ||
            all[15] != ef_result_stack_entry(worker->shared, 0))
            worker->mismatches++;
        /* Handle-free functions run concurrently too. */
        ef_locale_chain *chain = NULL;
        if (ef_locale_chain_new(&chain, c->locale, NULL) != EF_OK)
            worker->failures++;
        ef_locale_chain_free(chain);
    }
    return NULL;
}

void test_threads(const struct test_context *context) {
    ef_catalog *catalog = open_example(context);
    if (catalog == NULL)
        return;
    ef_error_info *info = NULL;
    ef_result *shared = NULL;
    const char *locales[] = {"fr-CA"};
    CHECK_STATUS(ef_error_info_new(&info, "kCLErrorDomain", 2, NULL), EF_OK);
    CHECK_STATUS(ef_format(&shared, catalog, info, locales, 1, NULL), EF_OK);
    if (shared == NULL) {
        ef_error_info_free(info);
        ef_catalog_free(catalog);
        return;
    }
    struct worker workers[THREADS];
    for (size_t i = 0; i < THREADS; i++) {
        workers[i] = (struct worker){.catalog = catalog, .shared = shared, .offset = i};
        CHECK(pthread_create(&workers[i].thread, NULL, work, &workers[i]) == 0);
    }
    for (size_t i = 0; i < THREADS; i++) {
        CHECK(pthread_join(workers[i].thread, NULL) == 0);
        CHECK_INT(workers[i].failures, 0);
        CHECK_INT(workers[i].mismatches, 0);
    }
    ef_result_free(shared);
    ef_error_info_free(info);
    ef_catalog_free(catalog);
}
