/*
 * open_bench.c -- one process's cold start: open a catalog and look one key up, as a
 * command-line tool or a freshly forked worker does. Run many times, alternating with the
 * gettext side, by Benchmarks/c/open_bench.py (make bench-open), which times whole processes.
 *
 *   open_bench errorformatter CATALOG KEY LOCALE whole|on-demand   (CATALOG: a directory or a
 *                                                                     compiled catalog file)
 *   open_bench gettext LOCALEDIR DOMAIN KEY LOCALE
 *   open_bench nothing          (the process alone, with the library loaded)
 *
 * Prints the value found (so the driver checks that both sides answer the same), then how much
 * the process's resident memory grew across the open and the lookup, in KiB: on the second line
 * all of it, on the third its anonymous part (statm's resident less its shared, file-backed
 * pages: heap and the like, which every process pays for itself).
 */
#define _POSIX_C_SOURCE 200809L

#include <libintl.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errorformatter.h"

struct resident {
    long kib;           /* every resident page */
    long anonymous_kib; /* those not backed by a file */
};

static struct resident resident_now(void) {
    struct resident now = {-1, -1};
    FILE *statm = fopen("/proc/self/statm", "r");
    long pages = -1, resident = -1, shared = -1;
    if (statm == NULL)
        return now;
    if (fscanf(statm, "%ld %ld %ld", &pages, &resident, &shared) == 3) {
        now.kib = resident * 4;
        now.anonymous_kib = (resident - shared) * 4;
    }
    fclose(statm);
    return now;
}

static void print_growth(const char *value, struct resident before) {
    struct resident after = resident_now();
    printf("%s\n%ld\n%ld\n", value, after.kib - before.kib, after.anonymous_kib - before.anonymous_kib);
}

static int with_errorformatter(char **argv) {
    uint32_t flags = EF_CATALOG_LENIENT;
    if (strcmp(argv[5], "on-demand") == 0)
        flags |= EF_CATALOG_ON_DEMAND;
    else if (strcmp(argv[5], "whole") != 0)
        return 2;
    struct resident before = resident_now();
    ef_catalog *catalog = NULL;
    ef_error_details *err = NULL;
    if (ef_catalog_open(&catalog, argv[2], NULL, flags, &err) != EF_OK) {
        fprintf(stderr, "open: %s\n", ef_error_details_message(err));
        ef_error_details_free(err);
        return 1;
    }
    const char *preferences[] = {argv[4]};
    ef_lookup *lookup = NULL;
    if (ef_catalog_lookup(&lookup, catalog, NULL, argv[3], preferences, 1, NULL, NULL) != EF_OK) {
        ef_catalog_free(catalog);
        return 1;
    }
    print_growth(ef_lookup_value(lookup), before);
    ef_lookup_free(lookup);
    ef_catalog_free(catalog);
    return 0;
}

static int with_gettext(char **argv) {
    /* C.UTF-8 keeps LANGUAGE active on Debian's glibc, so no locale must be installed. */
    setenv("LANGUAGE", argv[5], 1);
    if (setlocale(LC_ALL, "C.UTF-8") == NULL)
        return 2;
    struct resident before = resident_now();
    bindtextdomain(argv[3], argv[2]);
    bind_textdomain_codeset(argv[3], "UTF-8");
    const char *value = dgettext(argv[3], argv[4]);
    print_growth(value, before);
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 6 && strcmp(argv[1], "errorformatter") == 0)
        return with_errorformatter(argv);
    if (argc == 6 && strcmp(argv[1], "gettext") == 0)
        return with_gettext(argv);
    if (argc == 2 && strcmp(argv[1], "nothing") == 0) {
        printf("%u\n0\n0\n", ef_version_number());
        return 0;
    }
    fprintf(stderr, "usage: see the comment at the top of open_bench.c\n");
    return 2;
}
