/* test_text.c -- ef_catalog_text (argument-free text borrowed from the catalog) and the results
 * the catalog remembers between calls: the same answers as ef_catalog_lookup and ef_format, and
 * nothing the caller passed ever kept. */
#include <string.h>

#include "groups.h"

static const char english[] =
    "\"plain\" = \"Hello\";\n"
    "\"percent\" = \"100%% sure\";\n"
    "\"needs.argument\" = \"Hello\";\n"
    "\"errors.D.1.title\" = \"Upload failed\";\n"
    "\"errors.D.1.message\" = \"Try again.\";\n";
static const char french[] =
    "\"plain\" = \"Bonjour\";\n"
    "\"needs.argument\" = \"Bonjour %@\";\n"
    "\"errors.D.1.title\" = \"%@ a échoué\";\n";

static ef_catalog *make_catalog(void) {
    ef_catalog_builder *builder = NULL;
    ef_catalog *catalog = NULL;
    CHECK_STATUS(ef_catalog_builder_new(&builder, EF_CATALOG_STRICT, NULL), EF_OK);
    CHECK_STATUS(ef_catalog_builder_add_table(builder, "en", "Localizable.strings", english,
                                              strlen(english), NULL), EF_OK);
    CHECK_STATUS(ef_catalog_builder_add_table(builder, "fr", "Localizable.strings", french,
                                              strlen(french), NULL), EF_OK);
    CHECK_STATUS(ef_catalog_builder_finish(&catalog, builder, "en", NULL), EF_OK);
    ef_catalog_builder_free(builder);
    return catalog;
}

/* The text of `key`, or NULL when the call does not return EF_OK. */
static const char *text(const ef_catalog *catalog, const char *table, const char *key,
                        const char *locale) {
    const char *locales[] = {locale};
    const char *out = SENTINEL;
    ef_status status = ef_catalog_text(&out, catalog, table, key, locales, 1, NULL);
    CHECK(status == EF_OK || out == NULL);
    return status == EF_OK ? out : NULL;
}

static void check_example(const struct test_context *context) {
    ef_catalog *catalog = open_example(context);
    if (catalog == NULL)
        return;
    /* fr-CA has the key; then a key only fr has (key-by-key fallback); then the default table
     * named three ways. */
    CHECK_STR(text(catalog, NULL, "errors.kCLErrorDomain.0.title", "fr-CA"), "Emplacement inconnu");
    CHECK_STR(text(catalog, NULL, "errors.kCLErrorDomain.2.title", "fr-CA"), "Pas d’Internet");
    /* An empty value is a real value, as in Apple's tables. */
    CHECK_STR(text(catalog, NULL, "errors.kCLErrorDomain.8.message", "fr-CA"), "");
    const char *first = text(catalog, NULL, "errors.title", "ja");
    CHECK_STR(first, "エラー");
    CHECK(text(catalog, "", "errors.title", "ja") == first);
    CHECK(text(catalog, "Localizable", "errors.title", "ja") == first);

    /* The same answer as ef_catalog_lookup for every key the rules read, in several locales. */
    static const char *const keys[] = {"errors.title", "errors.message", "errors.kCLErrorDomain.title",
                                       "errors.kCLErrorDomain.0.message", "errors.kCLErrorDomain.2.title",
                                       "errors.kCLErrorDomain.8.message", "controls.ok"};
    static const char *const locales[] = {"fr-CA", "es-MX", "zh-TW", "de-AT", "en", "C"};
    for (size_t l = 0; l < sizeof locales / sizeof locales[0]; l++) {
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
            ef_lookup *lookup = NULL;
            ef_status status = ef_catalog_lookup(&lookup, catalog, NULL, keys[k], &locales[l], 1, NULL, NULL);
            const char *found = text(catalog, NULL, keys[k], locales[l]);
            if (status == EF_OK)
                CHECK_STR(found, ef_lookup_value(lookup));
            else
                CHECK(found == NULL);
            ef_lookup_free(lookup);
        }
    }

    /* Not found: EF_E_KEY_NOT_FOUND, *out NULL, details; also for a table nobody has. */
    const char *fr[] = {"fr"};
    const char *out = SENTINEL;
    ef_error_details *err = NULL;
    CHECK_STATUS(ef_catalog_text(&out, catalog, NULL, "no.such.key", fr, 1, &err), EF_E_KEY_NOT_FOUND);
    CHECK(out == NULL);
    CHECK_DETAILS(err, EF_E_KEY_NOT_FOUND);
    out = SENTINEL;
    CHECK_STATUS(ef_catalog_text(&out, catalog, "Nothing", "errors.title", fr, 1, NULL), EF_E_KEY_NOT_FOUND);
    CHECK(out == NULL);
    ef_catalog_free(catalog);
}

static void check_rejections(void) {
    ef_catalog *catalog = make_catalog();
    if (catalog == NULL)
        return;
    /* A value that needs an argument is skipped, as ef_catalog_lookup skips it; %% is a percent. */
    CHECK_STR(text(catalog, NULL, "plain", "fr"), "Bonjour");
    CHECK_STR(text(catalog, NULL, "needs.argument", "fr"), "Hello");
    CHECK_STR(text(catalog, NULL, "percent", "fr"), "100% sure");
    /* Twice the same pointer: borrowed from the catalog, nothing made per call. */
    CHECK(text(catalog, NULL, "plain", "fr") == text(catalog, NULL, "plain", "fr"));

    /* Arguments and errors: what every fallible call promises. */
    const char *fr[] = {"fr"};
    const char *bad_locale[] = {"fr\xff"};
    const char *out = SENTINEL;
    ef_error_details *err = NULL;
    CHECK_STATUS(ef_catalog_text(NULL, catalog, NULL, "plain", fr, 1, NULL), EF_E_INVALID_ARGUMENT);
    CHECK_STATUS(ef_catalog_text(&out, NULL, NULL, "plain", fr, 1, &err), EF_E_INVALID_ARGUMENT);
    CHECK(out == NULL);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_STATUS(ef_catalog_text(&out, catalog, NULL, NULL, fr, 1, NULL), EF_E_INVALID_ARGUMENT);
    CHECK_STATUS(ef_catalog_text(&out, catalog, NULL, "plain", NULL, 1, NULL), EF_E_INVALID_ARGUMENT);
    CHECK_STATUS(ef_catalog_text(&out, catalog, NULL, "pl\xc3", fr, 1, NULL), EF_E_INVALID_UTF8);
    CHECK_STATUS(ef_catalog_text(&out, catalog, "T\xff", "plain", fr, 1, NULL), EF_E_INVALID_UTF8);
    CHECK_STATUS(ef_catalog_text(&out, catalog, NULL, "plain", bad_locale, 1, NULL), EF_E_INVALID_UTF8);
    CHECK(out == NULL);
    /* No preferences: the development locale. */
    out = NULL;
    CHECK_STATUS(ef_catalog_text(&out, catalog, NULL, "plain", NULL, 0, NULL), EF_OK);
    CHECK_STR(out, "Hello");
    ef_catalog_free(catalog);
}

/* Results of argument-free errors are remembered: asked for again they say the same, rejections
 * included; results that show the caller's text or arguments never are. */
static void check_remembered_results(void) {
    ef_catalog *catalog = make_catalog();
    if (catalog == NULL)
        return;
    const char *fr[] = {"fr"};
    for (int round = 0; round < 3; round++) {
        ef_result *result = format_error(catalog, "D", 1, fr, 1);
        CHECK_STR(ef_result_title(result), "Upload failed");
        CHECK_STR(ef_result_locale(result, EF_FIELD_TITLE), "en");
        CHECK_INT(ef_result_rejection_count(result, EF_FIELD_TITLE), 1);
        CHECK_STR(ef_result_message(result), "Try again.");
        ef_result_free(result);
    }

    ef_error_info *info = NULL;
    CHECK_STATUS(ef_error_info_new(&info, "Other", 7, NULL), EF_OK);
    const char *reasons[] = {"First reason", "Second reason", "Third reason"};
    for (int round = 0; round < 3; round++) {
        ef_result *result = NULL;
        CHECK_STATUS(ef_error_info_set_failure_reason(info, reasons[round], NULL), EF_OK);
        CHECK_STATUS(ef_format(&result, catalog, info, fr, 1, NULL), EF_OK);
        CHECK_STR(ef_result_title(result), reasons[round]);
        CHECK_STR(ef_result_rule(result, EF_FIELD_TITLE), "failure-reason");
        ef_result_free(result);
    }
    ef_error_info_free(info);

    /* A lookup with arguments is never the remembered one; without, twice the same value. */
    ef_error_info *arguments = NULL;
    CHECK_STATUS(ef_error_info_new(&arguments, "", 0, NULL), EF_OK);
    CHECK_STATUS(ef_error_info_add_string(arguments, "Marie", NULL), EF_OK);
    for (int round = 0; round < 2; round++) {
        ef_lookup *lookup = NULL;
        CHECK_STATUS(ef_catalog_lookup(&lookup, catalog, NULL, "needs.argument", fr, 1, arguments, NULL), EF_OK);
        CHECK_STR(ef_lookup_value(lookup), "Bonjour Marie");
        ef_lookup_free(lookup);
        CHECK_STATUS(ef_catalog_lookup(&lookup, catalog, NULL, "needs.argument", fr, 1, NULL, NULL), EF_OK);
        CHECK_STR(ef_lookup_value(lookup), "Hello");
        CHECK_STR(ef_lookup_locale(lookup), "en");
        CHECK_INT(ef_lookup_rejection_count(lookup), 1);
        ef_lookup_free(lookup);
    }
    ef_error_info_free(arguments);
    ef_catalog_free(catalog);
}

void test_text(const struct test_context *context) {
    check_example(context);
    check_rejections();
    check_remembered_results();
}
