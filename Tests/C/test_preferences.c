/* test_preferences.c -- ef_locale_list_*: preferences from the environment (gettext's
 * precedence) and from Accept-Language, and their use with ef_format. Runs in its own forked
 * child (harness), so changing the environment here affects no other group. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>

#include "groups.h"

/* Reads a list made by `status` into a "a,b,c" string for comparison. */
static const char *joined(ef_locale_list *list, char *buffer, size_t size) {
    size_t used = 0;
    buffer[0] = '\0';
    for (size_t i = 0; i < ef_locale_list_count(list); i++) {
        const char *entry = ef_locale_list_entry(list, i);
        for (const char *c = (i ? "," : ""); *c && used + 1 < size; c++) buffer[used++] = *c;
        for (const char *c = entry; c && *c && used + 1 < size; c++) buffer[used++] = *c;
        buffer[used] = '\0';
    }
    return buffer;
}

static void check_environment(const char *lc_all, const char *lang, const char *language,
                              const char *expected, const char *file, int line) {
    unsetenv("LC_ALL");
    unsetenv("LC_MESSAGES");
    unsetenv("LANG");
    unsetenv("LANGUAGE");
    if (lc_all) setenv("LC_ALL", lc_all, 1);
    if (lang) setenv("LANG", lang, 1);
    if (language) setenv("LANGUAGE", language, 1);
    ef_locale_list *list = SENTINEL;
    ef_error_details *err = SENTINEL;
    check_status(ef_locale_list_from_environment(&list, &err), EF_OK, "from_environment", file, line);
    check_true(err == NULL, "err cleared on success", file, line);
    char buffer[256];
    check_string(joined(list, buffer, sizeof buffer), expected, "preferences", file, line);
    ef_locale_list_free(list);
}

#define CHECK_ENVIRONMENT(lc_all, lang, language, expected) \
    check_environment(lc_all, lang, language, expected, __FILE__, __LINE__)

void test_preferences(const struct test_context *context) {
    CHECK_ENVIRONMENT(NULL, NULL, NULL, "");
    CHECK_ENVIRONMENT(NULL, "fr_CA.UTF-8", NULL, "fr_CA.UTF-8");
    CHECK_ENVIRONMENT(NULL, "fr_CA.UTF-8", "es_MX:es", "es_MX,es");
    CHECK_ENVIRONMENT("de_AT.UTF-8", "fr_CA.UTF-8", NULL, "de_AT.UTF-8");
    CHECK_ENVIRONMENT("C", "fr_CA.UTF-8", "es", "C");       /* C disables LANGUAGE (gettext) */
    CHECK_ENVIRONMENT(NULL, "POSIX", "es", "C");

    ef_locale_list *list = NULL;
    char buffer[256];
    CHECK_STATUS(ef_locale_list_from_accept_language(&list, "en;q=0.5, zh-TW, *, de;q=0, ja;q=0.9", NULL),
                 EF_OK);
    CHECK_STR(joined(list, buffer, sizeof buffer), "zh-TW,ja,en");
    CHECK_STR(ef_locale_list_entry(list, 3), NULL);
    CHECK_STR(ef_locale_list_entry(list, SIZE_MAX), NULL);

    /* The list feeds ef_format directly: zh-TW finds the Traditional Chinese table. */
    const char *preferences[8];
    size_t count = ef_locale_list_count(list);
    for (size_t i = 0; i < count && i < 8; i++) preferences[i] = ef_locale_list_entry(list, i);
    ef_catalog *catalog = open_example(context);
    ef_result *result = format_error(catalog, "kCLErrorDomain", 0, preferences, count);
    CHECK_STR(ef_result_locale(result, EF_FIELD_TITLE), "zh-Hant");
    ef_result_free(result);
    ef_catalog_free(catalog);
    ef_locale_list_free(list);

    CHECK_STATUS(ef_locale_list_from_accept_language(&list, "", NULL), EF_OK);
    CHECK_INT(ef_locale_list_count(list), 0);
    ef_locale_list_free(list);
}
