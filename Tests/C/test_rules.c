/* test_rules.c -- each rule of the default rule set, on small in-memory catalogs. */
#include <string.h>

#include "groups.h"

static ef_catalog *build(const char *locale, const char *file_name, const char *text) {
    ef_catalog_builder *builder = NULL;
    ef_catalog *catalog = NULL;
    CHECK_STATUS(ef_catalog_builder_new(&builder, EF_CATALOG_STRICT, NULL), EF_OK);
    CHECK_STATUS(ef_catalog_builder_add_table(builder, locale, file_name, text, strlen(text), NULL),
                 EF_OK);
    CHECK_STATUS(ef_catalog_builder_finish(&catalog, builder, NULL, NULL), EF_OK);
    ef_catalog_builder_free(builder);
    return catalog;
}

static void check_rule(const ef_result *result, int32_t field, const char *rule) {
    CHECK_STR(ef_result_rule(result, field), rule);
    /* Only key rules name a key, a locale and a table. */
    int key_rule = strcmp(rule, "code-key") == 0 || strcmp(rule, "domain-key") == 0 ||
                   strcmp(rule, "generic-key") == 0 || strcmp(rule, "button-key") == 0;
    CHECK((ef_result_key(result, field) != NULL) == key_rule);
    CHECK((ef_result_locale(result, field) != NULL) == key_rule);
    CHECK((ef_result_table(result, field) != NULL) == key_rule);
}

/* Texts given with the error, and the order of the rules that read them. */
static void check_error_texts(void) {
    ef_catalog *catalog = build("en", "Localizable.strings",
                                "\"errors.D.1.title\" = \"Keyed title\";\n"
                                "\"errors.D.1.message\" = \"Keyed message\";\n"
                                "\"errors.D.title\" = \"Domain title\";\n");
    ef_error_info *info = NULL;
    ef_result *result = NULL;

    /* Code 2: no code keys, so failure reason beats the domain title. */
    CHECK_STATUS(ef_error_info_new(&info, "D", 2, NULL), EF_OK);
    CHECK_STATUS(ef_error_info_set_failure_reason(info, "Reason", NULL), EF_OK);
    CHECK_STATUS(ef_error_info_set_recovery_suggestion(info, "Suggestion", NULL), EF_OK);
    CHECK_STATUS(ef_error_info_set_description(info, "Description", NULL), EF_OK);
    CHECK_STATUS(ef_format(&result, catalog, info, NULL, 0, NULL), EF_OK);
    CHECK_STR(ef_result_title(result), "Reason");
    check_rule(result, EF_FIELD_TITLE, "failure-reason");
    CHECK_STR(ef_result_message(result), "Suggestion");
    check_rule(result, EF_FIELD_MESSAGE, "recovery-suggestion");
    check_rule(result, EF_FIELD_BUTTON, "builtin");
    CHECK_STR(ef_result_button(result), "OK");
    ef_result_free(result);

    /* Clearing (NULL) restores the next rule. */
    CHECK_STATUS(ef_error_info_set_failure_reason(info, NULL, NULL), EF_OK);
    CHECK_STATUS(ef_error_info_set_recovery_suggestion(info, NULL, NULL), EF_OK);
    CHECK_STATUS(ef_format(&result, catalog, info, NULL, 0, NULL), EF_OK);
    CHECK_STR(ef_result_title(result), "Domain title");
    check_rule(result, EF_FIELD_TITLE, "domain-key");
    CHECK_STR(ef_result_message(result), "Description");
    check_rule(result, EF_FIELD_MESSAGE, "description");
    ef_result_free(result);

    CHECK_STATUS(ef_error_info_set_description(info, NULL, NULL), EF_OK);
    CHECK_STATUS(ef_format(&result, catalog, info, NULL, 0, NULL), EF_OK);
    CHECK_STR(ef_result_message(result), "");
    check_rule(result, EF_FIELD_MESSAGE, "empty");
    ef_result_free(result);
    ef_error_info_free(info);

    /* Texts far larger than what a result is first written into: each string whole and in
     * its place, the keyed title's provenance after them too. */
    {
        static char reason[3000], suggestion[5000];
        memset(reason, 'r', sizeof reason - 1);
        memset(suggestion, 's', sizeof suggestion - 1);
        reason[sizeof reason - 1] = suggestion[sizeof suggestion - 1] = '\0';
        CHECK_STATUS(ef_error_info_new(&info, "D", 1, NULL), EF_OK);
        CHECK_STATUS(ef_error_info_set_recovery_suggestion(info, suggestion, NULL), EF_OK);
        CHECK_STATUS(ef_error_info_set_failure_reason(info, reason, NULL), EF_OK);
        CHECK_STATUS(ef_format(&result, catalog, info, NULL, 0, NULL), EF_OK);
        CHECK_STR(ef_result_title(result), "Keyed title");
        check_rule(result, EF_FIELD_TITLE, "code-key");
        CHECK_STR(ef_result_key(result, EF_FIELD_TITLE), "errors.D.1.title");
        CHECK_STR(ef_result_locale(result, EF_FIELD_TITLE), "en");
        CHECK_STR(ef_result_table(result, EF_FIELD_TITLE), "Localizable");
        CHECK_STR(ef_result_message(result), "Keyed message");
        ef_result_free(result);
        ef_error_info_free(info);
        CHECK_STATUS(ef_error_info_new(&info, "D", 2, NULL), EF_OK);
        CHECK_STATUS(ef_error_info_set_recovery_suggestion(info, suggestion, NULL), EF_OK);
        CHECK_STATUS(ef_error_info_set_failure_reason(info, reason, NULL), EF_OK);
        CHECK_STATUS(ef_format(&result, catalog, info, NULL, 0, NULL), EF_OK);
        CHECK_STR(ef_result_title(result), reason);
        check_rule(result, EF_FIELD_TITLE, "failure-reason");
        CHECK_STR(ef_result_message(result), suggestion);
        check_rule(result, EF_FIELD_MESSAGE, "recovery-suggestion");
        CHECK_STR(ef_result_button(result), "OK");
        check_rule(result, EF_FIELD_BUTTON, "builtin");
        CHECK(ef_result_stack_count(result) == 1);
        CHECK_STR(ef_result_stack_entry(result, 0), "en");
        ef_result_free(result);
        ef_error_info_free(info);
    }

    /* Code keys come before every text of the error. */
    CHECK_STATUS(ef_error_info_new(&info, "D", 1, NULL), EF_OK);
    CHECK_STATUS(ef_error_info_set_failure_reason(info, "Reason", NULL), EF_OK);
    CHECK_STATUS(ef_error_info_set_recovery_suggestion(info, "Suggestion", NULL), EF_OK);
    CHECK_STATUS(ef_format(&result, catalog, info, NULL, 0, NULL), EF_OK);
    CHECK_STR(ef_result_title(result), "Keyed title");
    CHECK_STR(ef_result_message(result), "Keyed message");
    ef_result_free(result);
    ef_error_info_free(info);

    /* An empty domain is allowed. */
    CHECK_STATUS(ef_error_info_new(&info, "", 0, NULL), EF_OK);
    CHECK_STATUS(ef_format(&result, catalog, info, NULL, 0, NULL), EF_OK);
    CHECK_STR(ef_result_title(result), "Error");
    check_rule(result, EF_FIELD_TITLE, "builtin");
    ef_result_free(result);
    ef_error_info_free(info);
    ef_catalog_free(catalog);
}

/* Negative and extreme codes are rendered as decimal integers; an empty value is a value. */
static void check_codes_and_empty_values(void) {
    ef_catalog *catalog = build("en", "Localizable.strings",
                                "\"errors.N.-1009.title\" = \"Offline\";\n"
                                "\"errors.N.-1009.message\" = \"\";\n"
                                "\"errors.N.-9223372036854775808.title\" = \"Minimum\";\n"
                                "\"errors.N.9223372036854775807.title\" = \"Maximum\";\n"
                                "\"errors.message\" = \"Generic\";\n");
    static const struct {
        int64_t code;
        const char *title;
        const char *key;
    } cases[] = {
        {-1009, "Offline", "errors.N.-1009.title"},
        {INT64_MIN, "Minimum", "errors.N.-9223372036854775808.title"},
        {INT64_MAX, "Maximum", "errors.N.9223372036854775807.title"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ef_result *result = format_error(catalog, "N", cases[i].code, NULL, 0);
        CHECK_STR(ef_result_title(result), cases[i].title);
        CHECK_STR(ef_result_key(result, EF_FIELD_TITLE), cases[i].key);
        ef_result_free(result);
    }
    ef_result *result = format_error(catalog, "N", -1009, NULL, 0);
    CHECK_STR(ef_result_message(result), "");
    check_rule(result, EF_FIELD_MESSAGE, "code-key");
    ef_result_free(result);
    ef_catalog_free(catalog);
}

/* ef_error_info_set_table() chooses the table; NULL or "" restores Localizable. */
static void check_tables(void) {
    ef_catalog_builder *builder = NULL;
    ef_catalog *catalog = NULL;
    static const char localizable[] = "\"errors.title\" = \"From Localizable\";";
    static const char alerts[] = "\"errors.title\" = \"From Alerts\";";
    CHECK_STATUS(ef_catalog_builder_new(&builder, EF_CATALOG_STRICT, NULL), EF_OK);
    CHECK_STATUS(ef_catalog_builder_add_table(builder, "en", "Localizable.strings", localizable,
                                              sizeof localizable - 1, NULL), EF_OK);
    CHECK_STATUS(ef_catalog_builder_add_table(builder, "en", "Alerts.strings", alerts,
                                              sizeof alerts - 1, NULL), EF_OK);
    CHECK_STATUS(ef_catalog_builder_finish(&catalog, builder, "en", NULL), EF_OK);
    ef_catalog_builder_free(builder);

    ef_error_info *info = NULL;
    ef_result *result = NULL;
    CHECK_STATUS(ef_error_info_new(&info, "D", 1, NULL), EF_OK);
    CHECK_STATUS(ef_error_info_set_table(info, "Alerts", NULL), EF_OK);
    CHECK_STATUS(ef_format(&result, catalog, info, NULL, 0, NULL), EF_OK);
    CHECK_STR(ef_result_title(result), "From Alerts");
    CHECK_STR(ef_result_table(result, EF_FIELD_TITLE), "Alerts");
    ef_result_free(result);

    static const char *const restore[] = {NULL, ""};
    for (size_t i = 0; i < 2; i++) {
        CHECK_STATUS(ef_error_info_set_table(info, "Alerts", NULL), EF_OK);
        CHECK_STATUS(ef_error_info_set_table(info, restore[i], NULL), EF_OK);
        CHECK_STATUS(ef_format(&result, catalog, info, NULL, 0, NULL), EF_OK);
        CHECK_STR(ef_result_title(result), "From Localizable");
        CHECK_STR(ef_result_table(result, EF_FIELD_TITLE), "Localizable");
        ef_result_free(result);
    }

    /* A table that does not exist is not an error: the rules just find no key in it. */
    CHECK_STATUS(ef_error_info_set_table(info, "Missing", NULL), EF_OK);
    CHECK_STATUS(ef_format(&result, catalog, info, NULL, 0, NULL), EF_OK);
    CHECK_STR(ef_result_title(result), "Error");
    ef_result_free(result);

    ef_error_details *err = NULL;
    CHECK_STATUS(ef_error_info_set_table(info, "../Localizable", &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    ef_error_info_free(info);
    ef_catalog_free(catalog);
}

void test_rules(const struct test_context *context) {
    (void)context;
    check_error_texts();
    check_codes_and_empty_values();
    check_tables();
}
