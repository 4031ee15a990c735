/* test_arguments.c -- typed arguments, plural variables (.stringsdict, .xcstrings, JSON tables),
 * the fallback past strings the arguments cannot satisfy, and ef_catalog_lookup. */
#include <string.h>

#include "groups.h"

static const char english[] =
    "\"errors.Upload.1.title\" = \"Couldn't upload %1$@\";\n"
    "\"errors.Upload.1.message\" = \"%1$@ (%2$lld bytes, %3$.1f s) was not sent.\";\n";
/* A broken translation: the message asks for a fourth argument. */
static const char french[] =
    "\"errors.Upload.1.title\" = \"Échec de l’envoi de %1$@\";\n"
    "\"errors.Upload.1.message\" = \"%1$@ (%2$lld octets, %4$@) n’a pas été envoyé.\";\n";
static const char english_plurals[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><dict>"
    "<key>files</key><dict>"
    "<key>NSStringLocalizedFormatKey</key><string>%#@files@ failed</string>"
    "<key>files</key><dict>"
    "<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
    "<key>NSStringFormatValueTypeKey</key><string>lld</string>"
    "<key>zero</key><string>No file</string>"
    "<key>one</key><string>One file</string>"
    "<key>other</key><string>%lld files</string>"
    "</dict></dict></dict></plist>";
/* Russian in a JSON table: 1 one, 3 few, 5 many (CLDR). */
static const char russian_json[] =
    "{\"files\": {\"one\": \"%lld файл\", \"few\": \"%lld файла\", \"many\": \"%lld файлов\","
    " \"other\": \"%lld файла\"}}";
static const char string_catalog[] =
    "{\"sourceLanguage\": \"en\", \"strings\": {\"Hello %@\": {\"localizations\": {"
    "\"de\": {\"stringUnit\": {\"state\": \"translated\", \"value\": \"Hallo %@\"}}}}}}";

static ef_catalog *make_catalog(void) {
    ef_catalog_builder *builder = NULL;
    ef_catalog *catalog = NULL;
    CHECK_STATUS(ef_catalog_builder_new(&builder, EF_CATALOG_STRICT, NULL), EF_OK);
    CHECK_STATUS(ef_catalog_builder_add_table(builder, "en", "Localizable.strings", english,
                                              sizeof english - 1, NULL), EF_OK);
    CHECK_STATUS(ef_catalog_builder_add_table(builder, "fr", "Localizable.strings", french,
                                              sizeof french - 1, NULL), EF_OK);
    CHECK_STATUS(ef_catalog_builder_add_table(builder, "en", "Localizable.stringsdict",
                                              english_plurals, sizeof english_plurals - 1, NULL), EF_OK);
    CHECK_STATUS(ef_catalog_builder_add_table(builder, "ru", "Localizable.json", russian_json,
                                              sizeof russian_json - 1, NULL), EF_OK);
    CHECK_STATUS(ef_catalog_builder_add_table(builder, NULL, "Main.xcstrings", string_catalog,
                                              sizeof string_catalog - 1, NULL), EF_OK);
    /* A String Catalog holds every language: it takes no locale. */
    ef_error_details *err = NULL;
    CHECK_STATUS(ef_catalog_builder_add_table(builder, "de", "Main.xcstrings", string_catalog,
                                              sizeof string_catalog - 1, &err), EF_E_INVALID_ARGUMENT);
    CHECK_DETAILS(err, EF_E_INVALID_ARGUMENT);
    CHECK_STATUS(ef_catalog_builder_finish(&catalog, builder, "en", NULL), EF_OK);
    ef_catalog_builder_free(builder);
    return catalog;
}

/* Looks `key` up for one locale with one integer argument; returns the value or NULL. */
static const char *lookup_count(const ef_catalog *catalog, ef_lookup **lookup, const char *table,
                                const char *key, const char *locale, int64_t count) {
    ef_error_info *arguments = NULL;
    CHECK_STATUS(ef_error_info_new(&arguments, "", 0, NULL), EF_OK);
    CHECK_STATUS(ef_error_info_add_int64(arguments, count, NULL), EF_OK);
    const char *locales[] = {locale};
    ef_catalog_lookup(lookup, catalog, table, key, locales, 1, arguments, NULL);
    ef_error_info_free(arguments);
    return ef_lookup_value(*lookup);
}

void test_arguments(const struct test_context *context) {
    (void)context;
    ef_catalog *catalog = make_catalog();
    ef_error_info *info = NULL;
    CHECK_STATUS(ef_error_info_new(&info, "Upload", 1, NULL), EF_OK);
    CHECK_STATUS(ef_error_info_add_string(info, "photo.jpg", NULL), EF_OK);
    CHECK_STATUS(ef_error_info_add_int64(info, 2048, NULL), EF_OK);
    CHECK_STATUS(ef_error_info_add_double(info, 1.25, NULL), EF_OK);
    CHECK_INT(ef_error_info_argument_count(info), 3);

    /* English renders every specifier. */
    static const char *const en[] = {"en"};
    ef_result *result = NULL;
    CHECK_STATUS(ef_format(&result, catalog, info, en, 1, NULL), EF_OK);
    CHECK_STR(ef_result_title(result), "Couldn't upload photo.jpg");
    CHECK_STR(ef_result_message(result), "photo.jpg (2048 bytes, 1.2 s) was not sent.");
    CHECK_INT(ef_result_rejection_count(result, EF_FIELD_MESSAGE), 0);
    ef_result_free(result);

    /* The French message needs a fourth argument: it is skipped, English answers, and why is
     * recorded. The French title is fine and shown. */
    static const char *const fr[] = {"fr-CA"};
    CHECK_STATUS(ef_format(&result, catalog, info, fr, 1, NULL), EF_OK);
    CHECK_STR(ef_result_title(result), "Échec de l’envoi de photo.jpg");
    CHECK_STR(ef_result_message(result), "photo.jpg (2048 bytes, 1.2 s) was not sent.");
    CHECK_STR(ef_result_locale(result, EF_FIELD_MESSAGE), "en");
    CHECK_INT(ef_result_rejection_count(result, EF_FIELD_MESSAGE), 1);
    const char *why = ef_result_rejection(result, EF_FIELD_MESSAGE, 0);
    CHECK(why != NULL && strstr(why, "errors.Upload.1.message in fr/Localizable") == why);
    CHECK(why != NULL && strstr(why, "[missing-argument]") != NULL);
    CHECK_STR(ef_result_rejection(result, EF_FIELD_MESSAGE, 1), NULL);
    CHECK_STR(ef_result_rejection(result, 7, 0), NULL);
    CHECK_INT(ef_result_rejection_count(result, -1), 0);

    /* All strings at once: the same pointers as the getters, in the documented order. */
    size_t stack = ef_result_stack_count(result);
    size_t expected = 15 + stack + 1 + 1 + 3;
    CHECK_INT(ef_result_strings(result, NULL, 0), expected);
    const char *all[64];
    for (size_t i = 0; i < 64; i++) all[i] = "unwritten";
    CHECK(expected <= 64);
    CHECK_INT(ef_result_strings(result, all, 64), expected);
    for (int32_t field = EF_FIELD_TITLE; field <= EF_FIELD_BUTTON; field++) {
        const char *text = field == EF_FIELD_TITLE ? ef_result_title(result)
                         : field == EF_FIELD_MESSAGE ? ef_result_message(result) : ef_result_button(result);
        CHECK(all[field * 5] == text);
        CHECK(all[field * 5 + 1] == ef_result_rule(result, field));
        CHECK(all[field * 5 + 2] == ef_result_key(result, field));
        CHECK(all[field * 5 + 3] == ef_result_locale(result, field));
        CHECK(all[field * 5 + 4] == ef_result_table(result, field));
    }
    for (size_t i = 0; i < stack; i++) CHECK(all[15 + i] == ef_result_stack_entry(result, i));
    CHECK(all[15 + stack] == NULL);
    CHECK(all[15 + stack + 1] == NULL); /* the title has no rejection */
    CHECK(all[15 + stack + 2] == why);  /* the message has one */
    CHECK(all[15 + stack + 3] == NULL);
    CHECK(all[15 + stack + 4] == NULL); /* nor has the button */
    CHECK_STR(all[expected], "unwritten");
    /* A short array gets what fits, and nothing past it. */
    for (size_t i = 0; i < 64; i++) all[i] = "unwritten";
    CHECK_INT(ef_result_strings(result, all, 2), expected);
    CHECK(all[0] == ef_result_title(result));
    CHECK(all[1] == ef_result_rule(result, EF_FIELD_TITLE));
    CHECK_STR(all[2], "unwritten");
    ef_result_free(result);

    /* Clearing the arguments: no string can render, the message falls to the last rule. */
    CHECK_STATUS(ef_error_info_clear_arguments(info, NULL), EF_OK);
    CHECK_INT(ef_error_info_argument_count(info), 0);
    CHECK_STATUS(ef_format(&result, catalog, info, en, 1, NULL), EF_OK);
    CHECK_STR(ef_result_title(result), "Error");
    CHECK_STR(ef_result_rule(result, EF_FIELD_TITLE), "builtin");
    CHECK_INT(ef_result_rejection_count(result, EF_FIELD_TITLE), 1);
    ef_result_free(result);
    ef_error_info_free(info);

    /* Plurals: English with Apple's integer-0 rule, Russian by CLDR from a JSON table, and a
     * Polish request answered from English uses English rules. */
    ef_lookup *lookup = NULL;
    CHECK_STR(lookup_count(catalog, &lookup, NULL, "files", "en", 0), "No file failed");
    ef_lookup_free(lookup);
    CHECK_STR(lookup_count(catalog, &lookup, NULL, "files", "en", 1), "One file failed");
    ef_lookup_free(lookup);
    CHECK_STR(lookup_count(catalog, &lookup, "", "files", "pl", 3), "3 files failed");
    CHECK_STR(ef_lookup_locale(lookup), "en");
    CHECK_STR(ef_lookup_table(lookup), "Localizable");
    ef_lookup_free(lookup);
    CHECK_STR(lookup_count(catalog, &lookup, NULL, "files", "ru", 1), "1 файл");
    ef_lookup_free(lookup);
    CHECK_STR(lookup_count(catalog, &lookup, NULL, "files", "ru", 3), "3 файла");
    ef_lookup_free(lookup);
    CHECK_STR(lookup_count(catalog, &lookup, NULL, "files", "ru", 5), "5 файлов");
    ef_lookup_free(lookup);

    /* A String Catalog is one table (its file name) in every language. */
    ef_error_info *name = NULL;
    CHECK_STATUS(ef_error_info_new(&name, "", 0, NULL), EF_OK);
    CHECK_STATUS(ef_error_info_add_string(name, "Ada", NULL), EF_OK);
    static const char *const de[] = {"de-CH"};
    CHECK_STATUS(ef_catalog_lookup(&lookup, catalog, "Main", "Hello %@", de, 1, name, NULL), EF_OK);
    CHECK_STR(ef_lookup_value(lookup), "Hallo Ada");
    CHECK_STR(ef_lookup_locale(lookup), "de");
    ef_lookup_free(lookup);

    /* Not found: EF_E_KEY_NOT_FOUND, the handle still made, with the rejections. */
    ef_error_details *err = NULL;
    CHECK_STATUS(ef_catalog_lookup(&lookup, catalog, NULL, "no.such.key", en, 1, NULL, &err),
                 EF_E_KEY_NOT_FOUND);
    CHECK_DETAILS(err, EF_E_KEY_NOT_FOUND);
    CHECK(lookup != NULL);
    CHECK_STR(ef_lookup_value(lookup), NULL);
    CHECK_STR(ef_lookup_locale(lookup), NULL);
    CHECK_INT(ef_lookup_rejection_count(lookup), 0);
    ef_lookup_free(lookup);
    CHECK_STATUS(ef_catalog_lookup(&lookup, catalog, NULL, "errors.Upload.1.title", en, 1, NULL, NULL),
                 EF_E_KEY_NOT_FOUND);
    CHECK_INT(ef_lookup_rejection_count(lookup), 1);
    CHECK(strstr(ef_lookup_rejection(lookup, 0), "[missing-argument]") != NULL);
    CHECK_STR(ef_lookup_rejection(lookup, 1), NULL);
    ef_lookup_free(lookup);
    ef_error_info_free(name);

    /* Hostile formats are refused, never crash: %n, a huge position, a huge precision. */
    static const char hostile[] = "\"a\" = \"%n\";\n\"b\" = \"%999999$@\";\n\"c\" = \"%.99999999f\";\n";
    ef_catalog_builder *builder = NULL;
    ef_catalog *hostile_catalog = NULL;
    CHECK_STATUS(ef_catalog_builder_new(&builder, EF_CATALOG_STRICT, NULL), EF_OK);
    CHECK_STATUS(ef_catalog_builder_add_table(builder, "en", "Localizable.strings", hostile,
                                              sizeof hostile - 1, NULL), EF_OK);
    CHECK_STATUS(ef_catalog_builder_finish(&hostile_catalog, builder, NULL, NULL), EF_OK);
    ef_error_info *one = NULL;
    CHECK_STATUS(ef_error_info_new(&one, "", 0, NULL), EF_OK);
    CHECK_STATUS(ef_error_info_add_double(one, 1.0, NULL), EF_OK);
    static const char *const keys[] = {"a", "b", "c"};
    for (size_t i = 0; i < 3; i++) {
        CHECK_STATUS(ef_catalog_lookup(&lookup, hostile_catalog, NULL, keys[i], en, 1, one, NULL),
                     EF_E_KEY_NOT_FOUND);
        CHECK_INT(ef_lookup_rejection_count(lookup), 1);
        ef_lookup_free(lookup);
    }
    ef_error_info_free(one);
    ef_catalog_free(hostile_catalog);
    ef_catalog_builder_free(builder);
    ef_catalog_free(catalog);
}
