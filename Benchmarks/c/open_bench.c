/*
 * open_bench.c -- one process's cold start: open a catalog and look one key up, as a
 * command-line tool or a freshly forked worker does. Run many times, alternating with the
 * gettext side, by Benchmarks/c/open_bench.py (make bench-open), which times whole processes.
 *
 *   open_bench errorformatter CATALOG KEY LOCALE whole|on-demand|mapped [IN_USE]
 *                            (CATALOG: a directory or a compiled catalog file; mapped: a compiled
 *                             file opened with EF_CATALOG_MAPPED)
 *   open_bench gettext LOCALEDIR DOMAIN KEY LOCALE [IN_USE]
 *   open_bench nothing          (the process alone, with the library loaded)
 *
 * Prints the value found (so the driver checks that both sides answer the same), then how much
 * the process's resident memory grew across the open and the lookup, in KiB: on the second line
 * all of it, on the third its anonymous part (statm's resident less its shared, file-backed
 * pages: heap and the like, which every process pays for itself).
 *
 * With IN_USE (another compiled catalog, or another gettext domain in LOCALEDIR), the process
 * first opens it and looks KEY up in it the same way, keeps it, and only then measures: the
 * growth is then what the catalog itself costs a process already using the library, without the
 * library's own first use (its code and data pages faulted in, the runtime's first allocations),
 * which for gettext happened before the process started (libc's pages are everyone's).
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

/* Opens `path` with `flags` and looks `key` up for `locale`: the catalog, and in `*lookup` the
 * lookup (NULL when the key is not there); NULL when the open fails. */
static ef_catalog *open_and_look_up(const char *path, uint32_t flags, const char *key, const char *locale,
                                    ef_lookup **lookup) {
    ef_catalog *catalog = NULL;
    ef_error_details *err = NULL;
    *lookup = NULL;
    if (ef_catalog_open(&catalog, path, NULL, flags, &err) != EF_OK) {
        fprintf(stderr, "open %s: %s\n", path, ef_error_details_message(err));
        ef_error_details_free(err);
        return NULL;
    }
    const char *preferences[] = {locale};
    if (ef_catalog_lookup(lookup, catalog, NULL, key, preferences, 1, NULL, NULL) != EF_OK)
        *lookup = NULL;
    return catalog;
}

static int with_errorformatter(int argc, char **argv) {
    uint32_t flags = EF_CATALOG_LENIENT;
    if (strcmp(argv[5], "on-demand") == 0)
        flags |= EF_CATALOG_ON_DEMAND;
    else if (strcmp(argv[5], "mapped") == 0)
        flags |= EF_CATALOG_MAPPED;
    else if (strcmp(argv[5], "whole") != 0)
        return 2;
    ef_lookup *lookup = NULL;
    ef_catalog *in_use = NULL;
    if (argc == 7 && (in_use = open_and_look_up(argv[6], flags, argv[3], argv[4], &lookup)) == NULL)
        return 1;
    ef_lookup_free(lookup);
    struct resident before = resident_now();
    ef_catalog *catalog = open_and_look_up(argv[2], flags, argv[3], argv[4], &lookup);
    if (catalog == NULL || lookup == NULL) {
        ef_catalog_free(catalog);
        ef_catalog_free(in_use);
        return 1;
    }
    print_growth(ef_lookup_value(lookup), before);
    ef_lookup_free(lookup);
    ef_catalog_free(catalog);
    ef_catalog_free(in_use);
    return 0;
}

static int with_gettext(int argc, char **argv) {
    /* C.UTF-8 keeps LANGUAGE active on Debian's glibc, so no locale must be installed. */
    setenv("LANGUAGE", argv[5], 1);
    if (setlocale(LC_ALL, "C.UTF-8") == NULL)
        return 2;
    if (argc == 7) {
        bindtextdomain(argv[6], argv[2]);
        bind_textdomain_codeset(argv[6], "UTF-8");
        (void)dgettext(argv[6], argv[4]);
    }
    struct resident before = resident_now();
    bindtextdomain(argv[3], argv[2]);
    bind_textdomain_codeset(argv[3], "UTF-8");
    const char *value = dgettext(argv[3], argv[4]);
    print_growth(value, before);
    return 0;
}

int main(int argc, char **argv) {
    if ((argc == 6 || argc == 7) && strcmp(argv[1], "errorformatter") == 0)
        return with_errorformatter(argc, argv);
    if ((argc == 6 || argc == 7) && strcmp(argv[1], "gettext") == 0)
        return with_gettext(argc, argv);
    if (argc == 2 && strcmp(argv[1], "nothing") == 0) {
        printf("%u\n0\n0\n", ef_version_number());
        return 0;
    }
    fprintf(stderr, "usage: see the comment at the top of open_bench.c\n");
    return 2;
}
