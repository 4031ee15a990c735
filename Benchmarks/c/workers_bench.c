/*
 * workers_bench.c -- what N worker processes that each use the catalog cost in memory, as a
 * pre-forked service runs them. Driven by Benchmarks/c/workers_bench.py (make bench-workers).
 *
 *   workers_bench N before|after SIDE...
 *     SIDE: errorformatter CATALOG KEY LOCALE whole|on-demand|mapped
 *           gettext LOCALEDIR DOMAIN KEY LOCALE
 *           nothing
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

static ef_catalog *catalog;

/* Opens what SIDE names (once per process); 0 on success. */
static int open_side(char **side) {
    if (strcmp(side[0], "errorformatter") == 0 && catalog == NULL) {
        uint32_t flags = strcmp(side[4], "on-demand") == 0 ? EF_CATALOG_ON_DEMAND
                         : strcmp(side[4], "mapped") == 0  ? EF_CATALOG_MAPPED
                                                           : EF_CATALOG_LENIENT;
        return ef_catalog_open(&catalog, side[1], NULL, flags, NULL) == EF_OK ? 0 : 1;
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

/* Looks the key up; 0 when the side answered. */
static int look_up(char **side) {
    if (strcmp(side[0], "errorformatter") == 0) {
        const char *preferences[] = {side[3]};
        ef_lookup *lookup = NULL;
        ef_status status = ef_catalog_lookup(&lookup, catalog, NULL, side[2], preferences, 1, NULL, NULL);
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
    if (before && (open_side(side) != 0 || look_up(side) != 0))
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
            char answered = (open_side(side) == 0 && look_up(side) == 0) ? 'y' : 'n';
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
    close(go[1]);
    for (int i = 0; i < workers; i++)
        waitpid(children[i], NULL, 0);
    if (failures > 0) {
        fprintf(stderr, "workers_bench: %d workers did not answer\n", failures);
        return 1;
    }
    printf("%ld\n%ld\n", total, pss_kib(getpid()));
    ef_catalog_free(catalog);
    return 0;
}
