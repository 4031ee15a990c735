/*
 * soak.c -- 1,000,000 formats from C with resident memory printed as it goes (make soak).
 *
 * usage: soak <catalog directory> [formats]
 *
 * Each round formats one error for one of many distinct well-formed preference lists (a new
 * locale ID every round: "xx-Latn-<n>" style variants of real languages, the input that grew
 * ICU's bundle cache by ~220 bytes a locale before), looks up a key, and frees everything.
 * RSS is read from /proc/self/statm and printed every 100,000 formats; after the warm-up (the
 * first 100,000) it must stay flat: the run fails if it grows by more than 8 MiB past it.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "errorformatter.h"
#include "harness.h" /* resident_kib, shared with the C suite */

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s <catalog directory> [formats]\n", argv[0]);
        return 2;
    }
    long formats = argc > 2 ? atol(argv[2]) : 1000000;
    ef_catalog *catalog = NULL;
    ef_error_details *err = NULL;
    if (ef_catalog_open(&catalog, argv[1], NULL, EF_CATALOG_LENIENT, &err) != EF_OK) {
        fprintf(stderr, "soak: cannot open %s: %s\n", argv[1], ef_error_details_message(err));
        ef_error_details_free(err);
        return 1;
    }
    static const char *const languages[] = {"fr", "de", "es", "ja", "zh", "pt", "ar", "ru"};
    static const char *const regions[] = {"CA", "MX", "TW", "BR", "AT", "CH", "IN", "ZZ"};
    long warm = -1, peak = 0;
    for (long round = 1; round <= formats; round++) {
        /* A distinct well-formed locale every round: a 5-8 letter variant spelled from the round. */
        char variant[16], locale[64];
        long n = round;
        size_t length = 0;
        do {
            variant[length++] = (char)('a' + n % 26);
            n /= 26;
        } while (n > 0 && length < 8);
        while (length < 5)
            variant[length++] = 'a';
        variant[length] = '\0';
        snprintf(locale, sizeof locale, "%s-%s-%s", languages[round % 8], regions[(round / 8) % 8], variant);
        const char *locales[2] = {locale, "en"};
        ef_error_info *info = NULL;
        ef_result *result = NULL;
        if (ef_error_info_new(&info, "kCLErrorDomain", round % 3, NULL) != EF_OK
            || ef_format(&result, catalog, info, locales, 2, NULL) != EF_OK || ef_result_title(result) == NULL) {
            fprintf(stderr, "soak: format %ld failed\n", round);
            return 1;
        }
        ef_result_free(result);
        ef_error_info_free(info);
        if (round % 100000 == 0) {
            long rss = resident_kib();
            if (warm < 0)
                warm = rss;
            if (rss > peak)
                peak = rss;
            printf("soak-c: %7ld formats  RSS %6ld KiB  (%+ld KiB since warm-up)\n", round, rss, rss - warm);
            fflush(stdout);
        }
    }
    ef_catalog_free(catalog);
    if (warm >= 0 && peak - warm > 8 * 1024) {
        printf("soak-c: FAIL resident memory grew by %ld KiB after the warm-up\n", peak - warm);
        return 1;
    }
    printf("soak-c: flat (peak %ld KiB, %+ld KiB over the warm-up)\n", peak, peak - warm);
    return 0;
}
