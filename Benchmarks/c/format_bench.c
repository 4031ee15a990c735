/*
 * format_bench.c -- ef_format and ef_catalog_lookup side by side with glibc gettext, in one run.
 *
 * The same work each way, on the example's French table (fr-CA preferred, so ErrorFormatter
 * also walks fr-CA -> fr -> en):
 *   - "format": title + message + button of kCLErrorDomain 2. gettext: three dgettext() calls
 *     and an snprintf of the title and message into one buffer (what a C program shows).
 *   - "lookup": one key. gettext: one dgettext() hit.
 * Prints ns per operation for each and the ratio ErrorFormatter / gettext (below 1 is faster).
 *
 * usage: format_bench CATALOG_DIR LOCALEDIR [ITERATIONS]
 * LOCALEDIR holds fr/LC_MESSAGES/coreloc.mo (made from the same table by strings_to_po.py).
 */
#define _POSIX_C_SOURCE 200809L
#include <errorformatter.h>
#include <libintl.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench_timing.h"

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s CATALOG_DIR LOCALEDIR [ITERATIONS]\n", argv[0]);
        return 2;
    }
    long iterations = argc > 3 ? atol(argv[3]) : 200000;

    /* gettext: C.UTF-8 keeps LANGUAGE active on Debian's glibc, so no locale must be installed. */
    setenv("LANGUAGE", "fr", 1);
    if (!setlocale(LC_ALL, "C.UTF-8")) {
        fprintf(stderr, "format_bench: the C.UTF-8 locale is missing\n");
        return 1;
    }
    bindtextdomain("coreloc", argv[2]);
    bind_textdomain_codeset("coreloc", "UTF-8");
    const char *probe = dgettext("coreloc", "errors.kCLErrorDomain.2.title");
    if (probe[0] == 'e') {
        fprintf(stderr, "format_bench: gettext found no French catalog in %s\n", argv[2]);
        return 1;
    }

    ef_catalog *catalog = NULL;
    ef_error_details *details = NULL;
    if (ef_catalog_open(&catalog, argv[1], "en", EF_CATALOG_LENIENT, &details) != EF_OK) {
        fprintf(stderr, "format_bench: %s\n", ef_error_details_message(details));
        return 1;
    }
    ef_error_info *info = NULL;
    ef_error_info_new(&info, "kCLErrorDomain", 2, NULL);
    const char *locales[] = {"fr-CA"};

    double best_gettext_format = 1e9, best_ef_format = 1e9, best_gettext_lookup = 1e9, best_ef_lookup = 1e9;
    char buffer[1024];
    for (int round = 0; round < ROUNDS; round++) {
        double start = seconds();
        for (long i = 0; i < iterations; i++) {
            const char *title = dgettext("coreloc", "errors.kCLErrorDomain.2.title");
            const char *message = dgettext("coreloc", "errors.kCLErrorDomain.2.message");
            const char *button = dgettext("coreloc", "controls.ok");
            sink += (size_t)snprintf(buffer, sizeof buffer, "%s\n%s\n[%s]", title, message, button);
        }
        double elapsed = (seconds() - start) / (double)iterations;
        if (elapsed < best_gettext_format) best_gettext_format = elapsed;

        start = seconds();
        for (long i = 0; i < iterations; i++) {
            ef_result *result = NULL;
            ef_format(&result, catalog, info, locales, 1, NULL);
            sink += (size_t)ef_result_title(result)[0];
            ef_result_free(result);
        }
        elapsed = (seconds() - start) / (double)iterations;
        if (elapsed < best_ef_format) best_ef_format = elapsed;

        start = seconds();
        for (long i = 0; i < iterations; i++) {
            sink += (size_t)dgettext("coreloc", "errors.kCLErrorDomain.2.message")[0];
        }
        elapsed = (seconds() - start) / (double)iterations;
        if (elapsed < best_gettext_lookup) best_gettext_lookup = elapsed;

        start = seconds();
        for (long i = 0; i < iterations; i++) {
            ef_lookup *lookup = NULL;
            ef_catalog_lookup(&lookup, catalog, NULL, "errors.kCLErrorDomain.2.message", locales, 1, NULL, NULL);
            sink += (size_t)ef_lookup_value(lookup)[0];
            ef_lookup_free(lookup);
        }
        elapsed = (seconds() - start) / (double)iterations;
        if (elapsed < best_ef_lookup) best_ef_lookup = elapsed;
    }

    printf("%-44s %10s %10s %8s\n", "operation (best of 7 rounds)", "gettext", "ef", "ef/gt");
    printf("%-44s %8.0f ns %8.0f ns %7.2fx\n", "format: title+message+button (fr-CA > fr)",
           best_gettext_format * 1e9, best_ef_format * 1e9, best_ef_format / best_gettext_format);
    printf("%-44s %8.0f ns %8.0f ns %7.2fx\n", "lookup: one key",
           best_gettext_lookup * 1e9, best_ef_lookup * 1e9, best_ef_lookup / best_gettext_lookup);
    printf("targets (DESIGN.md): format <= 0.60x gettext, lookup <= 0.50x dgettext\n");

    ef_error_info_free(info);
    ef_catalog_free(catalog);
    return 0;
}
