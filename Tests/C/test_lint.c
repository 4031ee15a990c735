/* test_lint.c -- ef_lint_paths: findings with file, line, column and key; failures by status. */
#include <stdio.h>
#include <string.h>

#include "groups.h"

/* The index of the first finding with `code`, or -1. */
static long find_code(const ef_lint_report *report, const char *code) {
    for (size_t i = 0; i < ef_lint_diagnostic_count(report); i++) {
        const char *found = ef_lint_diagnostic_code(report, i);
        if (found != NULL && strcmp(found, code) == 0) return (long)i;
    }
    return -1;
}

static void check_findings(const struct test_context *context) {
    char root[4096];
    make_directory(context, "lint", root, sizeof root);
    CHECK(write_file(root, "en.lproj/Localizable.strings",
                     "\"hello\" = \"Hello %@\";\n\"errors.D.9.title\" = \"T\";\n") == 0);
    CHECK(write_file(root, "fr.lproj/Localizable.strings",
                     "\n  \"hello\" = \"Bonjour %d\";\n\"errors.D.9.title\" = \"Titre\";\n") == 0);

    const char *paths[] = {root};
    ef_lint_report *report = SENTINEL;
    ef_error_details *err = NULL;
    CHECK_STATUS(ef_lint_paths(&report, paths, 1, NULL, &err), EF_OK);
    CHECK(err == NULL);
    CHECK_INT(ef_lint_file_count(report), 2);

    long mismatch = find_code(report, "format-mismatch");
    CHECK(mismatch >= 0);
    CHECK_INT(ef_lint_diagnostic_severity(report, (size_t)mismatch), EF_SEVERITY_ERROR);
    CHECK(ends_with(ef_lint_diagnostic_file(report, (size_t)mismatch), "/lint/fr.lproj/Localizable.strings"));
    CHECK_INT(ef_lint_diagnostic_line(report, (size_t)mismatch), 2);
    CHECK_INT(ef_lint_diagnostic_column(report, (size_t)mismatch), 3);
    CHECK_STR(ef_lint_diagnostic_key(report, (size_t)mismatch), "hello");
    CHECK(strstr(ef_lint_diagnostic_message(report, (size_t)mismatch), "argument 1") != NULL);

    long title = find_code(report, "error-title-without-message");
    CHECK(title >= 0);
    CHECK_INT(ef_lint_diagnostic_severity(report, (size_t)title), EF_SEVERITY_WARNING);
    CHECK_INT(ef_lint_diagnostic_line(report, (size_t)title), 2);
    CHECK_STR(ef_lint_diagnostic_key(report, (size_t)title), "errors.D.9.title");

    /* Out of range and NULL reads are harmless. */
    size_t count = ef_lint_diagnostic_count(report);
    CHECK_INT(ef_lint_diagnostic_severity(report, count), -1);
    CHECK(ef_lint_diagnostic_code(report, count) == NULL);
    CHECK(ef_lint_diagnostic_key(report, count) == NULL);
    CHECK_INT(ef_lint_diagnostic_line(report, count), 0);
    CHECK_INT(ef_lint_diagnostic_count(NULL), 0);
    CHECK(ef_lint_diagnostic_message(NULL, 0) == NULL);
    ef_lint_report_free(report);
    ef_lint_report_free(NULL);

    /* A development locale with no tables is a finding, not a failure. */
    CHECK_STATUS(ef_lint_paths(&report, paths, 1, "de", &err), EF_OK);
    CHECK(find_code(report, "no-development-localization") == 0);
    ef_lint_report_free(report);
}

static void check_failures(const struct test_context *context) {
    char missing[4096];
    snprintf(missing, sizeof missing, "%s/no-such-table.strings", context->scratch);
    const char *paths[] = {missing};
    ef_lint_report *report = SENTINEL;
    ef_error_details *err = NULL;
    CHECK_STATUS(ef_lint_paths(&report, paths, 1, NULL, &err), EF_E_NOT_FOUND);
    CHECK(report == NULL);
    CHECK_STR(ef_error_details_file(err), missing);
    CHECK_DETAILS(err, EF_E_NOT_FOUND);

    CHECK_STATUS(ef_lint_paths(&report, paths, 0, NULL, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_STATUS(ef_lint_paths(&report, NULL, 1, NULL, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    const char *null_path[] = {NULL};
    CHECK_STATUS(ef_lint_paths(&report, null_path, 1, NULL, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_STATUS(ef_lint_paths(NULL, paths, 1, NULL, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    const char *invalid_utf8[] = {"\xff"};
    CHECK_STATUS(ef_lint_paths(&report, invalid_utf8, 1, NULL, &err), EF_E_INVALID_UTF8);
    CHECK_DETAILS(err, EF_E_INVALID_UTF8);
    const char *here[] = {context->scratch};
    CHECK_STATUS(ef_lint_paths(&report, here, 1, "not a locale!", &err), EF_E_INVALID_LOCALE);
    CHECK_DETAILS(err, EF_E_INVALID_LOCALE);
}

static void check_catalog(const struct test_context *context) {
    ef_catalog *catalog = open_example(context);
    if (catalog == NULL) return;
    ef_lint_report *report = SENTINEL;
    ef_error_details *err = NULL;
    CHECK_STATUS(ef_lint_catalog(&report, catalog, &err), EF_OK);
    /* The example's development table defines errors.kCLErrorDomain.8.message twice. */
    long duplicate = find_code(report, "duplicate-key");
    CHECK(duplicate >= 0);
    CHECK(ends_with(ef_lint_diagnostic_file(report, (size_t)duplicate), "en.lproj/Localizable.strings"));
    CHECK(ef_lint_diagnostic_line(report, (size_t)duplicate) > 0);
    ef_lint_report_free(report);

    report = SENTINEL;
    CHECK_STATUS(ef_lint_catalog(&report, NULL, &err), EF_E_INVALID_ARGUMENT);
    CHECK(report == NULL);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_STATUS(ef_lint_catalog(NULL, catalog, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    ef_catalog_free(catalog);
}

void test_lint(const struct test_context *context) {
    check_findings(context);
    check_failures(context);
    check_catalog(context);
}
