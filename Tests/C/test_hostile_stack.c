/* test_hostile_stack.c -- the hostile input set on a thread whose stack is
 * EF_MINIMUM_STACK_BYTES (128 KiB, musl's default): header, "Crashes". The finding: an XML
 * property list nested 511 deep killed the process on such a thread; on 64 KiB, old-style
 * property lists, JSON and String Catalogs at their accepted depth did too. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "groups.h"

/* A growing text buffer (the inputs are built before the small-stack thread starts). */
struct text {
    char *bytes;
    size_t length, capacity;
};

static void append(struct text *text, const char *piece) {
    size_t length = strlen(piece);
    if (text->length + length + 1 > text->capacity) {
        text->capacity = (text->length + length + 1) * 2;
        text->bytes = realloc(text->bytes, text->capacity);
        if (text->bytes == NULL)
            abort();
    }
    memcpy(text->bytes + text->length, piece, length + 1);
    text->length += length;
}

/* Bytes that may hold NUL (a binary property list). */
static void append_bytes(struct text *text, const unsigned char *bytes, size_t length) {
    if (text->length + length + 1 > text->capacity) {
        text->capacity = (text->length + length + 1) * 2;
        text->bytes = realloc(text->bytes, text->capacity);
        if (text->bytes == NULL)
            abort();
    }
    memcpy(text->bytes + text->length, bytes, length);
    text->length += length;
    text->bytes[text->length] = '\0';
}

static void append_big16(struct text *text, size_t value) {
    unsigned char bytes[2] = {(unsigned char)(value >> 8), (unsigned char)(value & 0xFF)};
    append_bytes(text, bytes, 2);
}

/* {"a": {"a": ... "x"}} as bplist00, `levels` dictionaries deep: object 0 is "a", 1...levels the
 * dictionaries (each {"a": next}), then "x"; two-byte references and offsets. */
static void append_deep_binary_plist(struct text *text, int levels) {
    size_t offsets[600];
    int count = 0;
    append(text, "bplist00");
    offsets[count++] = text->length;
    append_bytes(text, (const unsigned char *)"\x51" "a", 2);
    for (int level = 1; level <= levels; level++) {
        offsets[count++] = text->length;
        append_bytes(text, (const unsigned char *)"\xD1", 1);
        append_big16(text, 0);
        append_big16(text, (size_t)level + 1);
    }
    offsets[count++] = text->length;
    append_bytes(text, (const unsigned char *)"\x51" "x", 2);
    size_t table = text->length;
    for (int i = 0; i < count; i++)
        append_big16(text, offsets[i]);
    static const unsigned char sizes[8] = {0, 0, 0, 0, 0, 0, 2, 2}, zeros[6] = {0};
    static const unsigned char top[8] = {0, 0, 0, 0, 0, 0, 0, 1};
    append_bytes(text, sizes, 8);
    append_bytes(text, zeros, 6);
    append_big16(text, (size_t)count);
    append_bytes(text, top, 8);
    append_bytes(text, zeros, 6);
    append_big16(text, table);
}

static void repeat(struct text *text, const char *piece, int count) {
    for (int i = 0; i < count; i++)
        append(text, piece);
}

struct hostile_input {
    const char *name;      /* for messages */
    const char *file_name; /* table file name, says the format */
    const char *locale;    /* NULL for a String Catalog */
    struct text text;
    char directory[4096];  /* a catalog directory holding only this input, written beforehand */
    char file[4400];       /* the input's file in it */
    char compiled[4400];   /* where its catalog is compiled (ef_catalog_compile) */
};

#define INPUTS 12
static struct hostile_input inputs[INPUTS];
static int input_count;

static struct text *add_input(const char *name, const char *file_name, const char *locale) {
    struct hostile_input *input = &inputs[input_count++];
    input->name = name;
    input->file_name = file_name;
    input->locale = locale;
    memset(&input->text, 0, sizeof input->text);
    append(&input->text, "");
    return &input->text;
}

/* Each format at its deepest accepted nesting, and one level deeper (refused, not crashed). */
static void build_inputs(void) {
    static const int xml_depths[2] = {511, 513};
    for (int i = 0; i < 2; i++) {
        struct text *text = add_input(i == 0 ? "XML plist at 511 levels" : "XML plist at 513 levels",
                                      "Localizable.strings", "en");
        append(text, "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><dict><key>k</key>");
        repeat(text, "<array>", xml_depths[i] - 1);
        repeat(text, "</array>", xml_depths[i] - 1);
        append(text, "<key>title</key><string>deep</string></dict></plist>");
    }
    static const int binary_depths[2] = {512, 514};
    for (int i = 0; i < 2; i++)
        append_deep_binary_plist(add_input(i == 0 ? "binary plist at 512 levels" : "binary plist at 514 levels",
                                           "Localizable.strings", "en"),
                                 binary_depths[i]);
    static const int old_depths[2] = {512, 513};
    for (int i = 0; i < 2; i++) {
        struct text *text = add_input(i == 0 ? "old-style plist at 512 levels" : "old-style plist at 513 levels",
                                      "Localizable.strings", "en");
        append(text, "\"k\" = ");
        repeat(text, "(", old_depths[i]);
        repeat(text, ")", old_depths[i]);
        append(text, ";\n\"title\" = \"deep\";\n");
    }
    static const int json_depths[2] = {127, 129};
    for (int i = 0; i < 2; i++) {
        struct text *text = add_input(i == 0 ? "JSON table at 128 levels" : "JSON table at 130 levels",
                                      "Localizable.json", "en");
        append(text, "{\"title\": \"deep\", \"k\": ");
        repeat(text, "[", json_depths[i]);
        repeat(text, "]", json_depths[i]);
        append(text, "}");
    }
    for (int i = 0; i < 2; i++) {
        struct text *text = add_input(i == 0 ? "String Catalog at 128 levels" : "String Catalog at 130 levels",
                                      "Localizable.xcstrings", NULL);
        append(text, "{\"sourceLanguage\": \"en\", \"version\": \"1.0\", \"strings\": {\"title\": "
                     "{\"localizations\": {\"en\": {\"stringUnit\": {\"state\": \"translated\", "
                     "\"value\": \"deep\"}}}}, \"k\": {\"extra\": ");
        repeat(text, "[", json_depths[i] - 4);
        repeat(text, "]", json_depths[i] - 4);
        append(text, "}}}");
    }
    /* A .stringsdict whose variables refer to each other 600 deep (formats bound their own
     * recursion), and a key that refers to itself. */
    struct text *text = add_input("stringsdict variables 600 deep", "Localizable.stringsdict", "en");
    append(text, "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><dict><key>title</key><dict>"
                 "<key>NSStringLocalizedFormatKey</key><string>%#@v0@</string>");
    char piece[512];
    for (int i = 0; i < 600; i++) {
        snprintf(piece, sizeof piece,
                 "<key>v%d</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
                 "<key>NSStringFormatValueTypeKey</key><string>d</string><key>other</key><string>%%#@v%d@</string></dict>",
                 i, i + 1);
        append(text, piece);
    }
    append(text, "</dict><key>self</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@s@</string>"
                 "<key>s</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
                 "<key>NSStringFormatValueTypeKey</key><string>d</string><key>other</key><string>%#@s@</string>"
                 "</dict></dict></dict></plist>");
    struct text *strings = add_input("plain table", "Localizable.strings", "fr");
    append(strings, "\"title\" = \"profond\";");
}

/* Each input as a catalog directory of its own, <scratch>/stack-<i>/<locale>.lproj/<file>, for
 * ef_catalog_open and ef_lint_paths (the directory reader and lint's source maps read it). */
static void write_input_directories(const struct test_context *context) {
    for (int i = 0; i < input_count; i++) {
        struct hostile_input *input = &inputs[i];
        char name[32], relative[256];
        snprintf(name, sizeof name, "stack-%d", i);
        make_directory(context, name, input->directory, sizeof input->directory);
        if (input->locale != NULL)
            snprintf(relative, sizeof relative, "%s.lproj/%s", input->locale, input->file_name);
        else
            snprintf(relative, sizeof relative, "%s", input->file_name);
        CHECK(write_file(input->directory, relative, "") == 0);
        snprintf(input->file, sizeof input->file, "%s/%s", input->directory, relative);
        snprintf(input->compiled, sizeof input->compiled, "%s.efc", input->directory);
        FILE *file = fopen(input->file, "wb");
        CHECK(file != NULL && fwrite(input->text.bytes, 1, input->text.length, file) == input->text.length);
        if (file != NULL)
            fclose(file);
    }
}

/* An Accept-Language header of many ranges and more than EF_MAX_ACCEPT_LANGUAGE_BYTES. */
static struct text long_accept_language;

static void build_long_accept_language(void) {
    memset(&long_accept_language, 0, sizeof long_accept_language);
    append(&long_accept_language, "");
    for (int i = 0; i < 2000; i++)
        append(&long_accept_language, i % 3 == 0 ? "zh-Hant-TW;q=0.5," : (i % 3 == 1 ? "fr-CA," : "x-private-tag;q=0.1,"));
}

struct stack_run {
    const struct test_context *context;
    int finished, loaded, rendered, opened, linted, compiled;
};

/* Everything a caller does with the inputs: build (lenient and strict), look up, lint, compile
 * and open the compiled file, open from a directory, open the example catalog, negotiate locales (a long Accept-Language header, the
 * environment). Runs on the small thread. */
static void *run_inputs(void *argument) {
    struct stack_run *run = argument;
    for (int strict = 0; strict < 2; strict++) {
        for (int i = 0; i < input_count; i++) {
            ef_catalog_builder *builder = NULL;
            if (ef_catalog_builder_new(&builder, strict ? EF_CATALOG_STRICT : EF_CATALOG_LENIENT, NULL) != EF_OK)
                continue;
            const struct hostile_input *input = &inputs[i];
            if (getenv("EF_TEST_TRACE") != NULL)
                fprintf(stderr, "stack: %s (%s)\n", input->name, strict ? "strict" : "lenient");
            ef_status added = ef_catalog_builder_add_table(builder, input->locale, input->file_name,
                                                           input->text.bytes, input->text.length, NULL);
            ef_catalog *catalog = NULL;
            if (added == EF_OK && ef_catalog_builder_finish(&catalog, builder, NULL, NULL) == EF_OK) {
                run->loaded++;
                static const char *const locales[] = {"fr-CA", "en"};
                for (int k = 0; k < 3; k++) {
                    static const char *const keys[] = {"title", "self", "k"};
                    ef_lookup *lookup = NULL;
                    ef_error_info *arguments = NULL;
                    ef_error_info_new(&arguments, "D", 1, NULL);
                    ef_error_info_add_int64(arguments, 2, NULL);
                    if (ef_catalog_lookup(&lookup, catalog, NULL, keys[k], locales, 2, arguments, NULL) == EF_OK)
                        run->rendered++;
                    ef_lookup_free(lookup);
                    ef_error_info_free(arguments);
                }
                ef_lint_report *report = NULL;
                if (ef_lint_catalog(&report, catalog, NULL) == EF_OK)
                    run->linted++;
                ef_lint_report_free(report);
                /* Compiled (the writer walks every nested value) and opened again (so does the
                 * reader), on the same small stack: as it was built, since a strict open of a file
                 * compiled past a broken table fails as that table's does; counting the
                 * diagnostics reads every section of a lenient one. */
                ef_catalog *reopened = NULL;
                if (ef_catalog_compile(catalog, input->compiled, NULL) == EF_OK
                    && ef_catalog_open(&reopened, input->compiled, NULL, strict ? EF_CATALOG_STRICT : EF_CATALOG_LENIENT,
                                       NULL) == EF_OK) {
                    (void)ef_catalog_diagnostic_count(reopened);
                    run->compiled++;
                }
                ef_catalog_free(reopened);
                ef_catalog_free(catalog);
            }
            ef_catalog_builder_free(builder);

            /* The same bytes read from a directory, and linted from their file. */
            ef_catalog *opened = NULL;
            if (ef_catalog_open(&opened, input->directory, NULL, strict ? EF_CATALOG_STRICT : EF_CATALOG_LENIENT,
                                NULL) == EF_OK)
                run->opened++;
            ef_catalog_free(opened);
            const char *paths[] = {input->file};
            ef_lint_report *report = NULL;
            if (ef_lint_paths(&report, paths, 1, NULL, NULL) == EF_OK)
                run->linted++;
            ef_lint_report_free(report);
        }
    }
    ef_locale_list *list = NULL;
    ef_locale_list_from_accept_language(&list, long_accept_language.bytes, NULL);
    ef_locale_list_free(list);
    ef_locale_list_from_environment(&list, NULL);
    ef_locale_list_free(list);
    ef_catalog *example = NULL;
    if (ef_catalog_open(&example, run->context->example_catalog, NULL, EF_CATALOG_LENIENT, NULL) == EF_OK) {
        static const char *const locales[] = {"zh-Hant-TW", "fr-CA", "es-419", "az-IR", "ht"};
        ef_error_info *info = NULL;
        ef_error_info_new(&info, "kCLErrorDomain", 1, NULL);
        ef_result *result = NULL;
        if (ef_format(&result, example, info, locales, 5, NULL) == EF_OK)
            run->rendered++;
        ef_result_free(result);
        ef_error_info_free(info);
        ef_catalog_free(example);
    }
    ef_locale_chain *chain = NULL;
    ef_locale_chain_new(&chain, "sr-Latn-ME-u-ca-gregory", NULL);
    ef_locale_chain_free(chain);
    run->finished = 1;
    return NULL;
}

void test_hostile_stack(const struct test_context *context) {
    build_inputs();
    write_input_directories(context);
    build_long_accept_language();
    struct stack_run run = {context, 0, 0, 0, 0, 0, 0};
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    CHECK(pthread_attr_setstacksize(&attributes, EF_MINIMUM_STACK_BYTES) == 0);
    pthread_t thread;
    CHECK(pthread_create(&thread, &attributes, run_inputs, &run) == 0);
    pthread_join(thread, NULL);
    pthread_attr_destroy(&attributes);
    CHECK(run.finished);
    /* Lenient: every input loads (a too-deep entry is left out, the table is not); strict: the
     * too-deep ones fail. Both ways the deep values were read. */
    CHECK(run.loaded >= input_count + 1);
    CHECK(run.rendered > 0);
    CHECK(run.opened >= input_count + 1);
    CHECK(run.linted >= 2 * input_count);
    CHECK(run.compiled == run.loaded);
    for (int i = 0; i < input_count; i++)
        free(inputs[i].text.bytes);
    free(long_accept_language.bytes);
}
