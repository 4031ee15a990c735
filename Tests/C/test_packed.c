/* test_packed.c -- ef_format_packed and ef_catalog_lookup_packed: the same results as ef_format
 * and ef_catalog_lookup, item for item in the documented layout; buffers too small; bad
 * arguments. ef_format_packed_reusable: the same output from packed arguments, and whether it
 * answers later calls. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "groups.h"

#define MAX_ITEMS 128

/* Splits `length` bytes of packed output into at most MAX_ITEMS strings; returns how many, or
 * -1 if the output does not end with a NUL. */
static int split_items(const char *buffer, size_t length, const char *items[MAX_ITEMS]) {
    if (length == 0 || buffer[length - 1] != '\0') return -1;
    int count = 0;
    for (size_t start = 0; start < length && count < MAX_ITEMS; start += strlen(buffer + start) + 1)
        items[count++] = buffer + start;
    return count;
}

/* The header's numbers; returns how many were read. */
static int read_header(const char *header, long numbers[6]) {
    return sscanf(header, "%ld %ld %ld %ld %ld %ld", &numbers[0], &numbers[1], &numbers[2],
                  &numbers[3], &numbers[4], &numbers[5]);
}

/* A NULL getter result reads as "" in the packed output, with its bit set in the mask. */
static void check_nullable(const char *item, const char *expected, long mask, int bit) {
    CHECK_STR(item, expected != NULL ? expected : "");
    CHECK_INT((mask >> bit) & 1, expected == NULL);
}

/* Formats with ef_format and with ef_format_packed and checks that every item agrees. */
static void check_against_ef_format(const ef_catalog *catalog, const ef_error_info *info,
                                    const char *domain, int64_t code, const char *description,
                                    const char *const *locales, size_t locale_count) {
    ef_result *result = NULL;
    CHECK_STATUS(ef_format(&result, catalog, info, locales, locale_count, NULL), EF_OK);
    char buffer[8192];
    size_t length = 0;
    CHECK_STATUS(ef_format_packed(&length, buffer, sizeof buffer, catalog, domain, code, description,
                                  NULL, NULL, NULL, info, locales, locale_count, NULL), EF_OK);
    CHECK(length > 0 && length <= sizeof buffer);
    const char *items[MAX_ITEMS];
    int count = split_items(buffer, length, items);
    long header[6] = {0};
    CHECK_INT(count >= 16 ? read_header(items[0], header) : 0, 6);
    if (count < 16) {
        ef_result_free(result);
        return;
    }
    size_t stack = ef_result_stack_count(result);
    CHECK_INT(header[1], stack);
    size_t rejections = 0;
    for (int32_t field = EF_FIELD_TITLE; field <= EF_FIELD_BUTTON; field++) {
        CHECK_INT(header[2 + field], ef_result_rejection_count(result, field));
        rejections += ef_result_rejection_count(result, field);
    }
    CHECK_INT(count, 16 + stack + 5 * rejections);
    CHECK_STR(items[1], ef_result_title(result));
    CHECK_STR(items[2], ef_result_message(result));
    CHECK_STR(items[3], ef_result_button(result));
    for (int32_t field = EF_FIELD_TITLE; field <= EF_FIELD_BUTTON; field++) {
        const char *const *origin = items + 4 + 4 * field;
        CHECK_STR(origin[0], ef_result_rule(result, field));
        check_nullable(origin[1], ef_result_key(result, field), header[5], 3 * field);
        check_nullable(origin[2], ef_result_locale(result, field), header[5], 3 * field + 1);
        check_nullable(origin[3], ef_result_table(result, field), header[5], 3 * field + 2);
    }
    for (size_t i = 0; i < stack && 16 + i < (size_t)count; i++)
        CHECK_STR(items[16 + i], ef_result_stack_entry(result, i));
    /* Each rejection's five parts make the one-line message ef_result_rejection gives. */
    size_t position = 16 + stack;
    for (int32_t field = EF_FIELD_TITLE; field <= EF_FIELD_BUTTON; field++) {
        for (size_t i = 0; i < ef_result_rejection_count(result, field); i++, position += 5) {
            if (position + 5 > (size_t)count) break;
            const char *const *part = items + position;
            char line[2048];
            snprintf(line, sizeof line, "%s in %s/%s: %s [%s]", part[0],
                     part[1][0] != '\0' ? part[1] : "(unlocalized)", part[2], part[4], part[3]);
            CHECK_STR(line, ef_result_rejection(result, field, i));
        }
    }
    /* Measuring first (no buffer) gives the same length. */
    size_t measured = 1;
    CHECK_STATUS(ef_format_packed(&measured, NULL, 0, catalog, domain, code, description, NULL,
                                  NULL, NULL, info, locales, locale_count, NULL), EF_OK);
    CHECK_INT(measured, length);
    ef_result_free(result);
}

static const char english[] =
    "\"errors.Upload.1.title\" = \"Couldn't upload %1$@\";\n"
    "\"errors.Upload.1.message\" = \"%1$@ was not sent.\";\n"
    "\"needs.two\" = \"%1$@ and %2$@\";\n";
/* The French message asks for an argument that is not passed: it is rejected. */
static const char french[] =
    "\"errors.Upload.1.message\" = \"%1$@ (%2$lld octets) n’a pas été envoyé.\";\n"
    "\"needs.two\" = \"%1$@ et %2$@\";\n";

static ef_catalog *make_catalog(void) {
    ef_catalog_builder *builder = NULL;
    ef_catalog *catalog = NULL;
    CHECK_STATUS(ef_catalog_builder_new(&builder, EF_CATALOG_STRICT, NULL), EF_OK);
    CHECK_STATUS(ef_catalog_builder_add_table(builder, "en", "Localizable.strings", english,
                                              sizeof english - 1, NULL), EF_OK);
    CHECK_STATUS(ef_catalog_builder_add_table(builder, "fr", "Localizable.strings", french,
                                              sizeof french - 1, NULL), EF_OK);
    CHECK_STATUS(ef_catalog_builder_finish(&catalog, builder, "en", NULL), EF_OK);
    ef_catalog_builder_free(builder);
    return catalog;
}

static void check_example(const struct test_context *context) {
    ef_catalog *catalog = open_example(context);
    static const char *const lists[][3] = {{"fr-CA", NULL, NULL}, {"es-MX", "en", NULL},
                                           {"zh-TW", NULL, NULL}, {"C", NULL, NULL},
                                           {"de-AT", "ja", "en"}};
    static const size_t counts[] = {1, 2, 1, 1, 3};
    static const int64_t codes[] = {0, 1, 8, 999};
    for (size_t list = 0; list < sizeof counts / sizeof counts[0]; list++) {
        for (size_t code = 0; code < sizeof codes / sizeof codes[0]; code++) {
            ef_error_info *info = NULL;
            CHECK_STATUS(ef_error_info_new(&info, "kCLErrorDomain", codes[code], NULL), EF_OK);
            check_against_ef_format(catalog, info, "kCLErrorDomain", codes[code], NULL,
                                    lists[list], counts[list]);
            ef_error_info_free(info);
        }
    }
    /* An unknown domain with a description: the message comes from it, not from a key. */
    ef_error_info *info = NULL;
    CHECK_STATUS(ef_error_info_new(&info, "NSURLErrorDomain", -1009, NULL), EF_OK);
    CHECK_STATUS(ef_error_info_set_description(info, "Offline.", NULL), EF_OK);
    check_against_ef_format(catalog, info, "NSURLErrorDomain", -1009, "Offline.", lists[0], 1);
    ef_error_info_free(info);

    /* C/POSIX: untranslated is the header's first number. */
    char buffer[4096];
    size_t length = 0;
    static const char *const posix[] = {"C"};
    CHECK_STATUS(ef_format_packed(&length, buffer, sizeof buffer, catalog, "kCLErrorDomain", 0,
                                  NULL, NULL, NULL, NULL, NULL, posix, 1, NULL), EF_OK);
    CHECK(length > 2 && buffer[0] == '1' && buffer[1] == ' ');
    CHECK_STATUS(ef_format_packed(&length, buffer, sizeof buffer, catalog, "kCLErrorDomain", 0,
                                  NULL, NULL, NULL, NULL, NULL, NULL, 0, NULL), EF_OK);
    CHECK(length > 2 && buffer[0] == '0');
    ef_catalog_free(catalog);
}

static void check_rejections(void) {
    ef_catalog *catalog = make_catalog();
    ef_error_info *info = NULL;
    CHECK_STATUS(ef_error_info_new(&info, "Upload", 1, NULL), EF_OK);
    CHECK_STATUS(ef_error_info_add_string(info, "photo.jpg", NULL), EF_OK);
    static const char *const fr[] = {"fr"};
    check_against_ef_format(catalog, info, "Upload", 1, NULL, fr, 1);

    char buffer[4096];
    size_t length = 0;
    CHECK_STATUS(ef_format_packed(&length, buffer, sizeof buffer, catalog, "Upload", 1, NULL, NULL,
                                  NULL, NULL, info, fr, 1, NULL), EF_OK);
    const char *items[MAX_ITEMS];
    int count = split_items(buffer, length, items);
    long header[6] = {0};
    CHECK_INT(count > 0 ? read_header(items[0], header) : 0, 6);
    CHECK_INT(header[3], 1); /* the message's one rejection */
    CHECK_STR(items[2], "photo.jpg was not sent.");
    if (count == 16 + header[1] + 5) {
        const char *const *part = items + 16 + header[1];
        CHECK_STR(part[0], "errors.Upload.1.message");
        CHECK_STR(part[1], "fr");
        CHECK_STR(part[2], "Localizable");
        CHECK_STR(part[3], "missing-argument");
        CHECK(part[4][0] != '\0');
    } else {
        CHECK_INT(count, 16 + header[1] + 5);
    }

    /* Too small: EF_OK, the size needed, and not a byte written past the capacity. */
    char small[40];
    memset(small, 'x', sizeof small);
    size_t needed = 0;
    CHECK_STATUS(ef_format_packed(&needed, small, 20, catalog, "Upload", 1, NULL, NULL, NULL, NULL,
                                  info, fr, 1, NULL), EF_OK);
    CHECK_INT(needed, length);
    for (size_t i = 20; i < sizeof small; i++) CHECK(small[i] == 'x');

    /* Lookups: a hit, and a miss that still reports why. */
    CHECK_STATUS(ef_catalog_lookup_packed(&length, buffer, sizeof buffer, catalog, NULL,
                                          "errors.Upload.1.title", fr, 1, info, NULL), EF_OK);
    count = split_items(buffer, length, items);
    CHECK_INT(count, 4);
    if (count == 4) {
        CHECK_STR(items[0], "1 0");
        CHECK_STR(items[1], "Couldn't upload photo.jpg");
        CHECK_STR(items[2], "en");
        CHECK_STR(items[3], "Localizable");
    }
    ef_error_details *err = NULL;
    CHECK_STATUS(ef_catalog_lookup_packed(&length, buffer, sizeof buffer, catalog, "", "needs.two",
                                          fr, 1, info, &err), EF_E_KEY_NOT_FOUND);
    CHECK_DETAILS(err, EF_E_KEY_NOT_FOUND);
    ef_lookup *lookup = NULL;
    CHECK_STATUS(ef_catalog_lookup(&lookup, catalog, "", "needs.two", fr, 1, info, NULL),
                 EF_E_KEY_NOT_FOUND);
    count = split_items(buffer, length, items);
    CHECK_INT(count, 4 + 5 * (int)ef_lookup_rejection_count(lookup));
    if (count == 14) {
        CHECK_STR(items[0], "0 2");
        CHECK_STR(items[1], "");
        CHECK_STR(items[2], "");
        CHECK_STR(items[3], "Localizable");
        for (size_t i = 0; i < 2; i++) {
            const char *const *part = items + 4 + 5 * i;
            char line[2048];
            snprintf(line, sizeof line, "%s in %s/%s: %s [%s]", part[0], part[1], part[2], part[4], part[3]);
            CHECK_STR(line, ef_lookup_rejection(lookup, i));
        }
        CHECK_STR(items[5], "fr");
        CHECK_STR(items[10], "en");
    }
    ef_lookup_free(lookup);
    ef_error_info_free(info);
    ef_catalog_free(catalog);
}

static void check_bad_arguments(const struct test_context *context) {
    ef_catalog *catalog = open_example(context);
    char buffer[256];
    size_t length = 99;
    ef_error_details *err = NULL;
    CHECK_STATUS(ef_format_packed(NULL, buffer, sizeof buffer, catalog, "D", 0, NULL, NULL, NULL,
                                  NULL, NULL, NULL, 0, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_STATUS(ef_format_packed(&length, NULL, 8, catalog, "D", 0, NULL, NULL, NULL, NULL, NULL,
                                  NULL, 0, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_INT(length, 0);
    length = 99;
    CHECK_STATUS(ef_format_packed(&length, buffer, sizeof buffer, NULL, "D", 0, NULL, NULL, NULL,
                                  NULL, NULL, NULL, 0, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_INT(length, 0);
    CHECK_STATUS(ef_format_packed(&length, buffer, sizeof buffer, catalog, NULL, 0, NULL, NULL, NULL,
                                  NULL, NULL, NULL, 0, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_STATUS(ef_format_packed(&length, buffer, sizeof buffer, catalog, "D", 0, NULL, NULL, NULL,
                                  "a/b", NULL, NULL, 0, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_STATUS(ef_format_packed(&length, buffer, sizeof buffer, catalog, "D", 0, NULL, NULL, NULL,
                                  NULL, NULL, NULL, 2, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    static const char *const with_null[] = {"fr", NULL};
    CHECK_STATUS(ef_format_packed(&length, buffer, sizeof buffer, catalog, "D", 0, NULL, NULL, NULL,
                                  NULL, NULL, with_null, 2, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    static const char bad_utf8[] = {'D', (char)0xC3, '\0'};
    CHECK_STATUS(ef_format_packed(&length, buffer, sizeof buffer, catalog, bad_utf8, 0, NULL, NULL,
                                  NULL, NULL, NULL, NULL, 0, &err), EF_E_INVALID_UTF8);
    CHECK_DETAILS(err, EF_E_INVALID_UTF8);
    CHECK_STATUS(ef_format_packed(&length, buffer, sizeof buffer, catalog, "D", 0, bad_utf8, NULL,
                                  NULL, NULL, NULL, NULL, 0, &err), EF_E_INVALID_UTF8);
    CHECK_DETAILS(err, EF_E_INVALID_UTF8);
    /* err may be NULL, as everywhere. */
    CHECK_STATUS(ef_format_packed(&length, buffer, sizeof buffer, NULL, "D", 0, NULL, NULL, NULL,
                                  NULL, NULL, NULL, 0, NULL), EF_E_INVALID_ARGUMENT);

    CHECK_STATUS(ef_catalog_lookup_packed(NULL, buffer, sizeof buffer, catalog, NULL, "k", NULL, 0,
                                          NULL, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_STATUS(ef_catalog_lookup_packed(&length, buffer, sizeof buffer, NULL, NULL, "k", NULL, 0,
                                          NULL, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_STATUS(ef_catalog_lookup_packed(&length, buffer, sizeof buffer, catalog, NULL, NULL, NULL,
                                          0, NULL, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_STATUS(ef_catalog_lookup_packed(&length, NULL, 1, catalog, NULL, "k", NULL, 0, NULL, &err),
                 EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_STATUS(ef_catalog_lookup_packed(&length, buffer, sizeof buffer, catalog, NULL, bad_utf8,
                                          NULL, 0, NULL, &err), EF_E_INVALID_UTF8);
    CHECK_DETAILS(err, EF_E_INVALID_UTF8);
    /* A size_t capacity above the largest signed value is taken as "room for anything". */
    CHECK_STATUS(ef_catalog_lookup_packed(&length, buffer, SIZE_MAX, catalog, NULL, "errors.title",
                                          NULL, 0, NULL, NULL), EF_OK);
    CHECK_STR(buffer, "1 0");
    ef_catalog_free(catalog);
}

/* ef_format_packed into `buffer`; returns the length (0 on failure, which is checked). */
static size_t packed_format(const ef_catalog *catalog, char *buffer, size_t capacity, const char *domain,
                            int64_t code, const char *description, const char *table,
                            const ef_error_info *arguments, const char *const *locales, size_t count) {
    size_t length = 0;
    CHECK_STATUS(ef_format_packed(&length, buffer, capacity, catalog, domain, code, description, NULL,
                                  NULL, table, arguments, locales, count, NULL), EF_OK);
    return length;
}

/* The message of packed output: its third item. */
static const char *packed_message(const char *buffer) {
    const char *title = buffer + strlen(buffer) + 1;
    return title + strlen(title) + 1;
}

/* The catalog keeps the output of an error without arguments whose result shows none of the
 * caller's texts, and copies it on the next same call: it must be exactly what the first call
 * wrote, whatever the caller's texts say, and reject what the first call would reject. */
static void check_memoized_output(const struct test_context *context) {
    ef_catalog *catalog = open_example(context);
    static const char *const fr_ca[] = {"fr-CA"};
    char first[4096], again[4096];
    static const int64_t codes[] = {0, 1, 2, 8, 9, 999};
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        size_t length = packed_format(catalog, first, sizeof first, "kCLErrorDomain", codes[i], NULL,
                                      NULL, NULL, fr_ca, 1);
        /* The same call, twice more (answered from the memo), and with the table spelled "". */
        CHECK_INT(packed_format(catalog, again, sizeof again, "kCLErrorDomain", codes[i], NULL, NULL,
                                NULL, fr_ca, 1), length);
        CHECK(memcmp(first, again, length) == 0);
        memset(again, 0, sizeof again);
        CHECK_INT(packed_format(catalog, again, sizeof again, "kCLErrorDomain", codes[i], NULL, "",
                                NULL, fr_ca, 1), length);
        CHECK(memcmp(first, again, length) == 0);
    }

    /* Code 0 has its message in the table: a description is present but not shown, so any
     * description gives the output no description gives. */
    size_t length = packed_format(catalog, first, sizeof first, "kCLErrorDomain", 0, NULL, NULL, NULL,
                                  fr_ca, 1);
    static const char *const descriptions[] = {"Offline.", "Something else.", "Offline."};
    for (size_t i = 0; i < 3; i++) {
        CHECK_INT(packed_format(catalog, again, sizeof again, "kCLErrorDomain", 0, descriptions[i],
                                NULL, NULL, fr_ca, 1), length);
        CHECK(memcmp(first, again, length) == 0);
    }
    /* ...but the memo never accepts what the slow path rejects. */
    static const char bad_utf8[] = {'O', (char)0xFF, '\0'};
    ef_error_details *err = NULL;
    size_t rejected = 99;
    CHECK_STATUS(ef_format_packed(&rejected, again, sizeof again, catalog, "kCLErrorDomain", 0, bad_utf8,
                                  NULL, NULL, NULL, NULL, fr_ca, 1, &err), EF_E_INVALID_UTF8);
    CHECK_DETAILS(err, EF_E_INVALID_UTF8);
    CHECK_INT(rejected, 0);

    /* An unknown domain shows the description as its message: never shared, each call its own. */
    for (size_t i = 0; i < 3; i++) {
        packed_format(catalog, again, sizeof again, "NSURLErrorDomain", -1009, descriptions[i], NULL,
                      NULL, fr_ca, 1);
        CHECK_STR(packed_message(again), descriptions[i]);
    }

    /* Too small on an answer from the memo: the size, and not a byte written past the capacity. */
    char small[40];
    memset(small, 'x', sizeof small);
    size_t needed = 0;
    CHECK_STATUS(ef_format_packed(&needed, small, 20, catalog, "kCLErrorDomain", 0, NULL, NULL, NULL,
                                  NULL, NULL, fr_ca, 1, NULL), EF_OK);
    CHECK_INT(needed, length);
    for (size_t i = 20; i < sizeof small; i++) CHECK(small[i] == 'x');
    ef_catalog_free(catalog);

    /* Arguments: never shared, each call renders its own. */
    catalog = make_catalog();
    static const char *const en[] = {"en"};
    static const char *const names[] = {"a.jpg", "b.jpg", "a.jpg"};
    for (size_t i = 0; i < 3; i++) {
        ef_error_info *arguments = NULL;
        CHECK_STATUS(ef_error_info_new(&arguments, "", 0, NULL), EF_OK);
        CHECK_STATUS(ef_error_info_add_string(arguments, names[i], NULL), EF_OK);
        packed_format(catalog, again, sizeof again, "Upload", 1, NULL, NULL, arguments, en, 1);
        char expected[64];
        snprintf(expected, sizeof expected, "%s was not sent.", names[i]);
        CHECK_STR(packed_message(again), expected);
        ef_error_info_free(arguments);
    }
    ef_catalog_free(catalog);
}

/* The request of ef_format_packed_reusable for these inputs (the header's layout): domain,
 * code, the texts given (not NULL), then the packed arguments; its length. A NULL domain makes
 * no request (0). */
static size_t make_request(char *request, size_t capacity, const char *domain, int64_t code,
                           const char *description, const char *failure_reason, const char *recovery_suggestion,
                           const char *table, const char *arguments, size_t arguments_length) {
    if (domain == NULL)
        return 0;
    int length = snprintf(request, capacity, "%s%c%lld%c", domain, '\0', (long long)code, '\0');
    CHECK(length > 0 && (size_t)length < capacity);
    size_t used = (size_t)length;
    const char *texts[] = {description, failure_reason, recovery_suggestion, table};
    const char kinds[] = "DFRT";
    for (int i = 0; i < 4; i++) {
        if (texts[i] == NULL)
            continue;
        size_t text_length = strlen(texts[i]);
        CHECK(used + text_length + 2 <= capacity);
        request[used++] = kinds[i];
        memcpy(request + used, texts[i], text_length + 1);
        used += text_length + 1;
    }
    CHECK(used + arguments_length <= capacity);
    if (arguments_length > 0)
        memcpy(request + used, arguments, arguments_length);
    return used + arguments_length;
}

/* ef_format_packed_reusable given the inputs of ef_format_packed as separate values: they are
 * packed into a request first (a NULL domain passes a NULL request). */
static ef_status reusable_call(size_t *out_length, char *buffer, size_t capacity, int32_t *reusable,
                               const ef_catalog *catalog, const char *domain, int64_t code, const char *description,
                               const char *failure_reason, const char *recovery_suggestion, const char *table,
                               const char *arguments, size_t arguments_length, const char *const *locales,
                               size_t count, ef_error_details **err) {
    static char request[2 * 9 * (EF_MAX_ARGUMENTS + 1) + 1024];
    size_t length = make_request(request, sizeof request, domain, code, description, failure_reason,
                                 recovery_suggestion, table, arguments, arguments_length);
    return ef_format_packed_reusable(out_length, buffer, capacity, reusable, catalog, domain == NULL ? NULL : request,
                                     length, locales, count, err);
}

/* ef_format_packed_reusable with these inputs, which must succeed: the output's length, and
 * whether the library says it answers later calls in *reusable. */
static size_t reusable_format(const ef_catalog *catalog, char *buffer, size_t capacity, int32_t *reusable,
                              const char *domain, int64_t code, const char *description,
                              const char *failure_reason, const char *arguments, size_t arguments_length,
                              const char *const *locales, size_t count) {
    size_t length = 0;
    *reusable = 7;
    CHECK_STATUS(reusable_call(&length, buffer, capacity, reusable, catalog, domain, code,
                                           description, failure_reason, NULL, NULL, arguments, arguments_length,
                                           locales, count, NULL), EF_OK);
    return length;
}

/* ef_format_packed_reusable: ef_format_packed's output, byte for byte, and 1 exactly when no
 * argument was passed and no field shows a text the caller passed. */
static void check_reusable_output(const struct test_context *context) {
    ef_catalog *catalog = open_example(context);
    static const char *const fr_ca[] = {"fr-CA"};
    char plain[4096], reused[4096];
    int32_t reusable = 0;
    /* Code 0 has a title and a message key: nothing of the caller's is shown, with or without
     * texts; each call twice (the second answered from the library's memo). */
    static const char *const descriptions[] = {NULL, "", "Not shown."};
    for (size_t i = 0; i < 3; i++) {
        for (int round = 0; round < 2; round++) {
            size_t length = packed_format(catalog, plain, sizeof plain, "kCLErrorDomain", 0, descriptions[i],
                                          NULL, NULL, fr_ca, 1);
            CHECK_INT(reusable_format(catalog, reused, sizeof reused, &reusable, "kCLErrorDomain", 0,
                                      descriptions[i], "Nor this.", NULL, 0, fr_ca, 1), length);
            CHECK(memcmp(plain, reused, length) == 0);
            CHECK_INT(reusable, 1);
        }
    }
    /* An unknown domain shows the description as its message, the failure reason as its title. */
    reusable_format(catalog, reused, sizeof reused, &reusable, "NSURLErrorDomain", -1009, "Shown.", NULL, NULL, 0,
                    fr_ca, 1);
    CHECK_STR(packed_message(reused), "Shown.");
    CHECK_INT(reusable, 0);
    reusable_format(catalog, reused, sizeof reused, &reusable, "NSURLErrorDomain", -1009, NULL, "Because.",
                    NULL, 0, fr_ca, 1);
    CHECK_STR(reused + strlen(reused) + 1, "Because.");
    CHECK_INT(reusable, 0);
    /* No texts at all: the domain's and generic keys and built-ins, reusable. */
    reusable_format(catalog, reused, sizeof reused, &reusable, "NSURLErrorDomain", -1009, NULL, NULL, NULL, 0,
                    fr_ca, 1);
    CHECK_INT(reusable, 1);

    /* Too small: the size, and the answer all the same; NULL out_reusable is ef_format_packed. */
    size_t needed = 0;
    reusable = 7;
    CHECK_STATUS(reusable_call(&needed, reused, 10, &reusable, catalog, "kCLErrorDomain", 2, NULL,
                                           NULL, NULL, NULL, NULL, 0, fr_ca, 1, NULL), EF_OK);
    CHECK(needed > 10);
    CHECK_INT(reusable, 1);
    size_t length = 0;
    CHECK_STATUS(reusable_call(&length, reused, sizeof reused, NULL, catalog, "kCLErrorDomain", 2,
                                           NULL, NULL, NULL, NULL, NULL, 0, fr_ca, 1, NULL), EF_OK);
    CHECK_INT(length, needed);

    /* A failure: the status of ef_format_packed, and 0. */
    ef_error_details *err = NULL;
    reusable = 7;
    CHECK_STATUS(reusable_call(&length, reused, sizeof reused, &reusable, catalog, NULL, 0, NULL,
                                           NULL, NULL, NULL, NULL, 0, fr_ca, 1, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_INT(reusable, 0);
    ef_catalog_free(catalog);

    /* Arguments: never reusable, even where the strings take none. */
    catalog = make_catalog();
    static const char *const en[] = {"en"};
    static const char arguments[] = "sa.jpg"; /* with its NUL */
    for (int round = 0; round < 2; round++) {
        reusable_format(catalog, reused, sizeof reused, &reusable, "Upload", 1, NULL, NULL, arguments,
                        sizeof arguments, en, 1);
        CHECK_STR(packed_message(reused), "a.jpg was not sent.");
        CHECK_INT(reusable, 0);
        reusable_format(catalog, reused, sizeof reused, &reusable, "Elsewhere", 1, NULL, NULL, arguments,
                        sizeof arguments, en, 1);
        CHECK_INT(reusable, 0);
    }
    ef_catalog_free(catalog);
}

/* Appends an 8-byte little-endian value after its kind byte; returns the new length. */
static size_t pack_word(char *run, size_t length, char kind, uint64_t bits) {
    run[length++] = kind;
    for (int i = 0; i < 8; i++) run[length++] = (char)(bits >> (8 * i));
    return length;
}

/* ef_format_packed_reusable with packed arguments gives what ef_format_packed gives with an
 * ef_error_info holding the same ones, every kind; a broken run is refused, never read past. */
static void check_packed_arguments(void) {
    ef_catalog *catalog = NULL;
    ef_catalog_builder *builder = NULL;
    static const char table[] =
        "\"errors.Kinds.1.message\" = \"%1$@ %2$lld %3$llu %4$g %5$@\";\n";
    CHECK_STATUS(ef_catalog_builder_new(&builder, EF_CATALOG_STRICT, NULL), EF_OK);
    CHECK_STATUS(ef_catalog_builder_add_table(builder, "en", "Localizable.strings", table, sizeof table - 1, NULL),
                 EF_OK);
    CHECK_STATUS(ef_catalog_builder_finish(&catalog, builder, "en", NULL), EF_OK);
    ef_catalog_builder_free(builder);
    static const char *const en[] = {"en"};

    char run[256];
    size_t length = 0;
    memcpy(run + length, "sfile \xC3\xA9t\xC3\xA9", 11);
    length += 11;
    run[length++] = '\0';
    length = pack_word(run, length, 'i', (uint64_t)-42);
    length = pack_word(run, length, 'u', UINT64_MAX);
    double half = 2.5;
    uint64_t bits;
    memcpy(&bits, &half, sizeof bits);
    length = pack_word(run, length, 'd', bits);
    run[length++] = 's'; /* an empty string */
    run[length++] = '\0';

    ef_error_info *info = NULL;
    CHECK_STATUS(ef_error_info_new(&info, "", 0, NULL), EF_OK);
    CHECK_STATUS(ef_error_info_add_string(info, "file \xC3\xA9t\xC3\xA9", NULL), EF_OK);
    CHECK_STATUS(ef_error_info_add_int64(info, -42, NULL), EF_OK);
    CHECK_STATUS(ef_error_info_add_uint64(info, UINT64_MAX, NULL), EF_OK);
    CHECK_STATUS(ef_error_info_add_double(info, 2.5, NULL), EF_OK);
    CHECK_STATUS(ef_error_info_add_string(info, "", NULL), EF_OK);
    char expected[4096], got[4096];
    size_t expected_length = 0;
    CHECK_STATUS(ef_format_packed(&expected_length, expected, sizeof expected, catalog, "Kinds", 1, NULL, NULL,
                                  NULL, NULL, info, en, 1, NULL), EF_OK);
    CHECK_STR(packed_message(expected), "file \xC3\xA9t\xC3\xA9 -42 18446744073709551615 2.5 ");
    int32_t reusable = 7;
    CHECK_INT(reusable_format(catalog, got, sizeof got, &reusable, "Kinds", 1, NULL, NULL, run, length, en, 1),
              expected_length);
    CHECK(memcmp(expected, got, expected_length) == 0);
    CHECK_INT(reusable, 0);
    ef_error_info_free(info);

    /* The same arguments with the integers in decimal ('n'): signed while they fit 64 signed
     * bits, unsigned above; the double stays binary. */
    static const char decimal_run[] = "sfile \xC3\xA9t\xC3\xA9\0n-42\0n18446744073709551615\0";
    char mixed[256];
    size_t mixed_length = sizeof decimal_run - 1;
    memcpy(mixed, decimal_run, mixed_length);
    mixed_length = pack_word(mixed, mixed_length, 'd', bits);
    mixed[mixed_length++] = 's';
    mixed[mixed_length++] = '\0';
    CHECK_INT(reusable_format(catalog, got, sizeof got, &reusable, "Kinds", 1, NULL, NULL, mixed, mixed_length, en, 1),
              expected_length);
    CHECK(memcmp(expected, got, expected_length) == 0);

    /* Decimal edges, each the only argument of "%lld" or "%llu". */
    static const char numbers[] = "\"errors.Number.1.message\" = \"%lld\";\n"
                                  "\"errors.Number.2.message\" = \"%llu\";\n";
    ef_catalog *number_catalog = NULL;
    CHECK_STATUS(ef_catalog_builder_new(&builder, EF_CATALOG_STRICT, NULL), EF_OK);
    CHECK_STATUS(ef_catalog_builder_add_table(builder, "en", "Localizable.strings", numbers, sizeof numbers - 1, NULL),
                 EF_OK);
    CHECK_STATUS(ef_catalog_builder_finish(&number_catalog, builder, "en", NULL), EF_OK);
    ef_catalog_builder_free(builder);
    struct { const char *digits; int64_t code; const char *message; } decimals[] = {
        {"0", 1, "0"},
        {"-0", 1, "0"},
        {"007", 1, "7"},
        {"9223372036854775807", 1, "9223372036854775807"},
        {"-9223372036854775808", 1, "-9223372036854775808"},
        {"9223372036854775808", 2, "9223372036854775808"},
        {"18446744073709551615", 2, "18446744073709551615"},
    };
    for (size_t i = 0; i < sizeof decimals / sizeof decimals[0]; i++) {
        char one[64];
        int written = snprintf(one, sizeof one, "n%s", decimals[i].digits);
        size_t n = reusable_format(number_catalog, got, sizeof got, &reusable, "Number", decimals[i].code, NULL, NULL,
                                   one, (size_t)written + 1, en, 1);
        CHECK(n > 0);
        CHECK_STR(packed_message(got), decimals[i].message);
    }
    static const char *const refused[] = {
        "n",                        /* no digit */
        "n-",                       /* a sign alone */
        "n+1",                      /* '+' is not taken */
        "n 1",                      /* nor spaces */
        "n1x",                      /* nor anything after the digits */
        "n18446744073709551616",    /* 2^64 */
        "n-9223372036854775809",    /* below -2^63 */
        "n99999999999999999999999", /* far beyond */
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        ef_error_details *err = NULL;
        size_t out = 1;
        CHECK_STATUS(reusable_call(&out, got, sizeof got, &reusable, number_catalog, "Number", 1, NULL,
                                               NULL, NULL, NULL, refused[i], strlen(refused[i]) + 1, en, 1, &err),
                     EF_E_INVALID_ARGUMENT);
        CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
        CHECK_INT(out, 0);
    }
    {   /* Without its NUL, the run ends inside the integer. */
        ef_error_details *err = NULL;
        size_t out = 1;
        CHECK_STATUS(reusable_call(&out, got, sizeof got, &reusable, number_catalog, "Number", 1, NULL,
                                               NULL, NULL, NULL, "n12", 3, en, 1, &err),
                     EF_E_INVALID_ARGUMENT);
        CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    }
    ef_catalog_free(number_catalog);

    /* No arguments: NULL or not, length 0 is none (the message's specifiers then reject it). */
    char none[4096];
    size_t none_length = reusable_format(catalog, none, sizeof none, &reusable, "Kinds", 1, NULL, NULL, NULL, 0,
                                         en, 1);
    CHECK_INT(reusable_format(catalog, got, sizeof got, &reusable, "Kinds", 1, NULL, NULL, run, 0, en, 1),
              none_length);
    CHECK(memcmp(none, got, none_length) == 0);

    /* Broken runs: every prefix that ends inside an argument, and the other faults. */
    static const size_t inside[] = {1, 5, 11, 12 + 1, 12 + 8, 21 + 4, 30 + 8, 39 + 1};
    for (size_t i = 0; i < sizeof inside / sizeof inside[0]; i++) {
        ef_error_details *err = NULL;
        size_t out = 1;
        reusable = 7;
        CHECK_STATUS(reusable_call(&out, got, sizeof got, &reusable, catalog, "Kinds", 1, NULL, NULL,
                                               NULL, NULL, run, inside[i], en, 1, &err), EF_E_INVALID_ARGUMENT);
        CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
        CHECK_INT(reusable, 0);
        CHECK_INT(out, 0);
    }
    struct { const char *run; size_t length; ef_status status; } faults[] = {
        {"x", 1, EF_E_INVALID_ARGUMENT},                 /* unknown kind */
        {"sabc", 4, EF_E_INVALID_ARGUMENT},              /* a string without its NUL */
        {"s\xFF\xFE", 4, EF_E_INVALID_UTF8},             /* not UTF-8 */
        {"s\xED\xA0\x80", 5, EF_E_INVALID_UTF8},         /* a surrogate */
    };
    for (size_t i = 0; i < sizeof faults / sizeof faults[0]; i++) {
        ef_error_details *err = NULL;
        size_t out = 0;
        CHECK_STATUS(reusable_call(&out, got, sizeof got, &reusable, catalog, "Kinds", 1, NULL, NULL,
                                               NULL, NULL, faults[i].run, faults[i].length, en, 1, &err),
                     faults[i].status);
        CHECK_DETAILS(err, faults[i].status);
    }

    /* EF_MAX_ARGUMENTS arguments are taken; one more is refused. */
    static char many[9 * (EF_MAX_ARGUMENTS + 1)];
    size_t many_length = 0;
    for (unsigned i = 0; i <= EF_MAX_ARGUMENTS; i++) many_length = pack_word(many, many_length, 'i', i);
    size_t out = 0;
    CHECK_STATUS(reusable_call(&out, got, sizeof got, NULL, catalog, "Kinds", 1, NULL, NULL, NULL,
                                           NULL, many, many_length - 9, en, 1, NULL), EF_OK);
    ef_error_details *err = NULL;
    CHECK_STATUS(reusable_call(&out, got, sizeof got, NULL, catalog, "Kinds", 1, NULL, NULL, NULL,
                                           NULL, many, many_length, en, 1, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    ef_catalog_free(catalog);
}

/* The request itself: its texts and table are ef_format_packed's parameters; a broken request
 * is refused with the status the header gives, and no prefix of a good one is read past. */
static void check_request(const struct test_context *context) {
    ef_catalog *catalog = open_example(context);
    static const char *const fr_ca[] = {"fr-CA"};
    char expected[4096], got[4096];
    int32_t reusable = 7;
    /* Every text and the table, as separate parameters and as a request. */
    size_t expected_length = 0;
    CHECK_STATUS(ef_format_packed(&expected_length, expected, sizeof expected, catalog, "NSURLErrorDomain", -1009,
                                  "Shown.", "Because.", "Try again.", "Localizable", NULL, fr_ca, 1, NULL), EF_OK);
    static const char full[] = "NSURLErrorDomain\0-1009\0DShown.\0FBecause.\0RTry again.\0TLocalizable";
    size_t length = 0;
    CHECK_STATUS(ef_format_packed_reusable(&length, got, sizeof got, &reusable, catalog, full, sizeof full, fr_ca, 1,
                                           NULL), EF_OK);
    CHECK_INT(length, expected_length);
    CHECK(memcmp(expected, got, expected_length) == 0);
    CHECK_STR(packed_message(got), "Try again."); /* message rule 2 */
    CHECK_INT(reusable, 0);

    /* Every prefix: a whole item list formats, any other is refused, none is read past. */
    for (size_t cut = 0; cut < sizeof full; cut++) {
        ef_error_details *err = NULL;
        size_t out = 1;
        ef_status status = ef_format_packed_reusable(&out, got, sizeof got, &reusable, catalog, full, cut, fr_ca, 1,
                                                     &err);
        int whole = cut > 0 && full[cut - 1] == '\0' && cut > strlen(full) + 1;
        CHECK_STATUS(status, whole ? EF_OK : EF_E_INVALID_ARGUMENT);
        if (!whole) {
            CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
            CHECK_INT(out, 0);
            CHECK_INT(reusable, 0);
        }
    }

    struct { const char *request; size_t length; ef_status status; } faults[] = {
        {NULL, 5, EF_E_INVALID_ARGUMENT},                                 /* no request */
        {"D\0" "1", 0, EF_E_INVALID_ARGUMENT},                            /* an empty one */
        {"D\0" "\0", 3, EF_E_INVALID_ARGUMENT},                           /* a code without digits */
        {"D\0" "+1\0", 5, EF_E_INVALID_ARGUMENT},                         /* nor a '+' */
        {"D\0" "1x\0", 5, EF_E_INVALID_ARGUMENT},                         /* nor anything else */
        {"D\0" "9223372036854775808\0", 22, EF_E_INVALID_ARGUMENT},       /* 2^63: codes are signed */
        {"D\0" "-9223372036854775809\0", 23, EF_E_INVALID_ARGUMENT},      /* below -2^63 */
        {"D\0" "1\0" "Fa\0" "Db\0", 10, EF_E_INVALID_ARGUMENT},           /* texts out of order */
        {"D\0" "1\0" "Da\0" "Db\0", 10, EF_E_INVALID_ARGUMENT},           /* a text twice */
        {"D\0" "1\0" "Tx\0" "Da\0", 10, EF_E_INVALID_ARGUMENT},           /* a text after the table */
        {"D\0" "1\0" "Ta/b\0", 9, EF_E_INVALID_ARGUMENT},                 /* a table with a '/' */
        {"D\xFF\0" "1\0", 5, EF_E_INVALID_UTF8},                          /* a domain not UTF-8 */
        {"D\0" "1\0" "D\xC3\0", 7, EF_E_INVALID_UTF8},                    /* a description cut in a character */
    };
    for (size_t i = 0; i < sizeof faults / sizeof faults[0]; i++) {
        ef_error_details *err = NULL;
        size_t out = 1;
        reusable = 7;
        CHECK_STATUS(ef_format_packed_reusable(&out, got, sizeof got, &reusable, catalog, faults[i].request,
                                               faults[i].length, fr_ca, 1, &err), faults[i].status);
        CHECK_DETAILS(err, faults[i].status);
        CHECK_INT(out, 0);
        CHECK_INT(reusable, 0);
    }
    /* The output parameters are checked before the request. */
    ef_error_details *err = NULL;
    CHECK_STATUS(ef_format_packed_reusable(NULL, got, sizeof got, &reusable, catalog, NULL, 5, fr_ca, 1, &err),
                 EF_E_INVALID_ARGUMENT);
    CHECK(err != NULL && strstr(ef_error_details_message(err), "out_length") != NULL);
    ef_error_details_free(err);
    ef_catalog_free(catalog);
}

void test_packed(const struct test_context *context) {
    check_example(context);
    check_memoized_output(context);
    check_reusable_output(context);
    check_packed_arguments();
    check_request(context);
    check_rejections();
    check_bad_arguments(context);
}
