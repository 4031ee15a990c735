/*
 * main.c -- runs every C test group of the ABI against the built liberrorformatter.
 *
 * usage: abi-tests <example catalog directory>      (Examples/CoreLocation)
 * The last line of output is "N passed, N failed"; the exit status is 0 only if nothing failed.
 */
#define _XOPEN_SOURCE 700

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "groups.h"
#include "harness.h"

static int remove_entry(const char *path, const struct stat *info, int flag, struct FTW *walk) {
    (void)info;
    (void)flag;
    (void)walk;
    return remove(path);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s <example catalog directory>\n", argv[0]);
        return 2;
    }
    const char *temporary = getenv("TMPDIR");
    char scratch[4096];
    snprintf(scratch, sizeof scratch, "%s/ef-abi-tests-XXXXXX",
             temporary != NULL && temporary[0] != '\0' ? temporary : P_tmpdir);
    if (mkdtemp(scratch) == NULL) {
        perror("mkdtemp");
        return 2;
    }
    struct test_context context = {argv[1], scratch};

    run_group("version", test_version, &context);
    run_group("status", test_status, &context);
    run_group("example catalog", test_example_catalog, &context);
    run_group("rules", test_rules, &context);
    run_group("builder", test_builder, &context);
    run_group("files", test_files, &context);
    run_group("locales", test_locales, &context);
    run_group("preferences", test_preferences, &context);
    run_group("arguments", test_arguments, &context);
    run_group("rejections", test_rejections, &context);
    run_group("null arguments", test_null_arguments, &context);
    run_group("invalid utf-8", test_invalid_utf8, &context);
    run_group("packed", test_packed, &context);
    run_group("packed handles", test_packed_handles, &context);
    run_group("threads", test_threads, &context);
    run_group("catalog text and remembered results", test_text, &context);
    run_group("lifetimes", test_lifetimes, &context);
    run_group("catalogs read on demand", test_on_demand, &context);
    run_group("localized numbers and pseudo-locales", test_numbers, &context);
    run_group("hostile files", test_hostile_files, &context);
    run_group("hostile calls", test_hostile_calls, &context);
    run_group("hostile input on a 128 KiB stack", test_hostile_stack, &context);
    run_group("lint", test_lint, &context);
    run_group("compiled catalogs", test_compiled, &context);
    run_group("live catalogs", test_live, &context);
    run_group("problem responses", test_problem, &context);

    nftw(scratch, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    return test_summary();
}
