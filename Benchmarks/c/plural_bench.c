/*
 * plural_bench.c -- a plural string from C: ef_catalog_lookup of a .stringsdict entry side by
 * side with ICU MessageFormat (umsg_format on a pattern opened once), in one run.
 *
 * The same work each way, for English (one/other) and Russian (one/few/many/other):
 *   - ICU: umsg_open once with "{0,plural,one{# file} other{# files}}" (and the Russian
 *     equivalent), then umsg_format with the count per iteration.
 *   - ErrorFormatter: an in-memory catalog (ef_catalog_builder_*) holding the equivalent
 *     .stringsdict entry ("%#@files@", value type d), then ef_catalog_lookup with the count as
 *     an argument per iteration (the arguments object is reused, as ICU's pattern is).
 * The count cycles through 0..99 so that every category is chosen. Prints ns per operation
 * and the ratio ErrorFormatter / ICU (below 1 is faster), best of several rounds.
 *
 * usage: plural_bench [ITERATIONS]
 */
#define _POSIX_C_SOURCE 200809L
#include <errorformatter.h>
#include <unicode/umsg.h>
#include <unicode/ustring.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_timing.h"

/* One language's entry, spelled both ways. */
struct plural_case {
    const char *name;
    const char *locale;
    const char *icu_pattern;
    const char *variants; /* the <dict> of the stringsdict variable's categories */
    const char *expected_one;
};

static const struct plural_case cases[] = {
    {"en: one/other", "en", "{0,plural,one{# file} other{# files}}",
     "<key>one</key><string>%d file</string><key>other</key><string>%d files</string>", "1 file"},
    {"ru: one/few/many/other", "ru",
     "{0,plural,one{# \xd1\x84\xd0\xb0\xd0\xb9\xd0\xbb} few{# \xd1\x84\xd0\xb0\xd0\xb9\xd0\xbb\xd0\xb0}"
     " many{# \xd1\x84\xd0\xb0\xd0\xb9\xd0\xbb\xd0\xbe\xd0\xb2} other{# \xd1\x84\xd0\xb0\xd0\xb9\xd0\xbb\xd0\xb0}}",
     "<key>one</key><string>%d \xd1\x84\xd0\xb0\xd0\xb9\xd0\xbb</string>"
     "<key>few</key><string>%d \xd1\x84\xd0\xb0\xd0\xb9\xd0\xbb\xd0\xb0</string>"
     "<key>many</key><string>%d \xd1\x84\xd0\xb0\xd0\xb9\xd0\xbb\xd0\xbe\xd0\xb2</string>"
     "<key>other</key><string>%d \xd1\x84\xd0\xb0\xd0\xb9\xd0\xbb\xd0\xb0</string>",
     "1 \xd1\x84\xd0\xb0\xd0\xb9\xd0\xbb"},
};

static ef_catalog *make_catalog(const struct plural_case *c) {
    char plist[2048];
    snprintf(plist, sizeof plist,
             "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
             "<plist version=\"1.0\"><dict><key>files</key><dict>"
             "<key>NSStringLocalizedFormatKey</key><string>%%#@files@</string>"
             "<key>files</key><dict>"
             "<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
             "<key>NSStringFormatValueTypeKey</key><string>d</string>%s"
             "</dict></dict></dict></plist>\n",
             c->variants);
    ef_catalog_builder *builder = NULL;
    ef_catalog *catalog = NULL;
    ef_error_details *details = NULL;
    if (ef_catalog_builder_new(&builder, EF_CATALOG_STRICT, &details) != EF_OK ||
        ef_catalog_builder_add_table(builder, c->locale, "Localizable.stringsdict", plist, strlen(plist),
                                     &details) != EF_OK ||
        ef_catalog_builder_finish(&catalog, builder, c->locale, &details) != EF_OK) {
        fprintf(stderr, "plural_bench: %s\n", ef_error_details_message(details));
        exit(1);
    }
    ef_catalog_builder_free(builder);
    return catalog;
}

static UMessageFormat *open_icu(const struct plural_case *c) {
    UChar pattern[512];
    UErrorCode status = U_ZERO_ERROR;
    u_strFromUTF8(pattern, 512, NULL, c->icu_pattern, -1, &status);
    UMessageFormat *format = umsg_open(pattern, -1, c->locale, NULL, &status);
    if (U_FAILURE(status)) {
        fprintf(stderr, "plural_bench: umsg_open: %s\n", u_errorName(status));
        exit(1);
    }
    return format;
}

/* Both sides must say the same thing, or the comparison means nothing. */
static void check_same(const struct plural_case *c, ef_catalog *catalog, UMessageFormat *format) {
    for (int64_t count = 0; count < 100; count++) {
        UChar icu[256];
        char icu_utf8[512];
        UErrorCode status = U_ZERO_ERROR;
        umsg_format(format, icu, 256, &status, (double)count);
        u_strToUTF8(icu_utf8, sizeof icu_utf8, NULL, icu, -1, &status);
        ef_error_info *arguments = NULL;
        ef_error_info_new(&arguments, "bench", 0, NULL);
        ef_error_info_add_int64(arguments, count, NULL);
        ef_lookup *lookup = NULL;
        ef_catalog_lookup(&lookup, catalog, NULL, "files", &c->locale, 1, arguments, NULL);
        const char *value = ef_lookup_value(lookup);
        if (U_FAILURE(status) || value == NULL || strcmp(value, icu_utf8) != 0 ||
            (count == 1 && strcmp(value, c->expected_one) != 0)) {
            fprintf(stderr, "plural_bench: %s, %lld: ICU says \"%s\", ef says \"%s\"\n", c->name,
                    (long long)count, icu_utf8, value ? value : "(null)");
            exit(1);
        }
        ef_lookup_free(lookup);
        ef_error_info_free(arguments);
    }
}

int main(int argc, char **argv) {
    long iterations = argc > 1 ? atol(argv[1]) : 200000;
    printf("%-44s %10s %10s %8s\n", "plural string (best of 7 rounds)", "ICU umsg", "ef", "ef/icu");
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const struct plural_case *c = &cases[k];
        ef_catalog *catalog = make_catalog(c);
        UMessageFormat *format = open_icu(c);
        check_same(c, catalog, format);

        ef_error_info *arguments = NULL;
        ef_error_info_new(&arguments, "bench", 0, NULL);
        double best_icu = 1e9, best_ef = 1e9;
        UChar buffer[256];
        for (int round = 0; round < ROUNDS; round++) {
            double start = seconds();
            for (long i = 0; i < iterations; i++) {
                UErrorCode status = U_ZERO_ERROR;
                sink += (size_t)umsg_format(format, buffer, 256, &status, (double)(i % 100));
            }
            double elapsed = (seconds() - start) / (double)iterations;
            if (elapsed < best_icu) best_icu = elapsed;

            start = seconds();
            for (long i = 0; i < iterations; i++) {
                ef_error_info_clear_arguments(arguments, NULL);
                ef_error_info_add_int64(arguments, i % 100, NULL);
                ef_lookup *lookup = NULL;
                ef_catalog_lookup(&lookup, catalog, NULL, "files", &c->locale, 1, arguments, NULL);
                sink += (size_t)ef_lookup_value(lookup)[0];
                ef_lookup_free(lookup);
            }
            elapsed = (seconds() - start) / (double)iterations;
            if (elapsed < best_ef) best_ef = elapsed;
        }
        printf("%-44s %8.0f ns %8.0f ns %7.2fx\n", c->name, best_icu * 1e9, best_ef * 1e9, best_ef / best_icu);
        ef_error_info_free(arguments);
        umsg_close(format);
        ef_catalog_free(catalog);
    }
    printf("target (DESIGN.md): plural format <= 0.60x ICU MessageFormat\n");
    return 0;
}
