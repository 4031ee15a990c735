/* test_example.c -- results on Examples/CoreLocation: rules, per-key fallback, provenance. */
#include <string.h>

#include "groups.h"

#define DOMAIN "kCLErrorDomain"

/* Checks one field's provenance: rule, key, locale and table (NULLs where the rule read no key). */
static void check_provenance(const ef_result *result, int32_t field, const char *rule,
                             const char *key, const char *locale, const char *table) {
    CHECK_STR(ef_result_rule(result, field), rule);
    CHECK_STR(ef_result_key(result, field), key);
    CHECK_STR(ef_result_locale(result, field), locale);
    CHECK_STR(ef_result_table(result, field), table);
}

static void check_catalog_properties(const ef_catalog *catalog) {
    static const char *const expected[] = {"de", "en", "es", "es-419", "fr",
                                           "fr-CA", "ja", "zh-Hans", "zh-Hant"};
    size_t count = sizeof expected / sizeof expected[0];
    CHECK_INT(ef_catalog_localization_count(catalog), count);
    for (size_t i = 0; i < count; i++)
        CHECK_STR(ef_catalog_localization_name(catalog, i), expected[i]);
    CHECK_STR(ef_catalog_development_locale(catalog), "en");

    /* The seed defines errors.kCLErrorDomain.8.message twice (lines 8 and 10): one warning at
     * the definition that wins; a note may point at the earlier one. */
    size_t warnings = 0;
    for (size_t i = 0; i < ef_catalog_diagnostic_count(catalog); i++) {
        const char *code = ef_catalog_diagnostic_code(catalog, i);
        if (code == NULL || strcmp(code, "duplicate-key") != 0)
            continue;
        CHECK_STR(ef_catalog_diagnostic_file(catalog, i), "en.lproj/Localizable.strings");
        const char *message = ef_catalog_diagnostic_message(catalog, i);
        CHECK(message != NULL && strstr(message, "errors.kCLErrorDomain.8.message") != NULL);
        if (ef_catalog_diagnostic_severity(catalog, i) == EF_SEVERITY_WARNING) {
            warnings++;
            CHECK_INT(ef_catalog_diagnostic_line(catalog, i), 10);
            CHECK_INT(ef_catalog_diagnostic_column(catalog, i), 1);
        } else {
            CHECK_INT(ef_catalog_diagnostic_severity(catalog, i), EF_SEVERITY_NOTE);
            CHECK_INT(ef_catalog_diagnostic_line(catalog, i), 8);
        }
    }
    CHECK_INT(warnings, 1);
}

static void check_english(const ef_catalog *catalog) {
    static const char *const en[] = {"en"};
    ef_result *result = format_error(catalog, DOMAIN, 0, en, 1);
    CHECK_STR(ef_result_title(result), "Unknown Location");
    CHECK_STR(ef_result_message(result), "Couldn't get a good reading. Long tunnel?");
    CHECK_STR(ef_result_button(result), "OK");
    check_provenance(result, EF_FIELD_TITLE, "code-key", "errors.kCLErrorDomain.0.title", "en",
                     "Localizable");
    check_provenance(result, EF_FIELD_MESSAGE, "code-key", "errors.kCLErrorDomain.0.message",
                     "en", "Localizable");
    /* The seed has no controls.ok (on iOS the original shows the key): the built-in label. */
    check_provenance(result, EF_FIELD_BUTTON, "builtin", NULL, NULL, NULL);
    CHECK(ef_result_stack_count(result) >= 1);
    CHECK_STR(ef_result_stack_entry(result, 0), "en");
    ef_result_free(result);

    /* Both definitions of code 8's message are empty, and an empty value is a real value. */
    result = format_error(catalog, DOMAIN, 8, en, 1);
    CHECK_STR(ef_result_title(result), "No results found");
    CHECK_STR(ef_result_message(result), "");
    check_provenance(result, EF_FIELD_MESSAGE, "code-key", "errors.kCLErrorDomain.8.message",
                     "en", "Localizable");
    ef_result_free(result);

    /* Code 9 has a title and no message (the duplicate was meant to be it): nothing to show. */
    result = format_error(catalog, DOMAIN, 9, en, 1);
    CHECK_STR(ef_result_title(result), "No results found");
    CHECK_STR(ef_result_message(result), "");
    check_provenance(result, EF_FIELD_MESSAGE, "empty", NULL, NULL, NULL);
    ef_result_free(result);

    /* No locales at all means the development locale. */
    result = format_error(catalog, DOMAIN, 2, NULL, 0);
    CHECK_STR(ef_result_title(result), "No Internet");
    ef_result_free(result);

    /* An unknown code: the seed has no domain keys and no errors.message. */
    result = format_error(catalog, DOMAIN, 42, en, 1);
    CHECK_STR(ef_result_title(result), "Error");
    check_provenance(result, EF_FIELD_TITLE, "generic-key", "errors.title", "en", "Localizable");
    CHECK_STR(ef_result_message(result), "");
    check_provenance(result, EF_FIELD_MESSAGE, "empty", NULL, NULL, NULL);
    ef_result_free(result);

    /* A foreign domain, negative code: generic keys. */
    result = format_error(catalog, "NSURLErrorDomain", -1009, en, 1);
    CHECK_STR(ef_result_title(result), "Error");
    check_provenance(result, EF_FIELD_TITLE, "generic-key", "errors.title", "en", "Localizable");
    CHECK_STR(ef_result_message(result), "");
    ef_result_free(result);
}

static void check_canadian_french(const ef_catalog *catalog) {
    static const char *const fr_ca[] = {"fr-CA"};
    ef_result *result = format_error(catalog, DOMAIN, 0, fr_ca, 1);
    CHECK_STR(ef_result_title(result), "Emplacement inconnu");
    CHECK_STR(ef_result_locale(result, EF_FIELD_TITLE), "fr-CA");
    CHECK_STR(ef_result_message(result), "Impossible d’obtenir une bonne lecture. Un long tunnel?");
    CHECK_STR(ef_result_button(result), "OK");
    CHECK_STR(ef_result_rule(result, EF_FIELD_BUTTON), "builtin");
    CHECK(ef_result_stack_count(result) >= 3);
    CHECK_STR(ef_result_stack_entry(result, 0), "fr-CA");
    CHECK_STR(ef_result_stack_entry(result, 1), "fr");
    ef_result_free(result);

    /* fr-CA has only code 2's message: the title comes from fr, key by key. */
    result = format_error(catalog, DOMAIN, 2, fr_ca, 1);
    CHECK_STR(ef_result_title(result), "Pas d’Internet");
    check_provenance(result, EF_FIELD_TITLE, "code-key", "errors.kCLErrorDomain.2.title", "fr",
                     "Localizable");
    CHECK_STR(ef_result_message(result), "Internet n’est pas accessible ou une erreur est survenue.");
    CHECK_STR(ef_result_locale(result, EF_FIELD_MESSAGE), "fr-CA");
    ef_result_free(result);

    result = format_error(catalog, DOMAIN, 42, fr_ca, 1);
    CHECK_STR(ef_result_title(result), "Erreur");
    check_provenance(result, EF_FIELD_TITLE, "generic-key", "errors.title", "fr", "Localizable");
    CHECK_STR(ef_result_message(result), "");
    ef_result_free(result);
}

static void check_other_languages(const ef_catalog *catalog) {
    static const char *const es_mx[] = {"es-MX"};
    ef_result *result = format_error(catalog, DOMAIN, 0, es_mx, 1);
    CHECK_STR(ef_result_stack_entry(result, 0), "es-419");
    CHECK_STR(ef_result_stack_entry(result, 1), "es");
    CHECK_STR(ef_result_title(result), "Ubicación desconocida");
    CHECK_STR(ef_result_locale(result, EF_FIELD_TITLE), "es");
    CHECK_STR(ef_result_message(result), "No se pudo obtener una lectura confiable. ¿Un túnel largo?");
    CHECK_STR(ef_result_locale(result, EF_FIELD_MESSAGE), "es-419");
    CHECK_STR(ef_result_button(result), "OK");
    ef_result_free(result);

    static const char *const zh_tw[] = {"zh-TW"};
    result = format_error(catalog, DOMAIN, 2, zh_tw, 1);
    CHECK_STR(ef_result_title(result), "無法連上網際網路");
    CHECK_STR(ef_result_locale(result, EF_FIELD_TITLE), "zh-Hant");
    for (size_t i = 0; i < ef_result_stack_count(result); i++)
        CHECK(strcmp(ef_result_stack_entry(result, i), "zh-Hans") != 0);
    ef_result_free(result);

    static const char *const ja[] = {"ja"};
    result = format_error(catalog, DOMAIN, 8, ja, 1);
    CHECK_STR(ef_result_title(result), "結果が見つかりません");
    CHECK_STR(ef_result_locale(result, EF_FIELD_TITLE), "ja");
    ef_result_free(result);

    static const char *const de_at[] = {"de-AT"};
    result = format_error(catalog, DOMAIN, 2, de_at, 1);
    CHECK_STR(ef_result_title(result), "Kein Internet");
    CHECK_STR(ef_result_locale(result, EF_FIELD_TITLE), "de");
    ef_result_free(result);

    /* The first preference that has a table wins; malformed entries are skipped. */
    static const char *const preferences[] = {"../../etc", "sv-SE", "ja", "fr"};
    result = format_error(catalog, DOMAIN, 0, preferences, 4);
    CHECK_STR(ef_result_title(result), "位置情報を取得できません");
    ef_result_free(result);
}

void test_example_catalog(const struct test_context *context) {
    ef_catalog *catalog = open_example(context);
    if (catalog == NULL)
        return;
    check_catalog_properties(catalog);
    check_english(catalog);
    check_canadian_french(catalog);
    check_other_languages(catalog);

    /* Success leaves *err NULL, even when it held garbage before. */
    ef_error_details *err = SENTINEL;
    ef_catalog *again = SENTINEL;
    CHECK_STATUS(ef_catalog_open(&again, context->example_catalog, "en", EF_CATALOG_STRICT, &err),
                 EF_OK);
    CHECK(err == NULL);
    CHECK(again != NULL && again != SENTINEL);
    ef_catalog_free(again == SENTINEL ? NULL : again);

    ef_error_info *info = SENTINEL;
    err = SENTINEL;
    CHECK_STATUS(ef_error_info_new(&info, DOMAIN, 0, &err), EF_OK);
    CHECK(err == NULL);
    err = SENTINEL;
    CHECK_STATUS(ef_error_info_set_description(info, "text", &err), EF_OK);
    CHECK(err == NULL);
    ef_result *result = SENTINEL;
    err = SENTINEL;
    CHECK_STATUS(ef_format(&result, catalog, info, NULL, 0, &err), EF_OK);
    CHECK(err == NULL);
    ef_result_free(result == SENTINEL ? NULL : result);
    ef_error_info_free(info == SENTINEL ? NULL : info);

    char *normalized = SENTINEL;
    err = SENTINEL;
    CHECK_STATUS(ef_locale_normalize(&normalized, NULL, "fr-CA", &err), EF_OK);
    CHECK(err == NULL);
    ef_string_free(normalized == SENTINEL ? NULL : normalized);

    ef_catalog_free(catalog);
}
