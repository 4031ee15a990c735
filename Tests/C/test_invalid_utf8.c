/* test_invalid_utf8.c -- invalid UTF-8 in every string parameter: EF_E_INVALID_UTF8, never repaired. */
#include <stdio.h>
#include <string.h>

#include "groups.h"

/* Ill-formed sequences: a lone continuation byte, an overlong '/', a UTF-16 surrogate, a
 * truncated sequence, a code point above U+10FFFF, and a byte never valid in UTF-8. */
static const char *const ill_formed[] = {
    "fr\x80", "\xc0\xaf", "\xed\xa0\x80", "fr\xe2\x82", "\xf4\x90\x80\x80", "\xff",
};
#define ILL_FORMED_COUNT (sizeof ill_formed / sizeof ill_formed[0])

#define CHECK_UTF8(call)                                                                         \
    do {                                                                                         \
        ef_error_details *err = NULL;                                                            \
        CHECK_STATUS(call, EF_E_INVALID_UTF8);                                                   \
        CHECK_DETAILS(err, EF_E_INVALID_UTF8);                                                   \
    } while (0)

void test_invalid_utf8(const struct test_context *context) {
    ef_catalog *catalog = open_example(context);
    ef_catalog_builder *builder = NULL;
    CHECK_STATUS(ef_catalog_builder_new(&builder, EF_CATALOG_LENIENT, NULL), EF_OK);
    ef_error_info *info = NULL;
    CHECK_STATUS(ef_error_info_new(&info, "kCLErrorDomain", 0, NULL), EF_OK);
    static const char table[] = "\"a\" = \"b\";";

    for (size_t i = 0; i < ILL_FORMED_COUNT; i++) {
        const char *bad = ill_formed[i];
        char bad_path[4096];
        snprintf(bad_path, sizeof bad_path, "%s/%s", context->scratch, bad);
        char bad_file_name[64];
        snprintf(bad_file_name, sizeof bad_file_name, "%s.strings", bad);

        ef_catalog *opened = SENTINEL;
        CHECK_UTF8(ef_catalog_open(&opened, bad_path, NULL, EF_CATALOG_LENIENT, &err));
        CHECK(opened == NULL);
        CHECK_UTF8(ef_catalog_open(&opened, context->example_catalog, bad, EF_CATALOG_LENIENT,
                                   &err));

        CHECK_UTF8(ef_catalog_builder_add_table(builder, bad, "Localizable.strings", table,
                                                sizeof table - 1, &err));
        CHECK_UTF8(ef_catalog_builder_add_table(builder, "en", bad_file_name, table,
                                                sizeof table - 1, &err));
        ef_catalog *finished = SENTINEL;
        CHECK_UTF8(ef_catalog_builder_finish(&finished, builder, bad, &err));
        CHECK(finished == NULL);

        ef_error_info *made = SENTINEL;
        CHECK_UTF8(ef_error_info_new(&made, bad, 0, &err));
        CHECK(made == NULL);
        CHECK_UTF8(ef_error_info_set_description(info, bad, &err));
        CHECK_UTF8(ef_error_info_set_failure_reason(info, bad, &err));
        CHECK_UTF8(ef_error_info_set_recovery_suggestion(info, bad, &err));
        CHECK_UTF8(ef_error_info_set_table(info, bad, &err));

        /* Invalid UTF-8 is an error even among valid entries (it is not "malformed, skipped"). */
        const char *locales[] = {"fr", bad};
        ef_result *result = SENTINEL;
        CHECK_UTF8(ef_format(&result, catalog, info, locales, 2, &err));
        CHECK(result == NULL);

        char *normalized = SENTINEL;
        CHECK_UTF8(ef_locale_normalize(&normalized, NULL, bad, &err));
        CHECK(normalized == NULL);
        ef_locale_chain *chain = SENTINEL;
        CHECK_UTF8(ef_locale_chain_new(&chain, bad, &err));
        CHECK(chain == NULL);
        CHECK_UTF8(ef_error_info_add_string(info, bad, &err));
        ef_lookup *lookup = SENTINEL;
        static const char *const english[] = {"en"};
        CHECK_UTF8(ef_catalog_lookup(&lookup, catalog, NULL, bad, english, 1, NULL, &err));
        CHECK(lookup == NULL);
        CHECK_UTF8(ef_catalog_lookup(&lookup, catalog, bad, "k", english, 1, NULL, &err));
        ef_locale_list *list = SENTINEL;
        CHECK_UTF8(ef_locale_list_from_accept_language(&list, bad, &err));
        CHECK(list == NULL);
    }

    /* The failed setters changed nothing: the error still formats from its keys. */
    static const char *const en[] = {"en"};
    ef_result *result = NULL;
    CHECK_STATUS(ef_format(&result, catalog, info, en, 1, NULL), EF_OK);
    CHECK_STR(ef_result_title(result), "Unknown Location");
    ef_result_free(result);

    /* Valid UTF-8 beyond ASCII is accepted everywhere text is free-form. */
    CHECK_STATUS(ef_error_info_set_failure_reason(info, "Échec 😀", NULL), EF_OK);
    ef_error_info_free(info);
    CHECK_STATUS(ef_error_info_new(&info, "dömäin 😀", 0, NULL), EF_OK);
    CHECK_STATUS(ef_error_info_set_failure_reason(info, "Échec 😀", NULL), EF_OK);
    CHECK_STATUS(ef_format(&result, catalog, info, en, 1, NULL), EF_OK);
    CHECK_STR(ef_result_title(result), "Échec 😀");
    ef_result_free(result);
    ef_error_info_free(info);
    ef_catalog_builder_free(builder);
    ef_catalog_free(catalog);
}
