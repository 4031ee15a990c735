/* test_compiled.c -- ef_catalog_compile, and ef_catalog_open on the file it writes (read, or
 * mapped with EF_CATALOG_MAPPED): the same localizations, diagnostics and results as the
 * directory, the same bytes every time, and a broken file refused with EF_E_PARSE. */
#define _XOPEN_SOURCE 700

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "groups.h"

/* The whole file at `path` (NULL if it cannot be read); its size in `*size`. */
static unsigned char *read_whole(const char *path, size_t *size) {
    FILE *file = fopen(path, "rb");
    if (file == NULL)
        return NULL;
    unsigned char *bytes = NULL;
    *size = 0;
    if (fseek(file, 0, SEEK_END) == 0) {
        long length = ftell(file);
        if (length >= 0 && fseek(file, 0, SEEK_SET) == 0) {
            bytes = malloc((size_t)length + 1);
            if (bytes != NULL)
                *size = fread(bytes, 1, (size_t)length, file);
        }
    }
    fclose(file);
    return bytes;
}

static int write_whole(const char *path, const unsigned char *bytes, size_t size) {
    FILE *file = fopen(path, "wb");
    if (file == NULL)
        return -1;
    size_t written = fwrite(bytes, 1, size, file);
    return fclose(file) == 0 && written == size ? 0 : -1;
}

static void check_same_catalog(const ef_catalog *expected, const ef_catalog *actual) {
    CHECK_STR(ef_catalog_development_locale(actual), ef_catalog_development_locale(expected));
    CHECK_INT(ef_catalog_localization_count(actual), ef_catalog_localization_count(expected));
    for (size_t i = 0; i < ef_catalog_localization_count(expected); i++)
        CHECK_STR(ef_catalog_localization_name(actual, i), ef_catalog_localization_name(expected, i));
    CHECK_INT(ef_catalog_diagnostic_count(actual), ef_catalog_diagnostic_count(expected));
    for (size_t i = 0; i < ef_catalog_diagnostic_count(expected); i++) {
        CHECK_INT(ef_catalog_diagnostic_severity(actual, i), ef_catalog_diagnostic_severity(expected, i));
        CHECK_STR(ef_catalog_diagnostic_code(actual, i), ef_catalog_diagnostic_code(expected, i));
        CHECK_STR(ef_catalog_diagnostic_message(actual, i), ef_catalog_diagnostic_message(expected, i));
        CHECK_STR(ef_catalog_diagnostic_file(actual, i), ef_catalog_diagnostic_file(expected, i));
        CHECK_INT(ef_catalog_diagnostic_line(actual, i), ef_catalog_diagnostic_line(expected, i));
        CHECK_INT(ef_catalog_diagnostic_column(actual, i), ef_catalog_diagnostic_column(expected, i));
    }
}

/* Every field and its provenance, for codes -1..10 and several preference lists. */
static void check_same_results(const ef_catalog *expected, const ef_catalog *actual) {
    static const char *const lists[][2] = {
        {"en", NULL}, {"fr-CA", NULL}, {"es-MX", NULL}, {"zh-TW", NULL}, {"ja", "de"}, {"pt-BR", NULL},
    };
    for (size_t list = 0; list < sizeof lists / sizeof lists[0]; list++) {
        size_t count = lists[list][1] == NULL ? 1 : 2;
        for (int64_t code = -1; code <= 10; code++) {
            ef_result *want = format_error(expected, "kCLErrorDomain", code, lists[list], count);
            ef_result *got = format_error(actual, "kCLErrorDomain", code, lists[list], count);
            CHECK_STR(ef_result_title(got), ef_result_title(want));
            CHECK_STR(ef_result_message(got), ef_result_message(want));
            CHECK_STR(ef_result_button(got), ef_result_button(want));
            for (int32_t field = EF_FIELD_TITLE; field <= EF_FIELD_BUTTON; field++) {
                CHECK_STR(ef_result_rule(got, field), ef_result_rule(want, field));
                CHECK_STR(ef_result_key(got, field), ef_result_key(want, field));
                CHECK_STR(ef_result_locale(got, field), ef_result_locale(want, field));
                CHECK_STR(ef_result_table(got, field), ef_result_table(want, field));
            }
            ef_result_free(want);
            ef_result_free(got);
        }
    }
}

/* Whether `path` is one of this process's mappings (as /proc/self/maps ends its lines). */
static int is_mapped(const char *path) {
    FILE *maps = fopen("/proc/self/maps", "r");
    if (maps == NULL)
        return -1;
    char line[8192];
    size_t length = strlen(path);
    int found = 0;
    while (!found && fgets(line, sizeof line, maps) != NULL) {
        size_t end = strcspn(line, "\n");
        found = end > length && line[end - length - 1] == ' ' && memcmp(line + end - length, path, length) == 0;
    }
    fclose(maps);
    return found;
}

/* EF_CATALOG_MAPPED (since 1.3): the same results, the sections read mapped while the catalog
 * lives, a broken file refused as without the flag, a directory opened as one. */
static void check_mapped(const struct test_context *context, const ef_catalog *directory, const char *path,
                         const char *broken) {
    char real[4096];
    if (realpath(path, real) == NULL) {
        CHECK(!"realpath of the compiled catalog");
        return;
    }
    static const uint32_t modes[] = {EF_CATALOG_LENIENT, EF_CATALOG_STRICT, EF_CATALOG_ON_DEMAND};
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
        ef_catalog *mapped = SENTINEL;
        CHECK_STATUS(ef_catalog_open(&mapped, path, NULL, modes[i] | EF_CATALOG_MAPPED, NULL), EF_OK);
        if (mapped == NULL || mapped == SENTINEL)
            continue;
        check_same_results(directory, mapped);
        check_same_catalog(directory, mapped);
        /* The sections read so far (lenient: when first needed) are mapped. */
        CHECK_INT(is_mapped(real), 1);
        ef_catalog_free(mapped);
        CHECK_INT(is_mapped(real), 0);
    }
    ef_catalog *catalog = SENTINEL;
    ef_error_details *err = SENTINEL;
    CHECK_STATUS(ef_catalog_open(&catalog, broken, NULL, EF_CATALOG_MAPPED, &err), EF_E_PARSE);
    CHECK(catalog == NULL);
    CHECK_DETAILS(err, EF_E_PARSE);
    /* A directory has nothing to map: the flag changes nothing. */
    CHECK_STATUS(ef_catalog_open(&catalog, context->example_catalog, NULL, EF_CATALOG_MAPPED, NULL), EF_OK);
    if (catalog != NULL && catalog != SENTINEL) {
        check_same_results(directory, catalog);
        ef_catalog_free(catalog);
    }
    ef_catalog_builder *builder = SENTINEL;
    CHECK_STATUS(ef_catalog_builder_new(&builder, EF_CATALOG_MAPPED, NULL), EF_E_INVALID_ARGUMENT);
    CHECK(builder == NULL);
}

void test_compiled(const struct test_context *context) {
    char path[4096], again[4096], broken[4096];
    snprintf(path, sizeof path, "%s/example.efc", context->scratch);
    snprintf(again, sizeof again, "%s/example-again.efc", context->scratch);
    snprintf(broken, sizeof broken, "%s/broken.efc", context->scratch);

    ef_catalog *directory = open_example(context);
    ef_error_details *err = SENTINEL;
    CHECK_STATUS(ef_catalog_compile(directory, path, &err), EF_OK);
    CHECK(err == NULL);

    ef_catalog *compiled = SENTINEL;
    CHECK_STATUS(ef_catalog_open(&compiled, path, NULL, EF_CATALOG_STRICT, NULL), EF_OK);
    if (compiled != NULL && compiled != SENTINEL) {
        check_same_catalog(directory, compiled);
        check_same_results(directory, compiled);
        /* A catalog opened from a compiled file compiles to the same bytes. */
        CHECK_STATUS(ef_catalog_compile(compiled, again, NULL), EF_OK);
        size_t first_size = 0, second_size = 0;
        unsigned char *first = read_whole(path, &first_size);
        unsigned char *second = read_whole(again, &second_size);
        CHECK(first != NULL && second != NULL && first_size > 64 && first_size == second_size
              && memcmp(first, second, first_size) == 0);

        /* Cut in half, or one byte changed: EF_E_PARSE, strict or lenient. */
        if (first != NULL && first_size > 64) {
            CHECK(write_whole(broken, first, first_size / 2) == 0);
            ef_catalog *catalog = SENTINEL;
            CHECK_STATUS(ef_catalog_open(&catalog, broken, NULL, EF_CATALOG_LENIENT, &err), EF_E_PARSE);
            CHECK(catalog == NULL);
            CHECK_DETAILS(err, EF_E_PARSE);
            first[20] ^= 0x01;  /* inside the header: its checksum no longer matches */
            CHECK(write_whole(broken, first, first_size) == 0);
            CHECK_STATUS(ef_catalog_open(&catalog, broken, NULL, EF_CATALOG_STRICT, &err), EF_E_PARSE);
            CHECK_DETAILS(err, EF_E_PARSE);
        }
        free(first);
        free(second);
        check_mapped(context, directory, path, broken);

        /* The development locale given at open replaces the one the file keeps. */
        ef_catalog *german = NULL;
        CHECK_STATUS(ef_catalog_open(&german, path, "de", EF_CATALOG_LENIENT, NULL), EF_OK);
        CHECK_STR(ef_catalog_development_locale(german), "de");
        ef_catalog_free(german);
        ef_catalog_free(compiled);
    }

    /* Bad arguments, and a file that cannot be written. */
    CHECK_STATUS(ef_catalog_compile(NULL, path, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_STATUS(ef_catalog_compile(directory, NULL, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_STATUS(ef_catalog_compile(directory, "", &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_STATUS(ef_catalog_compile(directory, "\xff.efc", &err), EF_E_INVALID_UTF8);
    CHECK_DETAILS(err, EF_E_INVALID_UTF8);
    char unwritable[4096];
    snprintf(unwritable, sizeof unwritable, "%s/no-such-directory/example.efc", context->scratch);
    CHECK_STATUS(ef_catalog_compile(directory, unwritable, &err), EF_E_IO);
    CHECK_DETAILS(err, EF_E_IO);
    ef_catalog_free(directory);

    /* A catalog made by a builder compiles too. */
    ef_catalog_builder *builder = NULL;
    CHECK_STATUS(ef_catalog_builder_new(&builder, EF_CATALOG_LENIENT, NULL), EF_OK);
    static const char table[] = "\"controls.ok\" = \"D'accord\";";
    CHECK_STATUS(ef_catalog_builder_add_table(builder, "fr", "Localizable.strings", table, strlen(table), NULL),
                 EF_OK);
    ef_catalog *built = NULL;
    CHECK_STATUS(ef_catalog_builder_finish(&built, builder, "fr", NULL), EF_OK);
    CHECK_STATUS(ef_catalog_compile(built, path, NULL), EF_OK);
    ef_catalog *reopened = NULL;
    CHECK_STATUS(ef_catalog_open(&reopened, path, NULL, EF_CATALOG_STRICT, NULL), EF_OK);
    CHECK_STR(ef_catalog_development_locale(reopened), "fr");
    static const char *const french[] = {"fr"};
    ef_result *result = format_error(reopened, "Any", 1, french, 1);
    CHECK_STR(ef_result_button(result), "D'accord");
    ef_result_free(result);
    ef_catalog_free(reopened);
    ef_catalog_free(built);
    ef_catalog_builder_free(builder);
}
