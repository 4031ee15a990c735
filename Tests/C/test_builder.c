/* test_builder.c -- in-memory catalogs: copies, reuse, unlocalized tables, lenient and strict. */
#include <string.h>

#include "groups.h"

/* Line 3 lacks '=': "Expected ';' or '=' after key" at line 3, column 15 (the second string). */
const char broken_table[] = "\"errors.title\" = \"Erreur\";\n"
                            "\"errors.message\" = \"Réessayez.\";\n"
                            "\"controls.ok\" \"OK\";\n";

void test_builder(const struct test_context *context) {
    (void)context;
    ef_catalog_builder *builder = NULL;
    ef_error_details *err = NULL;
    CHECK_STATUS(ef_catalog_builder_new(&builder, EF_CATALOG_LENIENT, &err), EF_OK);
    CHECK(err == NULL);

    /* The library copies the bytes: the buffer is overwritten right after the call. */
    char buffer[] = "\"errors.title\" = \"Erreur\";";
    CHECK_STATUS(ef_catalog_builder_add_table(builder, "fr", "Localizable.strings", buffer,
                                              strlen(buffer), NULL), EF_OK);
    memset(buffer, 'x', sizeof buffer - 1);
    static const char unlocalized[] = "\"controls.ok\" = \"Okay\";";
    CHECK_STATUS(ef_catalog_builder_add_table(builder, NULL, "Localizable.strings", unlocalized,
                                              sizeof unlocalized - 1, NULL), EF_OK);
    /* Not NUL-terminated: only `length` bytes are read. */
    static const char longer[] = "\"errors.title\" = \"Problem\";GARBAGE";
    CHECK_STATUS(ef_catalog_builder_add_table(builder, "en", "Localizable.strings", longer,
                                              strlen(longer) - strlen("GARBAGE"), NULL), EF_OK);

    ef_catalog *first = NULL;
    CHECK_STATUS(ef_catalog_builder_finish(&first, builder, NULL, NULL), EF_OK);
    CHECK_STR(ef_catalog_development_locale(first), "en");
    CHECK_INT(ef_catalog_localization_count(first), 2); /* the unlocalized table is not counted */
    CHECK_STR(ef_catalog_localization_name(first, 0), "en");
    CHECK_STR(ef_catalog_localization_name(first, 1), "fr");
    CHECK_INT(ef_catalog_diagnostic_count(first), 0);

    /* The builder stays usable: a broken table in lenient mode is left out and recorded. */
    CHECK_STATUS(ef_catalog_builder_add_table(builder, "de", "Localizable.strings", broken_table,
                                              strlen(broken_table), &err), EF_OK);
    CHECK(err == NULL);
    ef_catalog *second = NULL;
    CHECK_STATUS(ef_catalog_builder_finish(&second, builder, "fr", NULL), EF_OK);
    ef_catalog_builder_free(builder);
    CHECK_STR(ef_catalog_development_locale(second), "fr");
    int errors = 0;
    for (size_t i = 0; i < ef_catalog_diagnostic_count(second); i++) {
        if (ef_catalog_diagnostic_severity(second, i) != EF_SEVERITY_ERROR)
            continue;
        errors++;
        CHECK_INT(ef_catalog_diagnostic_line(second, i), 3);
        CHECK_INT(ef_catalog_diagnostic_column(second, i), 15);
    }
    CHECK_INT(errors, 1);

    /* Catalogs outlive their builder and are independent of each other. */
    static const char *const german[] = {"de"};
    ef_result *result = format_error(first, "D", 1, german, 1);
    CHECK_STR(ef_result_title(result), "Problem"); /* de is unknown to `first`: en */
    CHECK_STR(ef_result_button(result), "Okay");
    CHECK_STR(ef_result_locale(result, EF_FIELD_BUTTON), "");
    size_t stack = ef_result_stack_count(result);
    CHECK(stack >= 2);
    CHECK_STR(ef_result_stack_entry(result, stack - 1), "");
    CHECK_STR(ef_result_stack_entry(result, stack), NULL);
    ef_result_free(result);
    result = format_error(second, "D", 1, german, 1);
    CHECK_STR(ef_result_title(result), "Erreur"); /* broken de left out; development locale fr */
    ef_result_free(result);
    ef_catalog_free(first);
    ef_catalog_free(second);

    /* Strict: the broken table is refused with its position, the builder is unchanged. */
    CHECK_STATUS(ef_catalog_builder_new(&builder, EF_CATALOG_STRICT, NULL), EF_OK);
    CHECK_STATUS(ef_catalog_builder_add_table(builder, "fr", "Localizable.strings", broken_table,
                                              strlen(broken_table), &err), EF_E_PARSE);
    CHECK_INT(ef_error_details_line(err), 3);
    CHECK_INT(ef_error_details_column(err), 15);
    CHECK_DETAILS(err, EF_E_PARSE);
    /* An empty table (NULL bytes, length 0) is allowed as an argument. */
    ef_status empty = ef_catalog_builder_add_table(builder, "fr", "Localizable.strings", NULL, 0,
                                                   &err);
    CHECK(empty != EF_E_INVALID_ARGUMENT);
    ef_error_details_free(err);
    err = NULL;
    CHECK_STATUS(ef_catalog_builder_add_table(builder, "fr", "Localizable.txt", "", 0, &err),
                 EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_STATUS(ef_catalog_builder_add_table(builder, "../../etc", "Localizable.strings", "", 0,
                                              &err), EF_E_INVALID_LOCALE);
    CHECK_DETAILS(err, EF_E_INVALID_LOCALE);
    ef_catalog *catalog = SENTINEL;
    CHECK_STATUS(ef_catalog_builder_finish(&catalog, builder, "../../etc", &err),
                 EF_E_INVALID_LOCALE);
    CHECK(catalog == NULL);
    CHECK_DETAILS(err, EF_E_INVALID_LOCALE);
    ef_catalog_builder_free(builder);
}
