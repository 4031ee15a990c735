/* test_files.c -- opening catalog directories: missing, not a directory, broken tables, paths. */
#include <stdio.h>
#include <string.h>

#include "groups.h"

static void check_missing_and_not_a_directory(const struct test_context *context) {
    char missing[4096];
    snprintf(missing, sizeof missing, "%s/no-such-catalog", context->scratch);
    ef_catalog *catalog = SENTINEL;
    ef_error_details *err = NULL;
    CHECK_STATUS(ef_catalog_open(&catalog, missing, NULL, EF_CATALOG_LENIENT, &err),
                 EF_E_NOT_FOUND);
    CHECK(catalog == NULL);
    CHECK_STR(ef_error_details_file(err), missing);
    CHECK_DETAILS(err, EF_E_NOT_FOUND);

    /* err may be NULL: the status alone still tells. */
    catalog = SENTINEL;
    CHECK_STATUS(ef_catalog_open(&catalog, missing, NULL, EF_CATALOG_LENIENT, NULL),
                 EF_E_NOT_FOUND);
    CHECK(catalog == NULL);

    char not_a_directory[4096];
    snprintf(not_a_directory, sizeof not_a_directory, "%s/Localizable.strings", context->scratch);
    CHECK(write_file(context->scratch, "Localizable.strings", "\"a\" = \"b\";") == 0);
    catalog = SENTINEL;
    CHECK_STATUS(ef_catalog_open(&catalog, not_a_directory, NULL, EF_CATALOG_LENIENT, &err),
                 EF_E_IO);
    CHECK(catalog == NULL);
    CHECK_DETAILS(err, EF_E_IO);

    catalog = SENTINEL;
    CHECK(ef_catalog_open(&catalog, "", NULL, EF_CATALOG_LENIENT, &err) != EF_OK);
    CHECK(catalog == NULL);
    ef_error_details_free(err);
}

static void check_broken_table(const struct test_context *context) {
    char root[4096];
    make_directory(context, "broken", root, sizeof root);
    CHECK(write_file(root, "en.lproj/Localizable.strings", "\"errors.title\" = \"Problem\";") == 0);
    CHECK(write_file(root, "de.lproj/Localizable.strings", "\"errors.title\" = \"Problem (de)\";")
          == 0);
    CHECK(write_file(root, "fr.lproj/Localizable.strings", broken_table) == 0);

    /* Strict: EF_E_PARSE, with the file and the position. */
    ef_catalog *catalog = SENTINEL;
    ef_error_details *err = NULL;
    CHECK_STATUS(ef_catalog_open(&catalog, root, NULL, EF_CATALOG_STRICT, &err), EF_E_PARSE);
    CHECK(catalog == NULL);
    CHECK(ends_with(ef_error_details_file(err), "fr.lproj/Localizable.strings"));
    CHECK_INT(ef_error_details_line(err), 3);
    CHECK_INT(ef_error_details_column(err), 15);
    CHECK_DETAILS(err, EF_E_PARSE);

    /* Lenient: the broken table is left out with an error diagnostic; the others work. */
    CHECK_STATUS(ef_catalog_open(&catalog, root, NULL, EF_CATALOG_LENIENT, &err), EF_OK);
    size_t errors = 0;
    for (size_t i = 0; i < ef_catalog_diagnostic_count(catalog); i++) {
        if (ef_catalog_diagnostic_severity(catalog, i) != EF_SEVERITY_ERROR)
            continue;
        errors++;
        CHECK_STR(ef_catalog_diagnostic_file(catalog, i), "fr.lproj/Localizable.strings");
        CHECK_INT(ef_catalog_diagnostic_line(catalog, i), 3);
        CHECK(ef_catalog_diagnostic_code(catalog, i) != NULL);
    }
    CHECK_INT(errors, 1);
    static const char *const german[] = {"de"}, *const french[] = {"fr"};
    ef_result *result = format_error(catalog, "D", 1, german, 1);
    CHECK_STR(ef_result_title(result), "Problem (de)");
    ef_result_free(result);
    result = format_error(catalog, "D", 1, french, 1);
    CHECK_STR(ef_result_title(result), "Problem");
    CHECK_STR(ef_result_locale(result, EF_FIELD_TITLE), "en");
    ef_result_free(result);
    ef_catalog_free(catalog);
}

static void check_locale_directories_and_paths(const struct test_context *context) {
    char root[4096];
    make_directory(context, "spellings", root, sizeof root);
    /* Directory names in ICU and POSIX spelling are found; a non-locale directory is skipped. */
    CHECK(write_file(root, "en.lproj/Localizable.strings", "\"errors.title\" = \"Problem\";") == 0);
    CHECK(write_file(root, "pt_BR.lproj/Localizable.strings", "\"errors.title\" = \"Problema\";")
          == 0);
    CHECK(write_file(root, "not a locale!.lproj/Localizable.strings", "\"errors.title\" = \"X\";")
          == 0);
    ef_catalog *catalog = NULL;
    CHECK_STATUS(ef_catalog_open(&catalog, root, NULL, EF_CATALOG_STRICT, NULL), EF_OK);
    CHECK_INT(ef_catalog_localization_count(catalog), 2);
    CHECK_STR(ef_catalog_localization_name(catalog, 1), "pt_BR");
    size_t warnings = 0;
    for (size_t i = 0; i < ef_catalog_diagnostic_count(catalog); i++)
        warnings += ef_catalog_diagnostic_severity(catalog, i) == EF_SEVERITY_WARNING;
    CHECK_INT(warnings, 1);
    static const char *const brazil[] = {"pt-BR"};
    ef_result *result = format_error(catalog, "D", 1, brazil, 1);
    CHECK_STR(ef_result_title(result), "Problema");
    CHECK_STR(ef_result_locale(result, EF_FIELD_TITLE), "pt_BR");
    ef_result_free(result);

    /* A locale that looks like a path never reaches the file system: it is skipped. */
    static const char *const escape[] = {"../../etc", "../spellings/en", "en/../../x"};
    result = format_error(catalog, "D", 1, escape, 3);
    CHECK_STR(ef_result_title(result), "Problem");
    CHECK_STR(ef_result_locale(result, EF_FIELD_TITLE), "en");
    ef_result_free(result);
    ef_catalog_free(catalog);

    ef_error_details *err = NULL;
    catalog = SENTINEL;
    CHECK_STATUS(ef_catalog_open(&catalog, root, "../../etc", EF_CATALOG_LENIENT, &err),
                 EF_E_INVALID_LOCALE);
    CHECK(catalog == NULL);
    CHECK_DETAILS(err, EF_E_INVALID_LOCALE);
    CHECK_STATUS(ef_catalog_open(&catalog, root, NULL, 64u, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
}

void test_files(const struct test_context *context) {
    check_missing_and_not_a_directory(context);
    check_broken_table(context);
    check_locale_directories_and_paths(context);
}
