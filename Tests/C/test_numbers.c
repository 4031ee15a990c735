/* test_numbers.c -- localized numbers and pseudo-locales (since 1.3): the catalog flags
 * EF_CATALOG_LOCALIZED_NUMBERS and EF_CATALOG_PSEUDO_LOCALES, an error's own choice
 * (ef_error_info_set_number_style), the packed request's `N` part, and that what a catalog
 * remembers for one choice never answers another. The digits themselves are checked against
 * Foundation by the Swift suite (Tests/NumberOracle). */
#include <string.h>

#include "groups.h"

static const char english[] =
    "\"errors.Sync.1.title\" = \"%lld files\";\n"
    "\"errors.Sync.2.title\" = \"Sync failed\";\n";
static const char german[] =
    "\"errors.Sync.1.title\" = \"%lld Dateien\";\n"
    "\"errors.Sync.2.title\" = \"Synchronisierung fehlgeschlagen\";\n";

static ef_catalog *make_catalog(uint32_t flags) {
    ef_catalog_builder *builder = NULL;
    ef_catalog *catalog = NULL;
    CHECK_STATUS(ef_catalog_builder_new(&builder, flags, NULL), EF_OK);
    CHECK_STATUS(ef_catalog_builder_add_table(builder, "en", "Localizable.strings", english,
                                              sizeof english - 1, NULL), EF_OK);
    CHECK_STATUS(ef_catalog_builder_add_table(builder, "de", "Localizable.strings", german,
                                              sizeof german - 1, NULL), EF_OK);
    CHECK_STATUS(ef_catalog_builder_finish(&catalog, builder, "en", NULL), EF_OK);
    ef_catalog_builder_free(builder);
    return catalog;
}

/* Checks the title of errors.Sync.1 with the argument 1234567, for `locale` and `style` (-1:
 * never set), against `expected`. */
static void check_title(const ef_catalog *catalog, const char *locale, int32_t style, const char *expected) {
    ef_error_info *info = NULL;
    CHECK_STATUS(ef_error_info_new(&info, "Sync", 1, NULL), EF_OK);
    CHECK_STATUS(ef_error_info_add_int64(info, 1234567, NULL), EF_OK);
    if (style >= 0)
        CHECK_STATUS(ef_error_info_set_number_style(info, style, NULL), EF_OK);
    const char *locales[] = {locale};
    ef_result *result = NULL;
    CHECK_STATUS(ef_format(&result, catalog, info, locales, 1, NULL), EF_OK);
    CHECK_STR(ef_result_title(result), expected);
    ef_result_free(result);
    ef_error_info_free(info);
}

/* Off by default; the flag localizes every call; each call may choose for itself. Each check
 * runs three times on one catalog: the first takes the full road, the later ones what the
 * catalog remembered, which must not cross choices. */
static void check_styles(void) {
    ef_catalog *plain = make_catalog(EF_CATALOG_LENIENT);
    ef_catalog *localized = make_catalog(EF_CATALOG_STRICT | EF_CATALOG_LOCALIZED_NUMBERS);
    for (int round = 0; round < 3; round++) {
        check_title(plain, "de", -1, "1234567 Dateien");
        check_title(plain, "de", EF_NUMBERS_CATALOG, "1234567 Dateien");
        check_title(plain, "de", EF_NUMBERS_LOCALIZED, "1.234.567 Dateien");
        check_title(plain, "de", EF_NUMBERS_C_LOCALE, "1234567 Dateien");
        check_title(localized, "de", -1, "1.234.567 Dateien");
        check_title(localized, "en", EF_NUMBERS_CATALOG, "1,234,567 files");
        check_title(localized, "de", EF_NUMBERS_C_LOCALE, "1234567 Dateien");
        check_title(localized, "de", EF_NUMBERS_LOCALIZED, "1.234.567 Dateien");
    }

    /* One error info whose choice changes between calls. */
    ef_error_info *info = NULL;
    CHECK_STATUS(ef_error_info_new(&info, "Sync", 1, NULL), EF_OK);
    CHECK_STATUS(ef_error_info_add_int64(info, -1234567, NULL), EF_OK);
    static const char *const de[] = {"de"};
    const int32_t styles[] = {EF_NUMBERS_LOCALIZED, EF_NUMBERS_CATALOG, EF_NUMBERS_LOCALIZED, EF_NUMBERS_C_LOCALE};
    const char *const expected[] = {"-1.234.567 Dateien", "-1234567 Dateien", "-1.234.567 Dateien",
                                    "-1234567 Dateien"};
    for (size_t i = 0; i < sizeof styles / sizeof styles[0]; i++) {
        CHECK_STATUS(ef_error_info_set_number_style(info, styles[i], NULL), EF_OK);
        ef_result *result = NULL;
        CHECK_STATUS(ef_format(&result, plain, info, de, 1, NULL), EF_OK);
        CHECK_STR(ef_result_title(result), expected[i]);
        ef_result_free(result);
    }

    /* A style the header does not name, and a NULL info, are refused; the error is unchanged. */
    ef_error_details *err = NULL;
    CHECK_STATUS(ef_error_info_set_number_style(info, 3, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_STATUS(ef_error_info_set_number_style(info, -1, NULL), EF_E_INVALID_ARGUMENT);
    CHECK_STATUS(ef_error_info_set_number_style(NULL, EF_NUMBERS_LOCALIZED, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    ef_result *result = NULL;
    CHECK_STATUS(ef_format(&result, plain, info, de, 1, NULL), EF_OK);
    CHECK_STR(ef_result_title(result), "-1234567 Dateien");
    ef_result_free(result);
    ef_error_info_free(info);
    ef_catalog_free(localized);
    ef_catalog_free(plain);
}

/* Whether `needle` is among the first `length` bytes of `haystack`. */
static int contains(const char *haystack, size_t length, const char *needle) {
    size_t needle_length = strlen(needle);
    for (size_t i = 0; i + needle_length <= length; i++)
        if (memcmp(haystack + i, needle, needle_length) == 0)
            return 1;
    return 0;
}

/* ef_format_packed_reusable's title for the request `request` (of `length` bytes) in German. */
static void check_packed(const ef_catalog *catalog, const char *request, size_t length, const char *expected) {
    static char buffer[4096];
    static const char *const de[] = {"de"};
    size_t out_length = 0;
    int32_t reusable = 7;
    CHECK_STATUS(ef_format_packed_reusable(&out_length, buffer, sizeof buffer, &reusable, catalog, request, length,
                                           de, 1, NULL), EF_OK);
    CHECK(out_length > 0 && out_length <= sizeof buffer);
    CHECK(contains(buffer, out_length, expected));
    CHECK_INT(reusable, 0);
}

/* The packed request's `N` part: after the texts, before the arguments; `c` or `l`. */
static void check_packed_request(void) {
    ef_catalog *plain = make_catalog(EF_CATALOG_LENIENT);
    /* "Sync\0" "1\0" then 'i' 1234567 little-endian. */
    static const char argument[] = {'i', (char)0x87, (char)0xD6, 0x12, 0, 0, 0, 0, 0};
    char request[64];
    size_t head = 7;
    memcpy(request, "Sync\0" "1\0", head);
    memcpy(request + head, argument, sizeof argument);
    for (int round = 0; round < 3; round++) {
        check_packed(plain, request, head + sizeof argument, "1234567 Dateien");
        memcpy(request + head, "Nl\0", 3);
        memcpy(request + head + 3, argument, sizeof argument);
        check_packed(plain, request, head + 3 + sizeof argument, "1.234.567 Dateien");
        memcpy(request + head, "Nc\0", 3);
        check_packed(plain, request, head + 3 + sizeof argument, "1234567 Dateien");
        memcpy(request + head, argument, sizeof argument);
    }
    /* With a table before it: T, then N. */
    memcpy(request + head, "TLocalizable\0Nl\0", 16);
    memcpy(request + head + 16, argument, sizeof argument);
    check_packed(plain, request, head + 16 + sizeof argument, "1.234.567 Dateien");

    /* Refused: another style, a cut part, N twice, N before a text. */
    static const struct {
        const char *bytes;
        size_t length;
    } refused[] = {
        {"Sync\0" "1\0" "Nx\0", 10}, {"Sync\0" "1\0" "N\0", 9}, {"Sync\0" "1\0" "Nll\0", 11},
        {"Sync\0" "1\0" "Nl", 9}, {"Sync\0" "1\0" "Nl\0Nc\0", 13}, {"Sync\0" "1\0" "Nl\0TLocalizable\0", 23},
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        size_t out_length = 99;
        int32_t reusable = 7;
        ef_error_details *err = NULL;
        static const char *const de[] = {"de"};
        CHECK_STATUS(ef_format_packed_reusable(&out_length, NULL, 0, &reusable, plain, refused[i].bytes,
                                               refused[i].length, de, 1, &err), EF_E_INVALID_ARGUMENT);
        CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
        CHECK_INT(out_length, 0);
    }
    ef_catalog_free(plain);
}

/* Pseudo-locales: served only with the flag, only by name, never listed. */
static void check_pseudo_locales(const struct test_context *context) {
    ef_catalog *plain = make_catalog(EF_CATALOG_LENIENT);
    ef_catalog *pseudo = make_catalog(EF_CATALOG_PSEUDO_LOCALES);
    static const char *const accented[] = {"en-XA"};
    ef_result *result = format_error(pseudo, "Sync", 2, accented, 1);
    const char *title = result == NULL ? NULL : ef_result_title(result);
    CHECK(title != NULL && title[0] == '[' && ends_with(title, "]"));
    CHECK(title != NULL && strlen(title) > strlen("Sync failed"));
    CHECK_STR(ef_result_locale(result, EF_FIELD_TITLE), "en-XA");
    ef_result_free(result);
    /* Without the flag, en-XA is English's region: the development text as it is. */
    result = format_error(plain, "Sync", 2, accented, 1);
    CHECK_STR(result == NULL ? NULL : ef_result_title(result), "Sync failed");
    ef_result_free(result);
    /* Never reached by fallback: German asks, German answers. */
    static const char *const german_first[] = {"de-AT"};
    result = format_error(pseudo, "Sync", 2, german_first, 1);
    CHECK_STR(result == NULL ? NULL : ef_result_title(result), "Synchronisierung fehlgeschlagen");
    ef_result_free(result);
    CHECK_INT(ef_catalog_localization_count(pseudo), ef_catalog_localization_count(plain));
    ef_catalog_free(pseudo);
    ef_catalog_free(plain);

    /* ef_catalog_open takes both flags, for a directory; an unknown bit is still refused. */
    ef_catalog *opened = NULL;
    CHECK_STATUS(ef_catalog_open(&opened, context->example_catalog, NULL,
                                 EF_CATALOG_LOCALIZED_NUMBERS | EF_CATALOG_PSEUDO_LOCALES | EF_CATALOG_ON_DEMAND,
                                 NULL), EF_OK);
    ef_catalog_free(opened);
    opened = SENTINEL;
    CHECK_STATUS(ef_catalog_open(&opened, context->example_catalog, NULL, 64u, NULL), EF_E_INVALID_ARGUMENT);
    CHECK(opened == NULL);
    ef_catalog_builder *builder = NULL;
    CHECK_STATUS(ef_catalog_builder_new(&builder, 64u, NULL), EF_E_INVALID_ARGUMENT);
}

void test_numbers(const struct test_context *context) {
    check_styles();
    check_packed_request();
    check_pseudo_locales(context);
}
