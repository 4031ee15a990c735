/* test_lifetimes.c -- results and lookups are the caller's (header, "Lifetimes"): valid until
 * freed, whatever happens to the catalog that made them, a distinct handle per call, read from
 * any thread; and a catalog can be replaced while threads keep formatting with it.
 *
 * Reading freed memory often "works" until something reuses it, so after a catalog is freed the
 * checks first churn the allocator (allocate and scribble over many blocks of the sizes a catalog
 * frees) and only then read the results. `make valgrind` runs this group under valgrind too. */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "groups.h"

/* Allocates and fills blocks of many sizes, then frees them: memory a freed catalog gave back is
 * handed out again and overwritten, so a result that still pointed into it would read garbage. */
static void churn_allocator(void) {
    enum { BLOCKS = 4096 };
    static void *blocks[BLOCKS];
    for (size_t i = 0; i < BLOCKS; i++) {
        size_t size = 16 + (i * 37) % 2048;
        blocks[i] = malloc(size);
        if (blocks[i] != NULL)
            memset(blocks[i], 0x5A, size);
    }
    for (size_t i = 0; i < BLOCKS; i++)
        free(blocks[i]);
}

static const char *const french_canadian[] = {"fr-CA"};

/* Formats kCLErrorDomain `code` in fr-CA; NULL on failure (checked). */
static ef_result *format_code(const ef_catalog *catalog, int64_t code) {
    return format_error(catalog, "kCLErrorDomain", code, french_canadian, 1);
}

/* What format_code(…, 0) must say, read in full. */
static void check_code_0(const ef_result *result) {
    CHECK_STR(ef_result_title(result), "Emplacement inconnu");
    CHECK_STR(ef_result_button(result), "OK");
    CHECK_STR(ef_result_rule(result, EF_FIELD_TITLE), "code-key");
    CHECK_STR(ef_result_key(result, EF_FIELD_TITLE), "errors.kCLErrorDomain.0.title");
    CHECK_STR(ef_result_locale(result, EF_FIELD_TITLE), "fr-CA");
    CHECK_STR(ef_result_table(result, EF_FIELD_TITLE), "Localizable");
    CHECK_INT(ef_result_stack_count(result), 3);
    CHECK_STR(ef_result_stack_entry(result, 0), "fr-CA");
    const char *all[64];
    size_t count = ef_result_strings(result, all, 64);
    CHECK(count >= 19 && count <= 64);
    if (count >= 19 && count <= 64)
        CHECK(all[0] == ef_result_title(result));
}

/* Results, the first and the remembered ones, read and freed after their catalog. */
static void check_results_outlive_catalog(const struct test_context *context) {
    ef_catalog *catalog = open_example(context);
    if (catalog == NULL)
        return;
    /* The first call formats; the second is answered from the catalog's memo. */
    ef_result *first = format_code(catalog, 0);
    ef_result *second = format_code(catalog, 0);
    ef_result *third = format_code(catalog, 0);
    /* Two calls, two handles: each is freed once, by its caller. */
    CHECK(first != NULL && second != NULL && first != second);
    CHECK(second != third);
    CHECK(ef_result_title(second) != ef_result_title(third));
    ef_catalog_free(catalog);
    churn_allocator();
    check_code_0(first);
    check_code_0(second);
    ef_result_free(first);
    ef_result_free(second);
    check_code_0(third);
    ef_result_free(third);
}

static void check_lookups_outlive_catalog(const struct test_context *context) {
    ef_catalog *catalog = open_example(context);
    if (catalog == NULL)
        return;
    ef_lookup *lookups[3] = {NULL, NULL, NULL};
    for (size_t i = 0; i < 3; i++)
        CHECK_STATUS(ef_catalog_lookup(&lookups[i], catalog, NULL, "errors.kCLErrorDomain.2.title",
                                       french_canadian, 1, NULL, NULL), EF_OK);
    CHECK(lookups[0] != lookups[1] && lookups[1] != lookups[2]);
    ef_catalog_free(catalog);
    churn_allocator();
    for (size_t i = 0; i < 3; i++) {
        CHECK_STR(ef_lookup_value(lookups[i]), "Pas d’Internet");
        CHECK_STR(ef_lookup_locale(lookups[i]), "fr");
        CHECK_STR(ef_lookup_table(lookups[i]), "Localizable");
        CHECK_INT(ef_lookup_rejection_count(lookups[i]), 0);
        ef_lookup_free(lookups[i]);
    }
}

struct reader {
    pthread_t thread;
    ef_result *result;
    int failures;
};

static void *read_result(void *argument) {
    struct reader *reader = argument;
    if (strcmp(ef_result_title(reader->result), "Emplacement inconnu") != 0 ||
        strcmp(ef_result_locale(reader->result, EF_FIELD_TITLE), "fr-CA") != 0)
        reader->failures++;
    const char *all[64];
    size_t count = ef_result_strings(reader->result, all, 64);
    if (count < 19 || count > 64 || strcmp(all[0], "Emplacement inconnu") != 0)
        reader->failures++;
    ef_result_free(reader->result);
    return NULL;
}

/* A result made on one thread, its catalog freed, read and freed on another. */
static void check_result_on_another_thread(const struct test_context *context) {
    ef_catalog *catalog = open_example(context);
    if (catalog == NULL)
        return;
    struct reader readers[4];
    for (size_t i = 0; i < 4; i++)
        readers[i] = (struct reader){.result = format_code(catalog, 0)};
    ef_catalog_free(catalog);
    churn_allocator();
    for (size_t i = 0; i < 4; i++)
        CHECK_INT(pthread_create(&readers[i].thread, NULL, read_result, &readers[i]), 0);
    for (size_t i = 0; i < 4; i++) {
        pthread_join(readers[i].thread, NULL);
        CHECK_INT(readers[i].failures, 0);
    }
}

/* ------------------------------------------------------------------------------------ swap */

/* A service that replaces its catalog while in use: formatters take the current catalog under a
 * read lock only for the call, then read and keep their results past the swap; the swapper opens
 * a new catalog, publishes it under the write lock and frees the old one at once. */
#define SWAP_FORMATTERS 4
#define SWAPS 40
#define KEPT 16

struct swap_state {
    pthread_rwlock_t lock;
    ef_catalog *current;
    int done;
};

struct formatter {
    pthread_t thread;
    struct swap_state *state;
    size_t offset;
    long formats;
    int failures;
};

static const struct {
    int64_t code;
    const char *title;
} swap_cases[] = {
    {0, "Emplacement inconnu"}, {2, "Pas d’Internet"}, {8, "Aucun résultat"}, {42, "Erreur"},
};
#define SWAP_CASE_COUNT (sizeof swap_cases / sizeof swap_cases[0])

static void *format_while_swapping(void *argument) {
    struct formatter *formatter = argument;
    ef_result *kept[KEPT] = {NULL};
    const char *kept_title[KEPT] = {NULL};
    for (long round = 0;; round++) {
        pthread_rwlock_rdlock(&formatter->state->lock);
        int done = formatter->state->done;
        size_t which = (formatter->offset + (size_t)round) % SWAP_CASE_COUNT;
        ef_result *result = NULL;
        ef_error_info *info = NULL;
        ef_status status = ef_error_info_new(&info, "kCLErrorDomain", swap_cases[which].code, NULL);
        if (status == EF_OK)
            status = ef_format(&result, formatter->state->current, info, french_canadian, 1, NULL);
        pthread_rwlock_unlock(&formatter->state->lock);
        ef_error_info_free(info);
        if (done)
            break;
        if (status != EF_OK || strcmp(ef_result_title(result), swap_cases[which].title) != 0)
            formatter->failures++;
        /* Keep it across later swaps; check and free the one it replaces. */
        size_t slot = (size_t)round % KEPT;
        if (kept[slot] != NULL && strcmp(ef_result_title(kept[slot]), kept_title[slot]) != 0)
            formatter->failures++;
        ef_result_free(kept[slot]);
        kept[slot] = result;
        kept_title[slot] = swap_cases[which].title;
        formatter->formats++;
    }
    for (size_t slot = 0; slot < KEPT; slot++) {
        if (kept[slot] != NULL && strcmp(ef_result_title(kept[slot]), kept_title[slot]) != 0)
            formatter->failures++;
        ef_result_free(kept[slot]);
    }
    return NULL;
}

static void check_catalog_swap(const struct test_context *context) {
    struct swap_state state = {.current = open_example(context)};
    if (state.current == NULL)
        return;
    CHECK_INT(pthread_rwlock_init(&state.lock, NULL), 0);
    struct formatter formatters[SWAP_FORMATTERS];
    for (size_t i = 0; i < SWAP_FORMATTERS; i++) {
        formatters[i] = (struct formatter){.state = &state, .offset = i};
        CHECK_INT(pthread_create(&formatters[i].thread, NULL, format_while_swapping, &formatters[i]), 0);
    }
    int opened = 0;
    for (int swap = 0; swap < SWAPS; swap++) {
        ef_catalog *next = NULL;
        if (ef_catalog_open(&next, context->example_catalog, "en", EF_CATALOG_LENIENT, NULL) != EF_OK)
            break;
        opened++;
        pthread_rwlock_wrlock(&state.lock);
        ef_catalog *old = state.current;
        state.current = next;
        pthread_rwlock_unlock(&state.lock);
        /* Results made with `old` are still held by the formatters. */
        ef_catalog_free(old);
    }
    CHECK_INT(opened, SWAPS);
    pthread_rwlock_wrlock(&state.lock);
    state.done = 1;
    pthread_rwlock_unlock(&state.lock);
    long formats = 0;
    for (size_t i = 0; i < SWAP_FORMATTERS; i++) {
        pthread_join(formatters[i].thread, NULL);
        CHECK_INT(formatters[i].failures, 0);
        formats += formatters[i].formats;
    }
    /* The formatters ran while the swaps happened, not only before or after them. */
    CHECK(formats > 0);
    ef_catalog_free(state.current);
    pthread_rwlock_destroy(&state.lock);
}

void test_lifetimes(const struct test_context *context) {
    check_results_outlive_catalog(context);
    check_lookups_outlive_catalog(context);
    check_result_on_another_thread(context);
    check_catalog_swap(context);
}
