/* test_packed_handles.c -- the packed outputs of the handles the library makes:
 * ef_catalog_describe_packed, ef_locale_chain_packed, ef_locale_list_packed and
 * ef_lint_report_packed give, item for item in the documented layout (the EF_PACKED_* positions),
 * what the handles' getters give; a buffer too small is told the length and the same call then
 * fits; bad arguments fail cleanly. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "groups.h"

#define MAX_ITEMS 512

/* One packed output, read into items. */
struct output {
    char bytes[16384];
    size_t length;
    const char *items[MAX_ITEMS];
    int count; /* -1: not a run of NUL-terminated items */
};

typedef ef_status (*packed_function)(size_t *, char *, size_t, const void *, ef_error_details **);

static ef_status describe(size_t *length, char *buffer, size_t capacity, const void *handle,
                          ef_error_details **err) {
    return ef_catalog_describe_packed(length, buffer, capacity, handle, err);
}

static ef_status chain(size_t *length, char *buffer, size_t capacity, const void *handle,
                       ef_error_details **err) {
    return ef_locale_chain_packed(length, buffer, capacity, handle, err);
}

static ef_status list(size_t *length, char *buffer, size_t capacity, const void *handle,
                      ef_error_details **err) {
    return ef_locale_list_packed(length, buffer, capacity, handle, err);
}

static ef_status report(size_t *length, char *buffer, size_t capacity, const void *handle,
                        ef_error_details **err) {
    return ef_lint_report_packed(length, buffer, capacity, handle, err);
}

/* Calls `function` on `handle` the way a binding does: first with no buffer (which says the
 * length), then with one just too small (which says it again and writes nothing that counts),
 * then with room; splits the output into items. */
static void read_output(packed_function function, const void *handle, struct output *out) {
    size_t asked = 99;
    ef_error_details *err = SENTINEL;
    out->count = -1;
    CHECK_STATUS(function(&asked, NULL, 0, handle, &err), EF_OK);
    CHECK(err == NULL);
    CHECK(asked > 0 && asked <= sizeof out->bytes);
    if (asked == 0 || asked > sizeof out->bytes) return;
    size_t again = 0;
    CHECK_STATUS(function(&again, out->bytes, asked - 1, handle, NULL), EF_OK);
    CHECK_INT(again, asked);
    memset(out->bytes, 'x', sizeof out->bytes);
    CHECK_STATUS(function(&out->length, out->bytes, sizeof out->bytes, handle, NULL), EF_OK);
    CHECK_INT(out->length, asked);
    /* Nothing is written past the output. */
    CHECK(out->bytes[out->length] == 'x');
    if (out->length == 0 || out->bytes[out->length - 1] != '\0') return;
    out->count = 0;
    for (size_t start = 0; start < out->length && out->count < MAX_ITEMS;
         start += strlen(out->bytes + start) + 1)
        out->items[out->count++] = out->bytes + start;
}

/* The header's numbers; how many were read (exactly `count` expected, nothing after them). */
static int read_numbers(const char *item, long *numbers, int count) {
    int read = 0;
    const char *at = item;
    while (read < count) {
        char *end = NULL;
        if (*at < '0' || *at > '9') break;
        numbers[read++] = strtol(at, &end, 10);
        at = end;
        if (*at == ' ' && read < count) at++;
    }
    return *at == '\0' ? read : -1;
}

/* A NULL getter result reads as "" in the output, with its bit set in the mask. */
static void check_nullable(const char *item, const char *expected, long mask, long bit) {
    CHECK_STR(item, expected != NULL ? expected : "");
    CHECK_INT((mask & bit) != 0, expected == NULL);
}

/* The diagnostic at items[start] against diagnostic `index` of the getters' family. */
struct diagnostic_getters {
    int32_t (*severity)(const void *, size_t);
    const char *(*code)(const void *, size_t);
    const char *(*message)(const void *, size_t);
    const char *(*file)(const void *, size_t);
    const char *(*key)(const void *, size_t); /* NULL: the family has no key getter */
    int32_t (*line)(const void *, size_t);
    int32_t (*column)(const void *, size_t);
};

static void check_diagnostic(const struct output *out, int start, const void *handle, size_t index,
                             const struct diagnostic_getters *get) {
    if (start + (int)EF_PACKED_DIAGNOSTIC_ITEMS > out->count) {
        CHECK(!"the diagnostic's items are missing");
        return;
    }
    long numbers[EF_PACKED_DIAGNOSTIC_NUMBERS] = {0};
    CHECK_INT(read_numbers(out->items[start], numbers, EF_PACKED_DIAGNOSTIC_NUMBERS), EF_PACKED_DIAGNOSTIC_NUMBERS);
    CHECK_INT(numbers[0], get->severity(handle, index));
    CHECK_INT(numbers[1], get->line(handle, index));
    CHECK_INT(numbers[2], get->column(handle, index));
    CHECK_STR(out->items[start + EF_PACKED_DIAGNOSTIC_CODE], get->code(handle, index));
    CHECK_STR(out->items[start + EF_PACKED_DIAGNOSTIC_MESSAGE], get->message(handle, index));
    check_nullable(out->items[start + EF_PACKED_DIAGNOSTIC_FILE], get->file(handle, index), numbers[3],
                   EF_PACKED_DIAGNOSTIC_NULL_FILE);
    if (get->key != NULL)
        check_nullable(out->items[start + EF_PACKED_DIAGNOSTIC_KEY], get->key(handle, index), numbers[3],
                       EF_PACKED_DIAGNOSTIC_NULL_KEY);
    CHECK(numbers[3] >= 0 && numbers[3] <= (long)(EF_PACKED_DIAGNOSTIC_NULL_FILE | EF_PACKED_DIAGNOSTIC_NULL_KEY));
}

/* The getters with `const void *` handles, for check_diagnostic. */
static int32_t catalog_severity(const void *h, size_t i) { return ef_catalog_diagnostic_severity(h, i); }
static const char *catalog_code(const void *h, size_t i) { return ef_catalog_diagnostic_code(h, i); }
static const char *catalog_message(const void *h, size_t i) { return ef_catalog_diagnostic_message(h, i); }
static const char *catalog_file(const void *h, size_t i) { return ef_catalog_diagnostic_file(h, i); }
static int32_t catalog_line(const void *h, size_t i) { return ef_catalog_diagnostic_line(h, i); }
static int32_t catalog_column(const void *h, size_t i) { return ef_catalog_diagnostic_column(h, i); }
static int32_t lint_severity(const void *h, size_t i) { return ef_lint_diagnostic_severity(h, i); }
static const char *lint_code(const void *h, size_t i) { return ef_lint_diagnostic_code(h, i); }
static const char *lint_message(const void *h, size_t i) { return ef_lint_diagnostic_message(h, i); }
static const char *lint_file(const void *h, size_t i) { return ef_lint_diagnostic_file(h, i); }
static const char *lint_key(const void *h, size_t i) { return ef_lint_diagnostic_key(h, i); }
static int32_t lint_line(const void *h, size_t i) { return ef_lint_diagnostic_line(h, i); }
static int32_t lint_column(const void *h, size_t i) { return ef_lint_diagnostic_column(h, i); }

static const struct diagnostic_getters catalog_getters = {
    catalog_severity, catalog_code, catalog_message, catalog_file, NULL, catalog_line, catalog_column,
};
static const struct diagnostic_getters lint_getters = {
    lint_severity, lint_code, lint_message, lint_file, lint_key, lint_line, lint_column,
};

/* A catalog with localizations and diagnostics of both kinds (a broken table left out, with a
 * file and a position; a duplicate key). */
static ef_catalog *catalog_with_diagnostics(void) {
    static const char duplicate[] = "\"a\" = \"1\";\n\"a\" = \"2\";\n";
    static const char good[] = "\"errors.title\" = \"Fehler\";\n";
    ef_catalog_builder *builder = NULL;
    ef_catalog *catalog = NULL;
    CHECK_STATUS(ef_catalog_builder_new(&builder, EF_CATALOG_LENIENT, NULL), EF_OK);
    CHECK_STATUS(ef_catalog_builder_add_table(builder, "fr", "Localizable.strings", broken_table,
                                              strlen(broken_table), NULL), EF_OK);
    CHECK_STATUS(ef_catalog_builder_add_table(builder, "en", "Localizable.strings", duplicate,
                                              strlen(duplicate), NULL), EF_OK);
    CHECK_STATUS(ef_catalog_builder_add_table(builder, "de", "Localizable.strings", good, strlen(good), NULL),
                 EF_OK);
    CHECK_STATUS(ef_catalog_builder_finish(&catalog, builder, "de", NULL), EF_OK);
    ef_catalog_builder_free(builder);
    return catalog;
}

static void check_description(const ef_catalog *catalog) {
    struct output *out = calloc(1, sizeof *out);
    if (out == NULL) return;
    read_output(describe, catalog, out);
    size_t localizations = ef_catalog_localization_count(catalog);
    size_t diagnostics = ef_catalog_diagnostic_count(catalog);
    long header[EF_PACKED_DESCRIBE_HEADER_NUMBERS] = {0};
    CHECK(out->count > 0);
    if (out->count > 0)
        CHECK_INT(read_numbers(out->items[EF_PACKED_HEADER], header, EF_PACKED_DESCRIBE_HEADER_NUMBERS),
                  EF_PACKED_DESCRIBE_HEADER_NUMBERS);
    CHECK_INT(header[0], localizations);
    CHECK_INT(header[1], diagnostics);
    CHECK_INT(out->count, EF_PACKED_DESCRIBE_LOCALIZATIONS + localizations + EF_PACKED_DIAGNOSTIC_ITEMS * diagnostics);
    if (out->count != (int)(EF_PACKED_DESCRIBE_LOCALIZATIONS + localizations + EF_PACKED_DIAGNOSTIC_ITEMS * diagnostics)) {
        free(out);
        return;
    }
    CHECK_STR(out->items[EF_PACKED_DESCRIBE_DEVELOPMENT_LOCALE], ef_catalog_development_locale(catalog));
    for (size_t i = 0; i < localizations; i++)
        CHECK_STR(out->items[EF_PACKED_DESCRIBE_LOCALIZATIONS + i], ef_catalog_localization_name(catalog, i));
    for (size_t i = 0; i < diagnostics; i++)
        check_diagnostic(out, (int)(EF_PACKED_DESCRIBE_LOCALIZATIONS + localizations + EF_PACKED_DIAGNOSTIC_ITEMS * i),
                         catalog, i, &catalog_getters);
    free(out);
}

static void check_chain(const char *locale, int untranslated, size_t minimum_entries) {
    ef_locale_chain *made = NULL;
    CHECK_STATUS(ef_locale_chain_new(&made, locale, NULL), EF_OK);
    struct output *out = calloc(1, sizeof *out);
    if (made == NULL || out == NULL) {
        ef_locale_chain_free(made);
        free(out);
        return;
    }
    read_output(chain, made, out);
    size_t count = ef_locale_chain_count(made);
    CHECK(count >= minimum_entries);
    long header[EF_PACKED_CHAIN_HEADER_NUMBERS] = {0};
    if (out->count > 0)
        CHECK_INT(read_numbers(out->items[EF_PACKED_HEADER], header, EF_PACKED_CHAIN_HEADER_NUMBERS),
                  EF_PACKED_CHAIN_HEADER_NUMBERS);
    CHECK_INT(header[0], untranslated);
    CHECK_INT(header[0], ef_locale_chain_untranslated(made));
    CHECK_INT(header[1], count);
    CHECK_INT(out->count, EF_PACKED_CHAIN_ENTRIES + EF_PACKED_CHAIN_ENTRY_ITEMS * count);
    if (out->count == (int)(EF_PACKED_CHAIN_ENTRIES + EF_PACKED_CHAIN_ENTRY_ITEMS * count)) {
        CHECK_STR(out->items[EF_PACKED_CHAIN_NORMALIZED], ef_locale_chain_normalized(made));
        for (size_t i = 0; i < count; i++) {
            const char *const *entry = out->items + EF_PACKED_CHAIN_ENTRIES + EF_PACKED_CHAIN_ENTRY_ITEMS * i;
            long kind = -1;
            CHECK_STR(entry[0], ef_locale_chain_id(made, i));
            CHECK_INT(read_numbers(entry[1], &kind, 1), 1);
            CHECK_INT(kind, ef_locale_chain_kind(made, i));
        }
    }
    free(out);
    ef_locale_chain_free(made);
}

static void check_list(ef_locale_list *made, const char *const *expected, size_t expected_count) {
    struct output *out = calloc(1, sizeof *out);
    if (made == NULL || out == NULL) {
        ef_locale_list_free(made);
        free(out);
        return;
    }
    read_output(list, made, out);
    long count = -1;
    if (out->count > 0) CHECK_INT(read_numbers(out->items[EF_PACKED_HEADER], &count, 1), 1);
    CHECK_INT(count, expected_count);
    CHECK_INT(count, ef_locale_list_count(made));
    CHECK_INT(out->count, EF_PACKED_LIST_ENTRIES + expected_count);
    for (size_t i = 0; i < expected_count && (int)(EF_PACKED_LIST_ENTRIES + i) < out->count; i++) {
        CHECK_STR(out->items[EF_PACKED_LIST_ENTRIES + i], expected[i]);
        CHECK_STR(out->items[EF_PACKED_LIST_ENTRIES + i], ef_locale_list_entry(made, i));
    }
    free(out);
    ef_locale_list_free(made);
}

static void check_report(const struct test_context *context) {
    char root[4096];
    make_directory(context, "packed-lint", root, sizeof root);
    CHECK(write_file(root, "en.lproj/Localizable.strings",
                     "\"hello\" = \"Hello %@\";\n\"errors.D.9.title\" = \"T\";\n") == 0);
    CHECK(write_file(root, "fr.lproj/Localizable.strings",
                     "\n  \"hello\" = \"Bonjour %d\";\n\"errors.D.9.title\" = \"Titre\";\n") == 0);
    const char *paths[] = {root, context->example_catalog};
    ef_lint_report *made = NULL;
    CHECK_STATUS(ef_lint_paths(&made, paths, 2, NULL, NULL), EF_OK);
    struct output *out = calloc(1, sizeof *out);
    if (made == NULL || out == NULL) {
        ef_lint_report_free(made);
        free(out);
        return;
    }
    read_output(report, made, out);
    size_t count = ef_lint_diagnostic_count(made);
    CHECK(count >= 3); /* the mismatch, the title without a message, the example's duplicate */
    long header[EF_PACKED_LINT_HEADER_NUMBERS] = {0};
    if (out->count > 0)
        CHECK_INT(read_numbers(out->items[EF_PACKED_HEADER], header, EF_PACKED_LINT_HEADER_NUMBERS),
                  EF_PACKED_LINT_HEADER_NUMBERS);
    CHECK_INT(header[0], ef_lint_file_count(made));
    CHECK_INT(header[1], count);
    CHECK_INT(out->count, EF_PACKED_LINT_DIAGNOSTICS + EF_PACKED_DIAGNOSTIC_ITEMS * count);
    if (out->count == (int)(EF_PACKED_LINT_DIAGNOSTICS + EF_PACKED_DIAGNOSTIC_ITEMS * count)) {
        int keyed = 0, unkeyed = 0;
        for (size_t i = 0; i < count; i++) {
            check_diagnostic(out, (int)(EF_PACKED_LINT_DIAGNOSTICS + EF_PACKED_DIAGNOSTIC_ITEMS * i), made, i,
                             &lint_getters);
            if (ef_lint_diagnostic_key(made, i) != NULL) keyed++;
            else unkeyed++;
        }
        /* Both sides of the key's bit are seen. */
        CHECK(keyed > 0);
        CHECK(unkeyed > 0);
    }
    free(out);
    ef_lint_report_free(made);
}

/* What every packed call refuses, with *out_length 0 and error details. */
static void check_refusals(const ef_catalog *catalog) {
    static const packed_function functions[] = {describe, chain, list, report};
    char buffer[16];
    for (size_t i = 0; i < sizeof functions / sizeof functions[0]; i++) {
        ef_error_details *err = NULL;
        size_t length = 99;
        /* A NULL handle. */
        CHECK_STATUS(functions[i](&length, buffer, sizeof buffer, NULL, &err), EF_E_INVALID_ARGUMENT);
        CHECK_INT(length, 0);
        CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    }
    ef_error_details *err = NULL;
    size_t length = 99;
    CHECK_STATUS(ef_catalog_describe_packed(NULL, buffer, sizeof buffer, catalog, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_STATUS(ef_catalog_describe_packed(&length, NULL, 8, catalog, &err), EF_E_INVALID_ARGUMENT);
    CHECK_INT(length, 0);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    /* Without error details the status is still returned. */
    CHECK_STATUS(ef_locale_list_packed(NULL, NULL, 0, NULL, NULL), EF_E_INVALID_ARGUMENT);
    /* A capacity of SIZE_MAX is room for anything. */
    char room[4096];
    CHECK_STATUS(ef_catalog_describe_packed(&length, room, (size_t)-1, catalog, NULL), EF_OK);
    CHECK(length > 0 && room[length - 1] == '\0');
}

void test_packed_handles(const struct test_context *context) {
    ef_catalog *example = open_example(context);
    if (example != NULL) {
        check_description(example);
        check_refusals(example);
    }
    ef_catalog_free(example);

    ef_catalog *broken = catalog_with_diagnostics();
    if (broken != NULL) {
        CHECK(ef_catalog_diagnostic_count(broken) >= 2);
        CHECK(ef_catalog_diagnostic_file(broken, 0) != NULL);
        check_description(broken);
    }
    ef_catalog_free(broken);

    check_chain("es-MX", 0, 3);    /* es_MX -> es_419 -> es */
    check_chain("zh_TW", 0, 2);    /* an alias first */
    check_chain("C", 1, 0);        /* untranslated: no entries, "" normalized */

    ef_locale_list *accepted = NULL;
    CHECK_STATUS(ef_locale_list_from_accept_language(&accepted, "fr-CA, fr;q=0.8, en;q=0.5, *;q=0.1", NULL), EF_OK);
    static const char *const preferences[] = {"fr-CA", "fr", "en"};
    check_list(accepted, preferences, 3);
    ef_locale_list *none = NULL;
    CHECK_STATUS(ef_locale_list_from_accept_language(&none, "", NULL), EF_OK);
    check_list(none, NULL, 0);

    check_report(context);
}
