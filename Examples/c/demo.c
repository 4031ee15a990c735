/*
 * demo.c -- formats the example catalog's errors through the C API of liberrorformatter.
 *
 * usage: demo <catalog directory>          (Examples/CoreLocation)
 *
 * Prints one record per (preferred-locale list, error) in the line format of Examples/README.md,
 * identical to Examples/python/demo.py's, so the two (and the CLI) can be diffed.
 */
#include <stdio.h>
#include <string.h>

#include "errorformatter.h"

struct demo_error {
    const char *domain;
    int64_t code;
};

/* The same cases, in the same order, as Examples/python/demo.py. */
static const char *const locale_lists[][2] = {
    {"en", NULL}, {"fr-CA", NULL}, {"es-MX", NULL}, {"zh-TW", NULL},
    {"ja", NULL}, {"de-AT", NULL}, {"pt-BR", "es-MX"},
};
static const struct demo_error errors[] = {
    {"kCLErrorDomain", 0},  {"kCLErrorDomain", 2}, {"kCLErrorDomain", 8},
    {"kCLErrorDomain", 9},  {"kCLErrorDomain", 42}, {"NSURLErrorDomain", -1009},
};
static const char *const field_names[] = {"title", "message", "button"};

/* Writes `text` with \, TAB, LF and CR escaped, so that one record's lines never split. */
static void put_escaped(const char *text) {
    for (const char *c = text; *c != '\0'; c++) {
        switch (*c) {
        case '\\': fputs("\\\\", stdout); break;
        case '\t': fputs("\\t", stdout); break;
        case '\n': fputs("\\n", stdout); break;
        case '\r': fputs("\\r", stdout); break;
        default: putchar(*c);
        }
    }
}

/* A provenance value: NULL (no key rule) is "-", the unlocalized tables' "" is "(unlocalized)". */
static void put_origin(const char *label, const char *value, int is_locale) {
    printf("\t%s=", label);
    if (value == NULL)
        fputs("-", stdout);
    else if (is_locale && value[0] == '\0')
        fputs("(unlocalized)", stdout);
    else
        put_escaped(value);
}

static void print_record(const char *const *locales, size_t locale_count,
                         const struct demo_error *error, const ef_result *result) {
    for (size_t i = 0; i < locale_count; i++)
        printf("%s%s", i > 0 ? "," : "", locales[i]);
    printf("\t%s\t%lld\ttitle=", error->domain, (long long)error->code);
    put_escaped(ef_result_title(result));
    fputs("\tmessage=", stdout);
    put_escaped(ef_result_message(result));
    fputs("\tbutton=", stdout);
    put_escaped(ef_result_button(result));
    putchar('\n');
    for (int32_t field = EF_FIELD_TITLE; field <= EF_FIELD_BUTTON; field++) {
        printf("\t%s", field_names[field]);
        put_origin("rule", ef_result_rule(result, field), 0);
        put_origin("key", ef_result_key(result, field), 0);
        put_origin("locale", ef_result_locale(result, field), 1);
        put_origin("table", ef_result_table(result, field), 0);
        putchar('\n');
    }
    fputs("\tstack\t", stdout);
    for (size_t i = 0; i < ef_result_stack_count(result); i++) {
        const char *entry = ef_result_stack_entry(result, i);
        printf("%s", i > 0 ? "," : "");
        put_escaped(entry[0] == '\0' ? "(unlocalized)" : entry);
    }
    putchar('\n');
}

static void print_diagnostics(const ef_catalog *catalog) {
    static const char *const severities[] = {"error", "warning", "note"};
    for (size_t i = 0; i < ef_catalog_diagnostic_count(catalog); i++) {
        int32_t severity = ef_catalog_diagnostic_severity(catalog, i);
        const char *file = ef_catalog_diagnostic_file(catalog, i);
        fprintf(stderr, "%s:%d:%d: %s: %s [%s]\n", file != NULL ? file : "(catalog)",
                (int)ef_catalog_diagnostic_line(catalog, i),
                (int)ef_catalog_diagnostic_column(catalog, i),
                severity >= 0 && severity <= 2 ? severities[severity] : "unknown",
                ef_catalog_diagnostic_message(catalog, i), ef_catalog_diagnostic_code(catalog, i));
    }
}

/* Prints a failure from its details (or its status alone) and frees the details. */
static int report_failure(const char *what, ef_status status, ef_error_details *details) {
    const char *file = ef_error_details_file(details);
    fprintf(stderr, "demo: %s: %s%s%s (%s)\n", what, file != NULL ? file : "",
            file != NULL ? ": " : "",
            details != NULL ? ef_error_details_message(details) : ef_status_string(status),
            ef_status_name(status));
    ef_error_details_free(details);
    return 1;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s <catalog directory>\n", argv[0]);
        return 2;
    }
    if (ef_version_number() / 10000 != EF_VERSION_MAJOR) {
        fprintf(stderr, "demo: built for ABI %d, loaded liberrorformatter %s\n", EF_VERSION_MAJOR,
                ef_version_string());
        return 1;
    }
    ef_catalog *catalog = NULL;
    ef_error_details *details = NULL;
    ef_status status = ef_catalog_open(&catalog, argv[1], "en", EF_CATALOG_LENIENT, &details);
    if (status != EF_OK)
        return report_failure("cannot open the catalog", status, details);
    print_diagnostics(catalog);

    int failed = 0;
    for (size_t l = 0; l < sizeof locale_lists / sizeof locale_lists[0] && !failed; l++) {
        const char *const *locales = locale_lists[l];
        size_t locale_count = locales[1] != NULL ? 2 : 1;
        for (size_t e = 0; e < sizeof errors / sizeof errors[0] && !failed; e++) {
            ef_error_info *info = NULL;
            ef_result *result = NULL;
            status = ef_error_info_new(&info, errors[e].domain, errors[e].code, &details);
            if (status == EF_OK)
                status = ef_format(&result, catalog, info, locales, locale_count, &details);
            if (status == EF_OK)
                print_record(locales, locale_count, &errors[e], result);
            else
                failed = report_failure("cannot format", status, details);
            ef_result_free(result);
            ef_error_info_free(info);
        }
    }
    ef_catalog_free(catalog);
    return failed;
}
