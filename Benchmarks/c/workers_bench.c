/*
 * workers_bench.c -- what N worker processes that each use the catalog cost in memory, as a
 * pre-forked service runs them. Driven by Benchmarks/c/workers_bench.py (make bench-workers).
 *
 *   workers_bench N before|after [--parent-first FIRST] SIDE...
 *     SIDE: errorformatter CATALOG KEY LOCALE whole|on-demand|mapped
 *           gettext LOCALEDIR DOMAIN KEY LOCALE
 *           nothing
 *     FIRST: a SIDE other than `nothing` (another catalog, another domain) that the parent
 *           opens and looks up before anything else, and keeps: a service that used the library
 *           before it forked. Its first use (code and data pages faulted in, the runtime's first
 *           allocations) is then the parent's and shared by every worker, and what the workers
 *           add is what the catalog itself costs them.
 *
 * `after`: each worker opens the catalog itself after the fork and looks the key up (workers
 * that start on their own). `before`: the parent opens it and looks the key up once, then
 * forks; each worker looks the key up in the catalog it inherited (a service that loads before
 * it forks). When every worker is ready, the parent reads each one's proportional set size
 * (Pss, /proc/PID/smaps_rollup: a page shared by k processes counts 1/k in each) and prints
 * their sum in KiB, then its own Pss on a second line (with `before`, the parent holds the
 * catalog's pages too, and each page it shares with k workers counts 1/(k+1) in each: the
 * workers' sum alone then leaves out the parent's share, which is half of a shared page with one
 * worker and a ninth with eight); then the workers exit.
 */
#define _POSIX_C_SOURCE 200809L

#include <libintl.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "errorformatter.h"

enum { MAX_WORKERS = 64 };

enum { SIDE_WORDS = 5 }; /* the words of every SIDE but `nothing` */

static ef_catalog *catalog;       /* SIDE's */
static ef_catalog *first_catalog; /* FIRST's */

/* Opens what SIDE names into `*opened` (once per process); 0 on success. */
static int open_side(char **side, ef_catalog **opened) {
    if (strcmp(side[0], "errorformatter") == 0 && *opened == NULL) {
        uint32_t flags = strcmp(side[4], "on-demand") == 0 ? EF_CATALOG_ON_DEMAND
                         : strcmp(side[4], "mapped") == 0  ? EF_CATALOG_MAPPED
                                                           : EF_CATALOG_LENIENT;
        return ef_catalog_open(opened, side[1], NULL, flags, NULL) == EF_OK ? 0 : 1;
    }
    if (strcmp(side[0], "gettext") == 0) {
        setenv("LANGUAGE", side[4], 1);
        if (setlocale(LC_ALL, "C.UTF-8") == NULL)
            return 1;
        bindtextdomain(side[2], side[1]);
        bind_textdomain_codeset(side[2], "UTF-8");
    }
    return 0;
}

/* Looks the key up in `opened` (or SIDE's gettext domain); 0 when the side answered. */
static int look_up(char **side, ef_catalog *opened) {
    if (strcmp(side[0], "errorformatter") == 0) {
        const char *preferences[] = {side[3]};
        ef_lookup *lookup = NULL;
        ef_status status = ef_catalog_lookup(&lookup, opened, NULL, side[2], preferences, 1, NULL, NULL);
        ef_lookup_free(lookup);
        return status == EF_OK ? 0 : 1;
    }
    if (strcmp(side[0], "gettext") == 0)
        return strcmp(dgettext(side[2], side[3]), side[3]) != 0 ? 0 : 1;
    return 0;
}

static long pss_kib(pid_t pid) {
    char path[64];
    char line[256];
    long kib = -1;
    snprintf(path, sizeof path, "/proc/%d/smaps_rollup", (int)pid);
    FILE *file = fopen(path, "r");
    if (file == NULL)
        return -1;
    while (fgets(line, sizeof line, file) != NULL) {
        if (sscanf(line, "Pss: %ld kB", &kib) == 1)
            break;
    }
    fclose(file);
    return kib;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: see the comment at the top of workers_bench.c\n");
        return 2;
    }
    int workers = atoi(argv[1]);
    int before = strcmp(argv[2], "before") == 0;
    char **side = argv + 3;
    if (workers < 1 || workers > MAX_WORKERS)
        return 2;
    if (strcmp(side[0], "--parent-first") == 0) {
        char **first = side + 1;
        if (argc < 3 + 1 + SIDE_WORDS + 1 || strcmp(first[0], "nothing") == 0)
            return 2;
        if (open_side(first, &first_catalog) != 0)
            return 1;
        (void)look_up(first, first_catalog); /* the use, found or not, is the point */
        side = first + SIDE_WORDS;
    }
    if (before && (open_side(side, &catalog) != 0 || look_up(side, catalog) != 0))
        return 1;
    int ready[2];
    int go[2];
    if (pipe(ready) != 0 || pipe(go) != 0)
        return 1;
    pid_t children[MAX_WORKERS];
    for (int i = 0; i < workers; i++) {
        children[i] = fork();
        if (children[i] < 0)
            return 1;
        if (children[i] == 0) {
            close(ready[0]);
            close(go[1]);
            char answered = (open_side(side, &catalog) == 0 && look_up(side, catalog) == 0) ? 'y' : 'n';
            if (write(ready[1], &answered, 1) != 1)
                _exit(1);
            char nothing;
            while (read(go[0], &nothing, 1) > 0) {
            }
            _exit(0);
        }
    }
    close(ready[1]);
    close(go[0]);
    int failures = 0;
    for (int i = 0; i < workers; i++) {
        char answered = 'n';
        if (read(ready[0], &answered, 1) != 1 || answered != 'y')
            failures++;
    }
    long total = 0;
    for (int i = 0; i < workers; i++)
        total += pss_kib(children[i]);
    /* While the workers live: a page they share with the parent counts once across them all. */
    long parent = pss_kib(getpid());
    close(go[1]);
    for (int i = 0; i < workers; i++)
        waitpid(children[i], NULL, 0);
    if (failures > 0) {
        fprintf(stderr, "workers_bench: %d workers did not answer\n", failures);
        return 1;
    }
    printf("%ld\n%ld\n", total, parent);
    ef_catalog_free(catalog);
    ef_catalog_free(first_catalog);
    return 0;
}
