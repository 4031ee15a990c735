/* test_problem.c -- ef_format_problem: the response a service sends for an error (RFC 9457),
 * item for item in the documented layout, with bodies checked byte for byte against hand-made
 * JSON; Content-Language for every kind of source; malformed headers, header injection and
 * over-long inputs; grow and retry; bad arguments; responses with arguments from templates the
 * catalog keeps, made and read by several threads at once. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "groups.h"

#define MAX_ITEMS 16

/* A problem response, split into its items. */
struct problem {
    char *bytes;
    size_t length;
    const char *items[MAX_ITEMS];
    int count;
    long status;
    long fields;
};

/* Calls ef_format_problem with a buffer too small first, then one of the length it asked for.
 * Returns the status of the calls; on EF_OK `out` holds the response (free with free_problem). */
static ef_status make_problem(struct problem *out, const ef_catalog *catalog, const ef_error_info *info,
                              const char *accept_language, const char *const *locales, size_t count,
                              int32_t status, const char *type_template, const char *instance,
                              uint32_t flags) {
    memset(out, 0, sizeof *out);
    char small[8];
    size_t length = 0;
    ef_status result = ef_format_problem(&length, small, sizeof small, catalog, info, accept_language,
                                         locales, count, status, type_template, instance, flags, NULL);
    if (result != EF_OK) {
        CHECK_INT(length, 0);
        return result;
    }
    CHECK(length > sizeof small);
    out->bytes = malloc(length);
    if (out->bytes == NULL) return EF_E_INTERNAL;
    size_t again = 0;
    result = ef_format_problem(&again, out->bytes, length, catalog, info, accept_language, locales,
                               count, status, type_template, instance, flags, NULL);
    CHECK_STATUS(result, EF_OK);
    CHECK_INT(again, length);
    out->length = length;
    CHECK(length > 0 && out->bytes[length - 1] == '\0');
    for (size_t start = 0; start < length && out->count < MAX_ITEMS; start += strlen(out->bytes + start) + 1)
        out->items[out->count++] = out->bytes + start;
    CHECK_INT(sscanf(out->items[0], "%ld %ld", &out->status, &out->fields), EF_PROBLEM_HEADER_NUMBERS);
    CHECK_INT(out->count, 2 + 2 * out->fields);
    return result;
}

static void free_problem(struct problem *problem) { free(problem->bytes); }

/* The value of header field `name`, or NULL. */
static const char *field(const struct problem *problem, const char *name) {
    for (long i = 0; i < problem->fields && (int)(EF_PROBLEM_FIELDS + 2 * i + 1) < problem->count; i++)
        if (strcmp(problem->items[EF_PROBLEM_FIELDS + 2 * i], name) == 0)
            return problem->items[EF_PROBLEM_FIELDS + 2 * i + 1];
    return NULL;
}

static const char *body(const struct problem *problem) {
    int index = (int)(EF_PROBLEM_FIELDS + 2 * problem->fields);
    return index < problem->count ? problem->items[index] : "";
}

/* Checks the whole response for a header (NULL: none). */
static void check_response(const ef_catalog *catalog, const ef_error_info *info, const char *header,
                           int32_t status, const char *type_template, const char *instance,
                           uint32_t flags, const char *language, const char *expected_body) {
    struct problem problem;
    if (make_problem(&problem, catalog, info, header, NULL, 0, status, type_template, instance,
                     flags) != EF_OK) {
        CHECK(!"ef_format_problem failed");
        return;
    }
    CHECK_INT(problem.status, status);
    CHECK_INT(problem.fields, 3);
    if (problem.count == 8) {
        CHECK_STR(problem.items[1], "Content-Type");
        CHECK_STR(problem.items[2], "application/problem+json");
        CHECK_STR(problem.items[3], "Content-Language");
        CHECK_STR(problem.items[4], language);
        CHECK_STR(problem.items[5], "Vary");
        CHECK_STR(problem.items[6], "Accept-Language");
        CHECK_STR(problem.items[7], expected_body);
    }
    free_problem(&problem);
}

static ef_error_info *error_info(const char *domain, int64_t code) {
    ef_error_info *info = NULL;
    CHECK_STATUS(ef_error_info_new(&info, domain, code, NULL), EF_OK);
    return info;
}

static void test_bodies(const ef_catalog *catalog) {
    ef_error_info *located = error_info("kCLErrorDomain", 0);
    check_response(catalog, located, "fr-CA, fr;q=0.8", 404, "https://errors.example.com/{domain}/{code}",
                   "/requests/7", EF_PROBLEM_CODE | EF_PROBLEM_DOMAIN | EF_PROBLEM_BUTTON, "fr-CA",
                   "{\"type\":\"https://errors.example.com/kCLErrorDomain/0\",\"title\":\"Emplacement inconnu\","
                   "\"status\":404,\"detail\":\"Impossible d\xE2\x80\x99obtenir une bonne lecture. Un long tunnel?\","
                   "\"instance\":\"/requests/7\",\"code\":0,\"domain\":\"kCLErrorDomain\",\"button\":\"OK\"}");
    /* No template, no instance, no member: about:blank and the standard members only. */
    check_response(catalog, located, "de", 500, NULL, NULL, 0, "de",
                   "{\"type\":\"about:blank\",\"title\":\"Unbekannter Standort\",\"status\":500,"
                   "\"detail\":\"Der Standort konnte nicht genau bestimmt werden. Ein langer Tunnel?\"}");
    /* q-values decide: French at 0.9 beats German at 0.5. */
    check_response(catalog, located, "de;q=0.5, fr;q=0.9", 500, "", "", 0, "fr",
                   "{\"type\":\"about:blank\",\"title\":\"Position inconnue\",\"status\":500,"
                   "\"detail\":\"Impossible d\xE2\x80\x99obtenir une position fiable. Un long tunnel\xC2\xA0?\"}");
    ef_error_info_free(located);

    /* The title from fr (fr-CA has no title for code 2), the message from fr-CA: both named. */
    ef_error_info *offline = error_info("kCLErrorDomain", 2);
    check_response(catalog, offline, "fr-CA", 503, NULL, NULL, 0, "fr, fr-CA",
                   "{\"type\":\"about:blank\",\"title\":\"Pas d\xE2\x80\x99Internet\",\"status\":503,"
                   "\"detail\":\"Internet n\xE2\x80\x99" "est pas accessible ou une erreur est survenue.\"}");
    ef_error_info_free(offline);

    /* Code 9 has a title and no message: no detail member, and only the title's language. */
    ef_error_info *unfound = error_info("kCLErrorDomain", 9);
    check_response(catalog, unfound, "en", 404, NULL, NULL, EF_PROBLEM_CODE, "en",
                   "{\"type\":\"about:blank\",\"title\":\"No results found\",\"status\":404,\"code\":9}");
    ef_error_info_free(unfound);

    /* The caller's texts, escaped once; the domain percent-encoded in the type's URI. */
    ef_error_info *own = error_info("My Domain/\xC3\xA9", -7);
    CHECK_STATUS(ef_error_info_set_description(own, "A \"quoted\" back\\slash,\nnew line\ttab \x01 end", NULL),
                 EF_OK);
    check_response(catalog, own, "ja", 400, "urn:problem:{domain}:{code}:{other}", "a\r\nb", EF_PROBLEM_DOMAIN,
                   "ja, en",
                   "{\"type\":\"urn:problem:My%20Domain%2F%C3%A9:-7:{other}\",\"title\":\"\xE3\x82\xA8\xE3\x83\xA9\xE3\x83\xBC\","
                   "\"status\":400,\"detail\":\"A \\\"quoted\\\" back\\\\slash,\\nnew line\\ttab \\u0001 end\","
                   "\"instance\":\"a\\r\\nb\",\"domain\":\"My Domain/\xC3\xA9\"}");
    ef_error_info_free(own);
}

/* A header with no usable range (or none at all) gives the development locale, never an error. */
static void test_malformed_headers(const ef_catalog *catalog) {
    static const char expected[] =
        "{\"type\":\"about:blank\",\"title\":\"Unknown Location\",\"status\":500,"
        "\"detail\":\"Couldn't get a good reading. Long tunnel?\"}";
    const char *headers[] = {NULL, "", "*", "i-klingon", "tlh", "\xFF\xFE garbage \x80", ";;;,,,q=1",
                             "fr;q=2", "en-US", "fr\r\nX-Injected: 1", "xx-YY, qq"};
    ef_error_info *info = error_info("kCLErrorDomain", 0);
    for (size_t i = 0; i < sizeof headers / sizeof headers[0]; i++)
        check_response(catalog, info, headers[i], 500, NULL, NULL, 0, "en", expected);

    /* A 64 KiB header: what ends within the first 4,096 bytes is read, the rest ignored. */
    size_t size = 64 * 1024;
    char *long_header = malloc(size + 1);
    if (long_header != NULL) {
        memcpy(long_header, "ja,", 3);
        memset(long_header + 3, 'x', size - 3);
        long_header[size] = '\0';
        struct problem problem;
        if (make_problem(&problem, catalog, info, long_header, NULL, 0, 500, NULL, NULL, 0) == EF_OK) {
            CHECK_STR(field(&problem, "Content-Language"), "ja");
            free_problem(&problem);
        }
        free(long_header);
    }
    ef_error_info_free(info);
}

/* No header field, whatever the inputs, holds a CR, LF or NUL; the body holds no raw control
 * character either. */
static void test_no_injection(const ef_catalog *catalog) {
    ef_error_info *info = error_info("Evil\r\nSet-Cookie: a=1", 1);
    CHECK_STATUS(ef_error_info_set_failure_reason(info, "title\r\nX-Injected: 1", NULL), EF_OK);
    struct problem problem;
    if (make_problem(&problem, catalog, info, "fr\r\nX: 1, de\n", NULL, 0, 500,
                     "https://x/{domain}\r\nY: 2", "\r\n", EF_PROBLEM_DOMAIN) == EF_OK) {
        for (int i = 1; i < problem.count - 1; i++) CHECK(strpbrk(problem.items[i], "\r\n") == NULL);
        for (const char *at = body(&problem); *at != '\0'; at++) CHECK((unsigned char)*at >= 0x20);
        /* "de\n" is malformed, "fr\r\nX: 1" too: the development locale; the failure reason
         * is the caller's, in the development language. */
        CHECK_STR(field(&problem, "Content-Language"), "en");
        free_problem(&problem);
    }
    ef_error_info_free(info);
}

/* The texts are ef_format's for the same preferences, given as a list or as a header. */
static void test_same_as_format(const ef_catalog *catalog) {
    const char *locales[] = {"zh-TW", "en"};
    ef_error_info *info = error_info("kCLErrorDomain", 2);
    ef_result *result = NULL;
    CHECK_STATUS(ef_format(&result, catalog, info, locales, 2, NULL), EF_OK);
    struct problem by_list, by_header;
    if (make_problem(&by_list, catalog, info, NULL, locales, 2, 500, NULL, NULL, 0) == EF_OK &&
        make_problem(&by_header, catalog, info, "zh-TW, en;q=0.5", NULL, 0, 500, NULL, NULL, 0) == EF_OK) {
        CHECK_INT(by_list.length, by_header.length);
        CHECK(by_list.length == by_header.length && memcmp(by_list.bytes, by_header.bytes, by_list.length) == 0);
        char expected[1024];
        snprintf(expected, sizeof expected, "{\"type\":\"about:blank\",\"title\":\"%s\",\"status\":500,\"detail\":\"%s\"}",
                 ef_result_title(result), ef_result_message(result));
        CHECK_STR(body(&by_list), expected);
        CHECK_STR(field(&by_list, "Content-Language"), "zh-Hant");
        free_problem(&by_list);
        free_problem(&by_header);
    }
    ef_result_free(result);
    ef_error_info_free(info);
}

/* Every failure: its status, a zero length, error details. */
static void test_refusals(const ef_catalog *catalog) {
    ef_error_info *info = error_info("kCLErrorDomain", 0);
    const char *locales[] = {"fr"};
    const char *null_entry[] = {NULL};
    char buffer[1024];
    size_t length = 99;
    ef_error_details *err = NULL;
#define REFUSED(call, expected)                                                                         \
    do {                                                                                                \
        length = 99;                                                                                    \
        CHECK_STATUS(call, expected);                                                                   \
        CHECK_INT(length, 0);                                                                           \
        CHECK_DETAILS(err, expected);                                                                   \
    } while (0)
    CHECK_STATUS(ef_format_problem(NULL, buffer, sizeof buffer, catalog, info, NULL, NULL, 0, 500, NULL, NULL, 0,
                                   NULL), EF_E_INVALID_ARGUMENT);
    REFUSED(ef_format_problem(&length, NULL, 8, catalog, info, NULL, NULL, 0, 500, NULL, NULL, 0, &err),
            EF_E_INVALID_ARGUMENT);
    REFUSED(ef_format_problem(&length, buffer, sizeof buffer, NULL, info, NULL, NULL, 0, 500, NULL, NULL, 0, &err),
            EF_E_INVALID_ARGUMENT);
    REFUSED(ef_format_problem(&length, buffer, sizeof buffer, catalog, NULL, NULL, NULL, 0, 500, NULL, NULL, 0, &err),
            EF_E_INVALID_ARGUMENT);
    REFUSED(ef_format_problem(&length, buffer, sizeof buffer, catalog, info, NULL, NULL, 0, 99, NULL, NULL, 0, &err),
            EF_E_INVALID_ARGUMENT);
    REFUSED(ef_format_problem(&length, buffer, sizeof buffer, catalog, info, NULL, NULL, 0, 600, NULL, NULL, 0, &err),
            EF_E_INVALID_ARGUMENT);
    REFUSED(ef_format_problem(&length, buffer, sizeof buffer, catalog, info, NULL, NULL, 0, 500, NULL, NULL, 8, &err),
            EF_E_INVALID_ARGUMENT);
    REFUSED(ef_format_problem(&length, buffer, sizeof buffer, catalog, info, "fr", locales, 1, 500, NULL, NULL, 0, &err),
            EF_E_INVALID_ARGUMENT);
    REFUSED(ef_format_problem(&length, buffer, sizeof buffer, catalog, info, NULL, null_entry, 1, 500, NULL, NULL, 0,
                              &err), EF_E_INVALID_ARGUMENT);
    REFUSED(ef_format_problem(&length, buffer, sizeof buffer, catalog, info, NULL, NULL, 0, 500, "\xC3(", NULL, 0,
                              &err), EF_E_INVALID_UTF8);
    REFUSED(ef_format_problem(&length, buffer, sizeof buffer, catalog, info, NULL, NULL, 0, 500, NULL, "\xFF", 0, &err),
            EF_E_INVALID_UTF8);
    /* A template whose expansion would pass EF_MAX_KEY_BYTES: refused before anything is written. */
    size_t domain_bytes = 30000;
    char *domain = malloc(domain_bytes + 1);
    if (domain != NULL) {
        memset(domain, '%', domain_bytes);
        domain[domain_bytes] = '\0';
        ef_error_info *wide = error_info(domain, 1);
        REFUSED(ef_format_problem(&length, buffer, sizeof buffer, catalog, wide, NULL, NULL, 0, 500, "{domain}", NULL, 0,
                                  &err), EF_E_INVALID_ARGUMENT);
        /* Without the placeholder the same domain is fine (it is only in the body, escaped). */
        CHECK_STATUS(ef_format_problem(&length, NULL, 0, catalog, wide, NULL, NULL, 0, 500, NULL, NULL, EF_PROBLEM_DOMAIN,
                                       &err), EF_OK);
        CHECK(length > domain_bytes);
        ef_error_info_free(wide);
        free(domain);
    }
#undef REFUSED
    /* Room for nothing: the length alone, EF_OK. */
    length = 0;
    CHECK_STATUS(ef_format_problem(&length, NULL, 0, catalog, info, "fr", NULL, 0, 500, NULL, NULL, 0, NULL), EF_OK);
    CHECK(length > 0);
    ef_error_info_free(info);
}

/* ------------------------------------------------------------------ templates, several threads */

#define TEMPLATE_THREADS 4
#define TEMPLATE_ROUNDS 2000

/* Names and their JSON-escaped forms: each thread's calls rotate over them. */
static const char *const template_names[][2] = {
    {"a.pdf", "a.pdf"}, {"q\"b", "q\\\"b"}, {"back\\slash", "back\\\\slash"}, {"tab\there", "tab\\there"},
    {"line\nbreak", "line\\nbreak"}, {"\xc3\xa9t\xc3\xa9", "\xc3\xa9t\xc3\xa9"},
};
#define TEMPLATE_NAMES (sizeof template_names / sizeof template_names[0])

struct template_caller {
    pthread_t thread;
    ef_catalog *catalog;
    int failures;
};

/* Formats the error with rotating names and byte counts, through the header and the list, and
 * compares each body with the one written by hand. */
static void *call_templates(void *argument) {
    struct template_caller *caller = argument;
    const char *const locales[] = {"en"};
    char buffer[1024], expected[512];
    for (int round = 0; round < TEMPLATE_ROUNDS; round++) {
        const char *const *name = template_names[round % TEMPLATE_NAMES];
        ef_error_info *info = NULL;
        if (ef_error_info_new(&info, "T", 1, NULL) != EF_OK || ef_error_info_add_string(info, name[0], NULL) != EF_OK ||
            ef_error_info_add_int64(info, round, NULL) != EF_OK) {
            caller->failures++;
            ef_error_info_free(info);
            continue;
        }
        int by_header = round % 2;
        size_t length = 0;
        ef_status status = ef_format_problem(&length, buffer, sizeof buffer, caller->catalog, info,
                                             by_header ? "en-GB, fr;q=0.1" : NULL, by_header ? NULL : locales,
                                             by_header ? 0 : 1, 409, NULL, NULL, 0, NULL);
        ef_error_info_free(info);
        snprintf(expected, sizeof expected,
                 "{\"type\":\"about:blank\",\"title\":\"Cannot open %s\",\"status\":409,"
                 "\"detail\":\"%s needs %d bytes.\"}",
                 name[1], name[1], round);
        size_t body_length = strlen(expected) + 1;
        if (status != EF_OK || length > sizeof buffer || length < body_length ||
            memcmp(buffer + length - body_length, expected, body_length) != 0)
            caller->failures++;
    }
    return NULL;
}

/* Several threads format errors with arguments on one catalog: the first calls of each key make
 * its plan and its response's template, every later one writes from them; each body is the one
 * written by hand. */
static void test_templates_on_several_threads(void) {
    static const char table[] = "\"errors.T.1.title\" = \"Cannot open %1$@\";\n"
                                "\"errors.T.1.message\" = \"%1$@ needs %2$lld bytes.\";\n";
    ef_catalog_builder *builder = NULL;
    ef_catalog *catalog = NULL;
    CHECK_STATUS(ef_catalog_builder_new(&builder, EF_CATALOG_STRICT, NULL), EF_OK);
    CHECK_STATUS(ef_catalog_builder_add_table(builder, "en", "Localizable.strings", table, sizeof table - 1, NULL),
                 EF_OK);
    CHECK_STATUS(ef_catalog_builder_finish(&catalog, builder, "en", NULL), EF_OK);
    ef_catalog_builder_free(builder);
    if (catalog == NULL) return;
    struct template_caller callers[TEMPLATE_THREADS];
    for (int i = 0; i < TEMPLATE_THREADS; i++) {
        callers[i] = (struct template_caller){.catalog = catalog};
        CHECK_INT(pthread_create(&callers[i].thread, NULL, call_templates, &callers[i]), 0);
    }
    for (int i = 0; i < TEMPLATE_THREADS; i++) {
        pthread_join(callers[i].thread, NULL);
        CHECK_INT(callers[i].failures, 0);
    }
    ef_catalog_free(catalog);
}

void test_problem(const struct test_context *context) {
    ef_catalog *catalog = open_example(context);
    if (catalog == NULL) return;
    test_bodies(catalog);
    test_malformed_headers(catalog);
    test_no_injection(catalog);
    test_same_as_format(catalog);
    test_refusals(catalog);
    ef_catalog_free(catalog);
    test_templates_on_several_threads();
}
