/* test_hostile_calls.c -- hostile arguments (header, "Messages", "Limits", "U+0000",
 * ef_locale_list_from_environment, ef_locale_list_from_accept_language): one-line messages
 * whatever the caller passes, every limit enforced with its documented status, nothing repaired
 * silently. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "groups.h"

/* Found by fuzz-locale: ICU 72's ures_openDirect("no_NO") loops forever in a process that has
 * not opened "no" yet, so ef_locale_chain_new("no-NO") hung as a process's first locale call.
 * This group runs in a fresh process (the harness forks it from one that called nothing), and
 * this check runs first in it. */
static void check_no_call_hangs_on_icu_aliases(void) {
    alarm(60);
    static const char *const locales[] = {"no-NO", "no_NO_NY", "nb-NO"};
    for (size_t i = 0; i < sizeof locales / sizeof locales[0]; i++) {
        ef_locale_chain *chain = NULL;
        CHECK_STATUS(ef_locale_chain_new(&chain, locales[i], NULL), EF_OK);
        CHECK(ef_locale_chain_count(chain) >= 2);
        ef_locale_chain_free(chain);
    }
    alarm(0);
}

/* The finding: a newline in a caller's locale or path was copied into the details message (and,
 * found by the audit after it, a key's or domain's into rejection messages). */
static void check_messages_are_one_line(const struct test_context *context) {
    ef_catalog *catalog = NULL;
    ef_error_details *err = NULL;
    CHECK_STATUS(ef_catalog_open(&catalog, context->example_catalog, "en\nFORGED: line", EF_CATALOG_LENIENT, &err),
                 EF_E_INVALID_LOCALE);
    CHECK(strchr(ef_error_details_message(err), '\n') == NULL);
    CHECK(strstr(ef_error_details_message(err), "en\\nFORGED") != NULL);
    ef_error_details_free(err);

    char missing[4096];
    snprintf(missing, sizeof missing, "%s/no\nsuch\x1b[31m", context->scratch);
    CHECK_STATUS(ef_catalog_open(&catalog, missing, NULL, EF_CATALOG_LENIENT, &err), EF_E_NOT_FOUND);
    CHECK(strchr(ef_error_details_message(err), '\n') == NULL);
    CHECK(strchr(ef_error_details_message(err), '\x1b') == NULL);
    CHECK(strchr(ef_error_details_file(err), '\n') == NULL);
    ef_error_details_free(err);

    /* Rejection messages name the key, which comes from the caller (a domain is part of it):
     * "errors.D\nX.1.title in en/Localizable: ..." must stay one line. */
    static const char table[] = "\"a\\nb\" = \"%@ and %@\";\n\"errors.D\\nX.1.title\" = \"%2$@\";";
    ef_catalog_builder *builder = NULL;
    ef_catalog *catalog_of_keys = NULL;
    CHECK_STATUS(ef_catalog_builder_new(&builder, EF_CATALOG_LENIENT, NULL), EF_OK);
    CHECK_STATUS(ef_catalog_builder_add_table(builder, "en", "Localizable.strings", table, strlen(table), NULL), EF_OK);
    CHECK_STATUS(ef_catalog_builder_finish(&catalog_of_keys, builder, NULL, NULL), EF_OK);
    ef_catalog_builder_free(builder);
    static const char *const english[] = {"en"};
    ef_lookup *lookup = NULL;
    CHECK_STATUS(ef_catalog_lookup(&lookup, catalog_of_keys, NULL, "a\nb", english, 1, NULL, NULL), EF_E_KEY_NOT_FOUND);
    CHECK_INT(ef_lookup_rejection_count(lookup), 1);
    CHECK(ef_lookup_rejection(lookup, 0) != NULL && strchr(ef_lookup_rejection(lookup, 0), '\n') == NULL);
    CHECK(ef_lookup_rejection(lookup, 0) != NULL && strstr(ef_lookup_rejection(lookup, 0), "a\\nb in en") != NULL);
    ef_lookup_free(lookup);
    ef_error_info *info = NULL;
    CHECK_STATUS(ef_error_info_new(&info, "D\nX", 1, NULL), EF_OK);
    ef_result *result = NULL;
    CHECK_STATUS(ef_format(&result, catalog_of_keys, info, english, 1, NULL), EF_OK);
    CHECK_INT(ef_result_rejection_count(result, EF_FIELD_TITLE), 1);
    const char *rejection = ef_result_rejection(result, EF_FIELD_TITLE, 0);
    CHECK(rejection != NULL && strchr(rejection, '\n') == NULL);
    ef_result_free(result);
    ef_error_info_free(info);
    ef_catalog_free(catalog_of_keys);

    ef_locale_chain *chain = NULL;
    CHECK(ef_locale_chain_new(&chain, "fr\r\nX", &err) != EF_OK);
    CHECK(strchr(ef_error_details_message(err), '\n') == NULL);
    CHECK(strchr(ef_error_details_message(err), '\r') == NULL);
    ef_error_details_free(err);
}

/* The finding: the entry that ends exactly at byte 4,096 was dropped with the cut. */
static void check_accept_language_cut(void) {
    char header[4200];
    /* "fr;xxx...x,en,de": "en" ends at byte 4,096. */
    size_t filler = 4096 - strlen("fr;") - strlen(",") - strlen("en");
    strcpy(header, "fr;");
    memset(header + 3, 'x', filler);
    strcpy(header + 3 + filler, ",en,de");
    ef_locale_list *list = NULL;
    CHECK_STATUS(ef_locale_list_from_accept_language(&list, header, NULL), EF_OK);
    CHECK_INT(ef_locale_list_count(list), 2);
    CHECK_STR(ef_locale_list_entry(list, 1), "en");
    ef_locale_list_free(list);

    /* EF_MAX_ACCEPT_LANGUAGE_RANGES: the first 64 ranges are read. */
    char many[1024] = "";
    for (int i = 0; i < 70; i++)
        strcat(many, i == 0 ? "aa" : ",aa");
    strcat(many, ",zu");
    CHECK_STATUS(ef_locale_list_from_accept_language(&list, many, NULL), EF_OK);
    CHECK_INT(ef_locale_list_count(list), EF_MAX_ACCEPT_LANGUAGE_RANGES);
    ef_locale_list_free(list);
}

/* The finding: invalid UTF-8 in LANG became U+FFFD with EF_OK. Now the variable is skipped. The
 * harness runs each group in its own process, so the environment is this group's own. */
static void check_environment_is_not_repaired(void) {
    setenv("LC_ALL", "fr_FR.UTF-8\xff", 1);
    unsetenv("LC_MESSAGES");
    unsetenv("LANGUAGE");
    setenv("LANG", "de_DE.UTF-8", 1);
    ef_locale_list *list = NULL;
    CHECK_STATUS(ef_locale_list_from_environment(&list, NULL), EF_OK);
    CHECK_INT(ef_locale_list_count(list), 1);
    CHECK_STR(ef_locale_list_entry(list, 0), "de_DE.UTF-8");
    ef_locale_list_free(list);
    setenv("LANG", "\xc3\x28", 1);
    unsetenv("LC_ALL");
    CHECK_STATUS(ef_locale_list_from_environment(&list, NULL), EF_OK);
    CHECK_INT(ef_locale_list_count(list), 0);
    ef_locale_list_free(list);
}

/* A table whose value holds U+0000 gives one nul-in-value warning (lenient) and fails strict. */
static void check_nul_reported(const char *locale, const char *file_name, const char *table) {
    ef_catalog_builder *builder = NULL;
    CHECK_STATUS(ef_catalog_builder_new(&builder, EF_CATALOG_LENIENT, NULL), EF_OK);
    CHECK_STATUS(ef_catalog_builder_add_table(builder, locale, file_name, table, strlen(table), NULL), EF_OK);
    ef_catalog *catalog = NULL;
    CHECK_STATUS(ef_catalog_builder_finish(&catalog, builder, NULL, NULL), EF_OK);
    size_t reported = 0;
    for (size_t i = 0; i < ef_catalog_diagnostic_count(catalog); i++)
        reported += strcmp(ef_catalog_diagnostic_code(catalog, i), "nul-in-value") == 0;
    if (reported != 1)
        fprintf(stderr, "  %s: %zu nul-in-value diagnostics\n", file_name, reported);
    CHECK_INT(reported, 1);
    ef_catalog_free(catalog);
    ef_catalog_builder_free(builder);

    ef_error_details *err = NULL;
    CHECK_STATUS(ef_catalog_builder_new(&builder, EF_CATALOG_STRICT, NULL), EF_OK);
    CHECK_STATUS(ef_catalog_builder_add_table(builder, locale, file_name, table, strlen(table), &err), EF_E_PARSE);
    CHECK_DETAILS(err, EF_E_PARSE);
    ef_catalog_builder_free(builder);
}

/* The finding: "abc\U0000def" became "abc" with no word, even in strict mode. Found by the audit
 * after its fix: a String Catalog's languages and a .stringsdict's variants were not checked. */
static void check_nul_in_values(void) {
    check_nul_reported(NULL, "Localizable.xcstrings",
                       "{\"sourceLanguage\": \"en\", \"version\": \"1.0\", \"strings\": {\"k\": {\"localizations\": "
                       "{\"fr\": {\"stringUnit\": {\"state\": \"translated\", \"value\": \"a\\u0000b\"}}}}}}");
    check_nul_reported("fr", "Localizable.stringsdict",
                       "{ k = { NSStringLocalizedFormatKey = \"%#@n@\"; n = { NSStringFormatSpecTypeKey = "
                       "NSStringPluralRuleType; NSStringFormatValueTypeKey = d; other = \"a\\U0000b %d\"; }; }; }");
    check_nul_reported("fr", "Localizable.json", "{\"k\": \"a\\u0000b\"}");

    static const char table[] = "\"k\" = \"abc\\U0000def\";";
    ef_catalog_builder *builder = NULL;
    CHECK_STATUS(ef_catalog_builder_new(&builder, EF_CATALOG_LENIENT, NULL), EF_OK);
    CHECK_STATUS(ef_catalog_builder_add_table(builder, "en", "Localizable.strings", table, strlen(table), NULL), EF_OK);
    ef_catalog *catalog = NULL;
    CHECK_STATUS(ef_catalog_builder_finish(&catalog, builder, NULL, NULL), EF_OK);
    CHECK_INT(ef_catalog_diagnostic_count(catalog), 1);
    CHECK_STR(ef_catalog_diagnostic_code(catalog, 0), "nul-in-value");
    CHECK_INT(ef_catalog_diagnostic_severity(catalog, 0), EF_SEVERITY_WARNING);
    ef_catalog_free(catalog);
    ef_catalog_builder_free(builder);

    ef_error_details *err = NULL;
    CHECK_STATUS(ef_catalog_builder_new(&builder, EF_CATALOG_STRICT, NULL), EF_OK);
    CHECK_STATUS(ef_catalog_builder_add_table(builder, "en", "Localizable.strings", table, strlen(table), &err),
                 EF_E_PARSE);
    CHECK_DETAILS(err, EF_E_PARSE);
    ef_catalog_builder_free(builder);
}

/* Past EF_MAX_PREFERENCES entries or EF_MAX_PREFERENCE_BYTES bytes, the rest of a preference list
 * is ignored, as 1.0 callers expect a long list to work (CHANGELOG, "Compatibility"); a key or
 * domain past EF_MAX_KEY_BYTES is EF_E_INVALID_ARGUMENT. */
static void check_argument_limits(const struct test_context *context) {
    ef_catalog *catalog = open_example(context);
    ef_error_info *info = NULL;
    CHECK_STATUS(ef_error_info_new(&info, "kCLErrorDomain", 0, NULL), EF_OK);
    /* EF_MAX_PREFERENCES entries no table matches, then Japanese: read, Japanese would answer. */
    const char *locales[EF_MAX_PREFERENCES + 1];
    for (size_t i = 0; i < EF_MAX_PREFERENCES; i++)
        locales[i] = "xx";
    locales[EF_MAX_PREFERENCES] = "ja";
    ef_result *result = NULL;
    ef_error_details *err = NULL;
    CHECK_STATUS(ef_format(&result, catalog, info, locales + 1, EF_MAX_PREFERENCES, NULL), EF_OK);
    CHECK_STR(ef_result_title(result), "位置情報を取得できません");
    ef_result_free(result);
    CHECK_STATUS(ef_format(&result, catalog, info, locales, EF_MAX_PREFERENCES + 1, &err), EF_OK);
    CHECK(err == NULL);
    CHECK_STR(ef_result_title(result), "Unknown Location");
    ef_result_free(result);

    /* Bytes: a malformed entry (skipped, but counted) and "ja", which fits or passes the limit
     * by one. */
    char *filler = malloc(EF_MAX_PREFERENCE_BYTES);
    memset(filler, 'a', EF_MAX_PREFERENCE_BYTES - 1);
    filler[EF_MAX_PREFERENCE_BYTES - 1] = '\0';
    const char *big[2] = {filler, "ja"};
    CHECK_STATUS(ef_format(&result, catalog, info, big, 2, NULL), EF_OK);
    CHECK_STR(ef_result_title(result), "Unknown Location");
    ef_result_free(result);
    filler[EF_MAX_PREFERENCE_BYTES - 2] = '\0';
    CHECK_STATUS(ef_format(&result, catalog, info, big, 2, NULL), EF_OK);
    CHECK_STR(ef_result_title(result), "位置情報を取得できません");
    ef_result_free(result);
    free(filler);

    char *key = malloc(EF_MAX_KEY_BYTES + 2);
    memset(key, 'k', EF_MAX_KEY_BYTES + 1);
    key[EF_MAX_KEY_BYTES + 1] = '\0';
    ef_lookup *lookup = NULL;
    CHECK_STATUS(ef_catalog_lookup(&lookup, catalog, NULL, key, locales, 1, NULL, &err), EF_E_INVALID_ARGUMENT);
    CHECK(lookup == NULL);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    ef_error_info *long_domain = NULL;
    CHECK_STATUS(ef_error_info_new(&long_domain, key, 0, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    key[EF_MAX_KEY_BYTES] = '\0';
    CHECK_STATUS(ef_catalog_lookup(&lookup, catalog, NULL, key, locales, 1, NULL, NULL), EF_E_KEY_NOT_FOUND);
    ef_lookup_free(lookup);
    free(key);
    ef_error_info_free(info);
    ef_catalog_free(catalog);
}

/* A builder's file name is a table name (EF_MAX_KEY_BYTES) and its bytes a table file
 * (EF_MAX_TABLE_FILE_BYTES): past either, EF_E_INVALID_ARGUMENT, before anything is copied. A NULL
 * entry of a preference list is EF_E_INVALID_ARGUMENT, never skipped or read. */
static void check_builder_and_preference_limits(const struct test_context *context) {
    ef_catalog_builder *builder = NULL;
    ef_error_details *err = NULL;
    CHECK_STATUS(ef_catalog_builder_new(&builder, EF_CATALOG_LENIENT, NULL), EF_OK);
    char *name = malloc(EF_MAX_KEY_BYTES + 2);
    memset(name, 'T', EF_MAX_KEY_BYTES + 1);
    strcpy(name + EF_MAX_KEY_BYTES + 1 - strlen(".strings"), ".strings");
    CHECK_STATUS(ef_catalog_builder_add_table(builder, "en", name, "", 0, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    free(name);
    size_t too_long = (size_t)EF_MAX_TABLE_FILE_BYTES + 1;
    char *bytes = calloc(too_long, 1);
    CHECK(bytes != NULL);
    CHECK_STATUS(ef_catalog_builder_add_table(builder, "en", "Localizable.strings", bytes, too_long, &err),
                 EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    free(bytes);
    ef_catalog_builder_free(builder);

    ef_catalog *catalog = open_example(context);
    ef_error_info *info = NULL;
    CHECK_STATUS(ef_error_info_new(&info, "kCLErrorDomain", 0, NULL), EF_OK);
    const char *locales[] = {"fr", NULL, "en"};
    ef_result *result = SENTINEL;
    CHECK_STATUS(ef_format(&result, catalog, info, locales, 3, &err), EF_E_INVALID_ARGUMENT);
    CHECK(result == NULL);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    ef_error_info_free(info);
    ef_catalog_free(catalog);
}

/* A cache must not keep whatever it is asked about: the table-name cache would keep every name a
 * builder or a String Catalog offers as a locale, however long. A name longer than a locale ID is
 * answered without the cache, so 3,000 names of 40,000 bytes leave the process as it was. */
static void check_caches_keep_no_long_names(void) {
    enum { names = 3000, length = 40000 };
    ef_catalog_builder *builder = NULL;
    CHECK_STATUS(ef_catalog_builder_new(&builder, EF_CATALOG_LENIENT, NULL), EF_OK);
    char *locale = malloc(length + 1);
    memset(locale, 'a', length);
    locale[length] = '\0';
    long before = resident_kib();
    for (int i = 0; i < names; i++) {
        char distinct[16];
        int written = snprintf(distinct, sizeof distinct, "%08x", (unsigned)i);
        memcpy(locale, distinct, (size_t)written);
        CHECK_STATUS(ef_catalog_builder_add_table(builder, locale, "Localizable.strings", "", 0, NULL),
                     EF_E_INVALID_LOCALE);
    }
    long grown = resident_kib() - before;
    if (grown >= 32 * 1024)
        fprintf(stderr, "  resident memory grew by %ld KiB over %d rejected locale names\n", grown, names);
    CHECK(grown < 32 * 1024);
    free(locale);
    ef_catalog_builder_free(builder);
}

void test_hostile_calls(const struct test_context *context) {
    check_no_call_hangs_on_icu_aliases();
    check_messages_are_one_line(context);
    check_accept_language_cut();
    check_environment_is_not_repaired();
    check_nul_in_values();
    check_argument_limits(context);
    check_builder_and_preference_limits(context);
    check_caches_keep_no_long_names();
}
