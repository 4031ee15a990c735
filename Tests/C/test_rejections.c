/* test_rejections.c -- numbers crossing to the other family when the conversion is exact (an
 * integer for %f, a double holding an integer for %d), and EF_CATALOG_FAIL_ON_REJECTION, which
 * makes a string the arguments cannot satisfy a failure instead of a silent fallback. */
#include <string.h>

#include "groups.h"

static const char english[] =
    "\"controls.ok\" = \"OK\";\n"
    "\"errors.message\" = \"Please try again later.\";\n"
    "\"errors.Sync.3.title\" = \"Not Enough Space\";\n"
    "\"errors.Sync.3.message\" = \"%.1f MB more are needed on %@.\";\n"
    "\"errors.Sync.4.message\" = \"%lld files are waiting.\";\n"
    "\"plain\" = \"Nothing to fill in\";\n";

static ef_catalog *make_catalog(uint32_t flags) {
    ef_catalog_builder *builder = NULL;
    ef_catalog *catalog = NULL;
    CHECK_STATUS(ef_catalog_builder_new(&builder, flags, NULL), EF_OK);
    CHECK_STATUS(ef_catalog_builder_add_table(builder, "en", "Localizable.strings", english,
                                              sizeof english - 1, NULL), EF_OK);
    CHECK_STATUS(ef_catalog_builder_finish(&catalog, builder, "en", NULL), EF_OK);
    ef_catalog_builder_free(builder);
    return catalog;
}

/* An error of the Sync domain whose first argument is an int64 (`kind` 'i'), a double ('d') or
 * a string ('s'), and whose second is a volume's name. */
static ef_error_info *sync_error(int64_t code, char kind, int64_t integer, double real, const char *text) {
    ef_error_info *info = NULL;
    CHECK_STATUS(ef_error_info_new(&info, "Sync", code, NULL), EF_OK);
    if (kind == 'i') CHECK_STATUS(ef_error_info_add_int64(info, integer, NULL), EF_OK);
    if (kind == 'd') CHECK_STATUS(ef_error_info_add_double(info, real, NULL), EF_OK);
    if (kind == 's') CHECK_STATUS(ef_error_info_add_string(info, text, NULL), EF_OK);
    CHECK_STATUS(ef_error_info_add_string(info, "Backup", NULL), EF_OK);
    return info;
}

static void check_message(const ef_catalog *catalog, ef_error_info *info, const char *message,
                          size_t rejections) {
    const char *locales[] = {"en"};
    ef_result *result = NULL;
    CHECK_STATUS(ef_format(&result, catalog, info, locales, 1, NULL), EF_OK);
    CHECK_STR(ef_result_message(result), message);
    CHECK_INT(ef_result_rejection_count(result, EF_FIELD_MESSAGE), rejections);
    ef_result_free(result);
    ef_error_info_free(info);
}

/* An integer where the text takes %.1f, and a double holding an integer where it takes %lld,
 * render; a value with no exact counterpart is refused, and the next rule answers. */
static void check_crossings(void) {
    ef_catalog *catalog = make_catalog(EF_CATALOG_LENIENT);
    check_message(catalog, sync_error(3, 'i', 12, 0, NULL), "12.0 MB more are needed on Backup.", 0);
    check_message(catalog, sync_error(4, 'd', 0, 2048.0, NULL), "2048 files are waiting.", 0);
    check_message(catalog, sync_error(4, 'd', 0, 2.5, NULL), "Please try again later.", 1);
    check_message(catalog, sync_error(3, 'i', 9007199254740993LL, 0, NULL), "Please try again later.", 1);
    /* Twice more each: the second call of a kind pattern is answered from its plan, which must
     * check each value as the first call's full road did. */
    for (int round = 0; round < 2; round++) {
        check_message(catalog, sync_error(3, 'i', 7, 0, NULL), "7.0 MB more are needed on Backup.", 0);
        check_message(catalog, sync_error(3, 'i', 9007199254740993LL, 0, NULL), "Please try again later.", 1);
        check_message(catalog, sync_error(4, 'd', 0, 3.0, NULL), "3 files are waiting.", 0);
        check_message(catalog, sync_error(4, 'd', 0, 0.5, NULL), "Please try again later.", 1);
    }
    ef_catalog_free(catalog);
}

/* A rejection is reported as EF_E_REJECTED with the rejection's own line, on every road. */
static void check_failing_catalog(void) {
    ef_catalog *catalog = make_catalog(EF_CATALOG_LENIENT | EF_CATALOG_FAIL_ON_REJECTION);
    const char *locales[] = {"en"};
    for (int round = 0; round < 3; round++) {
        ef_error_info *info = sync_error(4, 's', 0, 0, "twelve");
        ef_result *result = (ef_result *)&result;
        ef_error_details *err = NULL;
        CHECK_STATUS(ef_format(&result, catalog, info, locales, 1, &err), EF_E_REJECTED);
        CHECK(result == NULL);
        CHECK_STR(ef_error_details_message(err),
                  "errors.Sync.4.message in en/Localizable: '%d' needs an integer argument but "
                  "argument 1 is a string [wrong-argument-type]");
        CHECK_DETAILS(err, EF_E_REJECTED);
        ef_error_info_free(info);
        /* What passes still answers, from memo and plan alike. */
        check_message(catalog, sync_error(3, 'i', 12, 0, NULL), "12.0 MB more are needed on Backup.", 0);
        ef_error_info *plain = NULL;
        CHECK_STATUS(ef_error_info_new(&plain, "Sync", 5, NULL), EF_OK);
        CHECK_STATUS(ef_format(&result, catalog, plain, locales, 1, NULL), EF_OK);
        CHECK_STR(ef_result_title(result), "Error");
        CHECK_STR(ef_result_message(result), "Please try again later.");
        ef_result_free(result);
        ef_error_info_free(plain);
        /* Without arguments the message asks for two: a rejection, the same at every call. */
        CHECK_STATUS(ef_error_info_new(&plain, "Sync", 3, NULL), EF_OK);
        CHECK_STATUS(ef_format(&result, catalog, plain, locales, 1, &err), EF_E_REJECTED);
        CHECK(result == NULL);
        CHECK_STR(ef_error_details_message(err),
                  "errors.Sync.3.message in en/Localizable: specifier refers to argument 1 but 0 "
                  "were passed [missing-argument]");
        CHECK_DETAILS(err, EF_E_REJECTED);
        ef_error_info_free(plain);
    }
    /* A lookup that records a rejection fails too; one that does not answers. */
    ef_error_info *arguments = NULL;
    CHECK_STATUS(ef_error_info_new(&arguments, "Sync", 0, NULL), EF_OK);
    CHECK_STATUS(ef_error_info_add_double(arguments, 2.5, NULL), EF_OK);
    ef_lookup *lookup = (ef_lookup *)&lookup;
    ef_error_details *err = NULL;
    CHECK_STATUS(ef_catalog_lookup(&lookup, catalog, NULL, "errors.Sync.4.message", locales, 1, arguments,
                                   &err), EF_E_REJECTED);
    CHECK(lookup == NULL);
    CHECK_DETAILS(err, EF_E_REJECTED);
    for (int round = 0; round < 2; round++) {
        CHECK_STATUS(ef_catalog_lookup(&lookup, catalog, NULL, "plain", locales, 1, NULL, NULL), EF_OK);
        CHECK_STR(ef_lookup_value(lookup), "Nothing to fill in");
        ef_lookup_free(lookup);
    }
    ef_error_info_free(arguments);
    ef_catalog_free(catalog);
}

/* The flag is taken by ef_catalog_open as by the builder; the bit after it is still refused. */
static void check_flags(const struct test_context *context) {
    ef_catalog *catalog = NULL;
    ef_error_details *err = NULL;
    CHECK_STATUS(ef_catalog_open(&catalog, context->example_catalog, NULL, EF_CATALOG_FAIL_ON_REJECTION, NULL),
                 EF_OK);
    ef_error_info *info = NULL;
    CHECK_STATUS(ef_error_info_new(&info, "kCLErrorDomain", 0, NULL), EF_OK);
    const char *locales[] = {"fr-CA"};
    ef_result *result = NULL;
    CHECK_STATUS(ef_format(&result, catalog, info, locales, 1, NULL), EF_OK);
    CHECK_STR(ef_result_title(result), "Emplacement inconnu");
    ef_result_free(result);
    ef_error_info_free(info);
    ef_catalog_free(catalog);
    CHECK_STATUS(ef_catalog_open(&catalog, context->example_catalog, NULL, 64u, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    ef_catalog_builder *builder = NULL;
    CHECK_STATUS(ef_catalog_builder_new(&builder, 64u, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_STR(ef_status_name(EF_E_REJECTED), "EF_E_REJECTED");
}

void test_rejections(const struct test_context *context) {
    check_crossings();
    check_failing_catalog();
    check_flags(context);
}
