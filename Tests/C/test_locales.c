/* test_locales.c -- ef_locale_normalize() and ef_locale_chain_*(). */
#include <stdio.h>

#include "groups.h"

static void check_normalize(const char *locale, const char *expected, int32_t untranslated) {
    char *normalized = SENTINEL;
    int32_t flag = -1;
    CHECK_STATUS(ef_locale_normalize(&normalized, &flag, locale, NULL), EF_OK);
    if (normalized == SENTINEL)
        return;
    CHECK_STR(normalized, expected);
    CHECK_INT(flag, untranslated);
    ef_string_free(normalized);
}

static void check_chain(const char *locale, const char *normalized, const char *const *ids,
                        const int32_t *kinds, size_t count) {
    ef_locale_chain *chain = NULL;
    CHECK_STATUS(ef_locale_chain_new(&chain, locale, NULL), EF_OK);
    CHECK_STR(ef_locale_chain_normalized(chain), normalized);
    CHECK_INT(ef_locale_chain_untranslated(chain), 0);
    CHECK_INT(ef_locale_chain_count(chain), count);
    for (size_t i = 0; i < count; i++) {
        CHECK_STR(ef_locale_chain_id(chain, i), ids[i]);
        CHECK_INT(ef_locale_chain_kind(chain, i), kinds[i]);
    }
    CHECK_STR(ef_locale_chain_id(chain, count), NULL);
    CHECK_INT(ef_locale_chain_kind(chain, count), -1);
    CHECK_INT(ef_locale_chain_kind(chain, SIZE_MAX), -1);
    ef_locale_chain_free(chain);
}

void test_locales(const struct test_context *context) {
    (void)context;
    check_normalize("fr-CA", "fr_CA", 0);
    check_normalize("zh-Hant-TW", "zh_Hant_TW", 0);
    check_normalize("zh_Hant_TW", "zh_Hant_TW", 0);
    check_normalize("es-419", "es_419", 0);
    check_normalize("en_US.UTF-8", "en_US", 0);
    check_normalize("und", "", 0);
    check_normalize("root", "", 0);
    check_normalize("C", "", 1);
    check_normalize("POSIX", "", 1);

    static const char *const es_mx[] = {"es_MX", "es_419", "es"};
    static const int32_t bundles[] = {EF_CHAIN_BUNDLE, EF_CHAIN_BUNDLE, EF_CHAIN_BUNDLE};
    check_chain("es-MX", "es_MX", es_mx, bundles, 3);
    static const char *const zh_tw[] = {"zh_TW", "zh_Hant_TW", "zh_Hant"};
    static const int32_t alias_first[] = {EF_CHAIN_ALIAS, EF_CHAIN_BUNDLE, EF_CHAIN_BUNDLE};
    check_chain("zh-TW", "zh_TW", zh_tw, alias_first, 3);

    ef_locale_chain *chain = NULL;
    CHECK_STATUS(ef_locale_chain_new(&chain, "C", NULL), EF_OK);
    CHECK_INT(ef_locale_chain_untranslated(chain), 1);
    CHECK_INT(ef_locale_chain_count(chain), 0);
    CHECK_STR(ef_locale_chain_normalized(chain), "");
    ef_locale_chain_free(chain);

    /* Malformed identifiers: path-like, non-ASCII, with spaces or control characters, too long. */
    static const char *const malformed[] = {
        "../../etc", "..", "../fr", "./fr", "fr/CA", "fr\xc3\xa9", "fr CA", "en\n",
        "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
        "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    };
    for (size_t i = 0; i < sizeof malformed / sizeof malformed[0]; i++) {
        char *normalized = SENTINEL;
        ef_error_details *err = NULL;
        ef_status status = ef_locale_normalize(&normalized, NULL, malformed[i], &err);
        CHECK_STATUS(status, EF_E_INVALID_LOCALE);
        if (status == EF_OK) {
            fprintf(stderr, "  ef_locale_normalize(\"%s\") gave \"%s\"\n", malformed[i], normalized);
            ef_string_free(normalized);
            normalized = NULL;
        }
        CHECK(normalized == NULL);
        CHECK_DETAILS(err, EF_E_INVALID_LOCALE);
        chain = SENTINEL;
        status = ef_locale_chain_new(&chain, malformed[i], &err);
        CHECK_STATUS(status, EF_E_INVALID_LOCALE);
        if (status == EF_OK) {
            ef_locale_chain_free(chain);
            chain = NULL;
        }
        CHECK(chain == NULL);
        CHECK_DETAILS(err, EF_E_INVALID_LOCALE);
    }
}
