/*
 * test_null_arguments.c -- every NULL argument of every function: EF_E_INVALID_ARGUMENT (with
 * details, and out-parameters set to NULL) or the documented value; never a crash.
 */
#include <string.h>

#include "groups.h"

/* Calls that must fail with EF_E_INVALID_ARGUMENT: checks status, details and the out-param. */
#define CHECK_INVALID(out, call)                                                                 \
    do {                                                                                         \
        ef_error_details *err = NULL;                                                            \
        (out) = SENTINEL;                                                                        \
        CHECK_STATUS(call, EF_E_INVALID_ARGUMENT);                                               \
        CHECK((out) == NULL);                                                                    \
        CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);                                               \
    } while (0)

static void check_error_details_getters(void) {
    CHECK_INT(ef_error_details_status(NULL), EF_E_INVALID_ARGUMENT);
    CHECK_STR(ef_error_details_message(NULL), "");
    CHECK_STR(ef_error_details_file(NULL), NULL);
    CHECK_INT(ef_error_details_line(NULL), 0);
    CHECK_INT(ef_error_details_column(NULL), 0);
    ef_error_details_free(NULL);
    ef_string_free(NULL);
}

static void check_catalog(const ef_catalog *example, const char *path) {
    ef_catalog *catalog = NULL;
    ef_error_details *err = NULL;
    CHECK_STATUS(ef_catalog_open(NULL, path, NULL, EF_CATALOG_LENIENT, &err),
                 EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_INVALID(catalog, ef_catalog_open(&catalog, NULL, NULL, EF_CATALOG_LENIENT, &err));
    CHECK_INVALID(catalog, ef_catalog_open(&catalog, path, NULL, 0x80000000u, &err));
    ef_catalog_free(NULL);

    CHECK_INT(ef_catalog_localization_count(NULL), 0);
    CHECK_STR(ef_catalog_localization_name(NULL, 0), NULL);
    CHECK_STR(ef_catalog_development_locale(NULL), "");
    CHECK_INT(ef_catalog_diagnostic_count(NULL), 0);
    CHECK_INT(ef_catalog_diagnostic_severity(NULL, 0), -1);
    CHECK_STR(ef_catalog_diagnostic_code(NULL, 0), NULL);
    CHECK_STR(ef_catalog_diagnostic_message(NULL, 0), NULL);
    CHECK_STR(ef_catalog_diagnostic_file(NULL, 0), NULL);
    CHECK_INT(ef_catalog_diagnostic_line(NULL, 0), 0);
    CHECK_INT(ef_catalog_diagnostic_column(NULL, 0), 0);

    /* Out of range on a real catalog, including SIZE_MAX (no overflow into a valid index). */
    size_t indices[] = {ef_catalog_localization_count(example), SIZE_MAX};
    for (size_t i = 0; i < 2; i++)
        CHECK_STR(ef_catalog_localization_name(example, indices[i]), NULL);
    size_t diagnostics[] = {ef_catalog_diagnostic_count(example), SIZE_MAX};
    for (size_t i = 0; i < 2; i++) {
        CHECK_INT(ef_catalog_diagnostic_severity(example, diagnostics[i]), -1);
        CHECK_STR(ef_catalog_diagnostic_code(example, diagnostics[i]), NULL);
        CHECK_STR(ef_catalog_diagnostic_message(example, diagnostics[i]), NULL);
        CHECK_STR(ef_catalog_diagnostic_file(example, diagnostics[i]), NULL);
        CHECK_INT(ef_catalog_diagnostic_line(example, diagnostics[i]), 0);
        CHECK_INT(ef_catalog_diagnostic_column(example, diagnostics[i]), 0);
    }
}

static void check_builder(void) {
    ef_catalog_builder *builder = NULL;
    ef_catalog *catalog = NULL;
    ef_error_details *err = NULL;
    CHECK_STATUS(ef_catalog_builder_new(NULL, EF_CATALOG_LENIENT, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_INVALID(builder, ef_catalog_builder_new(&builder, 2u, &err));

    CHECK_STATUS(ef_catalog_builder_new(&builder, EF_CATALOG_LENIENT, NULL), EF_OK);
    static const char table[] = "\"a\" = \"b\";";
    CHECK_STATUS(ef_catalog_builder_add_table(NULL, "en", "Localizable.strings", table,
                                              sizeof table - 1, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_STATUS(ef_catalog_builder_add_table(builder, "en", NULL, table, sizeof table - 1, &err),
                 EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_STATUS(ef_catalog_builder_add_table(builder, "en", "Localizable.strings", NULL, 5, &err),
                 EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_STATUS(ef_catalog_builder_add_table(builder, "en", "Localizable.strings", table,
                                              SIZE_MAX, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    /* NULL bytes with length 0 is allowed; lenient mode returns EF_OK even if it is no table. */
    CHECK_STATUS(ef_catalog_builder_add_table(builder, "en", "Localizable.strings", NULL, 0, &err),
                 EF_OK);
    CHECK(err == NULL);
    /* NULL and "" both mean the unlocalized table. */
    CHECK_STATUS(ef_catalog_builder_add_table(builder, NULL, "Localizable.strings", table,
                                              sizeof table - 1, NULL), EF_OK);
    CHECK_STATUS(ef_catalog_builder_add_table(builder, "", "Other.strings", table,
                                              sizeof table - 1, NULL), EF_OK);

    CHECK_STATUS(ef_catalog_builder_finish(NULL, builder, NULL, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_INVALID(catalog, ef_catalog_builder_finish(&catalog, NULL, NULL, &err));
    CHECK_STATUS(ef_catalog_builder_finish(&catalog, builder, NULL, NULL), EF_OK);
    ef_catalog_free(catalog);
    ef_catalog_builder_free(builder);
    ef_catalog_builder_free(NULL);
}

static void check_error_info(void) {
    ef_error_info *info = NULL;
    ef_error_details *err = NULL;
    CHECK_STATUS(ef_error_info_new(NULL, "D", 1, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_INVALID(info, ef_error_info_new(&info, NULL, 1, &err));

    typedef ef_status (*setter)(ef_error_info *, const char *, ef_error_details **);
    static const setter setters[] = {ef_error_info_set_description,
                                     ef_error_info_set_failure_reason,
                                     ef_error_info_set_recovery_suggestion,
                                     ef_error_info_set_table};
    CHECK_STATUS(ef_error_info_new(&info, "D", 1, NULL), EF_OK);
    for (size_t i = 0; i < sizeof setters / sizeof setters[0]; i++) {
        CHECK_STATUS(setters[i](NULL, "text", &err), EF_E_INVALID_ARGUMENT);
        CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
        /* NULL text clears: allowed, also when nothing was set. */
        CHECK_STATUS(setters[i](info, NULL, &err), EF_OK);
        CHECK(err == NULL);
        CHECK_STATUS(setters[i](info, NULL, NULL), EF_OK);
    }
    ef_error_info_free(info);
    ef_error_info_free(NULL);
}

static void check_format_and_result(const ef_catalog *catalog) {
    ef_error_info *info = NULL;
    ef_result *result = NULL;
    ef_error_details *err = NULL;
    CHECK_STATUS(ef_error_info_new(&info, "kCLErrorDomain", 0, NULL), EF_OK);
    static const char *const en[] = {"en"};

    CHECK_STATUS(ef_format(NULL, catalog, info, en, 1, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_INVALID(result, ef_format(&result, NULL, info, en, 1, &err));
    CHECK_INVALID(result, ef_format(&result, catalog, NULL, en, 1, &err));
    CHECK_INVALID(result, ef_format(&result, catalog, info, NULL, 1, &err));
    /* A count that wraps to negative in a signed type is refused, not read. */
    CHECK_INVALID(result, ef_format(&result, catalog, info, en, SIZE_MAX, &err));
    /* A NULL entry inside the array: refused or skipped, never dereferenced. */
    static const char *const with_hole[] = {"fr", NULL, "en"};
    ef_status status = ef_format(&result, catalog, info, with_hole, 3, &err);
    CHECK(status == EF_OK || status == EF_E_INVALID_ARGUMENT);
    CHECK((status == EF_OK) == (result != NULL));
    ef_result_free(result);
    ef_error_details_free(err);
    err = NULL;
    result = NULL;

    CHECK_STR(ef_result_title(NULL), "");
    CHECK_STR(ef_result_message(NULL), "");
    CHECK_STR(ef_result_button(NULL), "");
    for (int32_t field = EF_FIELD_TITLE; field <= EF_FIELD_BUTTON; field++) {
        CHECK_STR(ef_result_rule(NULL, field), NULL);
        CHECK_STR(ef_result_key(NULL, field), NULL);
        CHECK_STR(ef_result_locale(NULL, field), NULL);
        CHECK_STR(ef_result_table(NULL, field), NULL);
    }
    CHECK_INT(ef_result_stack_count(NULL), 0);
    CHECK_STR(ef_result_stack_entry(NULL, 0), NULL);
    const char *strings[4] = {"unwritten", "unwritten", "unwritten", "unwritten"};
    CHECK_INT(ef_result_strings(NULL, strings, 4), 0);
    CHECK_INT(ef_result_strings(NULL, NULL, 0), 0);
    CHECK_STR(strings[0], "unwritten");
    ef_result_free(NULL);

    /* Unknown fields and out-of-range stack entries on a real result. */
    CHECK_STATUS(ef_format(&result, catalog, info, en, 1, NULL), EF_OK);
    static const int32_t bad_fields[] = {-1, 3, INT32_MAX, INT32_MIN};
    for (size_t i = 0; i < sizeof bad_fields / sizeof bad_fields[0]; i++) {
        CHECK_STR(ef_result_rule(result, bad_fields[i]), NULL);
        CHECK_STR(ef_result_key(result, bad_fields[i]), NULL);
        CHECK_STR(ef_result_locale(result, bad_fields[i]), NULL);
        CHECK_STR(ef_result_table(result, bad_fields[i]), NULL);
    }
    CHECK_STR(ef_result_stack_entry(result, ef_result_stack_count(result)), NULL);
    CHECK_STR(ef_result_stack_entry(result, SIZE_MAX), NULL);
    /* A NULL array with a capacity writes nothing and still says how long the list is. */
    CHECK(ef_result_strings(result, NULL, 64) == ef_result_strings(result, NULL, 0));
    CHECK(ef_result_strings(result, NULL, SIZE_MAX) >= 19);
    ef_result_free(result);
    ef_error_info_free(info);
}

static void check_locales(void) {
    char *normalized = NULL;
    ef_locale_chain *chain = NULL;
    ef_error_details *err = NULL;
    CHECK_STATUS(ef_locale_normalize(NULL, NULL, "fr", &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_INVALID(normalized, ef_locale_normalize(&normalized, NULL, NULL, &err));
    CHECK_STATUS(ef_locale_chain_new(NULL, "fr", &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_INVALID(chain, ef_locale_chain_new(&chain, NULL, &err));

    CHECK_STR(ef_locale_chain_normalized(NULL), "");
    CHECK_INT(ef_locale_chain_untranslated(NULL), 0);
    CHECK_INT(ef_locale_chain_count(NULL), 0);
    CHECK_STR(ef_locale_chain_id(NULL, 0), NULL);
    CHECK_INT(ef_locale_chain_kind(NULL, 0), -1);
    ef_locale_chain_free(NULL);

    ef_lookup *lookup = NULL;
    const char *en[] = {"en"};
    CHECK_STATUS(ef_catalog_lookup(NULL, NULL, NULL, "k", en, 1, NULL, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_INVALID(lookup, ef_catalog_lookup(&lookup, NULL, NULL, "k", en, 1, NULL, &err));
    CHECK_STR(ef_lookup_value(NULL), NULL);
    CHECK_STR(ef_lookup_locale(NULL), NULL);
    CHECK_STR(ef_lookup_table(NULL), "");
    CHECK_INT(ef_lookup_rejection_count(NULL), 0);
    CHECK_STR(ef_lookup_rejection(NULL, 0), NULL);
    ef_lookup_free(NULL);
    CHECK_STATUS(ef_error_info_add_string(NULL, "x", &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_STATUS(ef_error_info_add_int64(NULL, 1, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_STATUS(ef_error_info_add_uint64(NULL, 1, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_STATUS(ef_error_info_add_double(NULL, 1.0, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_STATUS(ef_error_info_clear_arguments(NULL, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_INT(ef_error_info_argument_count(NULL), 0);
    CHECK_INT(ef_result_rejection_count(NULL, EF_FIELD_TITLE), 0);
    CHECK_STR(ef_result_rejection(NULL, EF_FIELD_TITLE, 0), NULL);

    ef_locale_list *list = NULL;
    CHECK_STATUS(ef_locale_list_from_environment(NULL, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_STATUS(ef_locale_list_from_accept_language(NULL, "fr", &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_INVALID(list, ef_locale_list_from_accept_language(&list, NULL, &err));
    CHECK_INT(ef_locale_list_count(NULL), 0);
    CHECK_STR(ef_locale_list_entry(NULL, 0), NULL);
    ef_locale_list_free(NULL);
}

void test_null_arguments(const struct test_context *context) {
    ef_catalog *example = open_example(context);
    check_error_details_getters();
    check_catalog(example, context->example_catalog);
    check_builder();
    check_error_info();
    check_format_and_result(example);
    check_locales();
    ef_catalog_free(example);
}
