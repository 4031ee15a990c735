/*
 * problem_bench.c -- ef_format_problem beside ef_format of the same errors and preferences, in
 * one run, on the format benchmark's catalog (make_bench_catalog.py).
 *
 * Rows, each rotating over the same errors with fr-CA preferred (fallback hits, as format_bench):
 *   - free: 200 argument-free errors. ef_format: title, message and button read, result freed.
 *     ef_format_problem: the whole response written into a buffer the caller reuses (the JSON
 *     body read), with the preferences as a list ("list") and as the request's Accept-Language
 *     header ("header", "fr-CA, fr;q=0.8").
 *   - arguments: 100 errors whose message takes a file name and a byte count, set per call
 *     (both sides set them the same way), answered from their plans.
 * Prints ns per call and each problem row's ratio to ef_format's (the target: at most 1.3).
 *
 * usage: problem_bench CATALOG_DIR [ITERATIONS [ONLY]]
 * ONLY (free-format, free-list, free-header, arguments-format, arguments-list, arguments-header)
 * runs that row's loop ITERATIONS times and prints nothing: for a profiler.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <errorformatter.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_timing.h"

#define ERRORS 200
#define ARGUMENT_ERRORS 100
#define ROTATING 16

static ef_catalog *catalog;
static ef_error_info *free_infos[ERRORS], *argument_infos[ARGUMENT_ERRORS];
static const char *locales[] = {"fr-CA", "fr"};
static const char *header = "fr-CA, fr;q=0.8";
static const char *type_template = "https://errors.example.com/{domain}/{code}";
static char buffer[4096];
static char names[ROTATING][32];

static void set_arguments(ef_error_info *info, long i) {
    ef_error_info_clear_arguments(info, NULL);
    ef_error_info_add_string(info, names[i % ROTATING], NULL);
    ef_error_info_add_int64(info, 1000 + i % ROTATING, NULL);
}

static void format_row(ef_error_info **infos, int count, int arguments, long iterations) {
    size_t local = 0;
    for (long i = 0; i < iterations; i++) {
        ef_error_info *info = infos[i % count];
        if (arguments) set_arguments(info, i);
        ef_result *result = NULL;
        ef_format(&result, catalog, info, locales, 2, NULL);
        local += (size_t)ef_result_title(result)[0] + (size_t)ef_result_message(result)[0] +
                 (size_t)ef_result_button(result)[0];
        ef_result_free(result);
    }
    sink += local;
}

static void problem_row(ef_error_info **infos, int count, int arguments, int by_header, long iterations) {
    size_t local = 0;
    for (long i = 0; i < iterations; i++) {
        ef_error_info *info = infos[i % count];
        if (arguments) set_arguments(info, i);
        size_t length = 0;
        ef_format_problem(&length, buffer, sizeof buffer, catalog, info, by_header ? header : NULL,
                          by_header ? NULL : locales, by_header ? 0 : 2, 500, type_template, NULL, 0, NULL);
        local += length + (size_t)buffer[length / 2];
    }
    sink += local;
}

typedef void (*row)(long iterations);
static void free_format(long n) { format_row(free_infos, ERRORS, 0, n); }
static void free_problem_list(long n) { problem_row(free_infos, ERRORS, 0, 0, n); }
static void free_problem_header(long n) { problem_row(free_infos, ERRORS, 0, 1, n); }
static void arguments_format(long n) { format_row(argument_infos, ARGUMENT_ERRORS, 1, n); }
static void arguments_problem_list(long n) { problem_row(argument_infos, ARGUMENT_ERRORS, 1, 0, n); }
static void arguments_problem_header(long n) { problem_row(argument_infos, ARGUMENT_ERRORS, 1, 1, n); }

/* Best of ROUNDS, ns per call. */
static double measure(row body, long iterations) {
    body(iterations / 10); /* warm: every key answered once, its memo or plan kept */
    double best = 1e30;
    for (int round = 0; round < ROUNDS; round++) {
        double start = seconds();
        body(iterations);
        double elapsed = (seconds() - start) * 1e9 / (double)iterations;
        if (elapsed < best) best = elapsed;
    }
    return best;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s CATALOG_DIR [ITERATIONS]\n", argv[0]);
        return 2;
    }
    long iterations = argc > 2 ? atol(argv[2]) : 400000;
    if (ef_catalog_open(&catalog, argv[1], "en", EF_CATALOG_LENIENT, NULL) != EF_OK) {
        fprintf(stderr, "problem_bench: cannot open %s\n", argv[1]);
        return 1;
    }
    for (int code = 0; code < ERRORS; code++)
        if (ef_error_info_new(&free_infos[code], "Bench", code, NULL) != EF_OK) return 1;
    for (int code = 0; code < ARGUMENT_ERRORS; code++)
        if (ef_error_info_new(&argument_infos[code], "Transfer", code, NULL) != EF_OK) return 1;
    for (int i = 0; i < ROTATING; i++) snprintf(names[i], sizeof names[i], "report-%d.pdf", i);

    /* The problem rows' output, checked once: a response, not an error. */
    size_t length = 0;
    if (ef_format_problem(&length, buffer, sizeof buffer, catalog, free_infos[1], header, NULL, 0, 500,
                          type_template, NULL, 0, NULL) != EF_OK || length > sizeof buffer) {
        fprintf(stderr, "problem_bench: ef_format_problem failed\n");
        return 1;
    }

    if (argc > 3) {
        static const struct { const char *name; row body; } rows[] = {
            {"free-format", free_format}, {"free-list", free_problem_list}, {"free-header", free_problem_header},
            {"arguments-format", arguments_format}, {"arguments-list", arguments_problem_list},
            {"arguments-header", arguments_problem_header}};
        for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
            if (strcmp(argv[3], rows[i].name) == 0) {
                rows[i].body(iterations);
                return 0;
            }
        fprintf(stderr, "problem_bench: no row %s\n", argv[3]);
        return 2;
    }
    double format_free = measure(free_format, iterations);
    double list_free = measure(free_problem_list, iterations);
    double header_free = measure(free_problem_header, iterations);
    double format_arguments = measure(arguments_format, iterations);
    double list_arguments = measure(arguments_problem_list, iterations);
    double header_arguments = measure(arguments_problem_header, iterations);

    printf("row                                   ns/call   ratio to ef_format\n");
    printf("argument-free  ef_format             %8.1f\n", format_free);
    printf("argument-free  problem, list         %8.1f   %.2f\n", list_free, list_free / format_free);
    printf("argument-free  problem, header       %8.1f   %.2f\n", header_free, header_free / format_free);
    printf("two arguments  ef_format             %8.1f\n", format_arguments);
    printf("two arguments  problem, list         %8.1f   %.2f\n", list_arguments, list_arguments / format_arguments);
    printf("two arguments  problem, header       %8.1f   %.2f\n", header_arguments,
           header_arguments / format_arguments);
    printf("target: each problem row at most 1.30x its ef_format row\n");

    for (int code = 0; code < ERRORS; code++) ef_error_info_free(free_infos[code]);
    for (int code = 0; code < ARGUMENT_ERRORS; code++) ef_error_info_free(argument_infos[code]);
    ef_catalog_free(catalog);
    return 0;
}
